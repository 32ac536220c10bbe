//===- RegisterDialects.cpp - every dialect an axle tool reads ------------===//

#include "compiler/driver/RegisterDialects.h"

#include "compiler/dialect/check/Check.h"
#include "compiler/dialect/chlo/Chlo.h"
#include "compiler/dialect/sdy/Sdy.h"
#include "compiler/dialect/stablehlo/Stablehlo.h"

#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Quant/IR/Quant.h"
#include "mlir/IR/DialectRegistry.h"

void axle::registerInputDialects(mlir::DialectRegistry &registry) {
  registry.insert<mlir::func::FuncDialect, mlir::quant::QuantDialect,
                  axle::stablehlo::StablehloDialect>();
  registry.insert<axle::check::CheckDialect, axle::sdy::SdyDialect>();
  registry.insert<axle::chlo::ChloDialect>();
  // Lets the compiler inline func.call (its first step).
  mlir::func::registerInlinerExtension(registry);
}
