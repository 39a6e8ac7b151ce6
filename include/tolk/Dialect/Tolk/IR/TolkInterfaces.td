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
    of data types only (`neg` and `div` on the complex types; on the others
    they are derived ops): the class is named on the op in TolkOps.td
    (`Tolk_Primitive`).
  }];
  let methods = [
    StaticInterfaceMethod<
      "The ALU op that evaluates one lane of the op.",
      "::tolk::dtype::AluOp", "getAluOp", (ins), [{}], [{
        return ConcreteOp::kAluOp;
      }]>,
    StaticInterfaceMethod<
      "Whether the op is primitive with a result of data type `dt`.",
      "bool", "isPrimitiveFor", (ins "::tolk::dtype::DType":$dt), [{}], [{
        return ConcreteOp::isPrimitiveResultType(dt);
      }]>,
  ];
}

// The AluOp of a primitive op and the data types of the results it is
// primitive for (a C++ condition on `dt`).
class Tolk_PrimitiveAlu<string aluOp, string resultTypes>
    : NativeOpTrait<"PrimitiveAlu", [], [{
        static constexpr ::tolk::dtype::AluOp kAluOp =
            ::tolk::dtype::AluOp::}] # aluOp # [{;
        static bool isPrimitiveResultType(
            [[maybe_unused]] ::tolk::dtype::DType dt) {
          return }] # resultTypes # [{;
        }
      }]> {
  let cppNamespace = "::tolk::OpTrait";
}

// A primitive op, evaluated by the AluOp `aluOp` (lib/Dtype's Alu.h), for
// every data type or for results of the types where `resultTypes` holds.
class Tolk_Primitive<string aluOp, string resultTypes = "true">
    : TraitList<[Tolk_PrimitiveOpInterface,
                 Tolk_PrimitiveAlu<aluOp, resultTypes>]>;

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
      "value.",
      "::mlir::Value", "buildDefinition", (ins "::mlir::OpBuilder &":$builder),
      [{}], [{
        ::tolk::PrimitiveBuilder d(builder, $_op.getLoc());
        ::llvm::SmallVector<::mlir::Value, 2> x(
            $_op.getOperation()->getOperands());
        return $_op.define(d, x);
      }]>,
  ];
}

#endif // TOLK_INTERFACES_TD
