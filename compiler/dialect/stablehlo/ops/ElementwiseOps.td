//===- ElementwiseOps.td - unary, binary and ternary elementwise ops ------===//
//
// Pretty form: `stablehlo.add %a, %b : tensor<4xf32>` when all types agree,
// otherwise a function type `(A, B) -> R` (quantized or mixed operands).
//
//===----------------------------------------------------------------------===//

class HLO_UnaryElementwiseOp<string mnemonic, Type operandType,
                             Type resultType, list<Trait> traits = []>
    : HLO_Op<mnemonic, !listconcat(traits, [Pure, Elementwise,
                                            SameOperandsAndResultShape])> {
  let arguments = (ins operandType:$operand);
  let results = (outs resultType:$result);
  let assemblyFormat = [{
    $operand attr-dict
      `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
  let hasVerifier = 1;
}

// Unary ops whose operand and result types agree (or are both quantized).
class HLO_UnarySameTypeOp<string mnemonic, Type type>
    : HLO_UnaryElementwiseOp<mnemonic, type, type,
                             [InferTypeOpAdaptorWithIsCompatible]>;

// Transcendental unary ops carry an optional requested accuracy.
class HLO_UnaryAccuracyOp<string mnemonic, Type type>
    : HLO_UnarySameTypeOp<mnemonic, type> {
  let arguments = (ins type:$operand,
                       OptionalAttr<HLO_ResultAccuracy>:$result_accuracy);
}

def HLO_AbsOp : HLO_UnaryElementwiseOp<"abs",
    RankedTensorOf<[HLO_SInt, HLO_Float, HLO_Complex, HLO_QuantizedInt]>,
    RankedTensorOf<[HLO_SInt, HLO_Float, HLO_QuantizedInt]>,
    [InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "Elementwise absolute value (modulus for complex)";
}
def HLO_CbrtOp : HLO_UnaryAccuracyOp<"cbrt", HLO_FpComplexOrQuantizedTensor> {
  let summary = "Elementwise cube root";
}
def HLO_CeilOp : HLO_UnarySameTypeOp<"ceil", HLO_FpOrQuantizedTensor> {
  let summary = "Elementwise ceiling";
}
def HLO_ClzOp : HLO_UnarySameTypeOp<"count_leading_zeros", HLO_IntTensor> {
  let summary = "Elementwise count of leading zero bits";
}
def HLO_CosineOp : HLO_UnaryAccuracyOp<"cosine", HLO_FpComplexOrQuantizedTensor> {
  let summary = "Elementwise cosine";
}
def HLO_ExpOp : HLO_UnaryAccuracyOp<"exponential", HLO_FpComplexOrQuantizedTensor> {
  let summary = "Elementwise exponential";
}
def HLO_Expm1Op
    : HLO_UnaryAccuracyOp<"exponential_minus_one", HLO_FpComplexOrQuantizedTensor> {
  let summary = "Elementwise exp(x) - 1";
}
def HLO_FloorOp : HLO_UnarySameTypeOp<"floor", HLO_FpOrQuantizedTensor> {
  let summary = "Elementwise floor";
}
def HLO_ImagOp : HLO_UnaryElementwiseOp<"imag", HLO_FpOrComplexTensor,
                                        HLO_FpTensor,
                                        [InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "Elementwise imaginary part";
}
def HLO_IsFiniteOp : HLO_UnaryElementwiseOp<"is_finite", HLO_FpOrQuantizedTensor,
                                            HLO_PredTensor,
                                            [InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "Elementwise test for a finite value";
}
def HLO_LogOp : HLO_UnaryAccuracyOp<"log", HLO_FpComplexOrQuantizedTensor> {
  let summary = "Elementwise natural logarithm";
}
def HLO_Log1pOp : HLO_UnaryAccuracyOp<"log_plus_one", HLO_FpComplexOrQuantizedTensor> {
  let summary = "Elementwise log(1 + x)";
}
def HLO_LogisticOp : HLO_UnaryAccuracyOp<"logistic", HLO_FpComplexOrQuantizedTensor> {
  let summary = "Elementwise logistic function";
}
def HLO_NotOp : HLO_UnarySameTypeOp<"not", HLO_PredOrIntTensor> {
  let summary = "Elementwise logical or bitwise not";
}
def HLO_NegOp : HLO_UnarySameTypeOp<"negate", HLO_IntFpComplexOrQuantizedTensor> {
  let summary = "Elementwise negation";
}
def HLO_PopulationCountOp : HLO_UnarySameTypeOp<"popcnt", HLO_IntTensor> {
  let summary = "Elementwise count of set bits";
}
def HLO_RealOp : HLO_UnaryElementwiseOp<"real", HLO_FpOrComplexTensor,
                                        HLO_FpTensor,
                                        [InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "Elementwise real part";
}
def HLO_RoundOp : HLO_UnarySameTypeOp<"round_nearest_afz", HLO_FpOrQuantizedTensor> {
  let summary = "Elementwise rounding, ties away from zero";
}
def HLO_RoundNearestEvenOp
    : HLO_UnarySameTypeOp<"round_nearest_even", HLO_FpOrQuantizedTensor> {
  let summary = "Elementwise rounding, ties to even";
}
def HLO_RsqrtOp : HLO_UnaryAccuracyOp<"rsqrt", HLO_FpComplexOrQuantizedTensor> {
  let summary = "Elementwise reciprocal square root";
}
def HLO_SignOp
    : HLO_UnarySameTypeOp<"sign",
        RankedTensorOf<[HLO_SInt, HLO_Float, HLO_Complex, HLO_QuantizedInt]>> {
  let summary = "Elementwise sign";
}
def HLO_SineOp : HLO_UnaryAccuracyOp<"sine", HLO_FpComplexOrQuantizedTensor> {
  let summary = "Elementwise sine";
}
def HLO_SqrtOp : HLO_UnaryAccuracyOp<"sqrt", HLO_FpComplexOrQuantizedTensor> {
  let summary = "Elementwise square root";
}
def HLO_TanOp : HLO_UnaryAccuracyOp<"tan", HLO_FpComplexOrQuantizedTensor> {
  let summary = "Elementwise tangent";
}
def HLO_TanhOp : HLO_UnaryAccuracyOp<"tanh", HLO_FpComplexOrQuantizedTensor> {
  let summary = "Elementwise hyperbolic tangent";
}

def HLO_ConvertOp : HLO_UnaryElementwiseOp<"convert", HLO_NonQuantizedTensor,
                                           HLO_NonQuantizedTensor> {
  let summary = "Elementwise conversion between element types";
}

def HLO_BitcastConvertOp : HLO_Op<"bitcast_convert", [Pure]> {
  let summary = "Reinterprets the bits of each element as another type";
  let arguments = (ins HLO_Tensor:$operand);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand attr-dict
      `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
  let hasVerifier = 1;
}

def HLO_ReducePrecisionOp : HLO_Op<"reduce_precision",
    [Pure, Elementwise, SameOperandsAndResultShape,
     InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "Rounds each element to a narrower floating-point format";
  let arguments = (ins HLO_FpOrQuantizedTensor:$operand,
                       ConfinedAttr<I32Attr, [IntPositive]>:$exponent_bits,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$mantissa_bits);
  let results = (outs HLO_FpOrQuantizedTensor:$output);
  let assemblyFormat = [{
    $operand `,` `format` `=`
      custom<ExponentMantissa>($exponent_bits, $mantissa_bits) attr-dict
      `:` custom<SameOperandsAndResultType>(type($operand), type($output))
  }];
  let hasVerifier = 1;
}

class HLO_BinaryElementwiseOp<string mnemonic, Type type,
                              list<Trait> traits = []>
    : HLO_Op<mnemonic, !listconcat(traits, [Pure, Elementwise,
                                            SameOperandsAndResultShape,
                                            InferTypeOpAdaptorWithIsCompatible])> {
  let arguments = (ins type:$lhs, type:$rhs);
  let results = (outs type:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict
      `:` custom<SameOperandsAndResultType>(type($lhs), type($rhs), type($result))
  }];
  let hasVerifier = 1;
}

def HLO_AddOp : HLO_BinaryElementwiseOp<"add", HLO_Tensor, [Commutative]> {
  let summary = "Elementwise addition (logical or for booleans)";
}
def HLO_Atan2Op : HLO_BinaryElementwiseOp<"atan2", HLO_FpComplexOrQuantizedTensor> {
  let summary = "Elementwise two-argument arctangent";
}
def HLO_AndOp : HLO_BinaryElementwiseOp<"and", HLO_PredOrIntTensor, [Commutative]> {
  let summary = "Elementwise logical or bitwise and";
}
def HLO_DivOp : HLO_BinaryElementwiseOp<"divide", HLO_IntFpComplexOrQuantizedTensor> {
  let summary = "Elementwise division";
}
def HLO_MaxOp : HLO_BinaryElementwiseOp<"maximum", HLO_Tensor, [Commutative]> {
  let summary = "Elementwise maximum";
}
def HLO_MinOp : HLO_BinaryElementwiseOp<"minimum", HLO_Tensor, [Commutative]> {
  let summary = "Elementwise minimum";
}
def HLO_MulOp : HLO_BinaryElementwiseOp<"multiply", HLO_Tensor, [Commutative]> {
  let summary = "Elementwise product (logical and for booleans)";
}
def HLO_OrOp : HLO_BinaryElementwiseOp<"or", HLO_PredOrIntTensor, [Commutative]> {
  let summary = "Elementwise logical or bitwise or";
}
def HLO_PowOp : HLO_BinaryElementwiseOp<"power", HLO_IntFpComplexOrQuantizedTensor> {
  let summary = "Elementwise exponentiation";
}
def HLO_RemOp : HLO_BinaryElementwiseOp<"remainder", HLO_IntFpComplexOrQuantizedTensor> {
  let summary = "Elementwise remainder, sign of the dividend";
}
def HLO_ShiftLeftOp : HLO_BinaryElementwiseOp<"shift_left", HLO_IntTensor> {
  let summary = "Elementwise left shift";
}
def HLO_ShiftRightArithmeticOp
    : HLO_BinaryElementwiseOp<"shift_right_arithmetic", HLO_IntTensor> {
  let summary = "Elementwise arithmetic right shift";
}
def HLO_ShiftRightLogicalOp
    : HLO_BinaryElementwiseOp<"shift_right_logical", HLO_IntTensor> {
  let summary = "Elementwise logical right shift";
}
def HLO_SubtractOp : HLO_BinaryElementwiseOp<"subtract", HLO_IntFpComplexOrQuantizedTensor> {
  let summary = "Elementwise subtraction";
}
def HLO_XorOp : HLO_BinaryElementwiseOp<"xor", HLO_PredOrIntTensor, [Commutative]> {
  let summary = "Elementwise logical or bitwise exclusive or";
}

def HLO_ComplexOp : HLO_Op<"complex",
    [Pure, Elementwise, SameOperandsAndResultShape,
     InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "Builds complex numbers from real and imaginary parts";
  let arguments = (ins RankedTensorOf<[F32, F64]>:$lhs,
                       RankedTensorOf<[F32, F64]>:$rhs);
  let results = (outs HLO_ComplexTensor:$result);
  let assemblyFormat = [{
    operands attr-dict
      `:` custom<ComplexOpType>(type($lhs), type($rhs), type($result))
  }];
  let hasVerifier = 1;
}

def HLO_CompareOp : HLO_Op<"compare",
    [Pure, Elementwise, SameOperandsAndResultShape,
     InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "Elementwise comparison";
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs,
                       HLO_ComparisonDirectionAttr:$comparison_direction,
                       OptionalAttr<HLO_ComparisonTypeAttr>:$compare_type);
  let results = (outs HLO_PredTensor:$result);
  let assemblyFormat = [{
    $comparison_direction `,` $lhs `,` $rhs (`,` $compare_type^)? attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_SelectOp : HLO_Op<"select",
    [Pure, InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "Chooses elements of on_true or on_false by a predicate";
  let arguments = (ins HLO_PredTensor:$pred, HLO_Tensor:$on_true,
                       HLO_Tensor:$on_false);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    operands attr-dict `:`
      custom<SelectOpType>(type($pred), type($on_true), type($on_false),
                           type($result))
  }];
  let hasVerifier = 1;
}

def HLO_ClampOp : HLO_Op<"clamp",
    [Pure, InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "Clamps each element of operand between min and max";
  let arguments = (ins HLO_Tensor:$min, HLO_Tensor:$operand, HLO_Tensor:$max);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $min `,` $operand `,` $max attr-dict `:`
      custom<SameOperandsAndResultType>(type($min), type($operand),
                                        type($max), type($result))
  }];
  let hasVerifier = 1;
}

def HLO_MapOp : HLO_Op<"map",
    [RecursiveMemoryEffects, SameOperandsAndResultShape,
     InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "Applies a computation elementwise across operands";
  let arguments = (ins Variadic<HLO_Tensor>:$inputs, HLO_DimArray:$dimensions);
  let regions = (region SizedRegion<1>:$computation);
  let results = (outs HLO_Tensor:$result);
  let hasVerifier = 1;
}
