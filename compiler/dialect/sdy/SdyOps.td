//===- SdyOps.td - sdy operations -*- tablegen -*-===//
//
// The sdy operations JAX exports: mesh declarations, sharding constraints
// and manual computations (shard_map bodies). Checks that need the mesh
// behind a `@mesh` reference run in verifySymbolUses, where symbol lookups
// are cached (SdyOps.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_SDY_OPS
#define AXLE_SDY_OPS

include "compiler/dialect/sdy/SdyAttrs.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/CommonTypeConstraints.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class Sdy_Op<string mnemonic, list<Trait> traits = []>
    : Op<Sdy_Dialect, mnemonic, traits>;

def Sdy_MeshOp : Sdy_Op<"mesh", [Symbol, HasParent<"::mlir::ModuleOp">]> {
  let summary = "Declares a named mesh";
  let description = [{
    `sdy.mesh @mesh = <["x"=2, "y"=4]>` names a mesh that shardings refer to
    as `@mesh`.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, Sdy_MeshAttr:$mesh);
  let assemblyFormat = "$sym_name `=` $mesh attr-dict";
}

def Sdy_ShardingConstraintOp
    : Sdy_Op<"sharding_constraint",
             [Pure, SameOperandsAndResultType,
              DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Asks for a value to have a given sharding";
  let description = [{
    `%1 = sdy.sharding_constraint %0 <@mesh, [dims...]> : tensor<8x8xf32>`:
    %1 is %0, sharded as written (JAX's with_sharding_constraint).
  }];
  let arguments = (ins AnyRankedTensor:$input,
                       Sdy_TensorShardingAttr:$sharding);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$input $sharding attr-dict `:` type($result)";
}

def Sdy_ShardingGroupOp
    : Sdy_Op<"sharding_group", [MemoryEffects<[MemWrite]>]> {
  let summary = "Asks for all values of a group to be sharded alike";
  let description = [{
    `sdy.sharding_group %x group_id=0 : tensor<8x8xf32>` (from JAX's
    shard_alike). It has no result; its write effect keeps it from being
    removed as dead code.
  }];
  let arguments = (ins AnyRankedTensor:$input, I64Attr:$group_id);
  let assemblyFormat = [{
    $input `group_id` `` `=` `` $group_id attr-dict `:` type($input)
  }];
  let hasVerifier = 1;
}

def Sdy_ManualComputationOp
    : Sdy_Op<"manual_computation",
             [IsolatedFromAbove, SingleBlock, RecursiveMemoryEffects,
              DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "A region that runs per device on local shards";
  let description = [{
    The body of a JAX shard_map. Each operand, sharded by `in_shardings`, is
    split over the `manual_axes`; the body sees one device's part (its block
    arguments have the local shapes: each dimension divided by the sizes of
    the manual axes that shard it) and returns local results, which
    `out_shardings` assemble into the global results. Axes that are not
    manual stay under automatic partitioning inside the body.
  }];
  let arguments = (ins Variadic<AnyType>:$tensors,
                       Sdy_TensorShardingPerValueAttr:$in_shardings,
                       Sdy_TensorShardingPerValueAttr:$out_shardings,
                       StrArrayAttr:$manual_axes);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Sdy_ReturnOp
    : Sdy_Op<"return", [Pure, Terminator,
                        HasParent<"ManualComputationOp">]> {
  let summary = "Returns the local results of a manual computation";
  let arguments = (ins Variadic<AnyType>:$results);
  let assemblyFormat = "attr-dict ($results^ `:` type($results))?";
}

#endif // AXLE_SDY_OPS
