//===- MiscOps.td - random numbers -----------------------------------------===//

def HLO_RngOp : HLO_Op<"rng", []> {
  let summary = "Random numbers of a distribution (implementation-defined)";
  let arguments = (ins 0DTensorOf<[HLO_Pred, HLO_Int, HLO_Float]>:$a,
                       0DTensorOf<[HLO_Pred, HLO_Int, HLO_Float]>:$b,
                       HLO_DimensionTensor:$shape,
                       HLO_RngDistributionAttr:$rng_distribution);
  let results = (outs HLO_PredIntOrFpTensor:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $shape `,` `distribution` `=` $rng_distribution attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_RngBitGeneratorOp : HLO_Op<"rng_bit_generator", [Pure]> {
  let summary = "Uniform random bits and an updated generator state";
  let arguments = (ins HLO_IntOrFpTensor:$initial_state,
                       HLO_RngAlgorithmAttr:$rng_algorithm);
  let results = (outs HLO_IntOrFpTensor:$output_state,
                      HLO_IntOrFpTensor:$output);
  let assemblyFormat = [{
    $initial_state `,` `algorithm` `=` $rng_algorithm attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}
