//===- ReductionOps.td - reductions, windows and sorting -------------------===//

def HLO_ReduceOp : HLO_Op<"reduce",
    [RecursiveMemoryEffects, SameVariadicOperandSize,
     InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "Reduces inputs along dimensions with a computation";
  let description = [{
    Pretty forms:
    `stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1]
       : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>`
    when the body is a single binary op on the block arguments, otherwise
    `... across dimensions = [1] : (...) -> ... reducer(%a: T, %b: T) { ... }`.
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
                       Variadic<HLO_Tensor>:$init_values,
                       HLO_DimArray:$dimensions);
  let regions = (region SizedRegion<1>:$body);
  let results = (outs Variadic<HLO_Tensor>);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def HLO_ReduceWindowOp : HLO_Op<"reduce_window",
    [RecursiveMemoryEffects, SameVariadicOperandSize,
     InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "Reduces windows of inputs with a computation";
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
                       Variadic<HLO_Tensor>:$init_values,
                       HLO_DimArray:$window_dimensions,
                       OptionalAttr<HLO_DimArray>:$window_strides,
                       OptionalAttr<HLO_DimArray>:$base_dilations,
                       OptionalAttr<HLO_DimArray>:$window_dilations,
                       OptionalAttr<HLO_PaddingAttr>:$padding);
  let regions = (region SizedRegion<1>:$body);
  let results = (outs Variadic<HLO_Tensor>);
  let hasVerifier = 1;
}

def HLO_SelectAndScatterOp : HLO_Op<"select_and_scatter",
    [RecursiveMemoryEffects, InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "Scatters source values to the elements select picks per window";
  let arguments = (ins HLO_Tensor:$operand, HLO_Tensor:$source,
                       HLO_Tensor:$init_value,
                       OptionalAttr<HLO_DimArray>:$window_dimensions,
                       OptionalAttr<HLO_DimArray>:$window_strides,
                       OptionalAttr<HLO_PaddingAttr>:$padding);
  let regions = (region SizedRegion<1>:$select, SizedRegion<1>:$scatter);
  let results = (outs HLO_Tensor);
  let hasVerifier = 1;
}

def HLO_SortOp : HLO_Op<"sort",
    [RecursiveMemoryEffects, InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "Sorts inputs along a dimension by a comparator";
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
                       DefaultValuedOptionalAttr<I64Attr, "-1">:$dimension,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$is_stable);
  let regions = (region SizedRegion<1>:$comparator);
  let results = (outs Variadic<HLO_Tensor>);
  let hasVerifier = 1;
}
