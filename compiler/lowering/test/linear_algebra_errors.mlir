// RUN: axle-opt --axle-lower-to-linalg --split-input-file --verify-diagnostics %s

func.func @cholesky_dynamic(%a: tensor<?x3x3xf32>) -> tensor<?x3x3xf32> {
  // expected-error @+1 {{axle cannot compile 'stablehlo.cholesky': needs static shapes}}
  %0 = stablehlo.cholesky %a, lower = true : tensor<?x3x3xf32>
  return %0 : tensor<?x3x3xf32>
}

// -----

func.func @solve_f8(%a: tensor<3x3xf8E4M3FN>, %b: tensor<3x2xf8E4M3FN>) -> tensor<3x2xf8E4M3FN> {
  // expected-error @+1 {{axle cannot compile 'stablehlo.triangular_solve': no support for element type f8E4M3FN}}
  %0 = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<3x3xf8E4M3FN>, tensor<3x2xf8E4M3FN>) -> tensor<3x2xf8E4M3FN>
  return %0 : tensor<3x2xf8E4M3FN>
}
