//===- CommunicationOps.td - tokens, I/O and collectives -------------------===//

def HLO_ReplicaIdOp : HLO_Op<"replica_id", [Pure, InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "The replica id of the current process";
  let results = (outs 0DTensorOf<[UI32]>);
  let assemblyFormat = "attr-dict `:` type(results)";
}

def HLO_PartitionIdOp : HLO_Op<"partition_id", [Pure, InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "The partition id of the current process";
  let results = (outs 0DTensorOf<[UI32]>);
  let assemblyFormat = "attr-dict `:` type(results)";
}

def HLO_AfterAllOp : HLO_Op<"after_all", [Pure]> {
  let summary = "A token that follows all the given tokens";
  let arguments = (ins Variadic<HLO_Token>:$inputs);
  let results = (outs HLO_Token:$result);
  let assemblyFormat = "$inputs attr-dict `:` type($result)";
}

def HLO_CreateTokenOp : HLO_Op<"create_token", [Pure]> {
  let summary = "Legacy: a fresh token";
  let results = (outs HLO_Token:$output);
  let assemblyFormat = "attr-dict `:` type(results)";
}

def HLO_InfeedOp : HLO_Op<"infeed", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Reads values from the infeed";
  let arguments = (ins HLO_Token:$token,
                       DefaultValuedStrAttr<StrAttr, "">:$infeed_config,
                       OptionalAttr<ArrayAttr>:$layout);
  let results = (outs Variadic<HLO_TensorOrToken>);
  let hasVerifier = 1;
}

def HLO_OutfeedOp : HLO_Op<"outfeed", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Writes values to the outfeed";
  let arguments = (ins Variadic<HLO_Tensor>:$inputs, HLO_Token:$token,
                       DefaultValuedStrAttr<StrAttr, "">:$outfeed_config);
  let results = (outs HLO_Token);
}

def HLO_SendOp : HLO_Op<"send", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Sends values over a channel";
  let arguments = (ins Variadic<HLO_Tensor>:$inputs, HLO_Token:$token,
                       HLO_ChannelHandle:$channel_handle,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$is_host_transfer,
                       OptionalAttr<HLO_ReplicaGroups>:$source_target_pairs);
  let results = (outs HLO_Token);
  let hasVerifier = 1;
}

def HLO_RecvOp : HLO_Op<"recv", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Receives values over a channel";
  let arguments = (ins HLO_Token:$token, HLO_ChannelHandle:$channel_handle,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$is_host_transfer,
                       OptionalAttr<HLO_ReplicaGroups>:$source_target_pairs);
  let results = (outs Variadic<HLO_TensorOrToken>);
  let hasVerifier = 1;
}

def HLO_AllGatherOp : HLO_Op<"all_gather", []> {
  let summary = "Concatenates operands of all processes in each group";
  let arguments = (ins Variadic<HLO_Tensor>:$operands,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$all_gather_dim,
                       HLO_ReplicaGroups:$replica_groups,
                       OptionalAttr<HLO_ChannelHandle>:$channel_handle,
                       UnitAttr:$use_global_device_ids);
  let results = (outs Variadic<HLO_Tensor>);
  let hasVerifier = 1;
}

def HLO_AllReduceOp : HLO_Op<"all_reduce",
    [SameOperandsAndResultShape, InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "Reduces operands across all processes in each group";
  let arguments = (ins Variadic<HLO_Tensor>:$operands,
                       HLO_ReplicaGroups:$replica_groups,
                       OptionalAttr<HLO_ChannelHandle>:$channel_handle,
                       UnitAttr:$use_global_device_ids);
  let regions = (region SizedRegion<1>:$computation);
  let results = (outs Variadic<HLO_Tensor>);
  let hasVerifier = 1;
}

def HLO_ReduceScatterOp : HLO_Op<"reduce_scatter", []> {
  let summary = "Reduces across processes, then scatters the result";
  let arguments = (ins HLO_Tensor:$operand,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$scatter_dimension,
                       HLO_ReplicaGroups:$replica_groups,
                       OptionalAttr<HLO_ChannelHandle>:$channel_handle,
                       UnitAttr:$use_global_device_ids);
  let regions = (region SizedRegion<1>:$computation);
  let results = (outs HLO_Tensor);
  let hasVerifier = 1;
}

def HLO_AllToAllOp : HLO_Op<"all_to_all",
    [Pure, InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "Splits, exchanges and concatenates across processes";
  let arguments = (ins Variadic<HLO_Tensor>:$operands,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$split_dimension,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$concat_dimension,
                       ConfinedAttr<I64Attr, [IntPositive]>:$split_count,
                       HLO_ReplicaGroups:$replica_groups,
                       OptionalAttr<HLO_ChannelHandle>:$channel_handle);
  let results = (outs Variadic<HLO_Tensor>);
  let hasVerifier = 1;
}

def HLO_CollectivePermuteOp : HLO_Op<"collective_permute",
    [Pure, SameOperandsAndResultType]> {
  let summary = "Sends the operand from source to target processes";
  let arguments = (ins HLO_Tensor:$operand,
                       HLO_ReplicaGroups:$source_target_pairs,
                       OptionalAttr<HLO_ChannelHandle>:$channel_handle);
  let results = (outs HLO_Tensor);
  let hasVerifier = 1;
}

def HLO_CollectiveBroadcastOp : HLO_Op<"collective_broadcast",
    [SameOperandsAndResultType]> {
  let summary = "Broadcasts the first process's operand within each group";
  let arguments = (ins HLO_Tensor:$operand,
                       HLO_ReplicaGroups:$replica_groups,
                       OptionalAttr<HLO_ChannelHandle>:$channel_handle);
  let results = (outs HLO_Tensor);
  let hasVerifier = 1;
}

def HLO_CollectiveReduceOp : HLO_Op<"collective_reduce",
    [InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "Reduces operands of each group onto its first process";
  let arguments = (ins Variadic<HLO_Tensor>:$operands,
                       HLO_ReplicaGroups:$replica_groups,
                       OptionalAttr<HLO_ChannelHandle>:$channel_handle,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$has_dynamic_root);
  let regions = (region SizedRegion<1>:$computation);
  let results = (outs Variadic<HLO_Tensor>);
  let hasVerifier = 1;
}

def HLO_CrossReplicaSumOp : HLO_Op<"cross-replica-sum",
    [Pure, SameOperandsAndResultType]> {
  let summary = "Legacy: sums the operand across replicas";
  let arguments = (ins HLO_Tensor:$operand, HLO_ReplicaGroups:$replica_groups);
  let results = (outs HLO_Tensor);
}
