//===- PrimitiveBuilder.cpp - Builds primitive elementwise ops ------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tolk/Dialect/Tolk/IR/PrimitiveBuilder.h"
#include "tolk/Dialect/Tolk/IR/TolkOps.h"
#include "tolk/Dialect/Tolk/IR/TypeMapping.h"
#include "tolk/Dtype/Cast.h"

#include "llvm/Support/ErrorHandling.h"

using namespace mlir;
using namespace tolk;
using dtype::Const;
using dtype::DType;

/// A rule of the data types that cannot fail on operands the verifier
/// accepts; a failure is a caller's programming error.
template <typename T>
static T orFatal(llvm::Expected<T> value, const char *what) {
  if (!value)
    llvm::report_fatal_error(llvm::Twine("PrimitiveBuilder: ") + what + ": " +
                             llvm::toString(value.takeError()));
  return std::move(*value);
}

template <typename OpTy, typename... Args>
Value PrimitiveBuilder::create(Args &&...args) {
  return OpTy::create(builder, loc, std::forward<Args>(args)...);
}

DType PrimitiveBuilder::getDType(Value v) {
  std::optional<ElementwiseType> et = classify(v.getType());
  if (!et)
    llvm::report_fatal_error("PrimitiveBuilder: a value without a data type");
  return et->dtype;
}

DType PrimitiveBuilder::leastUpperFloat(DType dt) {
  return orFatal(dtype::leastUpperFloat(dt), "least_upper_float");
}

Value PrimitiveBuilder::constant(Type type, const Const &value) {
  return create<ConstOp>(type, value);
}

Value PrimitiveBuilder::constant(DType dt, const Const &value) {
  return constant(getScalarType(builder.getContext(), dt),
                  orFatal(dtype::makeConst(dt, value), "constant"));
}

Value PrimitiveBuilder::boolean(bool value) {
  return constant(DType::Bool, Const::ofBool(value));
}

Value PrimitiveBuilder::cast(Value x, DType dt) {
  std::optional<ElementwiseType> et = classify(x.getType());
  if (!et)
    llvm::report_fatal_error("PrimitiveBuilder: cast of a value without a "
                             "data type");
  if (et->dtype == dt)
    return x;
  return create<CastOp>(
      withShape(et->shape, getScalarType(builder.getContext(), dt)), x);
}

SmallVector<Value, 3> PrimitiveBuilder::promote(ValueRange operands,
                                                PromotionKind kind) {
  SmallVector<DType, 3> dtypes;
  for (Value v : operands)
    dtypes.push_back(getDType(v));
  OperandPromotion p = orFatal(promoteOperands(dtypes, kind), "promotion");
  SmallVector<Value, 3> promoted(operands.begin(), operands.end());
  for (unsigned i : p.operands)
    promoted[i] = cast(promoted[i], p.target);
  return promoted;
}

Value PrimitiveBuilder::add(Value x, Value y) { return create<AddOp>(x, y); }
Value PrimitiveBuilder::mul(Value x, Value y) { return create<MulOp>(x, y); }
Value PrimitiveBuilder::lt(Value x, Value y) { return create<CmpLtOp>(x, y); }
Value PrimitiveBuilder::eq(Value x, Value y) { return create<CmpEqOp>(x, y); }
Value PrimitiveBuilder::maximum(Value x, Value y) {
  return create<MaxOp>(x, y);
}
Value PrimitiveBuilder::bitwiseAnd(Value x, Value y) {
  return create<AndOp>(x, y);
}
Value PrimitiveBuilder::bitwiseOr(Value x, Value y) {
  return create<OrOp>(x, y);
}
Value PrimitiveBuilder::bitwiseXor(Value x, Value y) {
  return create<XorOp>(x, y);
}
Value PrimitiveBuilder::shl(Value x, Value y) { return create<ShlOp>(x, y); }
Value PrimitiveBuilder::shr(Value x, Value y) { return create<ShrOp>(x, y); }
Value PrimitiveBuilder::truncDiv(Value x, Value y) {
  return create<TruncDivOp>(x, y);
}
Value PrimitiveBuilder::pow(Value x, Value y) { return create<PowOp>(x, y); }
Value PrimitiveBuilder::reciprocal(Value x) { return create<ReciprocalOp>(x); }
Value PrimitiveBuilder::trunc(Value x) { return create<TruncOp>(x); }
Value PrimitiveBuilder::sqrt(Value x) { return create<SqrtOp>(x); }
Value PrimitiveBuilder::exp2(Value x) { return create<Exp2Op>(x); }
Value PrimitiveBuilder::log2(Value x) { return create<Log2Op>(x); }
Value PrimitiveBuilder::where(Value c, Value x, Value y) {
  return create<WhereOp>(c, x, y);
}
Value PrimitiveBuilder::complexNeg(Value x) { return create<NegOp>(x); }
Value PrimitiveBuilder::complexDiv(Value x, Value y) {
  return create<DivOp>(x, y);
}
