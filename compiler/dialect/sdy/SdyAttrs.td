//===- SdyAttrs.td - sdy meshes and shardings -*- tablegen -*-===//
//
// Attributes of the sdy dialect. Their syntax is written in C++
// (SdyAttrs.cpp) because the nested lists (`[{"x", ?}, {}]`, sub-axes
// `"x":(1)2`, priorities `p0`) do not fit the declarative format, and so
// that malformed input gets precise errors.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_SDY_ATTRS
#define AXLE_SDY_ATTRS

include "compiler/dialect/sdy/SdyBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"

// Attributes without a mnemonic only appear nested in others.
class Sdy_Attr<string name, string nestedName = "">
    : AttrDef<Sdy_Dialect, name> {
  let attrName = "sdy." # nestedName;
}

def Sdy_MeshAxisAttr : Sdy_Attr<"MeshAxis", "mesh_axis"> {
  let summary = "A named axis of a mesh and its size";
  let parameters = (ins StringRefParameter<"axis name">:$name,
                        "int64_t":$size);
}

def Sdy_MeshAttr : Sdy_Attr<"Mesh", "mesh"> {
  let mnemonic = "mesh";
  let summary = "Named device axes, optionally with an explicit device order";
  let description = [{
    `<["x"=2, "y"=4]>`: devices laid out as a 2x4 array with axes named x and
    y, numbered 0..7 in row-major order unless `device_ids=[...]` gives the
    order. `<[]>` is the empty mesh; `<[], device_ids=[3]>` is a maximal
    mesh: everything on device 3.
  }];
  let parameters = (ins
      OptionalArrayRefParameter<"MeshAxisAttr", "axes">:$axes,
      OptionalArrayRefParameter<"int64_t", "device order">:$device_ids);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The axis named `name`, or null.
    MeshAxisAttr findAxis(::llvm::StringRef name) const;
    /// Product of the axis sizes: the number of devices.
    int64_t getTotalSize() const;
    /// True for a mesh without axes but with one device id.
    bool isMaximal() const;
  }];
}

def Sdy_AxisRefAttr : Sdy_Attr<"AxisRef", "axis_ref"> {
  let summary = "A mesh axis, whole (`\"x\"`) or a sub-axis (`\"x\":(2)4`)";
  let description = [{
    A sub-axis `"x":(m)k` views axis x as a reshaped array and takes the
    factor of size k that has m devices' worth of axis factors to its left.
    `sub_size` is 0 for a whole axis.
  }];
  let parameters = (ins StringRefParameter<"axis name">:$name,
                        "int64_t":$sub_pre_size,
                        "int64_t":$sub_size);
  let builders = [
    AttrBuilder<(ins "::llvm::StringRef":$name), [{
      return $_get($_ctxt, name, /*sub_pre_size=*/0, /*sub_size=*/0);
    }]>
  ];
  let extraClassDeclaration = [{
    bool isSubAxis() const { return getSubSize() != 0; }
    /// `"x"` or `"x":(1)2`, as written.
    std::string str() const;
  }];
}

def Sdy_DimensionShardingAttr
    : Sdy_Attr<"DimensionSharding", "dimension_sharding"> {
  let summary = "The axes one tensor dimension is split over, major first";
  let description = [{
    `{"x", "y"}` splits a dimension over x then y; `{}` keeps it whole.
    A trailing `?` (`{"x", ?}`, `{?}`) leaves it open to further sharding
    by propagation; `p<N>` after the braces is a priority (lower is
    stronger).
  }];
  let parameters = (ins
      OptionalArrayRefParameter<"AxisRefAttr", "axes">:$axes,
      "bool":$is_closed,
      OptionalParameter<"std::optional<int64_t>", "priority">:$priority);
  let genVerifyDecl = 1;
}

def Sdy_TensorShardingAttr : Sdy_Attr<"TensorSharding", "sharding"> {
  let mnemonic = "sharding";
  let summary = "How a tensor is distributed over a mesh";
  let description = [{
    Written `<@mesh, [dims...], replicated={"z"}, unreduced={"w"}>` with
    one dimension sharding (`{"x"}`, `{"y", ?}`, `{}`, ...) per tensor
    dimension, over the axes of the mesh named by the symbol (or of an
    inline `mesh<...>`). Axes named in `replicated` hold full copies
    explicitly; `unreduced` axes hold partial sums still to be added up.
  }];
  let parameters = (ins
      "::mlir::Attribute":$mesh_or_ref,
      OptionalArrayRefParameter<"DimensionShardingAttr", "dimensions">
          :$dim_shardings,
      OptionalArrayRefParameter<"AxisRefAttr", "replicated axes">
          :$replicated_axes,
      OptionalArrayRefParameter<"AxisRefAttr", "unreduced axes">
          :$unreduced_axes);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The inline mesh, or null when the sharding names a mesh symbol.
    MeshAttr getInlineMesh() const {
      return ::llvm::dyn_cast<MeshAttr>(getMeshOrRef());
    }
    /// The referenced mesh symbol, or null for an inline mesh.
    ::mlir::FlatSymbolRefAttr getMeshRef() const {
      return ::llvm::dyn_cast<::mlir::FlatSymbolRefAttr>(getMeshOrRef());
    }
  }];
}

def Sdy_TensorShardingPerValueAttr
    : Sdy_Attr<"TensorShardingPerValue", "sharding_per_value"> {
  let mnemonic = "sharding_per_value";
  let summary = "One tensor sharding per result (or operand) of an op";
  let parameters = (ins
      OptionalArrayRefParameter<"TensorShardingAttr", "shardings">:$shardings);
  let hasCustomAssemblyFormat = 1;
}

//===----------------------------------------------------------------------===//
// Sharding rules: how an op's dimensions correspond, in terms of factors
//===----------------------------------------------------------------------===//

def Sdy_DimMappingAttr : Sdy_Attr<"DimMapping", "dim_mapping"> {
  let summary = "The factors one dimension is made of, major first";
  let parameters = (ins
      ArrayRefParameter<"int64_t", "factor indices">:$factors);
}

def Sdy_TensorMappingAttr : Sdy_Attr<"TensorMapping", "tensor_mapping"> {
  let summary = "The factors of each dimension of one operand or result";
  let parameters = (ins
      OptionalArrayRefParameter<"DimMappingAttr", "dimensions">:$dims);
}

def Sdy_OpShardingRuleAttr : Sdy_Attr<"OpShardingRule", "op_sharding_rule"> {
  let mnemonic = "op_sharding_rule";
  let summary = "How an op can be partitioned, in terms of shared factors";
  let description = [{
    `<([i, j], [j, k])->([i, k]) {i=8, j=4, k=2} reduction={j}, custom>`
    (JAX puts one on its custom calls, e.g. the LAPACK ones): the dimensions
    of operands and results are products of named factors (`i`..`z`, then
    `z_1`, `z_2`, ...; `[ij]` is a dimension made of i then j); dimensions
    that share a factor are sharded alike. Factors may be listed as needing
    a reduction, replication, a permutation, or as blocking propagation;
    `custom` marks a rule given by the user for a custom call.
  }];
  let parameters = (ins
      OptionalArrayRefParameter<"int64_t", "factor sizes">:$factor_sizes,
      OptionalArrayRefParameter<"TensorMappingAttr", "operands">
          :$operand_mappings,
      OptionalArrayRefParameter<"TensorMappingAttr", "results">
          :$result_mappings,
      OptionalArrayRefParameter<"int64_t", "factors">:$reduction_factors,
      OptionalArrayRefParameter<"int64_t", "factors">
          :$need_replication_factors,
      OptionalArrayRefParameter<"int64_t", "factors">:$permutation_factors,
      OptionalArrayRefParameter<"int64_t", "factors">
          :$blocked_propagation_factors,
      "bool":$is_custom_rule);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

#endif // AXLE_SDY_ATTRS
