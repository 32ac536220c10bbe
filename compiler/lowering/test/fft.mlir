// RUN: axle-opt --axle-lower-to-linalg --split-input-file %s | FileCheck %s

// fft becomes one linalg.generic per transformed axis: an exact-definition
// DFT over f64 real and imaginary tensors, summing in order of j (the
// innermost, reduction dimension) with twiddles read from a constant table
// at (j * k) mod n.

// CHECK-DAG: #[[$IN0:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #[[$OUT:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[$IN1:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @fft_2d
// CHECK: %[[P:[a-z0-9_]+]]:2 = linalg.generic
// CHECK: complex.re
// CHECK: arith.extf %{{.*}} : f32 to f64
// CHECK: complex.im
// CHECK: %[[COS4:.*]] = arith.constant dense<{{.*}}> : tensor<4xf64>
// CHECK: %[[SIN4:.*]] = arith.constant dense<{{.*}}> : tensor<4xf64>
// CHECK: %[[T0:[a-z0-9_]+]]:2 = linalg.generic {indexing_maps = [#[[$IN0]], #[[$IN0]], #[[$OUT]], #[[$OUT]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[P]]#0, %[[P]]#1 :
// CHECK: %[[K:.*]] = linalg.index 0
// CHECK: %[[J:.*]] = linalg.index 2
// CHECK: %[[JK:.*]] = arith.muli %[[J]], %[[K]]
// CHECK: %[[M:.*]] = arith.remui %[[JK]], %{{.*}} : index
// CHECK: tensor.extract %[[COS4]][%[[M]]]
// CHECK: tensor.extract %[[SIN4]][%[[M]]]
// CHECK: arith.subf
// CHECK: arith.addf
// CHECK: arith.addf
// CHECK: arith.addf
// CHECK: linalg.yield
// CHECK: arith.constant dense<{{.*}}> : tensor<5xf64>
// CHECK: %[[T1:[a-z0-9_]+]]:2 = linalg.generic {indexing_maps = [#[[$IN1]], #[[$IN1]], #[[$OUT]], #[[$OUT]]], {{.*}} ins(%[[T0]]#0, %[[T0]]#1 :
// CHECK: linalg.generic {{.*}} ins(%[[T1]]#0, %[[T1]]#1 :
// CHECK: arith.truncf
// CHECK: arith.truncf
// CHECK: complex.create
func.func @fft_2d(%x: tensor<4x5xcomplex<f32>>) -> tensor<4x5xcomplex<f32>> {
  %0 = stablehlo.fft %x, type = FFT, length = [4, 5] : (tensor<4x5xcomplex<f32>>) -> tensor<4x5xcomplex<f32>>
  return %0 : tensor<4x5xcomplex<f32>>
}

// -----

// IFFT uses exp(+2 pi i m / n) and divides by n after the sum.

// CHECK-LABEL: func.func @ifft
// CHECK: arith.constant dense<[1.000000e+00, 0.30901699437494745, -0.80901699437494745, -0.80901699437494745, 0.30901699437494745]> : tensor<5xf64>
// CHECK: arith.constant dense<[0.000000e+00, 0.95105651629515353, 0.58778525229247314, -0.58778525229247314, -0.95105651629515353]> : tensor<5xf64>
// CHECK: linalg.generic {{.*}}"reduction"
// CHECK: %[[N:.*]] = arith.constant 5.000000e+00 : f64
// CHECK: arith.divf %{{.*}}, %[[N]] : f64
// CHECK: arith.divf %{{.*}}, %[[N]] : f64
func.func @ifft(%x: tensor<2x5xcomplex<f32>>) -> tensor<2x5xcomplex<f32>> {
  %0 = stablehlo.fft %x, type = IFFT, length = [5] : (tensor<2x5xcomplex<f32>>) -> tensor<2x5xcomplex<f32>>
  return %0 : tensor<2x5xcomplex<f32>>
}

// -----

// RFFT: a real operand with a zero imaginary part; the last axis computes
// only the n / 2 + 1 outputs it keeps.

// CHECK-LABEL: func.func @rfft
// CHECK: %[[RE:.*]] = linalg.generic
// CHECK: arith.extf %{{.*}} : f32 to f64
// CHECK: %[[IM:.*]] = linalg.fill
// CHECK: linalg.generic {{.*}}"reduction"{{.*}} ins(%[[RE]], %[[IM]] : tensor<3x7xf64>, tensor<3x7xf64>) outs({{.*}} : tensor<3x4xf64>, tensor<3x4xf64>)
// CHECK: complex.create {{.*}} : complex<f32>
func.func @rfft(%x: tensor<3x7xf32>) -> tensor<3x4xcomplex<f32>> {
  %0 = stablehlo.fft %x, type = RFFT, length = [7] : (tensor<3x7xf32>) -> tensor<3x4xcomplex<f32>>
  return %0 : tensor<3x4xcomplex<f32>>
}

// -----

// IRFFT: the full last axis is rebuilt from its first n / 2 + 1 entries
// (X[n - k] = conj(X[k])); only the real part of the inverse is computed.

// CHECK-LABEL: func.func @irfft
// CHECK: %[[P:[a-z0-9_]+]]:2 = linalg.generic
// CHECK: %[[F:[a-z0-9_]+]]:2 = linalg.generic {{.*}} outs(%{{.*}}, %{{.*}} : tensor<2x6xf64>, tensor<2x6xf64>)
// CHECK: %[[K:.*]] = linalg.index 1
// CHECK: %[[UP:.*]] = arith.cmpi uge, %[[K]], %{{.*}} : index
// CHECK: %[[MIRROR:.*]] = arith.subi %{{.*}}, %[[K]] : index
// CHECK: %[[SRC:.*]] = arith.select %[[UP]], %[[MIRROR]], %[[K]] : index
// CHECK: tensor.extract %[[P]]#0[%{{.*}}, %[[SRC]]]
// CHECK: %[[IM:.*]] = tensor.extract %[[P]]#1[%{{.*}}, %[[SRC]]]
// CHECK: %[[NEG:.*]] = arith.negf %[[IM]]
// CHECK: arith.select %[[UP]], %[[NEG]], %[[IM]] : f64
// CHECK: %[[R:.*]] = linalg.generic {{.*}}"reduction"{{.*}} ins(%[[F]]#0, %[[F]]#1 : {{.*}}) outs(%{{.*}} : tensor<2x6xf64>)
// CHECK: linalg.generic {{.*}} ins(%[[R]] :
// CHECK: arith.divf
// CHECK: linalg.generic
// CHECK: arith.truncf %{{.*}} : f64 to f32
func.func @irfft(%x: tensor<2x4xcomplex<f32>>) -> tensor<2x6xf32> {
  %0 = stablehlo.fft %x, type = IRFFT, length = [6] : (tensor<2x4xcomplex<f32>>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// -----

// f64 results compute in double-double: hi and lo parts, twiddles with
// their long double remainders, exact products by fma.

// CHECK-LABEL: func.func @fft_f64
// CHECK-COUNT-4: arith.constant dense<{{.*}}> : tensor<3xf64>
// CHECK: linalg.generic {{.*}}"reduction"{{.*}} outs({{.*}} : tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>)
// CHECK: math.fma
func.func @fft_f64(%x: tensor<3xcomplex<f64>>) -> tensor<3xcomplex<f64>> {
  %0 = stablehlo.fft %x, type = FFT, length = [3] : (tensor<3xcomplex<f64>>) -> tensor<3xcomplex<f64>>
  return %0 : tensor<3xcomplex<f64>>
}

// -----

// Empty tensors have nothing to transform.

// CHECK-LABEL: func.func @fft_empty
// CHECK-NOT: linalg.generic
// CHECK: %[[E:.*]] = tensor.empty() : tensor<0x9xcomplex<f32>>
// CHECK: return %[[E]]
func.func @fft_empty(%x: tensor<0x17xf32>) -> tensor<0x9xcomplex<f32>> {
  %0 = stablehlo.fft %x, type = RFFT, length = [17] : (tensor<0x17xf32>) -> tensor<0x9xcomplex<f32>>
  return %0 : tensor<0x9xcomplex<f32>>
}
