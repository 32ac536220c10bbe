// A custom call becomes a call of the C function in the target's slot; a
// program linking the library fills the slot itself. y = triple(x) + x, so
// the expected values are 4x: 4, -8, 1.

// RUN: axle-compile %s --emit=shared-lib -o %t.so --header=%t.h --header-prefix=model
// RUN: FileCheck %s --check-prefix=HEADER < %t.h
// HEADER: extern void (*axle_custom_call_slot_triple)(void **buffers); /* triple */
// RUN: %cc -DMODEL_HEADER='"%t.h"' %S/Inputs/call_custom.c %t.so -lm -o %t.exe
// RUN: %t.exe | FileCheck %s
// CHECK: y[0] = 4
// CHECK-NEXT: y[1] = -8
// CHECK-NEXT: y[2] = 1

// The runtime refuses an artifact whose custom-call targets nobody registered.
// RUN: axle-compile %s -o %t.axle
// RUN: not axle-run %t.axle --input=3xf32=1,2,3 2>&1 | FileCheck %s --check-prefix=UNREGISTERED
// UNREGISTERED: custom-call target 'triple', which is not registered with the runtime

// A check op is not a function call: compiling it is a clear error.
// RUN: not axle-compile %S/Inputs/check_call.mlir -o %t.check.axle 2>&1 | FileCheck %s --check-prefix=CHECKOP
// CHECKOP: check_call.mlir:3:3: error: axle cannot compile 'stablehlo.custom_call': check operations compare with expected values and run only on the interpreter

func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
  %t = stablehlo.custom_call @triple(%x) : (tensor<3xf32>) -> tensor<3xf32>
  %y = stablehlo.add %t, %x : tensor<3xf32>
  return %y : tensor<3xf32>
}
