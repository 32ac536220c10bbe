//===- Tensor.h - values the interpreter computes with ----------*- C++ -*-===//
//
// A Tensor is a ranked tensor type plus its elements in row-major order.
// Copies share their elements until one is written (copy on write), so
// passing tensors between ops is cheap. Quantized tensors store their
// storage integers; `storageType()` names that integer type.
//
// RuntimeValue is what an SSA value holds during interpretation: a tensor, a
// token, or a tuple of runtime values.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_INTERPRETER_TENSOR_H
#define AXLE_INTERPRETER_TENSOR_H

#include "interpreter/Element.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <memory>
#include <optional>
#include <variant>
#include <vector>

namespace axle::interp {

/// The most elements one tensor may hold in the interpreter (4 Gi): larger
/// results are an error, not an allocation failure.
constexpr int64_t kMaxTensorElements = int64_t(1) << 32;

/// The number of elements of `shape`, or nullopt when a dimension is
/// negative or dynamic, or the count exceeds kMaxTensorElements.
std::optional<int64_t> boundedElementCount(llvm::ArrayRef<int64_t> shape);

class Tensor {
public:
  Tensor() = default;
  /// A tensor of `type` with every element `fill`.
  Tensor(mlir::RankedTensorType type, const Element &fill);
  /// A tensor of `type` filled with zeros of its storage type.
  explicit Tensor(mlir::RankedTensorType type);

  /// The elements of a dense literal. `type` may differ from the literal's
  /// own type only for quantized tensors (the literal holds storage values).
  static Tensor fromAttr(mlir::DenseElementsAttr attr,
                         mlir::RankedTensorType type);
  /// A dense literal of this tensor (for quantized tensors: of its storage).
  mlir::DenseElementsAttr toAttr() const;

  mlir::RankedTensorType getType() const { return type; }
  llvm::ArrayRef<int64_t> getShape() const { return type.getShape(); }
  int64_t getRank() const { return type.getRank(); }
  mlir::Type getElementType() const { return type.getElementType(); }
  /// The type elements are stored in: the element type, or the storage
  /// integer type of a quantized element type.
  mlir::Type storageType() const;
  int64_t size() const { return static_cast<int64_t>(elements->size()); }

  const Element &operator[](int64_t linear) const {
    return (*elements)[linear];
  }
  const Element &at(llvm::ArrayRef<int64_t> index) const {
    return (*elements)[linearIndex(index)];
  }
  void set(int64_t linear, Element value);
  void set(llvm::ArrayRef<int64_t> index, Element value) {
    set(linearIndex(index), std::move(value));
  }

  int64_t linearIndex(llvm::ArrayRef<int64_t> index) const;
  /// The multi-dimensional index of a linear position.
  llvm::SmallVector<int64_t> multiIndex(int64_t linear) const;

  /// Calls `fn` with every index of `shape` in row-major order.
  static void
  forEachIndex(llvm::ArrayRef<int64_t> shape,
               llvm::function_ref<void(llvm::ArrayRef<int64_t>)> fn);

private:
  void makeUnique();

  mlir::RankedTensorType type;
  std::shared_ptr<std::vector<Element>> elements =
      std::make_shared<std::vector<Element>>();
};

struct Token {};

class RuntimeValue;
using Tuple = std::vector<RuntimeValue>;

class RuntimeValue {
public:
  RuntimeValue() = default;
  RuntimeValue(Tensor tensor) : value(std::move(tensor)) {}
  RuntimeValue(Token token) : value(token) {}
  RuntimeValue(Tuple tuple) : value(std::move(tuple)) {}

  bool isTensor() const { return std::holds_alternative<Tensor>(value); }
  bool isToken() const { return std::holds_alternative<Token>(value); }
  bool isTuple() const { return std::holds_alternative<Tuple>(value); }
  const Tensor &getTensor() const { return std::get<Tensor>(value); }
  Tensor &getTensor() { return std::get<Tensor>(value); }
  const Tuple &getTuple() const { return std::get<Tuple>(value); }

private:
  std::variant<Tensor, Token, Tuple> value;
};

} // namespace axle::interp

#endif // AXLE_INTERPRETER_TENSOR_H
