//===- TolkOps.td - Tolk operations ------------------------*- tablegen -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Tolk's elementwise operations (docs/Semantics.md#elementwise-operations),
// each with its typing rule (the data types it takes, how its operands
// promote, its result). Primitive ops are what lowering knows; derived ops
// stay real ops so that IR stays readable, and --tolk-decompose rewrites
// them into primitives by their definitions
// (docs/Semantics.md#derived-operations).
//
// The run-time corners (NaN, signed zeros, division by zero, INT_MIN / -1,
// shift counts at or past the width, out-of-range float-to-int casts) are
// stated in each op's description, following docs/Rationale.md.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_OPS_TD
#define TOLK_OPS_TD

include "tolk/Dialect/Tolk/IR/TolkDialect.td"
include "tolk/Dialect/Tolk/IR/TolkAttrs.td"
include "tolk/Dialect/Tolk/IR/TolkTypes.td"
include "tolk/Dialect/Tolk/IR/TolkInterfaces.td"
include "mlir/IR/EnumAttr.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// tolk.const
//===----------------------------------------------------------------------===//

def Tolk_ConstOp : Tolk_Op<"const", [ConstantLike, Pure]> {
  let summary = "a constant of any Tolk data type, splat over lanes or a shape";
  let description = [{
    A constant: a big integer for `!tolk.weakint`, a float in decimal or by
    its bits in the type's own format (any NaN payload), `true`/`false`, or
    `invalid` (the value of a masked-out element). Vector and tensor results
    splat the one value.

    ```mlir
    %a = tolk.const 300 : !tolk.weakint
    %b = tolk.const 123456789012345678901234567890 : !tolk.weakint
    %c = tolk.const 1.5 : !tolk.weakfloat
    %d = tolk.const -1 : si8
    %e = tolk.const 0x7E01 : f16
    %f = tolk.const true : i1
    %g = tolk.const invalid : f32
    %h = tolk.const 2.0 : tensor<4x8xf32>
    ```

    A literal the type cannot hold is an error (`tolk.const 300 : si8`): the
    wrap-around of a conversion (docs/Semantics.md#const) belongs to
    `tolk.cast`. A decimal float is rounded once to the type (`0.1 : f16`);
    one that overflows the type's finite range is an error.
  }];
  let arguments = (ins Tolk_ConstAttr:$value);
  let results = (outs Tolk_ConvertibleValue:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasFolder = 1;
  let builders = [
    OpBuilder<(ins "::mlir::Type":$type, "const ::tolk::dtype::Const &":$value)>
  ];
}

//===----------------------------------------------------------------------===//
// Typing rules
//===----------------------------------------------------------------------===//

// The vocabulary of typing rules: three enums, generated into
// TolkEnums.h.inc, and for each case the words that the op's generated
// description uses.

// The data types an op takes, checked on the type it computes in (the
// promotion's target). Complex numbers have no order, so the Ordered kinds
// (and the integer ones) exclude them; the Real kinds exclude them because
// the op's complex lowering would call the math library, whose bits the
// folder cannot reproduce (docs/Semantics.md#complex-numbers-and-float128).
def Tolk_OperandKindAny : I32EnumCase<"Any", 0>;
def Tolk_OperandKindIntOrBool : I32EnumCase<"IntOrBool", 1>;
def Tolk_OperandKindInt : I32EnumCase<"Int", 2>;
def Tolk_OperandKindNotBool : I32EnumCase<"NotBool", 3>;
def Tolk_OperandKindOrdered : I32EnumCase<"Ordered", 4>;
def Tolk_OperandKindOrderedNotBool : I32EnumCase<"OrderedNotBool", 5>;
def Tolk_OperandKindReal : I32EnumCase<"Real", 6>;
def Tolk_OperandKindRealNotBool : I32EnumCase<"RealNotBool", 7>;
def Tolk_OperandKindEnum : I32Enum<"OperandKind",
    "the data types an elementwise op takes", [
    Tolk_OperandKindAny, Tolk_OperandKindIntOrBool, Tolk_OperandKindInt,
    Tolk_OperandKindNotBool, Tolk_OperandKindOrdered,
    Tolk_OperandKindOrderedNotBool, Tolk_OperandKindReal,
    Tolk_OperandKindRealNotBool]> {
  let cppNamespace = "::tolk";
}

// An elementwise op's result data type: the type it computes in, or Bool.
def Tolk_ResultKindPromoted : I32EnumCase<"Promoted", 0>;
def Tolk_ResultKindBool : I32EnumCase<"Bool", 1>;
def Tolk_ResultKindEnum : I32Enum<"ResultKind",
    "an elementwise op's result data type", [
    Tolk_ResultKindPromoted, Tolk_ResultKindBool]> {
  let cppNamespace = "::tolk";
}

// How an op's operands take part in promotion (OperandPromotion.h).
// All: every operand promotes to the operands' least upper type.
def Tolk_PromotionKindAll : I32EnumCase<"All", 0>;
// Arms: tolk.where's i1 condition (operand 0) is a selector; the arms
// promote.
def Tolk_PromotionKindArms : I32EnumCase<"Arms", 1>;
// Pow: an integer base with a !tolk.weakint exponent keeps its type and the
// exponent keeps its value (it is a number, not a value of a width);
// otherwise as All.
def Tolk_PromotionKindPow : I32EnumCase<"Pow", 2>;
// ToFloat: the operands convert to least_upper_float of their least upper
// type: tolk.div without rounding (which divides "x, as a float") and the
// ops that compute in a float (reciprocal, sqrt, exp2, log2), so that an
// integer or Bool operand computes in the default float, as tinygrad's
// Tensor.sqrt of an int32 tensor does.
def Tolk_PromotionKindToFloat : I32EnumCase<"ToFloat", 3>;
def Tolk_PromotionKindEnum : I32Enum<"PromotionKind",
    "how an elementwise op's operands take part in promotion", [
    Tolk_PromotionKindAll, Tolk_PromotionKindArms, Tolk_PromotionKindPow,
    Tolk_PromotionKindToFloat]> {
  let cppNamespace = "::tolk";
}

// A case of one of the enums above as a C++ expression.
class Tolk_RuleCase<I32Enum enum, I32EnumCase case> {
  string cppValue = enum.cppNamespace # "::" # enum.className # "::"
                    # case.symbol;
}

// The data types an op takes, checked on the type it computes in.
class Tolk_OperandKind<I32EnumCase case, string summary>
    : Tolk_RuleCase<Tolk_OperandKindEnum, case> {
  string doc = summary;
}
def Tolk_TakesAny : Tolk_OperandKind<Tolk_OperandKindAny,
    "any data type an ALU computes on">;
def Tolk_TakesIntOrBool : Tolk_OperandKind<Tolk_OperandKindIntOrBool,
    "an integer or i1">;
def Tolk_TakesInt : Tolk_OperandKind<Tolk_OperandKindInt, "an integer">;
def Tolk_TakesNotBool : Tolk_OperandKind<Tolk_OperandKindNotBool,
    "a number (not i1)">;
def Tolk_TakesOrdered : Tolk_OperandKind<Tolk_OperandKindOrdered,
    "a data type with an order (not complex)">;
def Tolk_TakesOrderedNotBool : Tolk_OperandKind<Tolk_OperandKindOrderedNotBool,
    "a real number (not i1, not complex)">;
def Tolk_TakesReal : Tolk_OperandKind<Tolk_OperandKindReal,
    "a real data type (not complex)">;
def Tolk_TakesRealNotBool : Tolk_OperandKind<Tolk_OperandKindRealNotBool,
    "a real number (not i1, not complex)">;
// div: rounding a quotient needs an order.
def Tolk_TakesDivide : Tolk_OperandKind<Tolk_OperandKindNotBool,
    "a number (not i1); with trunc or floor, a real number (not complex)"> {
  let cppValue = "adaptor.getRounding() == ::tolk::Rounding::none ? "
      # Tolk_RuleCase<Tolk_OperandKindEnum, Tolk_OperandKindNotBool>.cppValue
      # " : " # Tolk_RuleCase<Tolk_OperandKindEnum,
                                Tolk_OperandKindOrderedNotBool>.cppValue;
}

// The result's data type.
class Tolk_ResultKind<I32EnumCase case, string summary>
    : Tolk_RuleCase<Tolk_ResultKindEnum, case> {
  string doc = summary;
}
def Tolk_GivesPromoted : Tolk_ResultKind<Tolk_ResultKindPromoted, "that type">;
def Tolk_GivesBool : Tolk_ResultKind<Tolk_ResultKindBool, "i1">;

// How the operands promote.
class Tolk_Promotion<I32EnumCase case, string summary>
    : Tolk_RuleCase<Tolk_PromotionKindEnum, case> {
  string doc = summary;
}
def Tolk_PromoteAll : Tolk_Promotion<Tolk_PromotionKindAll,
    "the operands promote to their least upper type">;
def Tolk_PromoteArms : Tolk_Promotion<Tolk_PromotionKindArms,
    "the condition is i1 and the arms promote to their least upper type">;
def Tolk_PromotePow : Tolk_Promotion<Tolk_PromotionKindPow,
    "the operands promote to their least upper type, except that an integer "
    "base with a !tolk.weakint exponent keeps its type">;
def Tolk_PromoteToFloat : Tolk_Promotion<Tolk_PromotionKindToFloat,
    "the operands convert to least_upper_float of their least upper type">;
// div: the operands convert to a float only without rounding.
def Tolk_PromoteDivide : Tolk_Promotion<Tolk_PromotionKindToFloat,
    "without rounding, the operands convert to least_upper_float of their "
    "least upper type; with trunc or floor, they promote to it"> {
  let cppValue = "adaptor.getRounding() == ::tolk::Rounding::none ? "
      # Tolk_RuleCase<Tolk_PromotionKindEnum, Tolk_PromotionKindToFloat>.cppValue
      # " : " # Tolk_RuleCase<Tolk_PromotionKindEnum,
                                Tolk_PromotionKindAll>.cppValue;
}

// Declares an op's typing rule (`getTypingRuleOf`) and defines its type
// inference from it. Its verifier, which names the type it expected, comes
// before InferTypeOpInterface's in the op's traits, so that it reports a
// wrong result type first.
class Tolk_ElementwiseTyping<Tolk_OperandKind takes, Tolk_ResultKind gives,
                             Tolk_Promotion promotion>
    : NativeOpTrait<"ElementwiseTyping", [], [{
        static ::tolk::ElementwiseRule getTypingRuleOf(Adaptor adaptor);
      }], [{
        ::tolk::ElementwiseRule
        $cppClass::getTypingRuleOf([[maybe_unused]] Adaptor adaptor) {
          return {}] # takes.cppValue # ", " # gives.cppValue # ", "
                     # promotion.cppValue # [{};
        }
        ::llvm::LogicalResult $cppClass::inferReturnTypes(
            ::mlir::MLIRContext *context,
            ::std::optional<::mlir::Location> location,
            ::mlir::ValueRange operands, ::mlir::DictionaryAttr attributes,
            ::mlir::OpaqueProperties properties, ::mlir::RegionRange regions,
            ::llvm::SmallVectorImpl<::mlir::Type> &inferredReturnTypes) {
          return ::tolk::inferElementwiseType(
              context, location, getOperationName(), operands.getTypes(),
              getTypingRuleOf(Adaptor(operands, attributes, properties,
                                      regions)),
              inferredReturnTypes);
        }
      }]> {
  let cppNamespace = "::tolk::OpTrait";
}

// A derived op (DerivedOpInterface) and its definition in primitives: a call
// of DerivedDefinitions.h on the domain `d` and the operands `x`, which
// --tolk-decompose builds as IR and the folder evaluates on constants. The
// op's description states the same definition in words.
class Tolk_DefinitionTrait<string call>
    : NativeOpTrait<"Derived", [], [{
        /// The op's definition in the domain `d` (DerivedDefinitions.h) on
        /// operands `x` of that domain.
        template <typename Domain>
        typename Domain::Value
        define(Domain &d, ::llvm::ArrayRef<typename Domain::Value> x) {
          return ::tolk::derived::}] # call # [{;
        }
      }]> {
  let cppNamespace = "::tolk::OpTrait";
}
class Tolk_Definition<string call>
    : TraitList<[Tolk_DerivedOpInterface, Tolk_DefinitionTrait<call>]>;

//===----------------------------------------------------------------------===//
// Elementwise ops
//===----------------------------------------------------------------------===//

// An elementwise op over scalars, vectors of lanes or ranked tensors (numpy
// broadcasting), with its typing rule. Types are written as a function
// type, `(si8, !tolk.weakint) -> si8`, or `: T` when every operand and the
// result are T. Builders infer the result type; the verifier checks a
// written one and names the type it expected.
class Tolk_ElementwiseOp<string mnemonic, Tolk_OperandKind takes,
                         Tolk_ResultKind gives, list<Trait> traits = [],
                         Tolk_Promotion promotion = Tolk_PromoteAll>
    : Tolk_Op<mnemonic, !listconcat(traits, [
        Pure, Tolk_ElementwiseOpInterface,
        Tolk_ElementwiseTyping<takes, gives, promotion>,
        DeclareOpInterfaceMethods<InferTypeOpInterface>])> {
  // The op's own description; the typing rule follows it in `description`.
  string opDescription = "";
  let description = opDescription # "\n\nTyping: " # promotion.doc
      # ", which must be " # takes.doc # "; the result is " # gives.doc
      # ". Shapes broadcast: tensors as numpy does, a scalar to lanes.";
  let results = (outs Tolk_Value:$result);
  // Constant folding and the algebraic identities that give an existing
  // value or a constant (TolkFolds.cpp). Promotion materialization is the
  // dialect's canonicalization pattern (TolkCanonicalize.cpp); the
  // identities that build an op are DRR (TolkCanonicalization.td).
  let hasFolder = 1;
}

// `operands` rather than each operand, so that a wrong count is the
// verifier's error, as in the generic form.
class Tolk_UnaryOp<string mnemonic, Tolk_OperandKind takes,
                   Tolk_ResultKind gives, list<Trait> traits = [],
                   Tolk_Promotion promotion = Tolk_PromoteAll>
    : Tolk_ElementwiseOp<mnemonic, takes, gives, traits, promotion> {
  let arguments = (ins Tolk_Value:$operand);
  let assemblyFormat = [{
    operands attr-dict `:` custom<ElementwiseTypes>(type($operand),
                                                    type($result))
  }];
}

class Tolk_BinaryOp<string mnemonic, Tolk_OperandKind takes,
                    Tolk_ResultKind gives, list<Trait> traits = [],
                    Tolk_Promotion promotion = Tolk_PromoteAll>
    : Tolk_ElementwiseOp<mnemonic, takes, gives, traits, promotion> {
  let arguments = (ins Tolk_Value:$lhs, Tolk_Value:$rhs);
  let assemblyFormat = [{
    operands attr-dict `:` custom<ElementwiseTypes>(type($lhs), type($rhs),
                                                    type($result))
  }];
}

//===----------------------------------------------------------------------===//
// Primitive binary ops
//===----------------------------------------------------------------------===//

def Tolk_AddOp : Tolk_BinaryOp<"add", Tolk_TakesAny,
                                        Tolk_GivesPromoted, [Commutative, Tolk_Primitive<"Add">]> {
  let summary = "addition (primitive)";
  let opDescription = [{
    `lhs + rhs` in the promoted type. Integers wrap at their width; weak
    integers are exact. Floats round once to the type (8-bit floats saturate
    at their largest finite value); a NaN operand gives a NaN, and `+0.0 +
    -0.0` is `+0.0`. On Bool, `add` is `or`.
  }];
}

def Tolk_MulOp : Tolk_BinaryOp<"mul", Tolk_TakesAny,
                                        Tolk_GivesPromoted, [Commutative, Tolk_Primitive<"Mul">]> {
  let summary = "multiplication (primitive)";
  let opDescription = [{
    `lhs * rhs` in the promoted type, with `add`'s rules for wrapping,
    rounding and NaN. On Bool, `mul` is `and`.
  }];
}

def Tolk_CmpLtOp : Tolk_BinaryOp<"cmplt", Tolk_TakesOrdered,
                                          Tolk_GivesBool, [Tolk_Primitive<"CmpLt">]> {
  let summary = "less than (primitive)";
  let opDescription = [{
    `lhs < rhs` after promotion, as `i1`. Ordered: a comparison with a NaN is
    false; `-0.0 < +0.0` is false.
  }];
}

def Tolk_CmpEqOp : Tolk_BinaryOp<"cmpeq", Tolk_TakesAny,
                                          Tolk_GivesBool, [Commutative, Tolk_Primitive<"CmpEq">]> {
  let summary = "equality (primitive)";
  let opDescription = [{
    `lhs == rhs` after promotion, as `i1`. Ordered: a comparison with a NaN
    is false; `-0.0 == +0.0` is true.
  }];
}

def Tolk_MaxOp : Tolk_BinaryOp<"max", Tolk_TakesOrdered,
                                        Tolk_GivesPromoted, [Commutative, Tolk_Primitive<"Max">]> {
  let summary = "maximum (primitive)";
  let opDescription = [{
    The greater operand. With one NaN operand, the other operand (as PTX
    `max.f32`, SPIR-V `NMax` and `arith.maxnumf`); with two, a NaN. `-0.0`
    counts as less than `+0.0`. On Bool, `max` is `or`.
  }];
}

def Tolk_AndOp : Tolk_BinaryOp<"and", Tolk_TakesIntOrBool,
                                        Tolk_GivesPromoted, [Commutative, Tolk_Primitive<"And">]> {
  let summary = "bitwise and (primitive); integers and Bool";
}
def Tolk_OrOp : Tolk_BinaryOp<"or", Tolk_TakesIntOrBool,
                                       Tolk_GivesPromoted, [Commutative, Tolk_Primitive<"Or">]> {
  let summary = "bitwise or (primitive); integers and Bool";
}
def Tolk_XorOp : Tolk_BinaryOp<"xor", Tolk_TakesIntOrBool,
                                        Tolk_GivesPromoted, [Commutative, Tolk_Primitive<"Xor">]> {
  let summary = "bitwise xor (primitive); integers and Bool";
}

def Tolk_ShlOp : Tolk_BinaryOp<"shl", Tolk_TakesInt,
                                        Tolk_GivesPromoted, [Tolk_Primitive<"Shl">]> {
  let summary = "shift left (primitive); integers";
  let opDescription = [{
    `lhs * 2^rhs`, wrapped. The count is read as an unsigned integer of the
    type's width; a count at or past the width gives 0.
  }];
}

def Tolk_ShrOp : Tolk_BinaryOp<"shr", Tolk_TakesInt,
                                        Tolk_GivesPromoted, [Tolk_Primitive<"Shr">]> {
  let summary = "shift right (primitive); integers";
  let opDescription = [{
    `floor(lhs / 2^rhs)`: arithmetic for signed types, logical for unsigned
    ones. The count is read as an unsigned integer of the type's width; a
    count at or past the width gives 0, or -1 for a negative signed `lhs`.
  }];
}

def Tolk_TruncDivOp : Tolk_BinaryOp<"truncdiv", Tolk_TakesInt, Tolk_GivesPromoted, [Tolk_Primitive<"TruncDiv">]> {
  let summary = "integer division rounding towards zero (primitive)";
  let opDescription = [{
    The quotient rounded towards zero. `INT_MIN / -1` wraps to `INT_MIN`.
    Division by zero is undefined at run time and never constant-folded.
  }];
}

// Primitive but on an integer base with a !tolk.weakint exponent: that
// exponent is a number no integer type may hold, so no lowering takes it, and
// its definition multiplies (PowOp::buildDefinition).
def Tolk_PowOp : Tolk_BinaryOp<"pow", Tolk_TakesRealNotBool, Tolk_GivesPromoted, [
    DeclareOpInterfaceMethods<Tolk_DerivedOpInterface, ["buildDefinition"]>,
    Tolk_Primitive<"Pow", "!(::tolk::dtype::isInt(dt) && "
                          "!::tolk::dtype::isWeak(dt) && "
                          "operands[1] == ::tolk::dtype::DType::WeakInt)">],
    Tolk_PromotePow> {
  let summary = "power";
  let opDescription = [{
    `lhs ^ rhs`, promoted to a common type, except that an integer `lhs` with
    a `!tolk.weakint` `rhs` keeps `lhs`'s type (the exponent is a number).
    Integers: the exact power, wrapped; a negative integer exponent is not
    defined for an integer result and is not folded. Floats: C's `pow`,
    rounded once (`pow(x, 0)` is 1, even for a NaN `x`).

    A primitive op, except on an integer `lhs` with a `!tolk.weakint` `rhs`:
    there it is derived, and `--tolk-decompose` writes it, for a constant
    exponent, as multiplications in `lhs`'s type (squaring per bit of the
    exponent, reduced first to a number below the period of powers modulo
    2^width); a negative constant exponent is an error there.
  }];
}

//===----------------------------------------------------------------------===//
// Primitive unary ops
//===----------------------------------------------------------------------===//

// reciprocal, sqrt, exp2 and log2 compute in a float: an integer or Bool
// operand converts to least_upper_float of its type first (the default
// float, f32 unless set; !tolk.weakfloat for !tolk.weakint), as tinygrad's
// Tensor.sqrt of an int32 tensor is a float32 tensor.

def Tolk_ReciprocalOp : Tolk_UnaryOp<"reciprocal", Tolk_TakesAny, Tolk_GivesPromoted, [Tolk_Primitive<"Recip">], Tolk_PromoteToFloat> {
  let summary = "1 / x (primitive), in a float";
  let opDescription = [{
    `1 / x`, rounded once: `1 / +-0.0` is `+-inf`. An integer or Bool `x`
    converts to its float first: `tolk.reciprocal %i : (si32) -> f32`.
  }];
}
def Tolk_TruncOp : Tolk_UnaryOp<"trunc", Tolk_TakesOrdered,
                                         Tolk_GivesPromoted, [Tolk_Primitive<"Trunc">]> {
  let summary = "round towards zero (primitive)";
  let opDescription = [{ Floats round towards zero; integers and Bool are unchanged. }];
}
def Tolk_SqrtOp : Tolk_UnaryOp<"sqrt", Tolk_TakesReal,
    Tolk_GivesPromoted, [Tolk_Primitive<"Sqrt">], Tolk_PromoteToFloat> {
  let summary = "square root (primitive), in a float";
  let opDescription = [{
    Correctly rounded; `sqrt(-0.0)` is `-0.0`, a negative operand gives a
    NaN. An integer or Bool operand converts to its float first.
  }];
}
def Tolk_Exp2Op : Tolk_UnaryOp<"exp2", Tolk_TakesReal,
    Tolk_GivesPromoted, [Tolk_Primitive<"Exp2">], Tolk_PromoteToFloat> {
  let summary = "2^x (primitive), in a float";
  let opDescription = [{
    Folded with the host's libm; targets agree within the ULP bound the
    tests state. An integer or Bool operand converts to its float first.
  }];
}
def Tolk_Log2Op : Tolk_UnaryOp<"log2", Tolk_TakesReal,
    Tolk_GivesPromoted, [Tolk_Primitive<"Log2">], Tolk_PromoteToFloat> {
  let summary = "log2(x) (primitive), in a float";
  let opDescription = [{
    `log2(0)` is `-inf`, a negative operand gives a NaN; folded with the
    host's libm. An integer or Bool operand converts to its float first.
  }];
}

//===----------------------------------------------------------------------===//
// where
//===----------------------------------------------------------------------===//

def Tolk_WhereOp : Tolk_ElementwiseOp<"where", Tolk_TakesAny,
                                    Tolk_GivesPromoted, [Tolk_Primitive<"Where">], Tolk_PromoteArms> {
  let summary = "select: x where the condition holds, y elsewhere (primitive)";
  let opDescription = [{
    The condition is `i1` (lanes or a shape of them); the arms promote to a
    common type.

    ```mlir
    %w = tolk.where %c, %x, %y : (i1, f16, !tolk.weakfloat) -> f16
    ```
  }];
  let arguments = (ins Tolk_Value:$condition, Tolk_Value:$trueValue,
                       Tolk_Value:$falseValue);
  // The identities that build an op (TolkCanonicalization.td).
  let hasCanonicalizer = 1;
  let assemblyFormat = [{
    operands attr-dict `:` custom<ElementwiseTypes>(type($condition),
        type($trueValue), type($falseValue), type($result))
  }];
}

//===----------------------------------------------------------------------===//
// Derived ops: --tolk-decompose rewrites them into primitives
// (docs/Semantics.md#derived-operations)
//===----------------------------------------------------------------------===//

def Tolk_SubOp : Tolk_BinaryOp<"sub", Tolk_TakesAny, Tolk_GivesPromoted, [
    Tolk_Definition<"sub(d, x[0], x[1])">]> {
  let summary = "subtraction: lhs + neg rhs";
  // An identity that builds an op (TolkCanonicalization.td).
  let hasCanonicalizer = 1;
  let opDescription = [{
    `lhs + neg rhs` after promotion, so `add`'s and `neg`'s rules apply:
    integers wrap (`INT_MIN - 1` is `INT_MAX`, `0 - 1` in `ui8` is 255);
    floats round once, `inf - inf` is a NaN, `+0.0 - +0.0` is `+0.0` and
    `-0.0 - +0.0` is `-0.0`. On Bool, `lhs or not rhs`.
  }];
}

// Primitive on the complex types, as neg.
def Tolk_DivOp : Tolk_ElementwiseOp<"div", Tolk_TakesDivide, Tolk_GivesPromoted,
                                [
    Tolk_Definition<"div(d, x[0], x[1], getRounding())">,
    Tolk_Primitive<"Div", "::tolk::dtype::isComplex(dt)">], Tolk_PromoteDivide> {
  let summary = "division, rounding as asked";
  let opDescription = [{
    Division with an optional rounding (docs/Semantics.md#div). Without
    rounding, `lhs`, as a float, times the reciprocal of `rhs`: the operands,
    integers and Bool included, convert to `least_upper_float` of their promoted
    type, and so does the result. With `trunc` or `floor`, integers divide with
    `truncdiv` (floor adjusts the quotient towards negative infinity) and floats
    round the float quotient; Bool operands are then an error.

    Integer division by zero (with rounding) is undefined at run time and
    never constant-folded; `INT_MIN / -1` wraps to `INT_MIN`. Float division
    is `x * (1 / y)`: `1 / +-0.0` is `+-inf`, so `x / 0.0` is an infinity and
    `0.0 / 0.0` a NaN, and the product may differ from a correctly rounded
    `x / y` in the last place, as in tinygrad.
  }];
  let arguments = (ins Tolk_Value:$lhs, Tolk_Value:$rhs,
                   DefaultValuedAttr<Tolk_RoundingAttr,
                                     "::tolk::Rounding::none">:$rounding);
  let assemblyFormat = [{
    operands attr-dict `:` custom<ElementwiseTypes>(type($lhs), type($rhs),
                                                    type($result))
  }];
}

def Tolk_ModOp : Tolk_BinaryOp<"mod", Tolk_TakesOrderedNotBool,
                                      Tolk_GivesPromoted, [
    Tolk_Definition<"mod(d, x[0], x[1])">]> {
  let summary = "remainder of floor division (the sign of rhs)";
  let opDescription = [{
    `lhs - rhs * div(lhs, rhs, floor)`. Integers: a nonzero result has the
    sign of `rhs`; `INT_MIN mod -1` is 0; a zero `rhs` is undefined at run
    time and never folded. Floats follow the float quotient: a zero `rhs`,
    an infinite `lhs` or a NaN operand gives a NaN.
  }];
}

def Tolk_FModOp : Tolk_BinaryOp<"fmod", Tolk_TakesOrderedNotBool,
                                       Tolk_GivesPromoted, [
    Tolk_Definition<"fmod(d, x[0], x[1])">]> {
  let summary = "remainder of truncating division (the sign of lhs)";
  let opDescription = [{
    `lhs - rhs * div(lhs, rhs, trunc)`: C's `%` on integers (`INT_MIN fmod
    -1` is 0; a zero `rhs` is undefined at run time and never folded).
    Floats as `mod`, with the truncated quotient.
  }];
}

def Tolk_GtOp : Tolk_BinaryOp<"gt", Tolk_TakesOrdered, Tolk_GivesBool, [
    Tolk_Definition<"gt(d, x[0], x[1])">]> {
  let summary = "lhs > rhs: cmplt rhs lhs";
  let opDescription = [{ Ordered: false when either operand is a NaN; `+0.0 > -0.0` is false. }];
}

def Tolk_LeOp : Tolk_BinaryOp<"le", Tolk_TakesOrdered, Tolk_GivesBool, [
    Tolk_Definition<"le(d, x[0], x[1])">]> {
  let summary = "lhs <= rhs: logical_not (gt lhs rhs)";
  let opDescription = [{
    It is defined as the negation of an ordered comparison, so it is
    unordered: true when either operand is a NaN (unlike C's `<=`; see
    docs/Semantics.md#comparisons-with-nan).
  }];
}

def Tolk_GeOp : Tolk_BinaryOp<"ge", Tolk_TakesOrdered, Tolk_GivesBool, [
    Tolk_Definition<"ge(d, x[0], x[1])">]> {
  let summary = "lhs >= rhs: logical_not (cmplt lhs rhs)";
  let opDescription = [{
    Unordered, as `le`: true when either operand is a NaN.
  }];
}

def Tolk_NeOp : Tolk_BinaryOp<"ne", Tolk_TakesAny, Tolk_GivesBool,
                                     [Commutative, 
    Tolk_Definition<"ne(d, x[0], x[1])">]> {
  let summary = "lhs != rhs: logical_not (cmpeq lhs rhs)";
  let opDescription = [{ Unordered: true when either operand is a NaN. }];
}

def Tolk_MinimumOp : Tolk_BinaryOp<"minimum", Tolk_TakesOrdered,
                                          Tolk_GivesPromoted, [Commutative, 
    Tolk_Definition<"minimum(d, x[0], x[1])">]> {
  let summary = "minimum: neg (max (neg lhs) (neg rhs)), or an order-reversing xor for integers";
  let opDescription = [{
    The lesser operand. Floats: with one NaN operand, the other (as `max`);
    `-0.0` counts as less than `+0.0`. Integers: exact, through
    `bitwise_not`, which never overflows. On Bool, `and`.
  }];
}

// Primitive on the complex types: a complex number's definition in
// primitives differs from what the complex lowering computes (in signed
// zeros, infinities and NaNs).
def Tolk_NegOp : Tolk_UnaryOp<"neg", Tolk_TakesAny, Tolk_GivesPromoted, [
    Tolk_Definition<"neg(d, x[0])">,
    Tolk_Primitive<"Neg", "::tolk::dtype::isComplex(dt)">]> {
  let summary = "negation: x * -1, logical_not for Bool";
  let opDescription = [{
    `x * -1`: integers wrap (`neg INT_MIN` is `INT_MIN`; an unsigned `x`
    gives `2^n - x`); floats flip the sign (`neg +0.0` is `-0.0`), and a NaN
    stays a NaN.
  }];
}

def Tolk_FloorOp : Tolk_UnaryOp<"floor", Tolk_TakesOrdered,
                                       Tolk_GivesPromoted, [
    Tolk_Definition<"floor(d, x[0])">]> {
  let summary = "floor: trunc x, less one where that is above x";
  let opDescription = [{
    Floats: NaN, infinities and `-0.0` are unchanged, `-0.5` gives `-1.0`.
    Integers and Bool are unchanged.
  }];
}

def Tolk_LogicalNotOp : Tolk_UnaryOp<"logical_not", Tolk_TakesAny,
                                            Tolk_GivesBool, [
    Tolk_Definition<"logicalNot(d, x[0])">]> {
  let summary = "cmpeq (cast x to i1) false";
  let opDescription = [{
    True exactly for zero: `+-0.0` give true; a NaN is nonzero and gives
    false.
  }];
}

def Tolk_IsFiniteOp : Tolk_UnaryOp<"isfinite", Tolk_TakesAny,
                                    Tolk_GivesBool, [
    Tolk_Definition<"isFinite(d, x[0])">]> {
  let summary = "neither infinite nor NaN: cmpeq (sub x x) 0";
  let opDescription = [{
    True for a finite float (`x - x` is an exact zero), false for an
    infinity or a NaN (`x - x` is a NaN). A complex value is finite iff both
    its parts are (the subtraction and the comparison are per part). Integers
    and Bool are always finite (`cmpeq x x`).
  }];
}

def Tolk_BitwiseNotOp : Tolk_UnaryOp<"bitwise_not", Tolk_TakesIntOrBool,
                                            Tolk_GivesPromoted, [
    Tolk_Definition<"bitwiseNot(d, x[0])">]> {
  let summary = "x xor all ones; logical_not for Bool";
  let opDescription = [{
    `-x - 1` for signed and weak integers, `max - x` for unsigned ones.
  }];
}

//===----------------------------------------------------------------------===//
// cast, bitcast
//===----------------------------------------------------------------------===//

def Tolk_CastOp : Tolk_Op<"cast", [Pure]> {
  let summary = "value conversion";
  let description = [{
    Converts to the result's data type, as `const` converts a constant
    (docs/Semantics.md#const), on every target as in the folder: floats
    round once to nearest even (8-bit floats saturate, an infinity becomes
    the NaN of a format without one), integers wrap, Bool is nonzero-ness,
    and a float converts to an integer by rounding towards zero, then
    wrapping modulo 2^bitsize (`tolk.cast` of 200.0 to `si8` is -56); NaN
    gives 0 and an infinity the integer's least or greatest value
    (docs/Semantics.md#float-to-integer). A NaN keeps its sign and the
    payload the result holds; an 8-bit float's NaN is its format's NaN code,
    as `tolk.bitcast` says (so a cast to the same 8-bit float makes every
    NaN code that one). The one difference between targets and the folder:
    a signalling NaN into a conversion stays signalling in the folder and is
    quieted by the hardware (docs/Testing.md, "Differential testing").

    Lanes follow the lane rule of docs/Semantics.md#lanes-and-shapes: one
    lane cast to several broadcasts, several cast to one keep lane 0. Shapes
    must match.

    ```mlir
    %t = tolk.cast %d : si8 to f32
    ```
  }];
  let arguments = (ins Tolk_ConvertibleValue:$input);
  let results = (outs Tolk_ConvertibleValue:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `to` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  // A cast of a lossless cast (TolkCanonicalization.td).
  let hasCanonicalizer = 1;
}

def Tolk_BitcastOp : Tolk_Op<"bitcast", [Pure]> {
  let summary = "reinterpret the bits of a value";
  let description = [{
    Reinterprets the bits (docs/Semantics.md#bitcast): the bits of each lane are
    kept exactly, signalling NaNs included, but for the NaN codes of an 8-bit
    float, which read and store as its format's NaN code: S.11111.11 with their
    sign in `f8E5M2`, 0x7F in `f8E4M3FN` (0xFF is a NaN too), 0x80 in the fnuz
    formats (their one NaN). `0x7D` bitcast from `ui8` to `f8E5M2` and back is
    `0x7F`. The two data types must have the same itemsize and a storage format
    (not void, the weak types or the storage helpers).

    ```mlir
    %u = tolk.bitcast %t : f32 to si32
    ```
  }];
  let arguments = (ins Tolk_StoredValue:$input);
  let results = (outs Tolk_StoredValue:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `to` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

#endif // TOLK_OPS_TD
