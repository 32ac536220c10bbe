//===- axle-opt.cpp - run axle passes on MLIR files -----------------------===//
//
// An mlir-opt-style driver with every axle dialect and pass registered:
// parses, verifies, transforms and prints IR. See `axle-opt --help`.
//
//===----------------------------------------------------------------------===//

#include "compiler/driver/AtomicOutput.h"
#include "compiler/driver/LargeStack.h"
#include "compiler/driver/Pipeline.h"
#include "compiler/driver/RegisterDialects.h"
#include "compiler/driver/ToolErrors.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  axle::installToolErrorHandlers("axle-opt");
  mlir::DialectRegistry registry;
  axle::registerInputDialects(registry);
  // Also the dialects compilation lowers through, so that lowered IR can be
  // read back and each phase run alone.
  axle::registerCompilerDialects(registry);
  axle::registerCompilerPipelines();
  // A failed run must not truncate an existing `-o` file.
  axle::AtomicOutput output(argc, argv);
  // Deeply nested programs need more stack than the main thread has.
  bool succeeded = axle::runWithLargeStack([&] {
    return mlir::succeeded(mlir::MlirOptMain(
        output.argc(), output.argv(),
        "axle-opt: parse, verify, transform and print axle IR\n", registry));
  });
  return output.finish(succeeded) && succeeded ? 0 : 1;
}
