//===- ShardingChecks.cpp - shardings against meshes and types ------------===//

#include "compiler/dialect/sdy/ShardingChecks.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace axle::sdy {

/// Calls `fn` on every axis reference of a sharding, in written order.
static void forEachAxisRef(ArrayRef<DimensionShardingAttr> dimShardings,
                           ArrayRef<AxisRefAttr> replicatedAxes,
                           ArrayRef<AxisRefAttr> unreducedAxes,
                           llvm::function_ref<void(AxisRefAttr)> fn) {
  for (DimensionShardingAttr dim : dimShardings)
    llvm::for_each(dim.getAxes(), fn);
  llvm::for_each(replicatedAxes, fn);
  llvm::for_each(unreducedAxes, fn);
}

/// Whether two references to the same axis share devices. A sub-axis
/// "x":(m)k covers the factors of x from m up to (excluding) m*k, so two
/// sub-axes overlap when those ranges intersect; a whole axis overlaps
/// everything of its own name.
static bool overlap(AxisRefAttr a, AxisRefAttr b) {
  if (a.getName() != b.getName())
    return false;
  if (!a.isSubAxis() || !b.isSubAxis())
    return true;
  int64_t lowest = std::max(a.getSubPreSize(), b.getSubPreSize());
  int64_t end = std::min(a.getSubPreSize() * a.getSubSize(),
                         b.getSubPreSize() * b.getSubSize());
  return lowest < end;
}

LogicalResult verifyAxisUses(ArrayRef<DimensionShardingAttr> dimShardings,
                             ArrayRef<AxisRefAttr> replicatedAxes,
                             ArrayRef<AxisRefAttr> unreducedAxes,
                             EmitErrorFn emitError) {
  SmallVector<AxisRefAttr> axes;
  forEachAxisRef(dimShardings, replicatedAxes, unreducedAxes,
                 [&](AxisRefAttr axis) { axes.push_back(axis); });
  for (auto [index, axis] : llvm::enumerate(axes)) {
    if (axis.isSubAxis() || axis.getSubPreSize() != 0) {
      int64_t end;
      if (axis.getSubPreSize() < 1)
        return emitError() << "sub-axis " << axis.str()
                           << " needs a pre-size of at least 1";
      if (axis.getSubSize() <= 1)
        return emitError() << "sub-axis " << axis.str()
                           << " needs a size greater than 1";
      if (llvm::MulOverflow(axis.getSubPreSize(), axis.getSubSize(), end))
        return emitError() << "sub-axis " << axis.str() << " is too large";
    }
    for (AxisRefAttr earlier : ArrayRef(axes).take_front(index)) {
      if (!overlap(earlier, axis))
        continue;
      if (earlier == axis)
        return emitError() << "axis " << axis.str()
                           << " is used more than once in a sharding";
      return emitError() << "axes " << earlier.str() << " and " << axis.str()
                         << " overlap; a sharding may use each device axis "
                            "once";
    }
  }
  return success();
}

LogicalResult verifyAxesInMesh(ArrayRef<DimensionShardingAttr> dimShardings,
                               ArrayRef<AxisRefAttr> replicatedAxes,
                               ArrayRef<AxisRefAttr> unreducedAxes,
                               MeshAttr mesh, EmitErrorFn emitError) {
  LogicalResult result = success();
  forEachAxisRef(
      dimShardings, replicatedAxes, unreducedAxes, [&](AxisRefAttr axis) {
        if (failed(result))
          return;
        MeshAxisAttr meshAxis = mesh.findAxis(axis.getName());
        if (!meshAxis) {
          result = emitError() << "axis \"" << axis.getName()
                               << "\" is not in mesh " << mesh;
          return;
        }
        if (!axis.isSubAxis())
          return;
        // A sub-axis is a factor of its axis, and a proper one (the whole
        // axis is written without the suffix).
        int64_t fullSize = meshAxis.getSize();
        int64_t end = axis.getSubPreSize() * axis.getSubSize();
        if (fullSize % end != 0)
          result = emitError()
                   << "sub-axis " << axis.str() << " does not fit axis \""
                   << axis.getName() << "\" of size " << fullSize
                   << ": pre-size times size must divide the axis size";
        else if (end == fullSize && axis.getSubPreSize() == 1)
          result = emitError() << "sub-axis " << axis.str()
                               << " is the whole axis; write \""
                               << axis.getName() << "\" instead";
      });
  return result;
}

MeshAttr resolveMesh(TensorShardingAttr sharding, Operation *from,
                     SymbolTableCollection *symbolTables,
                     EmitErrorFn emitError) {
  if (MeshAttr mesh = sharding.getInlineMesh())
    return mesh;
  FlatSymbolRefAttr ref = sharding.getMeshRef();
  Operation *symbol = symbolTables
                          ? symbolTables->lookupNearestSymbolFrom(from, ref)
                          : SymbolTable::lookupNearestSymbolFrom(from, ref);
  if (!symbol) {
    emitError() << "sharding refers to " << ref
                << ", which is not a symbol in scope";
    return {};
  }
  // Read the attribute without asserting on its presence: a mesh op built
  // in C++ may lack it (the op's own verifier reports that).
  MeshAttr mesh;
  if (auto meshOp = llvm::dyn_cast<MeshOp>(symbol))
    mesh = llvm::dyn_cast_or_null<MeshAttr>(
        meshOp->getInherentAttr(meshOp.getMeshAttrName().getValue())
            .value_or(Attribute()));
  if (!mesh) {
    emitError() << "sharding refers to " << ref << ", which is a '"
                << symbol->getName() << "', not an sdy.mesh";
    return {};
  }
  return mesh;
}

MeshAttr verifyShardingOfValue(TensorShardingAttr sharding, Type type,
                               Operation *from,
                               SymbolTableCollection *symbolTables,
                               EmitErrorFn emitError) {
  MeshAttr mesh = resolveMesh(sharding, from, symbolTables, emitError);
  if (!mesh)
    return {};
  if (failed(verifyAxesInMesh(sharding.getDimShardings(),
                              sharding.getReplicatedAxes(),
                              sharding.getUnreducedAxes(), mesh, emitError)))
    return {};
  size_t numDims = sharding.getDimShardings().size();
  auto shaped = llvm::dyn_cast<ShapedType>(type);
  if (!shaped) {
    // Tokens and other unshaped values can only be replicated.
    if (numDims != 0 || !sharding.getReplicatedAxes().empty() ||
        !sharding.getUnreducedAxes().empty()) {
      emitError() << "a value of type " << type
                  << " has no dimensions to shard; its sharding must be "
                     "'[]' without other axes";
      return {};
    }
    return mesh;
  }
  if (!shaped.hasRank()) {
    emitError() << "cannot shard the unranked type " << type;
    return {};
  }
  // A sharding on a maximal mesh puts the whole value on one device; JAX
  // writes it without dimension shardings (`<@maximal_mesh_0, []>`).
  if (numDims == 0 && mesh.isMaximal())
    return mesh;
  if (static_cast<int64_t>(numDims) != shaped.getRank()) {
    emitError() << "sharding has " << numDims
                << " dimension shardings but the type " << type << " has rank "
                << shaped.getRank();
    return {};
  }
  return mesh;
}

int64_t getAxisSize(AxisRefAttr axis, MeshAttr mesh) {
  if (axis.isSubAxis())
    return axis.getSubSize();
  return mesh.findAxis(axis.getName()).getSize();
}

Type getLocalType(Type globalType, TensorShardingAttr sharding, MeshAttr mesh,
                  ArrayRef<StringRef> manualAxes, EmitErrorFn emitError) {
  auto tensorType = llvm::dyn_cast<RankedTensorType>(globalType);
  if (!tensorType)
    return globalType;
  SmallVector<int64_t> shape(tensorType.getShape());
  for (auto [dim, dimSharding] : llvm::enumerate(sharding.getDimShardings())) {
    int64_t manualSize = 1;
    std::optional<AxisRefAttr> firstFree;
    for (AxisRefAttr axis : dimSharding.getAxes()) {
      if (!llvm::is_contained(manualAxes, axis.getName())) {
        firstFree = firstFree.value_or(axis);
        continue;
      }
      if (firstFree) {
        emitError() << "manual axis " << axis.str() << " follows free axis "
                    << firstFree->str() << " in dimension " << dim
                    << "; manual axes must come first";
        return {};
      }
      manualSize *= getAxisSize(axis, mesh);
    }
    if (ShapedType::isDynamic(shape[dim]))
      continue;
    if (shape[dim] % manualSize != 0) {
      emitError() << "dimension " << dim << " of size " << shape[dim]
                  << " is not divisible by " << manualSize
                  << ", the size of its manual axes";
      return {};
    }
    shape[dim] /= manualSize;
  }
  return tensorType.clone(shape);
}

} // namespace axle::sdy
