//===- StablehloAttrs.td - stablehlo enums and attributes -*- tablegen -*-===//
//
// Enumerations print as `#stablehlo<name VALUE>` on their own and as the bare
// `VALUE` inside operation syntax. Structured attributes (dimension numbers
// and friends) have hand-written parsers and printers in StablehloAttrs.cpp
// because their syntax uses bracketed integer lists and keyword fields in
// any order.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_STABLEHLO_ATTRS
#define AXLE_STABLEHLO_ATTRS

include "compiler/dialect/stablehlo/StablehloBase.td"
include "mlir/IR/EnumAttr.td"

class HLO_EnumAttr<EnumAttrInfo info, string name>
    : EnumAttr<Stablehlo_Dialect, info, name> {
  let assemblyFormat = "$value";
}

def HLO_ComparisonDirection : I32EnumAttr<"ComparisonDirection",
    "comparison direction", [
      I32EnumAttrCase<"EQ", 0>, I32EnumAttrCase<"NE", 1>,
      I32EnumAttrCase<"GE", 2>, I32EnumAttrCase<"GT", 3>,
      I32EnumAttrCase<"LE", 4>, I32EnumAttrCase<"LT", 5>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::axle::stablehlo";
}
def HLO_ComparisonDirectionAttr
    : HLO_EnumAttr<HLO_ComparisonDirection, "comparison_direction">;

def HLO_ComparisonType : I32EnumAttr<"ComparisonType", "comparison type", [
      I32EnumAttrCase<"NOTYPE", 0>, I32EnumAttrCase<"FLOAT", 1>,
      I32EnumAttrCase<"TOTALORDER", 2>, I32EnumAttrCase<"SIGNED", 3>,
      I32EnumAttrCase<"UNSIGNED", 4>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::axle::stablehlo";
}
def HLO_ComparisonTypeAttr : HLO_EnumAttr<HLO_ComparisonType, "comparison_type">;

def HLO_Precision : I32EnumAttr<"Precision", "operand precision", [
      I32EnumAttrCase<"DEFAULT", 0>, I32EnumAttrCase<"HIGH", 1>,
      I32EnumAttrCase<"HIGHEST", 2>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::axle::stablehlo";
}
def HLO_PrecisionAttr : HLO_EnumAttr<HLO_Precision, "precision">;
def HLO_PrecisionConfigAttr
    : TypedArrayAttrBase<HLO_PrecisionAttr, "precision config">;

def HLO_Transpose : I32EnumAttr<"Transpose", "transpose mode", [
      I32EnumAttrCase<"TRANSPOSE_INVALID", 0>,
      I32EnumAttrCase<"NO_TRANSPOSE", 1>, I32EnumAttrCase<"TRANSPOSE", 2>,
      I32EnumAttrCase<"ADJOINT", 3>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::axle::stablehlo";
}
def HLO_TransposeAttr : HLO_EnumAttr<HLO_Transpose, "transpose">;

def HLO_FftType : I32EnumAttr<"FftType", "FFT kind", [
      I32EnumAttrCase<"FFT", 0>, I32EnumAttrCase<"IFFT", 1>,
      I32EnumAttrCase<"RFFT", 2>, I32EnumAttrCase<"IRFFT", 3>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::axle::stablehlo";
}
def HLO_FftTypeAttr : HLO_EnumAttr<HLO_FftType, "fft_type">;

def HLO_RngAlgorithm : I32EnumAttr<"RngAlgorithm", "bit generator", [
      I32EnumAttrCase<"DEFAULT", 0>, I32EnumAttrCase<"THREE_FRY", 1>,
      I32EnumAttrCase<"PHILOX", 2>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::axle::stablehlo";
}
def HLO_RngAlgorithmAttr : HLO_EnumAttr<HLO_RngAlgorithm, "rng_algorithm">;

def HLO_RngDistribution : I32EnumAttr<"RngDistribution", "distribution", [
      I32EnumAttrCase<"UNIFORM", 1>, I32EnumAttrCase<"NORMAL", 2>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::axle::stablehlo";
}
def HLO_RngDistributionAttr
    : HLO_EnumAttr<HLO_RngDistribution, "rng_distribution">;

def HLO_CustomCallApiVersion : I32EnumAttr<"CustomCallApiVersion",
    "custom call calling convention", [
      I32EnumAttrCase<"API_VERSION_UNSPECIFIED", 0>,
      I32EnumAttrCase<"API_VERSION_ORIGINAL", 1>,
      I32EnumAttrCase<"API_VERSION_STATUS_RETURNING", 2>,
      I32EnumAttrCase<"API_VERSION_STATUS_RETURNING_UNIFIED", 3>,
      I32EnumAttrCase<"API_VERSION_TYPED_FFI", 4>]> {
  let cppNamespace = "::axle::stablehlo";
}

def HLO_ResultAccuracyMode : I32EnumAttr<"ResultAccuracyMode",
    "result accuracy mode", [
      I32EnumAttrCase<"DEFAULT", 0>, I32EnumAttrCase<"HIGHEST", 1>,
      I32EnumAttrCase<"TOLERANCE", 2>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::axle::stablehlo";
}
def HLO_ResultAccuracyModeAttr
    : EnumAttr<Stablehlo_Dialect, HLO_ResultAccuracyMode, "result_accuracy_mode"> {
  let assemblyFormat = "`<` $value `>`";
}

//===----------------------------------------------------------------------===//
// Structured attributes. Parsers and printers live in StablehloAttrs.cpp.
//===----------------------------------------------------------------------===//

class HLO_Attr<string name, string attrMnemonic>
    : AttrDef<Stablehlo_Dialect, name> {
  let mnemonic = attrMnemonic;
  let hasCustomAssemblyFormat = 1;
}

def HLO_DotDimensionNumbers : HLO_Attr<"DotDimensionNumbers", "dot"> {
  let summary = "Batching and contracting dimensions of dot_general";
  let parameters = (ins
    ArrayRefParameter<"int64_t">:$lhsBatchingDimensions,
    ArrayRefParameter<"int64_t">:$rhsBatchingDimensions,
    ArrayRefParameter<"int64_t">:$lhsContractingDimensions,
    ArrayRefParameter<"int64_t">:$rhsContractingDimensions);
}

def HLO_GatherDimensionNumbers : HLO_Attr<"GatherDimensionNumbers", "gather"> {
  let summary = "Dimension numbers of gather";
  let parameters = (ins
    ArrayRefParameter<"int64_t">:$offsetDims,
    ArrayRefParameter<"int64_t">:$collapsedSliceDims,
    ArrayRefParameter<"int64_t">:$operandBatchingDims,
    ArrayRefParameter<"int64_t">:$startIndicesBatchingDims,
    ArrayRefParameter<"int64_t">:$startIndexMap,
    "int64_t":$indexVectorDim);
}

def HLO_ScatterDimensionNumbers
    : HLO_Attr<"ScatterDimensionNumbers", "scatter"> {
  let summary = "Dimension numbers of scatter";
  let parameters = (ins
    ArrayRefParameter<"int64_t">:$updateWindowDims,
    ArrayRefParameter<"int64_t">:$insertedWindowDims,
    ArrayRefParameter<"int64_t">:$inputBatchingDims,
    ArrayRefParameter<"int64_t">:$scatterIndicesBatchingDims,
    ArrayRefParameter<"int64_t">:$scatterDimsToOperandDims,
    "int64_t":$indexVectorDim);
}

def HLO_ConvDimensionNumbers : HLO_Attr<"ConvDimensionNumbers", "conv"> {
  let summary = "Dimension layout of a convolution's input, kernel and output";
  let parameters = (ins
    "int64_t":$inputBatchDimension,
    "int64_t":$inputFeatureDimension,
    ArrayRefParameter<"int64_t">:$inputSpatialDimensions,
    "int64_t":$kernelInputFeatureDimension,
    "int64_t":$kernelOutputFeatureDimension,
    ArrayRefParameter<"int64_t">:$kernelSpatialDimensions,
    "int64_t":$outputBatchDimension,
    "int64_t":$outputFeatureDimension,
    ArrayRefParameter<"int64_t">:$outputSpatialDimensions);
}

def HLO_ChannelHandle : HLO_Attr<"ChannelHandle", "channel_handle"> {
  let summary = "Channel of a communication op";
  let parameters = (ins "int64_t":$handle, "int64_t":$type);
}

def HLO_OutputOperandAlias
    : HLO_Attr<"OutputOperandAlias", "output_operand_alias"> {
  let summary = "An output of custom_call that aliases an operand";
  let parameters = (ins
    ArrayRefParameter<"int64_t">:$outputTupleIndices,
    "int64_t":$operandIndex,
    ArrayRefParameter<"int64_t">:$operandTupleIndices);
}

def HLO_DotAlgorithm : HLO_Attr<"DotAlgorithm", "dot_algorithm"> {
  let summary = "Algorithm of a dot_general";
  let parameters = (ins
    "::mlir::Type":$lhsPrecisionType,
    "::mlir::Type":$rhsPrecisionType,
    "::mlir::Type":$accumulationType,
    "int64_t":$lhsComponentCount,
    "int64_t":$rhsComponentCount,
    "int64_t":$numPrimitiveOperations,
    "bool":$allowImpreciseAccumulation);
}

def HLO_ResultAccuracy : HLO_Attr<"ResultAccuracy", "result_accuracy"> {
  let summary = "Requested accuracy of a transcendental op";
  let parameters = (ins
    APFloatParameter<"absolute tolerance">:$atol,
    APFloatParameter<"relative tolerance">:$rtol,
    "int64_t":$ulps,
    "ResultAccuracyModeAttr":$mode);
}

def HLO_TypeExtensions : HLO_Attr<"TypeExtensions", "bounds"> {
  let summary = "Tensor encoding carrying upper bounds of dynamic dimensions";
  let description = [{
    `#stablehlo.bounds<?, 16>`: a bound per dimension, `?` where the dimension
    is static or unbounded. Also accepted as
    `#stablehlo.type_extensions<bounds = [?, 16]>`.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$bounds);
}

#endif // AXLE_STABLEHLO_ATTRS
