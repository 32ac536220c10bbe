//===- ShapeOps.td - ops that create tensors or change their shape ---------===//

def HLO_ConstantOp : HLO_Op<"constant", [ConstantLike, Pure]> {
  let summary = "A tensor given by a literal";
  let arguments = (ins ElementsAttr:$value);
  let results = (outs HLO_Tensor:$output);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasFolder = 1;
  let builders = [OpBuilder<(ins "::mlir::ElementsAttr":$value), [{
    build($_builder, $_state, value.getType(), value);
  }]>];
}

def HLO_IotaOp : HLO_Op<"iota", [Pure]> {
  let summary = "Values 0, 1, 2, ... along one dimension";
  let arguments = (ins ConfinedAttr<I64Attr, [IntNonNegative]>:$iota_dimension);
  let results = (outs HLO_IntFpComplexOrQuantizedTensor:$output);
  let assemblyFormat = "`dim` `=` $iota_dimension attr-dict `:` type($output)";
  let hasVerifier = 1;
}

def HLO_DynamicIotaOp : HLO_Op<"dynamic_iota", [Pure]> {
  let summary = "iota whose shape is an operand";
  let arguments = (ins HLO_DimensionTensor:$output_shape,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$iota_dimension);
  let results = (outs HLO_IntFpComplexOrQuantizedTensor:$result);
  let assemblyFormat = [{
    $output_shape `,` `dim` `=` $iota_dimension attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_BroadcastInDimOp : HLO_Op<"broadcast_in_dim", [Pure]> {
  let summary = "Expands a tensor by duplicating data along new dimensions";
  let arguments = (ins HLO_Tensor:$operand, HLO_DimArray:$broadcast_dimensions);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` custom<DimList>($broadcast_dimensions) attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_DynamicBroadcastInDimOp : HLO_Op<"dynamic_broadcast_in_dim", [Pure]> {
  let summary = "broadcast_in_dim whose result shape is an operand";
  let arguments = (ins HLO_Tensor:$operand, HLO_DimensionTensor:$output_dimensions,
                       HLO_DimArray:$broadcast_dimensions,
                       OptionalAttr<HLO_DimArray>:$known_expanding_dimensions,
                       OptionalAttr<HLO_DimArray>:$known_nonexpanding_dimensions);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $output_dimensions `,` `dims` `=`
      custom<DimList>($broadcast_dimensions)
      (`,` `expanding` `=` custom<DimList>($known_expanding_dimensions)^)?
      (`,` `nonexpanding` `=` custom<DimList>($known_nonexpanding_dimensions)^)?
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_BroadcastOp : HLO_Op<"broadcast", [Pure, InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "Legacy: prepends dimensions of the given sizes";
  let arguments = (ins HLO_Tensor:$operand, HLO_DimArray:$broadcast_sizes);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `sizes` `=` custom<DimList>($broadcast_sizes) attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_ReshapeOp : HLO_Op<"reshape", [Pure]> {
  let summary = "Reinterprets the elements under a new shape";
  let arguments = (ins HLO_Tensor:$operand);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def HLO_DynamicReshapeOp : HLO_Op<"dynamic_reshape", [Pure]> {
  let summary = "reshape whose result shape is an operand";
  let arguments = (ins HLO_Tensor:$operand, HLO_DimensionTensor:$output_shape);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def HLO_TransposeOp : HLO_Op<"transpose", [Pure, InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "Permutes the dimensions of a tensor";
  let arguments = (ins HLO_Tensor:$operand, HLO_DimArray:$permutation);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` custom<DimList>($permutation) attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_ReverseOp : HLO_Op<"reverse", [Pure, InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "Reverses the order of elements along some dimensions";
  let arguments = (ins HLO_Tensor:$operand, HLO_DimArray:$dimensions);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` custom<DimList>($dimensions) attr-dict
      `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
  let hasVerifier = 1;
}

def HLO_ConcatenateOp : HLO_Op<"concatenate", [Pure, InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "Joins tensors along one dimension";
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$dimension);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    custom<VariadicOperandWithAttribute>($inputs) `dim` `=` $dimension attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_PadOp : HLO_Op<"pad", [Pure, InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "Pads a tensor at its edges and between its elements";
  let arguments = (ins HLO_Tensor:$operand, HLO_Tensor:$padding_value,
                       HLO_DimArray:$edge_padding_low,
                       HLO_DimArray:$edge_padding_high,
                       HLO_DimArray:$interior_padding);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $padding_value `,`
      `low` `=` custom<DimList>($edge_padding_low) `,`
      `high` `=` custom<DimList>($edge_padding_high) `,`
      `interior` `=` custom<DimList>($interior_padding) attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_DynamicPadOp : HLO_Op<"dynamic_pad", [Pure]> {
  let summary = "pad whose paddings are operands";
  let arguments = (ins HLO_Tensor:$operand, HLO_Tensor:$padding_value,
                       HLO_DimensionTensor:$edge_padding_low,
                       HLO_DimensionTensor:$edge_padding_high,
                       HLO_DimensionTensor:$interior_padding);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def HLO_GetDimensionSizeOp : HLO_Op<"get_dimension_size", [Pure, InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "The size of one dimension of a tensor";
  let arguments = (ins HLO_Tensor:$operand,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$dimension);
  let results = (outs 0DTensorOf<[SI32, I32]>:$result);
  let assemblyFormat = [{
    $operand `,` `dim` `=` $dimension attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_SetDimensionSizeOp : HLO_Op<"set_dimension_size", [Pure]> {
  let summary = "Legacy: sets the dynamic size of one dimension";
  let arguments = (ins HLO_Tensor:$operand, 0DTensorOf<[I32]>:$size,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$dimension);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $size `,` `dim` `=` $dimension attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_TupleOp : HLO_Op<"tuple", [Pure, InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "Legacy: groups values into a tuple";
  let arguments = (ins Variadic<HLO_ValueType>:$val);
  let results = (outs HLO_Tuple:$result);
  let assemblyFormat = [{
    $val attr-dict `:` custom<TupleOpType>(type($val), type($result))
  }];
  let hasVerifier = 1;
}

def HLO_GetTupleElementOp : HLO_Op<"get_tuple_element", [Pure, InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "Legacy: extracts one element of a tuple";
  let arguments = (ins HLO_Tuple:$operand,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$index);
  let results = (outs HLO_ValueType:$result);
  let assemblyFormat = [{
    $operand `[` $index `]` attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_UniformQuantizeOp : HLO_Op<"uniform_quantize",
    [Pure, Elementwise, SameOperandsAndResultShape]> {
  let summary = "Quantizes floats, or requantizes quantized values";
  let arguments = (ins RankedTensorOf<[HLO_Float, HLO_QuantizedInt]>:$operand);
  let results = (outs HLO_QuantizedIntTensor:$result);
  let assemblyFormat = [{
    $operand attr-dict
      `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
  let hasVerifier = 1;
}

def HLO_UniformDequantizeOp : HLO_Op<"uniform_dequantize",
    [Pure, Elementwise, SameOperandsAndResultShape,
     InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "Converts quantized values to floats";
  let arguments = (ins HLO_QuantizedIntTensor:$operand);
  let results = (outs HLO_FpTensor:$result);
  let assemblyFormat = "$operand attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}
