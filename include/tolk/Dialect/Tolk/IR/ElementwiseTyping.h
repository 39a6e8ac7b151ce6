//===- ElementwiseTyping.h - The typing rules of elementwise ops -*- C++
//-*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// An elementwise op's typing rule, which TolkOps.td declares on each op:
// the data types it takes, how its operands promote, and its result's data
// type. One inference reads it for every op (the verifier, builders and
// --tolk-commit-weak's check). And the traits that every pass asks whether
// an op is primitive or derived.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_DIALECT_TOLK_IR_ELEMENTWISETYPING_H
#define TOLK_DIALECT_TOLK_IR_ELEMENTWISETYPING_H

#include "tolk/Dialect/Tolk/IR/OperandPromotion.h"

#include "mlir/IR/OpDefinition.h"

namespace tolk {

/// An elementwise op's typing rule (TolkOps.td).
struct ElementwiseRule {
  OperandKind takes;
  ResultKind gives;
  PromotionKind promotion;
};

/// The result type of an elementwise op `opName` with operands of
/// `operandTypes`: each split into data type and shape, the shapes broadcast,
/// the data types promoted by the rule and checked against it. Emits the
/// reason at `loc`, when given, on failure.
mlir::LogicalResult
inferElementwiseType(mlir::MLIRContext *ctx, std::optional<mlir::Location> loc,
                     llvm::StringRef opName, mlir::TypeRange operandTypes,
                     ElementwiseRule rule,
                     llvm::SmallVectorImpl<mlir::Type> &results);

namespace detail {
/// The result type of `op` against the one its rule infers.
mlir::LogicalResult verifyElementwiseResultType(mlir::Operation *op,
                                                mlir::Type inferred);
} // namespace detail

namespace OpTrait {

/// The verifier of an elementwise op: its operands must promote by its rule,
/// and its written result type must be the inferred one (named in the
/// error). The type inference itself is generated on the op (TolkOps.td).
template <typename ConcreteOp>
class ElementwiseTyping
    : public mlir::OpTrait::TraitBase<ConcreteOp, ElementwiseTyping> {
public:
  static mlir::LogicalResult verifyTrait(mlir::Operation *op) {
    llvm::SmallVector<mlir::Type, 1> inferred;
    if (mlir::failed(ConcreteOp::inferReturnTypes(
            op->getContext(), op->getLoc(), op->getOperands(),
            op->getRawDictionaryAttrs(), op->getPropertiesStorage(),
            op->getRegions(), inferred)))
      return mlir::failure();
    return detail::verifyElementwiseResultType(op, inferred.front());
  }
};

/// A primitive elementwise op's AluOp and the result types it is primitive
/// for, as static members that ODS generates (`Tolk_Primitive`,
/// TolkInterfaces.td); PrimitiveOpInterface reads them.
template <typename ConcreteOp>
class PrimitiveAlu : public mlir::OpTrait::TraitBase<ConcreteOp, PrimitiveAlu> {
};

/// A derived elementwise op, which --tolk-decompose rewrites into
/// primitives.
template <typename ConcreteOp>
class Derived : public mlir::OpTrait::TraitBase<ConcreteOp, Derived> {};

} // namespace OpTrait
} // namespace tolk

#endif // TOLK_DIALECT_TOLK_IR_ELEMENTWISETYPING_H
