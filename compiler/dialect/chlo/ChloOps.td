//===- ChloOps.td - chlo operations ------------------------*- tablegen -*-===//
//
// The syntax is the one exported programs use:
//   %1 = chlo.lgamma %0 : tensor<20x20xf32> -> tensor<20x20xf32>
//   %2 = chlo.next_after %a, %b : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
//   %3 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 1>}
//          : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
//   %values, %indices = chlo.top_k(%0, k = 2)
//          : tensor<5x3xf32> -> (tensor<5x2xf32>, tensor<5x2xi32>)
// constant_like and ragged_dot have no pretty form and use the generic one.
// Shape and element type rules are checked by the C++ verifiers
// (ChloVerify.cpp) so that diagnostics can name the offending types.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_CHLO_OPS
#define AXLE_CHLO_OPS

include "compiler/dialect/chlo/ChloBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class Chlo_Op<string mnemonic, list<Trait> traits = []>
    : Op<Chlo_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// Unary elementwise operations
//===----------------------------------------------------------------------===//

// `verifierCall` is the C++ check shared by the ops of a class; it receives
// the operation.
class Chlo_UnaryOp<string mnemonic, Type operandType, Type resultType,
                   string verifierCall = "verifySameTypeUnary">
    : Chlo_Op<mnemonic, [Pure]> {
  let arguments = (ins operandType:$operand);
  let results = (outs resultType:$result);
  let assemblyFormat = "$operand attr-dict `:` type($operand) `->` type($result)";
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() {
      return ::axle::chlo::}] # verifierCall # [{(getOperation());
    }
  }];
  let builders = [OpBuilder<(ins "::mlir::Value":$operand), [{
    build($_builder, $_state, operand.getType(), operand);
  }]>];
}

// Float-or-complex and float-only shorthands.
class Chlo_FpOrComplexUnaryOp<string mnemonic>
    : Chlo_UnaryOp<mnemonic, HLO_FpOrComplexTensor, HLO_FpOrComplexTensor>;
class Chlo_FpUnaryOp<string mnemonic>
    : Chlo_UnaryOp<mnemonic, HLO_FpTensor, HLO_FpTensor>;

def Chlo_AcosOp : Chlo_FpOrComplexUnaryOp<"acos"> {
  let summary = "Elementwise arc cosine";
}
def Chlo_AcoshOp : Chlo_FpOrComplexUnaryOp<"acosh"> {
  let summary = "Elementwise inverse hyperbolic cosine";
}
def Chlo_AsinOp : Chlo_FpOrComplexUnaryOp<"asin"> {
  let summary = "Elementwise arc sine";
}
def Chlo_AsinhOp : Chlo_FpOrComplexUnaryOp<"asinh"> {
  let summary = "Elementwise inverse hyperbolic sine";
}
def Chlo_AtanOp : Chlo_FpOrComplexUnaryOp<"atan"> {
  let summary = "Elementwise arc tangent";
}
def Chlo_AtanhOp : Chlo_FpOrComplexUnaryOp<"atanh"> {
  let summary = "Elementwise inverse hyperbolic tangent";
}
def Chlo_CoshOp : Chlo_FpOrComplexUnaryOp<"cosh"> {
  let summary = "Elementwise hyperbolic cosine";
}
def Chlo_SinhOp : Chlo_FpOrComplexUnaryOp<"sinh"> {
  let summary = "Elementwise hyperbolic sine";
}
def Chlo_TanOp : Chlo_FpOrComplexUnaryOp<"tan"> {
  let summary = "Elementwise tangent";
}
def Chlo_ConjOp : Chlo_FpOrComplexUnaryOp<"conj"> {
  let summary = "Elementwise complex conjugate (identity on real values)";
}
def Chlo_SquareOp : Chlo_UnaryOp<"square", HLO_IntFpOrComplexTensor,
                                 HLO_IntFpOrComplexTensor> {
  let summary = "Elementwise x * x";
}

def Chlo_BesselI1eOp : Chlo_FpUnaryOp<"bessel_i1e"> {
  let summary = "Exponentially scaled modified Bessel function of order 1";
  let description = [{ `bessel_i1e(x) = exp(-|x|) * I1(x)`. }];
}
def Chlo_DigammaOp : Chlo_FpUnaryOp<"digamma"> {
  let summary = "Elementwise digamma (logarithmic derivative of gamma)";
}
def Chlo_ErfOp : Chlo_FpUnaryOp<"erf"> {
  let summary = "Elementwise error function";
}
def Chlo_ErfInvOp : Chlo_FpUnaryOp<"erf_inv"> {
  let summary = "Elementwise inverse error function";
}
def Chlo_ErfcOp : Chlo_FpUnaryOp<"erfc"> {
  let summary = "Elementwise complementary error function";
}
def Chlo_LgammaOp : Chlo_FpUnaryOp<"lgamma"> {
  let summary = "Elementwise log of the absolute value of gamma";
}

def Chlo_IsInfOp : Chlo_UnaryOp<"is_inf", HLO_FpTensor, HLO_PredTensor,
                                "verifyPredicateUnary"> {
  let summary = "Elementwise test for +inf or -inf";
}
def Chlo_IsNegInfOp : Chlo_UnaryOp<"is_neg_inf", HLO_FpTensor, HLO_PredTensor,
                                   "verifyPredicateUnary"> {
  let summary = "Elementwise test for -inf";
}
def Chlo_IsPosInfOp : Chlo_UnaryOp<"is_pos_inf", HLO_FpTensor, HLO_PredTensor,
                                   "verifyPredicateUnary"> {
  let summary = "Elementwise test for +inf";
}

//===----------------------------------------------------------------------===//
// Binary elementwise operations on equal shapes
//===----------------------------------------------------------------------===//

// ODS names operands by the `ins` list, so each op spells its own.
def Chlo_NextAfterOp : Chlo_Op<"next_after", [Pure]> {
  let summary = "The next representable value after x in the direction of y";
  let arguments = (ins HLO_FpTensor:$x, HLO_FpTensor:$y);
  let results = (outs HLO_FpTensor:$result);
  let assemblyFormat = [{
    $x `,` $y attr-dict `:` type($x) `,` type($y) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Chlo_PolygammaOp : Chlo_Op<"polygamma", [Pure]> {
  let summary = "Elementwise polygamma: the n-th derivative of digamma at x";
  let arguments = (ins HLO_FpTensor:$n, HLO_FpTensor:$x);
  let results = (outs HLO_FpTensor:$result);
  let assemblyFormat = [{
    $n `,` $x attr-dict `:` type($n) `,` type($x) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Chlo_ZetaOp : Chlo_Op<"zeta", [Pure]> {
  let summary = "Elementwise Hurwitz zeta: sum over k >= 0 of (q + k)^-x";
  let arguments = (ins HLO_FpTensor:$x, HLO_FpTensor:$q);
  let results = (outs HLO_FpTensor:$result);
  let assemblyFormat = [{
    $x `,` $q attr-dict `:` type($x) `,` type($q) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Chlo_MulhiOp : Chlo_Op<"mulhi", [Pure]> {
  let summary = "High half of the double-width integer product";
  let description = [{
    For N-bit integers, the upper N bits of the 2N-bit product (signed for
    signless types, unsigned for `ui` types).
  }];
  let arguments = (ins HLO_IntTensor:$lhs, HLO_IntTensor:$rhs);
  let results = (outs HLO_IntTensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Broadcasting binary operations
//===----------------------------------------------------------------------===//

// Operands broadcast numpy-style (trailing dimensions aligned, size 1
// stretches), or, when `broadcast_dimensions` is given, the lower-rank
// operand's dimension i maps to result dimension broadcast_dimensions[i].
class Chlo_BroadcastBinaryOp<string mnemonic, Type operandType,
                             Type resultType,
                             string verifierCall = "verifyBroadcastSameType">
    : Chlo_Op<mnemonic, [Pure]> {
  let arguments = (ins operandType:$lhs, operandType:$rhs,
                       OptionalAttr<DenseI64ArrayAttr>:$broadcast_dimensions);
  let results = (outs resultType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict
      `:` `(` type($lhs) `,` type($rhs) `)` `->` type($result)
  }];
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() {
      return ::axle::chlo::}] # verifierCall # [{(getOperation(),
                                                  getBroadcastDimensions());
    }
  }];
}

def Chlo_BroadcastAddOp
    : Chlo_BroadcastBinaryOp<"broadcast_add", HLO_NonQuantizedTensor,
                             HLO_NonQuantizedTensor> {
  let summary = "Broadcasting addition";
}
def Chlo_BroadcastSubOp
    : Chlo_BroadcastBinaryOp<"broadcast_subtract", HLO_IntFpOrComplexTensor,
                             HLO_IntFpOrComplexTensor> {
  let summary = "Broadcasting subtraction";
}
def Chlo_BroadcastMulOp
    : Chlo_BroadcastBinaryOp<"broadcast_multiply", HLO_NonQuantizedTensor,
                             HLO_NonQuantizedTensor> {
  let summary = "Broadcasting multiplication";
}
def Chlo_BroadcastDivOp
    : Chlo_BroadcastBinaryOp<"broadcast_divide", HLO_IntFpOrComplexTensor,
                             HLO_IntFpOrComplexTensor> {
  let summary = "Broadcasting division";
}
def Chlo_BroadcastRemOp
    : Chlo_BroadcastBinaryOp<"broadcast_remainder", HLO_IntFpOrComplexTensor,
                             HLO_IntFpOrComplexTensor> {
  let summary = "Broadcasting remainder";
}
def Chlo_BroadcastMaxOp
    : Chlo_BroadcastBinaryOp<"broadcast_maximum", HLO_NonQuantizedTensor,
                             HLO_NonQuantizedTensor> {
  let summary = "Broadcasting maximum";
}
def Chlo_BroadcastMinOp
    : Chlo_BroadcastBinaryOp<"broadcast_minimum", HLO_NonQuantizedTensor,
                             HLO_NonQuantizedTensor> {
  let summary = "Broadcasting minimum";
}
def Chlo_BroadcastPowOp
    : Chlo_BroadcastBinaryOp<"broadcast_power", HLO_IntFpOrComplexTensor,
                             HLO_IntFpOrComplexTensor> {
  let summary = "Broadcasting exponentiation";
}
def Chlo_BroadcastAtan2Op
    : Chlo_BroadcastBinaryOp<"broadcast_atan2", HLO_FpOrComplexTensor,
                             HLO_FpOrComplexTensor> {
  let summary = "Broadcasting two-argument arc tangent";
}
def Chlo_BroadcastAndOp
    : Chlo_BroadcastBinaryOp<"broadcast_and", HLO_PredOrIntTensor,
                             HLO_PredOrIntTensor> {
  let summary = "Broadcasting logical or bitwise and";
}
def Chlo_BroadcastOrOp
    : Chlo_BroadcastBinaryOp<"broadcast_or", HLO_PredOrIntTensor,
                             HLO_PredOrIntTensor> {
  let summary = "Broadcasting logical or bitwise or";
}
def Chlo_BroadcastXorOp
    : Chlo_BroadcastBinaryOp<"broadcast_xor", HLO_PredOrIntTensor,
                             HLO_PredOrIntTensor> {
  let summary = "Broadcasting logical or bitwise exclusive or";
}
def Chlo_BroadcastShiftLeftOp
    : Chlo_BroadcastBinaryOp<"broadcast_shift_left", HLO_IntTensor,
                             HLO_IntTensor> {
  let summary = "Broadcasting left shift";
}
def Chlo_BroadcastShiftRightArithmeticOp
    : Chlo_BroadcastBinaryOp<"broadcast_shift_right_arithmetic",
                             HLO_IntTensor, HLO_IntTensor> {
  let summary = "Broadcasting arithmetic right shift";
}
def Chlo_BroadcastShiftRightLogicalOp
    : Chlo_BroadcastBinaryOp<"broadcast_shift_right_logical", HLO_IntTensor,
                             HLO_IntTensor> {
  let summary = "Broadcasting logical right shift";
}
def Chlo_BroadcastNextAfterOp
    : Chlo_BroadcastBinaryOp<"broadcast_next_after", HLO_FpTensor,
                             HLO_FpTensor> {
  let summary = "Broadcasting next_after";
}
def Chlo_BroadcastPolygammaOp
    : Chlo_BroadcastBinaryOp<"broadcast_polygamma", HLO_FpTensor,
                             HLO_FpTensor> {
  let summary = "Broadcasting polygamma (lhs is the order n)";
}
def Chlo_BroadcastZetaOp
    : Chlo_BroadcastBinaryOp<"broadcast_zeta", HLO_FpTensor, HLO_FpTensor> {
  let summary = "Broadcasting Hurwitz zeta (lhs is x, rhs is q)";
}
def Chlo_BroadcastComplexOp
    : Chlo_BroadcastBinaryOp<"broadcast_complex", RankedTensorOf<[F32, F64]>,
                             HLO_ComplexTensor, "verifyBroadcastComplex"> {
  let summary = "Broadcasting construction of complex numbers";
}

def Chlo_BroadcastCompareOp : Chlo_Op<"broadcast_compare", [Pure]> {
  let summary = "Broadcasting comparison";
  let arguments = (ins HLO_NonQuantizedTensor:$lhs,
                       HLO_NonQuantizedTensor:$rhs,
                       OptionalAttr<DenseI64ArrayAttr>:$broadcast_dimensions,
                       Chlo_ComparisonDirectionAttr:$comparison_direction,
                       OptionalAttr<Chlo_ComparisonTypeAttr>:$compare_type);
  let results = (outs HLO_PredTensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict
      `:` `(` type($lhs) `,` type($rhs) `)` `->` type($result)
  }];
  let hasVerifier = 1;
}

def Chlo_BroadcastSelectOp : Chlo_Op<"broadcast_select", [Pure]> {
  let summary = "Broadcasting select: on_true where pred, else on_false";
  let arguments = (ins HLO_PredTensor:$pred, HLO_NonQuantizedTensor:$on_true,
                       HLO_NonQuantizedTensor:$on_false);
  let results = (outs HLO_NonQuantizedTensor:$result);
  let assemblyFormat = [{
    $pred `,` $on_true `,` $on_false attr-dict
      `:` `(` type($pred) `,` type($on_true) `,` type($on_false) `)`
      `->` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

def Chlo_ConstantOp : Chlo_Op<"constant",
    [ConstantLike, Pure, AllTypesMatch<["value", "output"]>]> {
  let summary = "A tensor given by a literal";
  let arguments = (ins ElementsAttr:$value);
  let results = (outs HLO_NonQuantizedTensor:$output);
  let assemblyFormat = "attr-dict $value";
  let hasFolder = 1;
}

def Chlo_ConstantLikeOp : Chlo_Op<"constant_like", [Pure]> {
  let summary = "A splat of a scalar with the shape of the operand";
  let description = [{
    `value`'s type is the result element type; the result shape is the
    operand's. Generic syntax only:
    `"chlo.constant_like"(%x) {value = 1.0 : f32} : (tensor<4xi32>) -> tensor<4xf32>`.
  }];
  let arguments = (ins TypedAttrInterface:$value, HLO_Tensor:$operand);
  let results = (outs HLO_NonQuantizedTensor:$result);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Structured operations
//===----------------------------------------------------------------------===//

def Chlo_TopKOp : Chlo_Op<"top_k",
    [Pure, DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "The k largest entries along the last dimension, and indices";
  let description = [{
    Sorted in descending order; equal values keep the lower index first.
    Floats are ordered totally: NaN above +inf, -NaN below -inf.
  }];
  let arguments = (ins HLO_NonQuantizedTensor:$operand,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$k);
  let results = (outs HLO_NonQuantizedTensor:$values,
                      RankedTensorOf<[I32]>:$indices);
  let assemblyFormat = [{
    `(` $operand `,` `k` `=` $k `)` attr-dict
      `:` type($operand) `->` `(` type($values) `,` type($indices) `)`
  }];
  let hasVerifier = 1;
}

def Chlo_RaggedDotOp : Chlo_Op<"ragged_dot", [Pure]> {
  let summary = "dot_general whose lhs is split into groups along one dimension";
  let description = [{
    `group_sizes` (last dimension G) splits the lhs ragged dimension into G
    consecutive groups. Mode 1, ragged non-contracting dimension m:
    `[b,m,k], [g,b,k,n] -> [b,m,n]`, rows of group i use rhs group i.
    Mode 2, ragged contracting dimension k: `[b,m,k], [b,k,n] -> [g,b,m,n]`,
    group i contracts only its slice of k. Mode 3, ragged batch dimension:
    `[b,m,k], [b,k,n] -> [b,m,n]`, a plain dot_general. In modes 1 and 2
    positions past the sum of the group sizes contribute nothing.
  }];
  let arguments = (ins HLO_NonQuantizedTensor:$lhs,
                       HLO_NonQuantizedTensor:$rhs,
                       HLO_IntTensor:$group_sizes,
                       Chlo_RaggedDotDimensionNumbers:$ragged_dot_dimension_numbers,
                       OptionalAttr<Chlo_PrecisionConfigAttr>:$precision_config);
  let results = (outs HLO_NonQuantizedTensor:$result);
  let hasVerifier = 1;
}

def Chlo_ScanOp : Chlo_Op<"scan",
    [RecursiveMemoryEffects, AttrSizedOperandSegments,
     AttrSizedResultSegments,
     DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmBlockArgumentNames"]>]> {
  let summary = "Sequential scan of a body over one dimension of the inputs";
  let description = [{
    For each position i along `dimension` (from the end when `is_reverse`),
    the body receives the i-th slices of `inputs` (the dimension removed)
    followed by the carries (starting at `inits`), and returns the i-th
    slices of `outputs` followed by the next carries. The results are the
    outputs (the dimension re-inserted) and the final carries. Without
    inputs, `scan_dim_size` gives the length. `is_associative` is a hint.
    ```
    %0:2 = chlo.scan(%x) inits(%c) dimension=0 {
    ^bb0(%input: tensor<4xf32>, %carry: tensor<4xf32>):
      ...
      stablehlo.return %out, %next : tensor<4xf32>, tensor<4xf32>
    } : (tensor<3x4xf32>, tensor<4xf32>) -> (tensor<3x4xf32>, tensor<4xf32>)
    ```
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
                       Variadic<HLO_TensorOrToken>:$inits,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$dimension,
                       OptionalAttr<ConfinedAttr<I64Attr, [IntNonNegative]>>:$scan_dim_size,
                       OptionalAttr<BoolAttr>:$is_reverse,
                       OptionalAttr<BoolAttr>:$is_associative);
  let regions = (region SizedRegion<1>:$body);
  let results = (outs Variadic<HLO_Tensor>:$outputs,
                      Variadic<HLO_TensorOrToken>:$carries);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The number of positions scanned: the inputs' size along `dimension`,
    /// else `scan_dim_size`; dynamic when unknown.
    int64_t getScanLength();
  }];
}

#endif // AXLE_CHLO_OPS
