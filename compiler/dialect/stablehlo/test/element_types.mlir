// RUN: axle-opt %s | FileCheck %s
// RUN: axle-opt %s --mlir-print-op-generic | axle-opt | FileCheck %s

// Every element type of the specification passes through an op.

// CHECK-LABEL: func.func @integers
func.func @integers(%a: tensor<2xi1>, %b: tensor<2xi2>, %c: tensor<2xi4>, %d: tensor<2xi8>, %e: tensor<2xi16>, %f: tensor<2xi32>, %g: tensor<2xi64>,
                    %h: tensor<2xui2>, %i: tensor<2xui4>, %j: tensor<2xui8>, %k: tensor<2xui16>, %l: tensor<2xui32>, %m: tensor<2xui64>) {
  // CHECK-COUNT-13: stablehlo.not
  %0 = stablehlo.not %a : tensor<2xi1>
  %1 = stablehlo.not %b : tensor<2xi2>
  %2 = stablehlo.not %c : tensor<2xi4>
  %3 = stablehlo.not %d : tensor<2xi8>
  %4 = stablehlo.not %e : tensor<2xi16>
  %5 = stablehlo.not %f : tensor<2xi32>
  %6 = stablehlo.not %g : tensor<2xi64>
  %7 = stablehlo.not %h : tensor<2xui2>
  %8 = stablehlo.not %i : tensor<2xui4>
  %9 = stablehlo.not %j : tensor<2xui8>
  %10 = stablehlo.not %k : tensor<2xui16>
  %11 = stablehlo.not %l : tensor<2xui32>
  %12 = stablehlo.not %m : tensor<2xui64>
  return
}

// CHECK-LABEL: func.func @floats
func.func @floats(%a: tensor<2xf4E2M1FN>, %b: tensor<2xf6E2M3FN>, %c: tensor<2xf6E3M2FN>, %d: tensor<2xf8E3M4>, %e: tensor<2xf8E4M3>,
                  %f: tensor<2xf8E4M3FN>, %g: tensor<2xf8E4M3FNUZ>, %h: tensor<2xf8E4M3B11FNUZ>, %i: tensor<2xf8E5M2>, %j: tensor<2xf8E5M2FNUZ>,
                  %k: tensor<2xf8E8M0FNU>, %l: tensor<2xbf16>, %m: tensor<2xf16>, %n: tensor<2xf32>, %o: tensor<2xf64>) {
  // CHECK-COUNT-15: stablehlo.negate
  %0 = stablehlo.negate %a : tensor<2xf4E2M1FN>
  %1 = stablehlo.negate %b : tensor<2xf6E2M3FN>
  %2 = stablehlo.negate %c : tensor<2xf6E3M2FN>
  %3 = stablehlo.negate %d : tensor<2xf8E3M4>
  %4 = stablehlo.negate %e : tensor<2xf8E4M3>
  %5 = stablehlo.negate %f : tensor<2xf8E4M3FN>
  %6 = stablehlo.negate %g : tensor<2xf8E4M3FNUZ>
  %7 = stablehlo.negate %h : tensor<2xf8E4M3B11FNUZ>
  %8 = stablehlo.negate %i : tensor<2xf8E5M2>
  %9 = stablehlo.negate %j : tensor<2xf8E5M2FNUZ>
  %10 = stablehlo.negate %k : tensor<2xf8E8M0FNU>
  %11 = stablehlo.negate %l : tensor<2xbf16>
  %12 = stablehlo.negate %m : tensor<2xf16>
  %13 = stablehlo.negate %n : tensor<2xf32>
  %14 = stablehlo.negate %o : tensor<2xf64>
  return
}

// CHECK-LABEL: func.func @complex_and_quantized
func.func @complex_and_quantized(%a: tensor<2xcomplex<f32>>, %b: tensor<2xcomplex<f64>>,
    %c: tensor<2x!quant.uniform<i4:f32, 0.5>>, %d: tensor<2x3x!quant.uniform<i8:f32:1, {0.5:1, 0.25:2, 0.125}>>,
    %e: tensor<2x!quant.uniform<i16<-100:100>:f32, 0.5:7>>) {
  // CHECK: stablehlo.negate %{{.*}} : tensor<2xcomplex<f32>>
  %0 = stablehlo.negate %a : tensor<2xcomplex<f32>>
  // CHECK: stablehlo.negate %{{.*}} : tensor<2xcomplex<f64>>
  %1 = stablehlo.negate %b : tensor<2xcomplex<f64>>
  // CHECK: stablehlo.negate %{{.*}} : tensor<2x!quant.uniform<i4:f32, 5.000000e-01>>
  %2 = stablehlo.negate %c : tensor<2x!quant.uniform<i4:f32, 0.5>>
  // Per-axis quantization along dimension 1.
  // CHECK: stablehlo.transpose %{{.*}}, dims = [1, 0] : (tensor<2x3x!quant.uniform<i8:f32:1, {5.000000e-01:1,2.500000e-01:2,1.250000e-01}>>) -> tensor<3x2x!quant.uniform<i8:f32:0, {5.000000e-01:1,2.500000e-01:2,1.250000e-01}>>
  %3 = stablehlo.transpose %d, dims = [1, 0] : (tensor<2x3x!quant.uniform<i8:f32:1, {0.5:1, 0.25:2, 0.125}>>) -> tensor<3x2x!quant.uniform<i8:f32:0, {0.5:1, 0.25:2, 0.125}>>
  // CHECK: stablehlo.negate %{{.*}} : tensor<2x!quant.uniform<i16<-100:100>:f32, 5.000000e-01:7>>
  %4 = stablehlo.negate %e : tensor<2x!quant.uniform<i16<-100:100>:f32, 0.5:7>>
  return
}

// CHECK-LABEL: func.func @tokens_futures_tuples
// CHECK-SAME: !stablehlo.token, %{{.*}}: !stablehlo.future<tensor<4xf32>, tensor<i32>>, %{{.*}}: tuple<tensor<f32>, tuple<!stablehlo.token>>
func.func @tokens_futures_tuples(%t: !stablehlo.token, %f: !stablehlo.future<tensor<4xf32>, tensor<i32>>, %u: tuple<tensor<f32>, tuple<!stablehlo.token>>) -> !stablehlo.token {
  // CHECK: stablehlo.after_all %{{.*}}, %{{.*}} : !stablehlo.token
  %0 = stablehlo.after_all %t, %t : !stablehlo.token
  // CHECK: stablehlo.create_token : !stablehlo.token
  %1 = stablehlo.create_token : !stablehlo.token
  return %0 : !stablehlo.token
}

// Locations, `#loc` aliases and multi-result values survive.
// CHECK-LABEL: func.func @locations
func.func @locations(%x: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  %0:2 = stablehlo.optimization_barrier %x, %x : tensor<f32>, tensor<f32> loc(#named)
  // CHECK: stablehlo.optimization_barrier %{{.*}}, %{{.*}} : tensor<f32>, tensor<f32>
  return %0#0, %0#1 : tensor<f32>, tensor<f32> loc("file.py":3:7)
}
#named = loc("layer1/dense"("model.py":10:2))
