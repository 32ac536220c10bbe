// RUN: axle-opt --axle-lower-to-linalg --split-input-file --verify-diagnostics %s

func.func @fft_dynamic(%x: tensor<?x8xcomplex<f32>>) -> tensor<?x8xcomplex<f32>> {
  // expected-error @+1 {{axle cannot compile 'stablehlo.fft': needs static shapes}}
  %0 = stablehlo.fft %x, type = FFT, length = [8] : (tensor<?x8xcomplex<f32>>) -> tensor<?x8xcomplex<f32>>
  return %0 : tensor<?x8xcomplex<f32>>
}

// -----

// The interpreter rejects an fft_length that differs from the operand's
// (complex) dimensions, which the verifier leaves open.
func.func @fft_length_mismatch(%x: tensor<4x8xcomplex<f32>>) -> tensor<4x8xcomplex<f32>> {
  // expected-error @+1 {{axle cannot compile 'stablehlo.fft': the last operand dimension must have size 16 for fft_length 16}}
  %0 = stablehlo.fft %x, type = FFT, length = [16] : (tensor<4x8xcomplex<f32>>) -> tensor<4x8xcomplex<f32>>
  return %0 : tensor<4x8xcomplex<f32>>
}

// -----

func.func @ifft_leading_length_mismatch(%x: tensor<4x8xcomplex<f64>>) -> tensor<4x8xcomplex<f64>> {
  // expected-error @+1 {{axle cannot compile 'stablehlo.fft': fft_length 3 differs from operand dimension 0}}
  %0 = stablehlo.fft %x, type = IFFT, length = [3, 8] : (tensor<4x8xcomplex<f64>>) -> tensor<4x8xcomplex<f64>>
  return %0 : tensor<4x8xcomplex<f64>>
}
