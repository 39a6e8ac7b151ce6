//===- TolkInterfaces.td - Tolk op interfaces and traits ---*- tablegen -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// What every pass asks of an elementwise op: its typing rule, through the
// ElementwiseOpInterface. The ops declare their rules in TolkOps.td, and
// nothing else lists them.
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

#endif // TOLK_INTERFACES_TD
