//===- LinalgOps.td - contractions, convolution and linear algebra ---------===//

def HLO_DotGeneralOp : HLO_Op<"dot_general", [Pure]> {
  let summary = "Batched tensor contraction";
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs,
                       HLO_DotDimensionNumbers:$dot_dimension_numbers,
                       OptionalAttr<HLO_PrecisionConfigAttr>:$precision_config,
                       OptionalAttr<HLO_DotAlgorithm>:$algorithm);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` custom<DotDimensionNumbers>($dot_dimension_numbers)
      `` custom<DotGeneralOptions>($precision_config, $algorithm)
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_DotOp : HLO_Op<"dot", [Pure]> {
  let summary = "Legacy: vector/matrix product";
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs,
                       OptionalAttr<HLO_PrecisionConfigAttr>:$precision_config);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs
      (`,` `precision` `=` custom<PrecisionConfig>($precision_config)^)?
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_EinsumOp : HLO_Op<"einsum", [Pure]> {
  let summary = "Legacy: Einstein summation of two tensors";
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs, StrAttr:$einsum_config);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` `config` `=` $einsum_config attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_UnaryEinsumOp : HLO_Op<"unary_einsum", [Pure]> {
  let summary = "Legacy: Einstein summation of one tensor";
  let arguments = (ins HLO_Tensor:$operand, StrAttr:$einsum_config);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `config` `=` $einsum_config attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_ConvolutionOp : HLO_Op<"convolution", [Pure]> {
  let summary = "Convolution with strides, padding, dilations and groups";
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs,
                       OptionalAttr<HLO_DimArray>:$window_strides,
                       OptionalAttr<HLO_PaddingAttr>:$padding,
                       OptionalAttr<HLO_DimArray>:$lhs_dilation,
                       OptionalAttr<HLO_DimArray>:$rhs_dilation,
                       OptionalAttr<DenseBoolArrayAttr>:$window_reversal,
                       HLO_ConvDimensionNumbers:$dimension_numbers,
                       ConfinedAttr<I64Attr, [IntPositive]>:$feature_group_count,
                       ConfinedAttr<I64Attr, [IntPositive]>:$batch_group_count,
                       OptionalAttr<HLO_PrecisionConfigAttr>:$precision_config);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    `(` $lhs `,` $rhs `)`
      `dim_numbers` `=` custom<ConvolutionDimensions>($dimension_numbers)
      `` custom<WindowAttributes>($window_strides, $padding, $lhs_dilation,
                               $rhs_dilation, $window_reversal)
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_DynamicConvOp : HLO_Op<"dynamic_conv", [Pure]> {
  let summary = "convolution whose padding is an operand";
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs, HLO_IntTensor:$padding,
                       OptionalAttr<HLO_DimArray>:$window_strides,
                       OptionalAttr<HLO_DimArray>:$lhs_dilation,
                       OptionalAttr<HLO_DimArray>:$rhs_dilation,
                       OptionalAttr<DenseBoolArrayAttr>:$window_reversal,
                       HLO_ConvDimensionNumbers:$dimension_numbers,
                       ConfinedAttr<I64Attr, [IntPositive]>:$feature_group_count,
                       ConfinedAttr<I64Attr, [IntPositive]>:$batch_group_count,
                       OptionalAttr<HLO_PrecisionConfigAttr>:$precision_config);
  let results = (outs HLO_Tensor:$result);
  let hasVerifier = 1;
}

def HLO_CholeskyOp : HLO_Op<"cholesky",
    [Pure, InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "Cholesky decomposition of a batch of matrices";
  let arguments = (ins HLO_FpComplexOrQuantizedTensor:$a,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$lower);
  let results = (outs HLO_FpComplexOrQuantizedTensor:$result);
  let assemblyFormat = [{
    $a (`,` `lower` `=` $lower^)? attr-dict
      `:` custom<SameOperandsAndResultType>(type($a), type($result))
  }];
  let hasVerifier = 1;
}

def HLO_TriangularSolveOp : HLO_Op<"triangular_solve",
    [Pure, InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "Solves triangular systems of linear equations";
  let arguments = (ins HLO_FpComplexOrQuantizedTensor:$a,
                       HLO_FpComplexOrQuantizedTensor:$b,
                       BoolAttr:$left_side, BoolAttr:$lower,
                       BoolAttr:$unit_diagonal, HLO_TransposeAttr:$transpose_a);
  let results = (outs HLO_FpComplexOrQuantizedTensor:$result);
  let hasVerifier = 1;
}

def HLO_FftOp : HLO_Op<"fft", [Pure, InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "Forward and inverse Fourier transforms";
  let arguments = (ins HLO_FpOrComplexTensor:$operand,
                       HLO_FftTypeAttr:$fft_type, HLO_DimArray:$fft_length);
  let results = (outs HLO_FpOrComplexTensor:$result);
  let assemblyFormat = [{
    $operand `,` `type` `=` $fft_type `,` `length` `=`
      custom<DimList>($fft_length) attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_BatchNormTrainingOp : HLO_Op<"batch_norm_training",
    [Pure, InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "Batch normalization, computing batch mean and variance";
  let arguments = (ins HLO_FpOrQuantizedTensor:$operand,
                       1DTensorOf<[HLO_Float, HLO_PerTensorQuantizedInt]>:$scale,
                       1DTensorOf<[HLO_Float, HLO_PerTensorQuantizedInt]>:$offset,
                       F32Attr:$epsilon,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$feature_index);
  let results = (outs HLO_FpOrQuantizedTensor:$output,
                      1DTensorOf<[HLO_Float, HLO_PerTensorQuantizedInt]>:$batch_mean,
                      1DTensorOf<[HLO_Float, HLO_PerTensorQuantizedInt]>:$batch_var);
  let hasVerifier = 1;
}

def HLO_BatchNormInferenceOp : HLO_Op<"batch_norm_inference",
    [Pure, InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "Batch normalization with given mean and variance";
  let arguments = (ins HLO_FpOrQuantizedTensor:$operand,
                       1DTensorOf<[HLO_Float, HLO_PerTensorQuantizedInt]>:$scale,
                       1DTensorOf<[HLO_Float, HLO_PerTensorQuantizedInt]>:$offset,
                       1DTensorOf<[HLO_Float, HLO_PerTensorQuantizedInt]>:$mean,
                       1DTensorOf<[HLO_Float, HLO_PerTensorQuantizedInt]>:$variance,
                       F32Attr:$epsilon,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$feature_index);
  let results = (outs HLO_FpOrQuantizedTensor:$result);
  let hasVerifier = 1;
}

def HLO_BatchNormGradOp : HLO_Op<"batch_norm_grad",
    [Pure, InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "Gradients of batch normalization";
  let arguments = (ins HLO_FpOrQuantizedTensor:$operand,
                       1DTensorOf<[HLO_Float, HLO_PerTensorQuantizedInt]>:$scale,
                       1DTensorOf<[HLO_Float, HLO_PerTensorQuantizedInt]>:$mean,
                       1DTensorOf<[HLO_Float, HLO_PerTensorQuantizedInt]>:$variance,
                       HLO_FpOrQuantizedTensor:$grad_output,
                       F32Attr:$epsilon,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$feature_index);
  let results = (outs HLO_FpOrQuantizedTensor:$grad_operand,
                      1DTensorOf<[HLO_Float, HLO_PerTensorQuantizedInt]>:$grad_scale,
                      1DTensorOf<[HLO_Float, HLO_PerTensorQuantizedInt]>:$grad_offset);
  let hasVerifier = 1;
}
