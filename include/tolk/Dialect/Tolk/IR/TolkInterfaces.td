//===- TolkInterfaces.td - Tolk op interfaces and traits ---*- tablegen -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// What every pass asks of an elementwise op: its typing rule (the
// ElementwiseOpInterface), and whether lowering knows it (Primitive) or
// --tolk-decompose rewrites it into primitives (DerivedOpInterface). The ops
// declare these in TolkOps.td, and nothing else lists them.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_INTERFACES_TD
#define TOLK_INTERFACES_TD

include "mlir/IR/OpBase.td"

def Tolk_ElementwiseOpInterface : OpInterface<"ElementwiseOpInterface"> {
  let cppNamespace = "::tolk";
  let description = [{
    An elementwise op over scalars, lanes or tensors of Tolk data types, with
    a typing rule: the data types it takes, how its operands promote, and
    its result's data type (ElementwiseTyping.h). Type inference, the
    verifier, promotion materialization in --canonicalize and the folder
    read the rule from here.
  }];
  let methods = [
    InterfaceMethod<
      "The op's typing rule (for tolk.div, as its rounding makes it).",
      "::tolk::ElementwiseRule", "getTypingRule", (ins), [{}], [{
        return ConcreteOp::getTypingRuleOf(
            typename ConcreteOp::Adaptor($_op));
      }]>,
  ];
}

def Tolk_PrimitiveOpInterface : OpInterface<"PrimitiveOpInterface"> {
  let cppNamespace = "::tolk";
  let description = [{
    A primitive elementwise op: the lowerings know it, and the folder
    evaluates it with one dtype::evalAlu of its AluOp per lane, on its
    operands promoted by its typing rule. An op may be primitive on one class
    of data types only (`neg` and `div` on the complex types, `pow` but on an
    integer base with a `!tolk.weakint` exponent; elsewhere they are derived
    ops): the class is named on the op in TolkOps.td (`Tolk_Primitive`).
  }];
  let methods = [
    StaticInterfaceMethod<
      "The ALU op that evaluates one lane of the op.",
      "::tolk::dtype::AluOp", "getAluOp", (ins), [{}], [{
        return ConcreteOp::kAluOp;
      }]>,
    StaticInterfaceMethod<
      "Whether the op is primitive on operands and a result of these data "
      "types.",
      "bool", "isPrimitiveFor",
      (ins "::llvm::ArrayRef<::tolk::dtype::DType>":$operands,
           "::tolk::dtype::DType":$dt), [{}], [{
        return ConcreteOp::isPrimitiveOn(operands, dt);
      }]>,
  ];
}

// The AluOp of a primitive op and the data types it is primitive on (a C++
// condition on the result's data type `dt` and the operands' `operands`).
class Tolk_PrimitiveAlu<string aluOp, string types>
    : NativeOpTrait<"PrimitiveAlu", [], [{
        static constexpr ::tolk::dtype::AluOp kAluOp =
            ::tolk::dtype::AluOp::}] # aluOp # [{;
        static bool isPrimitiveOn(
            [[maybe_unused]] ::llvm::ArrayRef<::tolk::dtype::DType> operands,
            [[maybe_unused]] ::tolk::dtype::DType dt) {
          return }] # types # [{;
        }
      }]> {
  let cppNamespace = "::tolk::OpTrait";
}

// A primitive op, evaluated by the AluOp `aluOp` (lib/Dtype's Alu.h), on
// every data type or on the types where `types` holds.
class Tolk_Primitive<string aluOp, string types = "true">
    : TraitList<[Tolk_PrimitiveOpInterface, Tolk_PrimitiveAlu<aluOp, types>]>;

def Tolk_DerivedOpInterface : OpInterface<"DerivedOpInterface"> {
  let cppNamespace = "::tolk";
  let description = [{
    A derived elementwise op: no lowering knows it, and --tolk-decompose
    replaces it with its definition in primitives. The definition is written
    once (DerivedDefinitions.h) and named on the op in TolkOps.td
    (`Tolk_Definition`); the folder evaluates the same definition on
    constants, so that the op folds to the bits its decomposition computes.
  }];
  let methods = [
    InterfaceMethod<
      "Builds the op's definition in primitives on its operands, at the "
      "builder's insertion point and the op's location, and returns its "
      "value; a null value where the definition waits for a later pass, "
      "failure after a diagnostic where the op has none.",
      "::mlir::FailureOr<::mlir::Value>", "buildDefinition",
      (ins "::mlir::OpBuilder &":$builder),
      [{}], [{
        ::tolk::PrimitiveBuilder d(builder, $_op.getLoc());
        ::llvm::SmallVector<::mlir::Value, 2> x(
            $_op.getOperation()->getOperands());
        return $_op.define(d, x);
      }]>,
  ];
}

#endif // TOLK_INTERFACES_TD
