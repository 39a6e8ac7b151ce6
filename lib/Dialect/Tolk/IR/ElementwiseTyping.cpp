//===- ElementwiseTyping.cpp - The typing rules of elementwise ops --------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The one type inference of every elementwise op, from the typing rule its
// ODS declares. Every rule of the data types (promotion, least_upper_float,
// which types an ALU computes on) comes from lib/Dtype.
//
//===----------------------------------------------------------------------===//

#include "tolk/Dialect/Tolk/IR/TolkInterfaces.h"
#include "tolk/Dialect/Tolk/IR/TypeMapping.h"

#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace tolk;
using dtype::DType;

static LogicalResult emitInferError(std::optional<Location> loc,
                                    const Twine &message) {
  if (loc)
    emitError(*loc) << message;
  return failure();
}

/// The data type and shape of each operand, after the checks that need no
/// promotion: where's condition is i1, and every operand is a value an ALU
/// computes on.
static LogicalResult classifyOperands(MLIRContext *ctx,
                                      std::optional<Location> loc,
                                      StringRef opName, TypeRange operandTypes,
                                      ElementwiseRule rule,
                                      SmallVectorImpl<DType> &dtypes,
                                      SmallVectorImpl<ValueShape> &shapes) {
  // where's condition is a selector: it broadcasts with the arms, and only
  // they promote.
  if (rule.promotion == PromotionKind::Arms && !operandTypes.empty()) {
    std::optional<ElementwiseType> cond = classify(operandTypes.front());
    if (!cond || cond->dtype != DType::Bool) {
      std::string s;
      llvm::raw_string_ostream(s) << operandTypes.front();
      return emitInferError(loc, "'" + opName +
                                     "' op expects an i1 condition (or lanes "
                                     "or a tensor of i1), not " +
                                     s);
    }
  }
  for (Type t : operandTypes) {
    std::optional<ElementwiseType> et = classify(t);
    if (!et) {
      std::string s;
      llvm::raw_string_ostream(s) << t;
      return emitInferError(loc, "'" + opName + "' op operand of type " + s +
                                     " has no Tolk data type");
    }
    if (et->dtype == DType::Void || et->dtype == DType::Uint128 ||
        et->dtype == DType::Uint256)
      return emitInferError(loc, "'" + opName + "' op operand of type " +
                                     getTypeName(ctx, et->dtype) +
                                     " is not a value an ALU computes on");
    dtypes.push_back(et->dtype);
    shapes.push_back(et->shape);
  }
  return success();
}

/// Whether the op takes what its operands promote to (`promotion`, in the
/// broadcast `shape`): the rule's operand kind, and the lanes that MLIR's
/// vectors can hold.
static LogicalResult checkPromotedOperands(MLIRContext *ctx,
                                           std::optional<Location> loc,
                                           StringRef opName,
                                           ElementwiseRule rule,
                                           const OperandPromotion &promotion,
                                           const ValueShape &shape) {
  DType dt = promotion.target;
  // The type's name only on failure: printing it is most of the inference's
  // cost, and every op's verifier runs this (bench/README.md, "Compile time
  // and scaling").
  auto reject = [&](StringRef what) {
    return emitInferError(loc, "'" + opName + "' op expects " + what +
                                   " operands, but they promote to " +
                                   getTypeName(ctx, dt));
  };
  if (dtype::isComplex(dt)) {
    switch (rule.takes) {
    case OperandKind::Any:
    case OperandKind::NotBool:
      break;
    case OperandKind::IntOrBool:
    case OperandKind::Int:
    case OperandKind::Ordered:
    case OperandKind::OrderedNotBool:
      return emitInferError(loc, "'" + opName +
                                     "' op needs an order, and complex "
                                     "numbers have none: its operands "
                                     "promote to " +
                                     getTypeName(ctx, dt));
    case OperandKind::Real:
    case OperandKind::RealNotBool:
      return emitInferError(
          loc, "'" + opName +
                   "' op takes real numbers only, but its "
                   "operands promote to " +
                   getTypeName(ctx, dt) +
                   ": on complex numbers it would be the math library's, "
                   "whose bits the folder cannot reproduce");
    }
  }
  // MLIR vectors hold integers and floats, not complex numbers.
  if (dtype::isComplex(dt) && shape.kind == ValueShape::Kind::Vector)
    return emitInferError(loc, "'" + opName +
                                   "' op operands with lanes "
                                   "promote to " +
                                   getTypeName(ctx, dt) +
                                   ", which has no lanes (a vector holds "
                                   "integers and floats only)");
  switch (rule.takes) {
  case OperandKind::Any:
  case OperandKind::Ordered:
  case OperandKind::Real:
    break;
  case OperandKind::IntOrBool:
    if (!dtype::isInt(dt) && dt != DType::Bool)
      return reject("integer or i1");
    break;
  case OperandKind::Int:
    if (!dtype::isInt(dt))
      return reject("integer");
    break;
  case OperandKind::NotBool:
  case OperandKind::OrderedNotBool:
  case OperandKind::RealNotBool:
    if (dt == DType::Bool)
      return reject("numeric (not i1)");
    break;
  }
  // MLIR vectors hold only integers and floats, so lanes of a weak type do
  // not exist: lanes whose operands promote to one (si64 with ui64, i1 with
  // a weak scalar) have no type to compute in, even when the result is i1,
  // because canonicalization casts the operands to the promoted type.
  if (shape.kind == ValueShape::Kind::Vector &&
      (dtype::isWeak(dt) || dtype::isWeak(promotion.promoted)))
    return emitInferError(
        loc, "'" + opName + "' op operands with lanes promote to " +
                 getTypeName(ctx, promotion.target) +
                 ", which has no lanes; cast them to a strong type first");
  return success();
}

LogicalResult tolk::inferElementwiseType(MLIRContext *ctx,
                                         std::optional<Location> loc,
                                         StringRef opName,
                                         TypeRange operandTypes,
                                         ElementwiseRule rule,
                                         SmallVectorImpl<Type> &results) {
  SmallVector<DType, 3> dtypes;
  SmallVector<ValueShape, 3> shapes;
  if (failed(classifyOperands(ctx, loc, opName, operandTypes, rule, dtypes,
                              shapes)))
    return failure();
  if (dtypes.empty())
    return failure();
  FailureOr<ValueShape> shape = broadcastShapes(shapes, loc);
  if (failed(shape))
    return failure();

  llvm::Expected<OperandPromotion> promotion =
      promoteOperands(dtypes, rule.promotion);
  if (!promotion) {
    std::string msg = llvm::toString(promotion.takeError());
    return emitInferError(loc, "'" + opName + "' op " + msg);
  }
  if (failed(checkPromotedOperands(ctx, loc, opName, rule, *promotion, *shape)))
    return failure();
  DType dt = promotion->target;
  DType resultDType = rule.gives == ResultKind::Bool ? DType::Bool : dt;
  results.push_back(withShape(*shape, getScalarType(ctx, resultDType)));
  return success();
}

LogicalResult tolk::detail::verifyElementwiseResultType(Operation *op,
                                                        Type inferred) {
  Type written = op->getResult(0).getType();
  if (written != inferred)
    return op->emitOpError("result type ")
           << written << " is not the type the operands give: expected "
           << inferred;
  return success();
}

#include "tolk/Dialect/Tolk/IR/TolkInterfaces.cpp.inc"
