//===- CheckOps.td - conformance-check operations -*- tablegen -*-===//
//
// The `check` dialect states expectations inside StableHLO test programs:
// each op compares a computed tensor with another tensor or a constant and
// reports a mismatch when the program runs. The ops have no results; a
// memory-write effect keeps dead-code elimination from dropping them.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_CHECK_OPS
#define AXLE_CHECK_OPS

include "mlir/IR/OpBase.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Check_Dialect : Dialect {
  let name = "check";
  let cppNamespace = "::axle::check";
  let summary = "Expectations of StableHLO test programs";
  let description = [{
    Ops that compare a value with an expected value (bitwise, within an
    absolute tolerance, or within a number of units in the last place) and
    report failures when the program runs.
  }];
}

class Check_Op<string mnemonic, list<Trait> traits = []>
    : Op<Check_Dialect, mnemonic,
         !listconcat(traits, [MemoryEffects<[MemWrite]>])> {
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Comparison of two values
//===----------------------------------------------------------------------===//

def Check_ExpectEqOp : Check_Op<"expect_eq"> {
  let summary = "Checks that two tensors are bitwise equal";
  let arguments = (ins AnyTensor:$lhs, AnyTensor:$rhs);
  // One type is written; the second operand has the same type.
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` type($lhs)
    `` custom<SameType>(ref(type($lhs)), type($rhs))
  }];
}

def Check_ExpectAlmostEqOp : Check_Op<"expect_almost_eq"> {
  let summary = "Checks that two tensors agree within an absolute tolerance";
  let description = [{
    Elementwise |lhs - rhs| <= tolerance (default 1e-4); NaN matches NaN and
    infinities must match exactly.
  }];
  let arguments = (ins AnyTensor:$lhs, AnyTensor:$rhs,
                   DefaultValuedOptionalAttr<F64Attr, "1.0e-4">:$tolerance);
  let assemblyFormat = [{
    $lhs `,` $rhs `` custom<Options>($tolerance) attr-dict `:` type($lhs)
    `` custom<SameType>(ref(type($lhs)), type($rhs))
  }];
}

def Check_ExpectCloseOp : Check_Op<"expect_close"> {
  let summary = "Checks that two tensors differ by a bounded number of ULPs";
  let description = [{
    Elementwise, the distance in units in the last place between actual and
    expected lies in [min_ulp_difference, max_ulp_difference] (defaults 0
    and 1).
  }];
  let arguments = (ins AnyTensor:$actual, AnyTensor:$expected,
                   DefaultValuedOptionalAttr<I64Attr, "1">:$max_ulp_difference,
                   DefaultValuedOptionalAttr<I64Attr, "0">:$min_ulp_difference);
  let assemblyFormat = [{
    $actual `,` $expected
    `` custom<UlpOptions>($max_ulp_difference, $min_ulp_difference)
    attr-dict `:` type($actual) `,` type($expected)
  }];
}

//===----------------------------------------------------------------------===//
// Comparison with a constant. The literal carries the type of the operand:
// `check.expect_eq_const %a, dense<[1, 2]> : tensor<2xi64>`.
//===----------------------------------------------------------------------===//

def Check_ExpectEqConstOp : Check_Op<"expect_eq_const"> {
  let summary = "Checks that a tensor is bitwise equal to a constant";
  let arguments = (ins AnyTensor:$lhs, ElementsAttr:$value);
  let assemblyFormat = [{
    $lhs `,` $value `` custom<TypeOfLiteral>(ref($value), type($lhs)) attr-dict
  }];
}

def Check_ExpectAlmostEqConstOp : Check_Op<"expect_almost_eq_const"> {
  let summary =
      "Checks that a tensor agrees with a constant within a tolerance";
  let arguments = (ins AnyTensor:$lhs, ElementsAttr:$value,
                   DefaultValuedOptionalAttr<F64Attr, "1.0e-4">:$tolerance);
  let assemblyFormat = [{
    $lhs `,` $value `` custom<TypeOfLiteral>(ref($value), type($lhs)) attr-dict
  }];
}

#endif // AXLE_CHECK_OPS
