//===- IndexingOps.td - slicing, gathering and scattering ------------------===//

def HLO_SliceOp : HLO_Op<"slice", [Pure, InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "Extracts a strided static slice";
  let arguments = (ins HLO_Tensor:$operand, HLO_DimArray:$start_indices,
                       HLO_DimArray:$limit_indices, HLO_DimArray:$strides);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand custom<SliceRanges>($start_indices, $limit_indices, $strides)
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_DynamicSliceOp : HLO_Op<"dynamic_slice",
    [Pure, InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "Extracts a slice at run-time start indices (clamped)";
  let arguments = (ins HLO_Tensor:$operand,
                       Variadic<HLO_ScalarIntTensor>:$start_indices,
                       HLO_DimArray:$slice_sizes);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` custom<VariadicOperandWithAttribute>($start_indices)
      `sizes` `=` custom<DimList>($slice_sizes) attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_DynamicUpdateSliceOp : HLO_Op<"dynamic_update_slice",
    [Pure, InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "Overwrites a slice at run-time start indices (clamped)";
  let arguments = (ins HLO_Tensor:$operand, HLO_Tensor:$update,
                       Variadic<HLO_ScalarIntTensor>:$start_indices);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def HLO_RealDynamicSliceOp : HLO_Op<"real_dynamic_slice", [Pure]> {
  let summary = "Legacy: slice whose bounds and strides are operands";
  let arguments = (ins HLO_Tensor:$operand,
                       HLO_DimensionTensor:$start_indices,
                       HLO_DimensionTensor:$limit_indices,
                       HLO_DimensionTensor:$strides);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def HLO_GatherOp : HLO_Op<"gather", [Pure, InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "Gathers slices at indices given by a tensor";
  let arguments = (ins HLO_Tensor:$operand, HLO_IntTensor:$start_indices,
                       HLO_GatherDimensionNumbers:$dimension_numbers,
                       HLO_DimArray:$slice_sizes,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$indices_are_sorted);
  let results = (outs HLO_Tensor:$result);
  let hasVerifier = 1;
}

def HLO_DynamicGatherOp : HLO_Op<"dynamic_gather", [Pure]> {
  let summary = "gather whose slice sizes are an operand";
  let arguments = (ins HLO_Tensor:$operand, HLO_IntTensor:$start_indices,
                       HLO_DimensionTensor:$slice_sizes,
                       HLO_GatherDimensionNumbers:$dimension_numbers,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$indices_are_sorted);
  let results = (outs HLO_Tensor:$result);
  let hasVerifier = 1;
}

def HLO_ScatterOp : HLO_Op<"scatter",
    [RecursiveMemoryEffects, SameVariadicOperandSize,
     InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "Combines updates into slices of inputs at given indices";
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
                       HLO_IntTensor:$scatter_indices,
                       Variadic<HLO_Tensor>:$updates,
                       HLO_ScatterDimensionNumbers:$scatter_dimension_numbers,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$indices_are_sorted,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$unique_indices);
  let regions = (region SizedRegion<1>:$update_computation);
  let results = (outs Variadic<HLO_Tensor>);
  let hasVerifier = 1;
}

def HLO_TorchIndexSelectOp : HLO_Op<"torch_index_select",
    [Pure, InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "Legacy: selects slices along a dimension by an index tensor";
  let arguments = (ins HLO_Tensor:$operand, HLO_IntTensor:$index,
                       I64Attr:$dim, I64Attr:$batch_dims);
  let results = (outs HLO_Tensor:$result);
  let hasVerifier = 1;
}
