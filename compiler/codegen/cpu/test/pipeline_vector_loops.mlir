// RUN: axle-opt --pass-pipeline='builtin.module(func.func(axle-pipeline-vector-loops,canonicalize))' --split-input-file %s | FileCheck %s

// A long chain per iteration (a load, a subtraction and ten dependent
// FMAs: 49 estimated cycles). The cut falls in the middle of the chain,
// where one value and the subtraction's result cross: the loop over 16
// iterations runs the first half of iteration i+1 and the second half of
// iteration i, after a prologue (the first half of iteration 0) and before
// an epilogue (the second half of the last).
// CHECK-LABEL: func.func @long_chain
// CHECK-SAME: (%[[X:.*]]: memref<512xf32>, %[[Y:.*]]: memref<512xf32>)
// CHECK-NOT: scf.parallel
// Prologue.
// CHECK: %[[X0:.*]] = vector.transfer_read %[[X]]
// CHECK: %[[D0:.*]] = arith.subf %[[X0]]
// CHECK-COUNT-3: math.fma
// CHECK: %[[H0:.*]] = math.fma
// CHECK-NOT: vector.transfer_write
// CHECK: %[[LOOP:.*]]:2 = scf.for %[[I:.*]] = %c0{{.*}} to %{{.*}} step %c32
// CHECK-SAME: iter_args(%[[H:.*]] = %[[H0]], %[[D:.*]] = %[[D0]]) -> (vector<32xf32>, vector<32xf32>)
// The next iteration's first half.
// CHECK: %[[NEXT:.*]] = arith.addi %[[I]], %c32
// CHECK: vector.transfer_read %[[X]][%[[NEXT]]]
// CHECK: %[[DN:.*]] = arith.subf
// CHECK-COUNT-3: math.fma
// CHECK: %[[HN:.*]] = math.fma
// The current iteration's second half, from the carried values.
// CHECK: math.fma %[[H]], %[[D]]
// CHECK-COUNT-5: math.fma %{{.*}}, %[[D]]
// CHECK: vector.transfer_write %{{.*}}, %[[Y]][%[[I]]]
// CHECK: scf.yield %[[HN]], %[[DN]]
// Epilogue.
// CHECK: math.fma %[[LOOP]]#0, %[[LOOP]]#1
// CHECK-COUNT-5: math.fma %{{.*}}, %[[LOOP]]#1
// CHECK: vector.transfer_write
// CHECK: return
func.func @long_chain(%x: memref<512xf32>, %y: memref<512xf32>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %p = ub.poison : f32
  %k = arith.constant dense<1.5> : vector<32xf32>
  scf.parallel (%i) = (%c0) to (%c512) step (%c32) {
    %v = vector.transfer_read %x[%i], %p {in_bounds = [true]} : memref<512xf32>, vector<32xf32>
    %d = arith.subf %v, %k : vector<32xf32>
    %a1 = math.fma %d, %k, %k : vector<32xf32>
    %a2 = math.fma %a1, %d, %k : vector<32xf32>
    %a3 = math.fma %a2, %d, %k : vector<32xf32>
    %a4 = math.fma %a3, %d, %k : vector<32xf32>
    %a5 = math.fma %a4, %d, %k : vector<32xf32>
    %a6 = math.fma %a5, %d, %k : vector<32xf32>
    %a7 = math.fma %a6, %d, %k : vector<32xf32>
    %a8 = math.fma %a7, %d, %k : vector<32xf32>
    %a9 = math.fma %a8, %d, %k : vector<32xf32>
    %a10 = math.fma %a9, %d, %k : vector<32xf32>
    vector.transfer_write %a10, %y[%i] {in_bounds = [true]} : vector<32xf32>, memref<512xf32>
    scf.reduce
  }
  return
}

// -----

// Table lookups (as tanh's: one index, a permute per coefficient) then a
// chain of FMAs. A cut after the lookups would carry every looked-up value
// and the argument; the cut carries the argument alone, and the index and
// the lookups run in the second stage. The rows of a 2-D loop become an
// outer scf.for; the columns are pipelined.
// CHECK-LABEL: func.func @lookups
// CHECK: scf.for %[[ROW:.*]] = %c0{{.*}} to %c4{{.*}} step %c1
// CHECK: vector.transfer_read
// CHECK-NOT: llvm.call_intrinsic
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (vector<16xf32>)
// CHECK-COUNT-4: llvm.call_intrinsic "llvm.x86.avx512.permvar.sf.512"
// CHECK: vector.transfer_write
// CHECK: scf.yield
// CHECK-COUNT-4: llvm.call_intrinsic "llvm.x86.avx512.permvar.sf.512"
// CHECK: vector.transfer_write
func.func @lookups(%x: memref<4x256xf32>, %y: memref<4x256xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %p = ub.poison : f32
  %k = arith.constant dense<0.75> : vector<16xf32>
  %t0 = arith.constant dense<0.5> : vector<16xf32>
  %t1 = arith.constant dense<0.25> : vector<16xf32>
  %t2 = arith.constant dense<0.125> : vector<16xf32>
  %t3 = arith.constant dense<2.0> : vector<16xf32>
  %shift = arith.constant dense<22> : vector<16xi32>
  scf.parallel (%r, %c) = (%c0, %c0) to (%c4, %c256) step (%c1, %c16) {
    %v = vector.transfer_read %x[%r, %c], %p {in_bounds = [true]} : memref<4x256xf32>, vector<16xf32>
    %s1 = arith.mulf %v, %k : vector<16xf32>
    %s2 = arith.mulf %s1, %s1 : vector<16xf32>
    %s3 = arith.mulf %s2, %k : vector<16xf32>
    %s4 = arith.addf %s3, %s1 : vector<16xf32>
    %a = math.absf %s4 : vector<16xf32>
    %bits = arith.bitcast %a : vector<16xf32> to vector<16xi32>
    %idx = arith.shrsi %bits, %shift : vector<16xi32>
    %c0v = llvm.call_intrinsic "llvm.x86.avx512.permvar.sf.512"(%t0, %idx) : (vector<16xf32>, vector<16xi32>) -> vector<16xf32>
    %c1v = llvm.call_intrinsic "llvm.x86.avx512.permvar.sf.512"(%t1, %idx) : (vector<16xf32>, vector<16xi32>) -> vector<16xf32>
    %c2v = llvm.call_intrinsic "llvm.x86.avx512.permvar.sf.512"(%t2, %idx) : (vector<16xf32>, vector<16xi32>) -> vector<16xf32>
    %c3v = llvm.call_intrinsic "llvm.x86.avx512.permvar.sf.512"(%t3, %idx) : (vector<16xf32>, vector<16xi32>) -> vector<16xf32>
    %q1 = math.fma %c3v, %a, %c2v : vector<16xf32>
    %q2 = math.fma %q1, %a, %c1v : vector<16xf32>
    %q3 = math.fma %q2, %a, %c0v : vector<16xf32>
    %q4 = math.fma %q3, %a, %k : vector<16xf32>
    %q5 = math.fma %q4, %a, %k : vector<16xf32>
    vector.transfer_write %q5, %y[%r, %c] {in_bounds = [true]} : vector<16xf32>, memref<4x256xf32>
    scf.reduce
  }
  return
}

// -----

// Loops left alone: a short chain (a load, an add, a store), a loop with
// one iteration (which canonicalize then inlines), and a loop whose bounds
// are not constants.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: scf.for
// CHECK: scf.parallel
// CHECK-NOT: scf.for
// CHECK: scf.parallel
// CHECK-NOT: scf.for
// CHECK: return
func.func @left_alone(%x: memref<512xf32>, %y: memref<512xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %p = ub.poison : f32
  %k = arith.constant dense<1.5> : vector<32xf32>
  scf.parallel (%i) = (%c0) to (%c512) step (%c32) {
    %v = vector.transfer_read %x[%i], %p {in_bounds = [true]} : memref<512xf32>, vector<32xf32>
    %s = arith.addf %v, %k : vector<32xf32>
    vector.transfer_write %s, %y[%i] {in_bounds = [true]} : vector<32xf32>, memref<512xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c32) step (%c32) {
    %v = vector.transfer_read %x[%i], %p {in_bounds = [true]} : memref<512xf32>, vector<32xf32>
    %a1 = math.fma %v, %k, %k : vector<32xf32>
    %a2 = math.fma %a1, %v, %k : vector<32xf32>
    %a3 = math.fma %a2, %v, %k : vector<32xf32>
    %a4 = math.fma %a3, %v, %k : vector<32xf32>
    %a5 = math.fma %a4, %v, %k : vector<32xf32>
    %a6 = math.fma %a5, %v, %k : vector<32xf32>
    %a7 = math.fma %a6, %v, %k : vector<32xf32>
    %a8 = math.fma %a7, %v, %k : vector<32xf32>
    %a9 = math.fma %a8, %v, %k : vector<32xf32>
    %a10 = math.fma %a9, %v, %k : vector<32xf32>
    vector.transfer_write %a10, %y[%i] {in_bounds = [true]} : vector<32xf32>, memref<512xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%n) step (%c32) {
    %v = vector.transfer_read %x[%i], %p {in_bounds = [true]} : memref<512xf32>, vector<32xf32>
    %a1 = math.fma %v, %k, %k : vector<32xf32>
    %a2 = math.fma %a1, %v, %k : vector<32xf32>
    %a3 = math.fma %a2, %v, %k : vector<32xf32>
    %a4 = math.fma %a3, %v, %k : vector<32xf32>
    %a5 = math.fma %a4, %v, %k : vector<32xf32>
    %a6 = math.fma %a5, %v, %k : vector<32xf32>
    %a7 = math.fma %a6, %v, %k : vector<32xf32>
    %a8 = math.fma %a7, %v, %k : vector<32xf32>
    %a9 = math.fma %a8, %v, %k : vector<32xf32>
    %a10 = math.fma %a9, %v, %k : vector<32xf32>
    vector.transfer_write %a10, %y[%i] {in_bounds = [true]} : vector<32xf32>, memref<512xf32>
    scf.reduce
  }
  return
}
