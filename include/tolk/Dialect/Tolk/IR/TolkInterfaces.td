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
// --tolk-decompose rewrites it into primitives (Derived). The ops declare
// these in TolkOps.td, and nothing else lists them.
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

// A primitive op: the lowerings know it, and the folder evaluates it with
// one dtype::evalAlu per lane.
def Tolk_Primitive : NativeOpTrait<"Primitive"> {
  let cppNamespace = "::tolk::OpTrait";
}

// A derived op: --tolk-decompose rewrites it into primitives, and no
// lowering knows it.
def Tolk_Derived : NativeOpTrait<"Derived"> {
  let cppNamespace = "::tolk::OpTrait";
}

#endif // TOLK_INTERFACES_TD
