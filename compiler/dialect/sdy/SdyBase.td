//===- SdyBase.td - the sdy (Shardy) dialect -*- tablegen -*-===//
//
// The dialect in which JAX states how tensors are distributed over devices:
// meshes of named device axes and per-tensor shardings over those axes.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_SDY_BASE
#define AXLE_SDY_BASE

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def Sdy_Dialect : Dialect {
  let name = "sdy";
  let cppNamespace = "::axle::sdy";
  let summary = "Shardy: meshes and tensor shardings";
  let description = [{
    Meshes (`sdy.mesh`), tensor shardings (`#sdy.sharding`), sharding
    constraints and manual computations (the body of a JAX `shard_map`), as
    JAX exports them. Shardings also appear as discardable `sdy.sharding`
    attributes on function arguments and results (one `#sdy.sharding`) and
    on operations (one `#sdy.sharding_per_value` for all results); custom
    calls carry `sdy.sharding_rule` attributes.
  }];
  let useDefaultAttributePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;
  let hasRegionResultAttrVerify = 1;
  let extraClassDeclaration = [{
    /// Name of the discardable attribute that carries shardings.
    static constexpr ::llvm::StringLiteral kShardingAttrName = "sdy.sharding";
    /// Name of the discardable attribute that carries a sharding rule.
    static constexpr ::llvm::StringLiteral kShardingRuleAttrName =
        "sdy.sharding_rule";
  private:
    void registerAttributes();
  public:
  }];
}

#endif // AXLE_SDY_BASE
