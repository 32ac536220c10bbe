//===- StablehloBase.td - stablehlo dialect and type constraints -*- tablegen -*-===//
//
// The dialect definition and the type constraints the op definitions share.
// The element types are those of the StableHLO specification's
// TensorElementType and QuantizedTensorElementType.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_STABLEHLO_BASE
#define AXLE_STABLEHLO_BASE

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypes.td"
include "mlir/IR/CommonTypeConstraints.td"

def Stablehlo_Dialect : Dialect {
  let name = "stablehlo";
  let cppNamespace = "::axle::stablehlo";
  let summary = "The StableHLO operation set";
  let description = [{
    Operations, types and attributes of the StableHLO specification, plus the
    legacy operations that exported programs still contain.
  }];
  let useDefaultAttributePrinterParser = 0;
  let useDefaultTypePrinterParser = 1;
  let hasConstantMaterializer = 0;
  let dependentDialects = ["::mlir::quant::QuantDialect"];
  let extraClassDeclaration = [{
    ::mlir::Attribute parseAttribute(::mlir::DialectAsmParser &parser,
                                     ::mlir::Type type) const override;
    void printAttribute(::mlir::Attribute attr,
                        ::mlir::DialectAsmPrinter &os) const override;
  private:
    void registerAttributes();
    void registerTypes();
  public:
  }];
}

//===----------------------------------------------------------------------===//
// Element types
//===----------------------------------------------------------------------===//

def HLO_Pred : TypeAlias<I1, "pred (i1)">;
def HLO_SInt : SignlessIntOfWidths<[2, 4, 8, 16, 32, 64]>;
def HLO_UInt : UnsignedIntOfWidths<[2, 4, 8, 16, 32, 64]>;
def HLO_Int : AnyTypeOf<[HLO_SInt, HLO_UInt]>;

def HLO_Float8 : AnyTypeOf<[F4E2M1FN, F6E2M3FN, F6E3M2FN, F8E3M4, F8E4M3,
                            F8E4M3FN, F8E4M3FNUZ, F8E4M3B11FNUZ, F8E5M2,
                            F8E5M2FNUZ, F8E8M0FNU]>;
def HLO_Float : AnyTypeOf<[HLO_Float8, F16, F32, F64, BF16]>;
def HLO_Complex : Complex<AnyTypeOf<[F32, F64]>>;

def HLO_QuantizedInt : Type<CPred<"::axle::stablehlo::isQuantizedIntType($_self)">,
                            "quantized integer">;
def HLO_PerTensorQuantizedInt
    : Type<CPred<"::axle::stablehlo::isPerTensorQuantizedIntType($_self)">,
           "per-tensor quantized integer">;

def HLO_ElementType : AnyTypeOf<[HLO_Pred, HLO_Int, HLO_Float, HLO_Complex,
                                 HLO_QuantizedInt]>;

//===----------------------------------------------------------------------===//
// Tensor types. Ranked only: StableHLO shapes cannot be unranked.
//===----------------------------------------------------------------------===//

def HLO_Tensor : RankedTensorOf<[HLO_Float, HLO_Pred, HLO_Int, HLO_Complex,
                                 HLO_QuantizedInt]>;
def HLO_NonQuantizedTensor : RankedTensorOf<[HLO_Float, HLO_Pred, HLO_Int,
                                             HLO_Complex]>;
def HLO_PredTensor : RankedTensorOf<[HLO_Pred]>;
def HLO_IntTensor : RankedTensorOf<[HLO_Int]>;
def HLO_PredOrIntTensor : RankedTensorOf<[HLO_Pred, HLO_Int]>;
def HLO_FpTensor : RankedTensorOf<[HLO_Float]>;
def HLO_FpOrComplexTensor : RankedTensorOf<[HLO_Float, HLO_Complex]>;
def HLO_FpComplexOrQuantizedTensor
    : RankedTensorOf<[HLO_Float, HLO_Complex, HLO_QuantizedInt]>;
def HLO_FpOrQuantizedTensor : RankedTensorOf<[HLO_Float, HLO_QuantizedInt]>;
def HLO_IntFpOrComplexTensor
    : RankedTensorOf<[HLO_Int, HLO_Float, HLO_Complex]>;
def HLO_IntFpComplexOrQuantizedTensor
    : RankedTensorOf<[HLO_Int, HLO_Float, HLO_Complex, HLO_QuantizedInt]>;
def HLO_PredIntOrFpTensor : RankedTensorOf<[HLO_Pred, HLO_Int, HLO_Float]>;
def HLO_IntOrFpTensor : RankedTensorOf<[HLO_Int, HLO_Float]>;
def HLO_ComplexTensor : RankedTensorOf<[HLO_Complex]>;
def HLO_QuantizedIntTensor : RankedTensorOf<[HLO_QuantizedInt]>;
def HLO_PerTensorQuantizedTensor : RankedTensorOf<[HLO_PerTensorQuantizedInt]>;
// Tensors of any element type a non-quantized or per-tensor quantized op
// accepts.
def HLO_TensorOrPerTensorQuantized
    : RankedTensorOf<[HLO_Float, HLO_Pred, HLO_Int, HLO_Complex,
                      HLO_PerTensorQuantizedInt]>;

// 1-D tensor of integers used as a shape or index vector.
def HLO_DimensionTensor : 1DTensorOf<[HLO_Int]>;
def HLO_ScalarIntTensor : 0DTensorOf<[HLO_Int]>;
def HLO_StaticShapeIntTensor : StaticShapeTensorOf<[HLO_Int]>;

//===----------------------------------------------------------------------===//
// Types of this dialect
//===----------------------------------------------------------------------===//

class Stablehlo_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Stablehlo_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def HLO_TokenType : Stablehlo_Type<"Token", "token"> {
  let summary = "Token: orders side-effecting operations";
}
def HLO_Token : Type<CPred<"::llvm::isa<::axle::stablehlo::TokenType>($_self)">,
                     "token", "::axle::stablehlo::TokenType">,
                BuildableType<"$_builder.getType<::axle::stablehlo::TokenType>()">;

def HLO_FutureType : Stablehlo_Type<"Future", "future"> {
  let summary = "Future: values an asynchronous operation will produce";
  let parameters = (ins ArrayRefParameter<"::mlir::Type">:$types);
  let assemblyFormat = "`<` $types `>`";
}
def HLO_Future : Type<CPred<"::llvm::isa<::axle::stablehlo::FutureType>($_self)">,
                      "future", "::axle::stablehlo::FutureType">;

def HLO_Tuple : NestedTupleOf<[HLO_Tensor, HLO_Token, AnyMemRef]>;
def HLO_TensorOrToken : AnyTypeOf<[HLO_Tensor, HLO_Token]>;
def HLO_TensorOrTokenOrTuple : AnyTypeOf<[HLO_Tensor, HLO_Token, HLO_Tuple]>;
// Any value type of the specification.
def HLO_ValueType : AnyTypeOf<[HLO_Tensor, HLO_Token, HLO_Tuple, AnyMemRef,
                               HLO_Future]>;

#endif // AXLE_STABLEHLO_BASE
