//===- LowerCustomCall.cpp - custom_call as a call to a C function --------===//
//
// `stablehlo.custom_call @target(operands)` becomes a call of a private
// "thunk" function that takes the operands' buffers and the results'
// buffers (destination-passing, already in memref form):
//
//   %in = bufferization.to_buffer %operand read_only
//   %out = memref.alloc()
//   func.call @axle_custom_call.target(%in, %out)
//   %result = bufferization.to_tensor %out restrict writable
//
// The thunk carries `axle.custom_call_target`; code generation gives it a
// body that calls the C function in the target's slot with a
// `void **buffers` array (codegen/cpu/EmitCustomCallThunks.cpp). The
// result allocations are hoisted into the caller's output buffers where
// they are results of the entry function, as for any other op.
//
//===----------------------------------------------------------------------===//

#include "compiler/lowering/Lowering.h"

#include "compiler/dialect/stablehlo/Stablehlo.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"

namespace axle::lowering {

using namespace mlir;
namespace hlo = axle::stablehlo;

namespace {

struct CustomCallToThunk : public OpConversionPattern<hlo::CustomCallOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::CustomCallOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    StringRef target = op.getCallTargetName();
    if (target.starts_with("check."))
      return unsupported(op, "check operations compare with expected values "
                             "and run only on the interpreter "
                             "(--backend=interpreter)");
    if (target.empty() ||
        llvm::any_of(target, [](char c) { return c <= ' ' || c == 127; }))
      return unsupported(op, "the target name must be non-empty without "
                             "spaces or control characters");
    if (op.getCalledComputations() && !op.getCalledComputations()->empty())
      return unsupported(op, "custom calls with called computations");
    if (op.getOutputOperandAliases() && !op.getOutputOperandAliases()->empty())
      return unsupported(op, "custom calls with output-operand aliases");

    SmallVector<Type> thunkInputs;
    auto bufferOf = [&](Type type) -> MemRefType {
      auto tensor = dyn_cast_or_null<RankedTensorType>(
          getTypeConverter()->convertType(type));
      if (!tensor || !tensor.hasStaticShape())
        return {};
      return MemRefType::get(tensor.getShape(), tensor.getElementType());
    };
    for (Value operand : op.getInputs()) {
      MemRefType buffer = bufferOf(operand.getType());
      if (!buffer)
        return unsupported(op, "operands must be statically shaped tensors");
      thunkInputs.push_back(buffer);
    }
    SmallVector<MemRefType> resultBuffers;
    for (Type type : op.getResultTypes()) {
      MemRefType buffer = bufferOf(type);
      if (!buffer)
        return unsupported(op, "results must be statically shaped tensors");
      resultBuffers.push_back(buffer);
      thunkInputs.push_back(buffer);
    }

    // One thunk per target and signature.
    auto module = op->getParentOfType<ModuleOp>();
    FunctionType thunkType = rewriter.getFunctionType(thunkInputs, {});
    std::string base = ("axle_custom_call." + target).str();
    std::string name = base;
    func::FuncOp thunk;
    for (int suffix = 1;; ++suffix) {
      thunk = module.lookupSymbol<func::FuncOp>(name);
      if (!thunk || thunk.getFunctionType() == thunkType)
        break;
      name = base + "." + std::to_string(suffix);
    }
    if (!thunk) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToEnd(module.getBody());
      thunk = func::FuncOp::create(rewriter, op.getLoc(), name, thunkType);
      thunk.setPrivate();
      thunk->setAttr("axle.custom_call_target", rewriter.getStringAttr(target));
    }

    Location loc = op.getLoc();
    SmallVector<Value> buffers;
    for (auto [operand, type] :
         llvm::zip(adaptor.getInputs(), ArrayRef<Type>(thunkInputs))) {
      buffers.push_back(bufferization::ToBufferOp::create(
          rewriter, loc, type, operand, /*read_only=*/true));
    }
    SmallVector<Value> results;
    for (MemRefType type : resultBuffers) {
      Value buffer = memref::AllocOp::create(rewriter, loc, type,
                                             rewriter.getI64IntegerAttr(64));
      buffers.push_back(buffer);
    }
    func::CallOp::create(rewriter, loc, thunk, buffers);
    for (auto [buffer, type] :
         llvm::zip(ArrayRef<Value>(buffers).take_back(resultBuffers.size()),
                   resultBuffers)) {
      results.push_back(bufferization::ToTensorOp::create(
          rewriter, loc,
          RankedTensorType::get(type.getShape(), type.getElementType()), buffer,
          /*restrict=*/true, /*writable=*/true));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

void populateCustomCallPatterns(const TypeConverter &converter,
                                RewritePatternSet &patterns) {
  patterns.add<CustomCallToThunk>(converter, patterns.getContext());
}

} // namespace axle::lowering
