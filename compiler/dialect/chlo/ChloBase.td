//===- ChloBase.td - chlo dialect and attributes -----------*- tablegen -*-===//
//
// The chlo ("client HLO") dialect: operations frontends such as JAX emit that
// are not in StableHLO itself but decompose into it (special functions,
// broadcasting binary ops, top_k, ragged_dot, scan). Element types and tensor
// constraints are those of the stablehlo dialect; the comparison and
// precision enums are stablehlo's, wrapped as `#chlo<...>` attributes.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_CHLO_BASE
#define AXLE_CHLO_BASE

include "compiler/dialect/stablehlo/StablehloAttrs.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/OpBase.td"

def Chlo_Dialect : Dialect {
  let name = "chlo";
  let cppNamespace = "::axle::chlo";
  let summary = "Client HLO: frontend operations that decompose into stablehlo";
  let description = [{
    Operations JAX and other frontends emit beside stablehlo. Each has a
    decomposition into stablehlo operations (`--axle-legalize-chlo`).
  }];
  let dependentDialects = ["::axle::stablehlo::StablehloDialect"];
  let useDefaultAttributePrinterParser = 1;
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

// `#chlo<comparison_direction LT>` etc.: the stablehlo enums under the chlo
// prefix, so that a decomposition passes the value through unchanged.
class Chlo_EnumAttr<EnumAttrInfo info, string name>
    : EnumAttr<Chlo_Dialect, info, name> {
  // The attribute class lives in axle::chlo; the enum stays stablehlo's.
  let cppNamespace = "::axle::chlo";
  let constBuilderCall =
      "::axle::chlo::" # info.className # "Attr::get($_builder.getContext(), $0)";
  let assemblyFormat = "$value";
}

def Chlo_ComparisonDirectionAttr
    : Chlo_EnumAttr<HLO_ComparisonDirection, "comparison_direction">;
def Chlo_ComparisonTypeAttr
    : Chlo_EnumAttr<HLO_ComparisonType, "comparison_type">;
def Chlo_PrecisionAttr : Chlo_EnumAttr<HLO_Precision, "precision">;
def Chlo_PrecisionConfigAttr
    : TypedArrayAttrBase<Chlo_PrecisionAttr, "precision config">;

def Chlo_RaggedDotDimensionNumbers
    : AttrDef<Chlo_Dialect, "RaggedDotDimensionNumbers"> {
  let mnemonic = "ragged_dot";
  let summary = "Dimension numbers of ragged_dot";
  let description = [{
    `#chlo.ragged_dot<lhs_batching_dimensions = [0], ...>`: dot_general's
    batching and contracting dimensions plus the one lhs ragged dimension
    and the (at most one) rhs group dimension. Fields may come in any order
    and an omitted list is empty; all six are printed.
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t">:$lhsBatchingDimensions,
    ArrayRefParameter<"int64_t">:$rhsBatchingDimensions,
    ArrayRefParameter<"int64_t">:$lhsContractingDimensions,
    ArrayRefParameter<"int64_t">:$rhsContractingDimensions,
    ArrayRefParameter<"int64_t">:$lhsRaggedDimensions,
    ArrayRefParameter<"int64_t">:$rhsGroupDimensions);
  let hasCustomAssemblyFormat = 1;
}

#endif // AXLE_CHLO_BASE
