//===- axle-opt.cpp - run axle passes on MLIR files -----------------------===//
//
// An mlir-opt-style driver with every axle dialect and pass registered:
// parses, verifies, transforms and prints IR. See `axle-opt --help`.
//
//===----------------------------------------------------------------------===//

#include "compiler/driver/RegisterDialects.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  axle::registerInputDialects(registry);
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "axle-opt: parse, verify, transform and print axle IR\n",
      registry));
}
