//===- CheckDialect.cpp - check dialect registration ----------------------===//

#include "compiler/dialect/check/Check.h"

using namespace mlir;
using namespace axle::check;

#include "compiler/dialect/check/CheckDialect.cpp.inc"

void CheckDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "compiler/dialect/check/CheckOps.cpp.inc"
      >();
}
