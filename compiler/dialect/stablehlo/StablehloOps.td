//===- StablehloOps.td - stablehlo operations -*- tablegen -*-===//
//
// Every operation of the StableHLO specification plus the legacy operations
// exported programs still contain. Names and operand/attribute names follow
// the specification. Constraints that ODS cannot express are checked in the
// C++ verifiers (Verify*.cpp), which cite the specification's numbered
// constraints. Operations without a pretty form in exported programs use the
// generic form.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_STABLEHLO_OPS
#define AXLE_STABLEHLO_OPS

include "compiler/dialect/stablehlo/StablehloAttrs.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

class HLO_Op<string mnemonic, list<Trait> traits = []>
    : Op<Stablehlo_Dialect, mnemonic, traits>;

defvar HLO_DimArray = DenseI64ArrayAttr;
defvar HLO_PaddingAttr = I64ElementsAttr;
defvar HLO_ReplicaGroups = I64ElementsAttr;

include "compiler/dialect/stablehlo/ops/ElementwiseOps.td"
include "compiler/dialect/stablehlo/ops/ShapeOps.td"
include "compiler/dialect/stablehlo/ops/IndexingOps.td"
include "compiler/dialect/stablehlo/ops/ReductionOps.td"
include "compiler/dialect/stablehlo/ops/LinalgOps.td"
include "compiler/dialect/stablehlo/ops/ControlFlowOps.td"
include "compiler/dialect/stablehlo/ops/CommunicationOps.td"
include "compiler/dialect/stablehlo/ops/MiscOps.td"

#endif // AXLE_STABLEHLO_OPS
