//===- ControlFlowOps.td - regions, calls and structure --------------------===//

def HLO_ReturnOp : HLO_Op<"return", [Pure, Terminator, ReturnLike]> {
  let summary = "Returns values from a region of a stablehlo op";
  let arguments = (ins Variadic<HLO_ValueType>:$results);
  let assemblyFormat = "$results attr-dict (`:` type($results)^)?";
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, {}); }]>];
}

def HLO_WhileOp : HLO_Op<"while",
    [RecursiveMemoryEffects, InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "Repeats body while cond yields true";
  let description = [{
    Pretty form:
    `%r:2 = stablehlo.while(%i = %a, %j = %b) : tensor<i64>, tensor<f32>
       cond { ... stablehlo.return %p : tensor<i1> }
       do { ... stablehlo.return %i2, %j2 : tensor<i64>, tensor<f32> }`
  }];
  let arguments = (ins Variadic<HLO_ValueType>:$operand);
  let regions = (region SizedRegion<1>:$cond, SizedRegion<1>:$body);
  let results = (outs Variadic<HLO_ValueType>);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def HLO_IfOp : HLO_Op<"if",
    [RecursiveMemoryEffects, InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "Runs one of two regions depending on a predicate";
  let arguments = (ins HLO_PredTensor:$pred);
  let regions = (region SizedRegion<1>:$true_branch,
                        SizedRegion<1>:$false_branch);
  let results = (outs Variadic<HLO_ValueType>);
  let hasVerifier = 1;
}

def HLO_CaseOp : HLO_Op<"case",
    [RecursiveMemoryEffects, InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "Runs the region selected by an index (out of range: last)";
  let arguments = (ins 0DTensorOf<[I32]>:$index);
  let regions = (region VariadicRegion<SizedRegion<1>>:$branches);
  let results = (outs Variadic<HLO_ValueType>);
  let hasVerifier = 1;
}

def HLO_OptimizationBarrierOp : HLO_Op<"optimization_barrier", [Pure, InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "Keeps optimizations from moving computation across it";
  let arguments = (ins Variadic<HLO_TensorOrToken>:$operand);
  let results = (outs Variadic<HLO_TensorOrToken>:$result);
  let assemblyFormat = [{
    attr-dict ($operand^ `:` custom<PairwiseOpType>(type($operand), type($result))):(`(` `)`)?
  }];
  let hasVerifier = 1;
}

def HLO_CompositeOp : HLO_Op<"composite",
    [DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "An op with a name, attributes and a decomposition function";
  let arguments = (ins Variadic<HLO_ValueType>:$inputs, StrAttr:$name,
                       DefaultValuedOptionalAttr<DictionaryAttr, "{}">:$composite_attributes,
                       FlatSymbolRefAttr:$decomposition,
                       DefaultValuedOptionalAttr<I32Attr, "0">:$version);
  let results = (outs Variadic<HLO_ValueType>);
  let assemblyFormat = [{
    $name $inputs attr-dict `:` functional-type(operands, results)
  }];
}

def HLO_CustomCallOp : HLO_Op<"custom_call", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Calls a function provided by the runtime by name";
  let arguments = (ins Variadic<AnyType>:$inputs,
                       StrAttr:$call_target_name,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$has_side_effect,
                       OptionalAttr<AnyAttrOf<[StrAttr, DictionaryAttr]>>:$backend_config,
                       DefaultValuedOptionalAttr<HLO_CustomCallApiVersion,
                         "::axle::stablehlo::CustomCallApiVersion::API_VERSION_ORIGINAL">:$api_version,
                       OptionalAttr<FlatSymbolRefArrayAttr>:$called_computations,
                       OptionalAttr<ArrayAttr>:$operand_layouts,
                       OptionalAttr<ArrayAttr>:$result_layouts,
                       OptionalAttr<TypedArrayAttrBase<HLO_OutputOperandAlias, "aliases">>:$output_operand_aliases);
  let results = (outs Variadic<AnyType>);
  let assemblyFormat = [{
    custom<CustomCallTarget>($call_target_name) `(` $inputs `)` attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_AsyncStartOp : HLO_Op<"async_start",
    [RecursiveMemoryEffects, InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "Starts a collective or slice asynchronously";
  let arguments = (ins Variadic<HLO_Tensor>:$operands);
  let regions = (region SizedRegion<1>:$body);
  let results = (outs HLO_Future:$result);
  let hasVerifier = 1;
}

def HLO_AsyncDoneOp : HLO_Op<"async_done",
    [MemoryEffects<[MemRead, MemWrite]>, InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "Waits for a future and yields its values";
  let arguments = (ins HLO_Future:$operand);
  let results = (outs Variadic<HLO_Tensor>:$results);
  let hasVerifier = 1;
}
