//===- Descriptors.cpp - memrefs from raw data pointers -------------------===//
//
// The LLVM form of a memref is the struct {allocated pointer, aligned
// pointer, offset, sizes[rank], strides[rank]} (no sizes or strides for
// rank 0). Entry points and outlined parallel loops receive only data
// pointers; with a static shape and layout the rest is constants.
//
//===----------------------------------------------------------------------===//

#include "compiler/codegen/cpu/Descriptors.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace axle::cpu {

using namespace mlir;

bool hasStaticDescriptor(MemRefType type) {
  if (!type.hasStaticShape())
    return false;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return false;
  return !ShapedType::isDynamic(offset) &&
         llvm::none_of(strides, ShapedType::isDynamic);
}

Value memrefFromPointer(OpBuilder &b, Location loc, MemRefType type,
                        Value data) {
  MLIRContext *ctx = b.getContext();
  int64_t rank = type.getRank();
  Type i64 = b.getI64Type();
  Type ptr = LLVM::LLVMPointerType::get(ctx);
  SmallVector<Type> fields = {ptr, ptr, i64};
  if (rank > 0) {
    fields.push_back(LLVM::LLVMArrayType::get(i64, rank));
    fields.push_back(LLVM::LLVMArrayType::get(i64, rank));
  }
  auto structType = LLVM::LLVMStructType::getLiteral(ctx, fields);
  SmallVector<int64_t> strides;
  int64_t offset = 0;
  (void)type.getStridesAndOffset(strides, offset);
  auto constant = [&](int64_t value) -> Value {
    return LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(value));
  };
  Value desc = LLVM::PoisonOp::create(b, loc, structType);
  desc = LLVM::InsertValueOp::create(b, loc, desc, data, ArrayRef<int64_t>{0});
  desc = LLVM::InsertValueOp::create(b, loc, desc, data, ArrayRef<int64_t>{1});
  desc = LLVM::InsertValueOp::create(b, loc, desc, constant(offset),
                                     ArrayRef<int64_t>{2});
  for (int64_t dim = 0; dim < rank; ++dim) {
    desc = LLVM::InsertValueOp::create(b, loc, desc,
                                       constant(type.getDimSize(dim)),
                                       ArrayRef<int64_t>{3, dim});
    desc = LLVM::InsertValueOp::create(b, loc, desc, constant(strides[dim]),
                                       ArrayRef<int64_t>{4, dim});
  }
  return UnrealizedConversionCastOp::create(b, loc, type, desc).getResult(0);
}

} // namespace axle::cpu
