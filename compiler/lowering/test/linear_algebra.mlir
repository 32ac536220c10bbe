// RUN: axle-opt --axle-lower-to-linalg --split-input-file %s | FileCheck %s

// cholesky and triangular_solve become scf.for loop nests over f64 tensors
// (the interpreter's unblocked algorithms), converted in and rounded out
// once by linalg.generic ops; f64 results compute in double-double.

// CHECK-LABEL: func.func @cholesky_lower_f32
// CHECK: %[[A:[a-z0-9_]+]] = linalg.generic
// CHECK: arith.extf %{{.*}} : f32 to f64
// CHECK: %[[L0:[a-z0-9_]+]] = linalg.fill
// CHECK: %[[L:[a-z0-9_]+]] = scf.for %[[B:[a-z0-9_]+]] = {{.*}} iter_args(%{{.*}} = %[[L0]]) -> (tensor<2x3x3xf64>)
// CHECK: scf.for %[[J:[a-z0-9_]+]] = {{.*}} -> (tensor<2x3x3xf64>)
// CHECK: tensor.extract %[[A]][%{{.*}}, %[[J]], %[[J]]]
// CHECK: scf.for {{.*}} -> (f64)
// CHECK: arith.mulf
// CHECK: arith.subf
// CHECK: %[[D:[a-z0-9_]+]] = math.sqrt
// CHECK: tensor.insert %[[D]]
// CHECK: scf.for %[[I:[a-z0-9_]+]] =
// CHECK: tensor.extract %[[A]][%{{.*}}, %[[I]], %[[J]]]
// CHECK: arith.divf %{{.*}}, %[[D]] : f64
// CHECK: tensor.insert %{{.*}}[%{{.*}}, %[[I]], %[[J]]]
// CHECK: linalg.generic {indexing_maps = [#[[$ID:map[0-9]*]], #[[$ID]]]{{.*}} ins(%[[L]] :
// CHECK: arith.truncf %{{.*}} : f64 to f32
func.func @cholesky_lower_f32(%a: tensor<2x3x3xf32>) -> tensor<2x3x3xf32> {
  %0 = stablehlo.cholesky %a, lower = true : tensor<2x3x3xf32>
  return %0 : tensor<2x3x3xf32>
}

// -----

// The upper factor reads the upper triangle (a[j][i]) and writes the
// transpose of the lower factor.

// CHECK-DAG: #[[$T:map[0-9]*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func.func @cholesky_upper_f16
// CHECK: %[[A:[a-z0-9_]+]] = linalg.generic
// CHECK: arith.extf %{{.*}} : f16 to f64
// CHECK: scf.for
// CHECK: scf.for %[[J:[a-z0-9_]+]] =
// CHECK: scf.for %[[I:[a-z0-9_]+]] =
// CHECK: tensor.extract %[[A]][%[[J]], %[[I]]]
// CHECK: linalg.generic {indexing_maps = [#[[$T]],
// CHECK: arith.truncf %{{.*}} : f64 to f16
func.func @cholesky_upper_f16(%a: tensor<4x4xf16>) -> tensor<4x4xf16> {
  %0 = stablehlo.cholesky %a : tensor<4x4xf16>
  return %0 : tensor<4x4xf16>
}

// -----

// Complex types split into real and imaginary f64 tensors; the upper
// factor is the conjugate transpose.

// CHECK-LABEL: func.func @cholesky_upper_complex
// CHECK: linalg.generic
// CHECK: complex.re
// CHECK: complex.im
// CHECK: scf.for {{.*}} -> (tensor<3x3xf64>, tensor<3x3xf64>)
// CHECK: math.sqrt
// CHECK: linalg.generic
// CHECK: arith.negf
// CHECK: complex.create %{{.*}}, %{{.*}} : complex<f32>
func.func @cholesky_upper_complex(%a: tensor<3x3xcomplex<f32>>) -> tensor<3x3xcomplex<f32>> {
  %0 = stablehlo.cholesky %a : tensor<3x3xcomplex<f32>>
  return %0 : tensor<3x3xcomplex<f32>>
}

// -----

// f64 computes in double-double: hi and lo tensors, exact products by fma.

// CHECK-LABEL: func.func @cholesky_f64
// CHECK: scf.for {{.*}} -> (tensor<3x3xf64>, tensor<3x3xf64>)
// CHECK: math.fma
// CHECK: math.sqrt
// CHECK: math.isfinite
func.func @cholesky_f64(%a: tensor<3x3xf64>) -> tensor<3x3xf64> {
  %0 = stablehlo.cholesky %a, lower = true : tensor<3x3xf64>
  return %0 : tensor<3x3xf64>
}

// -----

// Left side, lower, no transpose: forward substitution, one column of b at
// a time; x[i] = (b[i] - sum_{k < i} a[i][k] x[k]) / a[i][i].

// CHECK-LABEL: func.func @solve_left_lower
// CHECK: %[[A:[a-z0-9_]+]] = linalg.generic
// CHECK: %[[X0:[a-z0-9_]+]] = linalg.generic
// CHECK: scf.for %[[BATCH:[a-z0-9_]+]] = {{.*}} iter_args(%{{.*}} = %[[X0]])
// CHECK: scf.for %[[S:[a-z0-9_]+]] = %{{.*}} to %{{.*}} step
// CHECK: scf.for %[[I:[a-z0-9_]+]] = {{.*}} iter_args(%[[XI:[a-z0-9_]+]] = %{{.*}})
// CHECK: tensor.extract %[[XI]][%{{.*}}, %[[I]], %[[S]]]
// CHECK: scf.for %[[K:[a-z0-9_]+]] = %{{.*}} to %[[I]] step
// CHECK: tensor.extract %[[XI]][%{{.*}}, %[[K]], %[[S]]]
// CHECK: tensor.extract %[[A]][%{{.*}}, %[[I]], %[[K]]]
// CHECK: arith.mulf
// CHECK: arith.subf
// CHECK: tensor.extract %[[A]][%{{.*}}, %[[I]], %[[I]]]
// CHECK: arith.divf
// CHECK: tensor.insert %{{.*}} into %[[XI]][%{{.*}}, %[[I]], %[[S]]]
// CHECK: linalg.generic
// CHECK: arith.truncf %{{.*}} : f64 to f32
func.func @solve_left_lower(%a: tensor<2x3x3xf32>, %b: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<2x3x3xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// Right side, upper, transposed, unit diagonal: x a^T = b is solved row by
// row as a x^T = b^T, backward from the last element (i = n - 1 - step),
// reading a[i][k] for k > i and never the diagonal.

// CHECK-LABEL: func.func @solve_right_upper_transpose_unit
// CHECK: %[[A:[a-z0-9_]+]] = linalg.generic
// CHECK: scf.for
// CHECK: scf.for %[[S:[a-z0-9_]+]] =
// CHECK: scf.for %[[STEP:[a-z0-9_]+]] = {{.*}} iter_args(%[[XI:[a-z0-9_]+]] = %{{.*}})
// CHECK: %[[I:[a-z0-9_]+]] = arith.subi %{{.*}}, %[[STEP]] : index
// CHECK: %[[NEXT:[a-z0-9_]+]] = arith.addi %[[I]], %{{.*}} : index
// CHECK: scf.for %[[K:[a-z0-9_]+]] = %[[NEXT]] to
// CHECK: tensor.extract %[[XI]][%[[S]], %[[K]]]
// CHECK: tensor.extract %[[A]][%[[I]], %[[K]]]
// CHECK-NOT: arith.divf
// CHECK: tensor.insert %{{.*}} into %[[XI]][%[[S]], %[[I]]]
func.func @solve_right_upper_transpose_unit(%a: tensor<3x3xf32>, %b: tensor<5x3xf32>) -> tensor<5x3xf32> {
  %0 = "stablehlo.triangular_solve"(%a, %b) <{left_side = false, lower = false, transpose_a = #stablehlo<transpose TRANSPOSE>, unit_diagonal = true}> : (tensor<3x3xf32>, tensor<5x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

// ADJOINT conjugates a; complex division uses Smith's algorithm (the
// branch on |re| < |im| of the divisor).

// CHECK-LABEL: func.func @solve_adjoint_complex
// CHECK: scf.for
// CHECK: scf.for {{.*}} -> (f64, f64)
// CHECK: arith.negf
// CHECK: math.absf
// CHECK: math.absf
// CHECK: arith.cmpf olt
// CHECK: arith.select
// CHECK: complex.create
func.func @solve_adjoint_complex(%a: tensor<3x3xcomplex<f32>>, %b: tensor<3x2xcomplex<f32>>) -> tensor<3x2xcomplex<f32>> {
  %0 = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose ADJOINT>, unit_diagonal = false}> : (tensor<3x3xcomplex<f32>>, tensor<3x2xcomplex<f32>>) -> tensor<3x2xcomplex<f32>>
  return %0 : tensor<3x2xcomplex<f32>>
}
