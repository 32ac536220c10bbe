// RUN: axle-opt %s --split-input-file | FileCheck %s
// RUN: axle-opt %s --split-input-file --mlir-print-op-generic | axle-opt --split-input-file | FileCheck %s
// RUN: axle-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// The check ops in the syntax StableHLO test programs use. Options equal to
// their defaults stay as written; absent options stay absent.

// CHECK-LABEL: func.func @exact
// CHECK-NEXT: check.expect_eq %arg0, %arg1 : tensor<3xi64>
// CHECK-NEXT: check.expect_eq_const %arg0, dense<[-2, 0, 2]> : tensor<3xi64>
// CHECK-NEXT: check.expect_eq_const %arg2, dense<[true, false]> : tensor<2xi1>
// CHECK-NEXT: check.expect_eq %arg3, %arg3 : tensor<2xcomplex<f32>>
// GENERIC-LABEL: sym_name = "exact"
// GENERIC: "check.expect_eq"(%arg0, %arg1) : (tensor<3xi64>, tensor<3xi64>) -> ()
// GENERIC: "check.expect_eq_const"(%arg0) <{value = dense<[-2, 0, 2]> : tensor<3xi64>}> : (tensor<3xi64>) -> ()
func.func @exact(%a: tensor<3xi64>, %b: tensor<3xi64>, %p: tensor<2xi1>, %c: tensor<2xcomplex<f32>>) {
  check.expect_eq %a, %b : tensor<3xi64>
  check.expect_eq_const %a, dense<[-2, 0, 2]> : tensor<3xi64>
  check.expect_eq_const %p, dense<[true, false]> : tensor<2xi1>
  check.expect_eq %c, %c : tensor<2xcomplex<f32>>
  return
}

// -----

// CHECK-LABEL: func.func @almost
// CHECK-NEXT: check.expect_almost_eq %arg0, %arg1 : tensor<f64>
// CHECK-NEXT: check.expect_almost_eq %arg0, %arg1, tolerance = 1.000000e-01 : tensor<f64>
// CHECK-NEXT: check.expect_almost_eq %arg0, %arg1, tolerance = 0.000000e+00 : tensor<f64>
// CHECK-NEXT: check.expect_almost_eq_const %arg0, dense<5.000000e+00> : tensor<f64>
// CHECK-NEXT: check.expect_almost_eq_const %arg0, dense<5.100000e+00> : tensor<f64> {tolerance = 1.000000e-01 : f64}
// CHECK-NEXT: check.expect_almost_eq %arg2, %arg2, tolerance = 2.500000e-01 : tensor<2xcomplex<f32>>
// GENERIC-LABEL: sym_name = "almost"
// GENERIC: "check.expect_almost_eq"(%arg0, %arg1) : (tensor<f64>, tensor<f64>) -> ()
// GENERIC: "check.expect_almost_eq"(%arg0, %arg1) <{tolerance = 1.000000e-01 : f64}>
// GENERIC: "check.expect_almost_eq_const"(%arg0) <{tolerance = 1.000000e-01 : f64, value = dense<5.100000e+00> : tensor<f64>}>
func.func @almost(%a: tensor<f64>, %b: tensor<f64>, %c: tensor<2xcomplex<f32>>) {
  check.expect_almost_eq %a, %b : tensor<f64>
  check.expect_almost_eq %a, %b, tolerance = 0.1 : tensor<f64>
  check.expect_almost_eq %a, %b, tolerance = 0.0 : tensor<f64>
  check.expect_almost_eq_const %a, dense<5.0> : tensor<f64>
  check.expect_almost_eq_const %a, dense<5.1> : tensor<f64> {tolerance = 0.1 : f64}
  check.expect_almost_eq %c, %c, tolerance = 0.25 : tensor<2xcomplex<f32>>
  return
}

// -----

// CHECK-LABEL: func.func @close
// CHECK-NEXT: check.expect_close %arg0, %arg1, max_ulp_difference = 3 : tensor<f16>, tensor<f16>
// CHECK-NEXT: check.expect_close %arg0, %arg1, max_ulp_difference = 3, min_ulp_difference = 1 : tensor<f16>, tensor<f16>
// CHECK-NEXT: check.expect_close %arg0, %arg1 : tensor<f16>, tensor<f16>
// CHECK-NEXT: check.expect_close %arg0, %arg1, max_ulp_difference = 4, min_ulp_difference = 4 : tensor<f16>, tensor<f16>
// CHECK-NEXT: check.expect_close %arg2, %arg2, max_ulp_difference = 0 : tensor<2x3xbf16>, tensor<2x3xbf16>
// GENERIC-LABEL: sym_name = "close"
// GENERIC: "check.expect_close"(%arg0, %arg1) <{max_ulp_difference = 3 : i64}> : (tensor<f16>, tensor<f16>) -> ()
// GENERIC: "check.expect_close"(%arg0, %arg1) <{max_ulp_difference = 3 : i64, min_ulp_difference = 1 : i64}>
// GENERIC: "check.expect_close"(%arg0, %arg1) : (tensor<f16>, tensor<f16>) -> ()
func.func @close(%a: tensor<f16>, %b: tensor<f16>, %c: tensor<2x3xbf16>) {
  check.expect_close %a, %b, max_ulp_difference = 3 : tensor<f16>, tensor<f16>
  check.expect_close %a, %b, max_ulp_difference = 3, min_ulp_difference = 1 : tensor<f16>, tensor<f16>
  check.expect_close %a, %b : tensor<f16>, tensor<f16>
  // Options may come in either order; they print max first.
  check.expect_close %a, %b, min_ulp_difference = 4, max_ulp_difference = 4 : tensor<f16>, tensor<f16>
  check.expect_close %c, %c, max_ulp_difference = 0 : tensor<2x3xbf16>, tensor<2x3xbf16>
  return
}
