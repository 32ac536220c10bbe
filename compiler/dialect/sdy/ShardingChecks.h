//===- ShardingChecks.h - shardings against meshes and types ----*- C++ -*-===//
//
// Checks shared by the sdy attributes, ops and the dialect's verification of
// discardable `sdy.sharding` attributes: that a sharding only names axes of
// its mesh, uses each at most once and fits the type of the value it
// describes, and the local (per-device) type a manual computation sees.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_COMPILER_DIALECT_SDY_SHARDINGCHECKS_H
#define AXLE_COMPILER_DIALECT_SDY_SHARDINGCHECKS_H

#include "compiler/dialect/sdy/Sdy.h"

#include "llvm/ADT/STLFunctionalExtras.h"

namespace axle::sdy {

using EmitErrorFn = llvm::function_ref<mlir::InFlightDiagnostic()>;

/// Checks what can be checked without the mesh: sub-axes are well formed
/// and no axis (or overlapping sub-axis) is used twice among the dimension
/// shardings, the replicated and the unreduced axes.
mlir::LogicalResult
verifyAxisUses(llvm::ArrayRef<DimensionShardingAttr> dimShardings,
               llvm::ArrayRef<AxisRefAttr> replicatedAxes,
               llvm::ArrayRef<AxisRefAttr> unreducedAxes,
               EmitErrorFn emitError);

/// Checks that every axis the sharding names exists in `mesh` and that
/// every sub-axis lies within its axis.
mlir::LogicalResult
verifyAxesInMesh(llvm::ArrayRef<DimensionShardingAttr> dimShardings,
                 llvm::ArrayRef<AxisRefAttr> replicatedAxes,
                 llvm::ArrayRef<AxisRefAttr> unreducedAxes, MeshAttr mesh,
                 EmitErrorFn emitError);

/// The mesh of `sharding`: its inline mesh, or the `sdy.mesh` that its
/// symbol names, looked up from `from` (through `symbolTables` when given).
/// Reports an error and returns null when the symbol names no mesh.
MeshAttr resolveMesh(TensorShardingAttr sharding, mlir::Operation *from,
                     mlir::SymbolTableCollection *symbolTables,
                     EmitErrorFn emitError);

/// Resolves the mesh of `sharding` and checks the sharding against it and
/// against `type` (one dimension sharding per dimension; none for values
/// that are not shaped, such as tokens). Returns the mesh, or null after
/// reporting an error.
MeshAttr verifyShardingOfValue(TensorShardingAttr sharding, mlir::Type type,
                               mlir::Operation *from,
                               mlir::SymbolTableCollection *symbolTables,
                               EmitErrorFn emitError);

/// The size of `axis` (the whole axis or the sub-axis) in `mesh`, which
/// must contain it.
int64_t getAxisSize(AxisRefAttr axis, MeshAttr mesh);

/// The type one device sees of a value of `globalType` sharded by
/// `sharding` when the axes in `manualAxes` are manual: each dimension is
/// divided by the sizes of the manual axes that shard it. Manual axes must
/// come before the other axes of a dimension, and their product must divide
/// the dimension. Reports an error and returns null otherwise.
mlir::Type getLocalType(mlir::Type globalType, TensorShardingAttr sharding,
                        MeshAttr mesh,
                        llvm::ArrayRef<llvm::StringRef> manualAxes,
                        EmitErrorFn emitError);

/// Checks that `rule` has one mapping per operand and result of `op`, each
/// with one entry per dimension.
mlir::LogicalResult verifyShardingRuleOfOp(OpShardingRuleAttr rule,
                                           mlir::Operation *op,
                                           EmitErrorFn emitError);

} // namespace axle::sdy

#endif // AXLE_COMPILER_DIALECT_SDY_SHARDINGCHECKS_H
