//===- ElementwiseBuilder.cpp - Seed 003's functions in C++ ---------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Each derived function is seed 003's sentence for it, step by step, and the
// folder (TolkFolds.cpp) evaluates the same steps on constants: a derived op
// folds to what its decomposition computes.
//
// Where a step needs two built values, they are built into named locals
// first: C++ leaves the order of evaluating arguments open, and the IR's
// order should not depend on the compiler.
//
//===----------------------------------------------------------------------===//

#include "tolk/Dialect/Tolk/Utils/ElementwiseBuilder.h"
#include "tolk/Dialect/Tolk/IR/TolkOps.h"
#include "tolk/Dialect/Tolk/IR/TypeMapping.h"
#include "tolk/Dtype/Cast.h"

#include "llvm/Support/ErrorHandling.h"

using namespace mlir;
using namespace tolk;
using dtype::Const;
using dtype::DType;

/// A rule of the seed that cannot fail on operands the verifier accepts; a
/// failure is a caller's programming error.
template <typename T>
static T orFatal(llvm::Expected<T> value, const char *what) {
  if (!value)
    llvm::report_fatal_error(llvm::Twine("ElementwiseBuilder: ") + what + ": " +
                             llvm::toString(value.takeError()));
  return std::move(*value);
}

template <typename OpTy, typename... Args>
ElementwiseValue ElementwiseBuilder::create(Args &&...args) {
  return wrap(OpTy::create(builder, loc, std::forward<Args>(args)...));
}

DType ElementwiseBuilder::getDType(Value v) {
  std::optional<ElementwiseType> et = classify(v.getType());
  if (!et)
    llvm::report_fatal_error("ElementwiseBuilder: a value without a data type");
  return et->dtype;
}

//===----------------------------------------------------------------------===//
// Constants and conversions
//===----------------------------------------------------------------------===//

ElementwiseValue ElementwiseBuilder::constant(Type type, const Const &value) {
  return create<ConstOp>(type, value);
}

ElementwiseValue ElementwiseBuilder::constant(DType dt, const Const &value) {
  return constant(getScalarType(builder.getContext(), dt),
                  orFatal(dtype::makeConst(dt, value), "constant"));
}

ElementwiseValue ElementwiseBuilder::weakInt(const mpz_class &value) {
  return constant(DType::WeakInt, Const::ofInt(value));
}

ElementwiseValue ElementwiseBuilder::weakFloat(double value) {
  return constant(DType::WeakFloat, Const::ofDouble(value));
}

ElementwiseValue ElementwiseBuilder::boolean(bool value) {
  return constant(DType::Bool, Const::ofBool(value));
}

ElementwiseValue ElementwiseBuilder::cast(Value x, DType dt) {
  std::optional<ElementwiseType> et = classify(x.getType());
  if (!et)
    llvm::report_fatal_error("ElementwiseBuilder: cast of a value without a "
                             "data type");
  if (et->dtype == dt)
    return wrap(x);
  return create<CastOp>(
      withShape(et->shape, getScalarType(builder.getContext(), dt)), x);
}

SmallVector<Value, 3> ElementwiseBuilder::promote(ValueRange operands,
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

//===----------------------------------------------------------------------===//
// Primitives
//===----------------------------------------------------------------------===//

ElementwiseValue ElementwiseBuilder::add(Value x, Value y) {
  return create<AddOp>(x, y);
}
ElementwiseValue ElementwiseBuilder::mul(Value x, Value y) {
  return create<MulOp>(x, y);
}
ElementwiseValue ElementwiseBuilder::lt(Value x, Value y) {
  return create<CmpLtOp>(x, y);
}
ElementwiseValue ElementwiseBuilder::eq(Value x, Value y) {
  return create<CmpEqOp>(x, y);
}
ElementwiseValue ElementwiseBuilder::maximum(Value x, Value y) {
  return create<MaxOp>(x, y);
}
ElementwiseValue ElementwiseBuilder::bitwiseAnd(Value x, Value y) {
  return create<AndOp>(x, y);
}
ElementwiseValue ElementwiseBuilder::bitwiseOr(Value x, Value y) {
  return create<OrOp>(x, y);
}
ElementwiseValue ElementwiseBuilder::bitwiseXor(Value x, Value y) {
  return create<XorOp>(x, y);
}
ElementwiseValue ElementwiseBuilder::shl(Value x, Value y) {
  return create<ShlOp>(x, y);
}
ElementwiseValue ElementwiseBuilder::shr(Value x, Value y) {
  return create<ShrOp>(x, y);
}
ElementwiseValue ElementwiseBuilder::truncDiv(Value x, Value y) {
  return create<TruncDivOp>(x, y);
}
ElementwiseValue ElementwiseBuilder::reciprocal(Value x) {
  return create<ReciprocalOp>(x);
}
ElementwiseValue ElementwiseBuilder::trunc(Value x) {
  return create<TruncOp>(x);
}
ElementwiseValue ElementwiseBuilder::sqrt(Value x) { return create<SqrtOp>(x); }
ElementwiseValue ElementwiseBuilder::exp2(Value x) { return create<Exp2Op>(x); }
ElementwiseValue ElementwiseBuilder::log2(Value x) { return create<Log2Op>(x); }
ElementwiseValue ElementwiseBuilder::where(Value c, Value x, Value y) {
  return create<WhereOp>(c, x, y);
}

FailureOr<ElementwiseValue> ElementwiseBuilder::pow(Value x, Value y) {
  OperandPromotion p = orFatal(
      promoteOperands({getDType(x), getDType(y)}, PromotionKind::Pow), "pow");
  if (!dtype::isFloat(p.promoted))
    if (auto cst = y.getDefiningOp<ConstOp>()) {
      const Const &c = cst.getValue().getValue();
      if (!c.isInvalid() && c.value().isInt() && c.value().getInt() < 0)
        return emitError(loc) << "pow of an integer by a negative exponent ("
                              << c.value().getInt().get_str()
                              << ") has no integer result";
    }
  return create<PowOp>(x, y);
}

//===----------------------------------------------------------------------===//
// Derived functions
//===----------------------------------------------------------------------===//

ElementwiseValue ElementwiseBuilder::sub(Value x, Value y) {
  if (!primitives())
    return create<SubOp>(x, y);
  SmallVector<Value, 3> p = promote({x, y});
  return add(p[0], neg(p[1]));
}

ElementwiseValue ElementwiseBuilder::neg(Value x) {
  if (!primitives())
    return create<NegOp>(x);
  DType dt = getDType(x);
  if (dt == DType::Bool)
    return logicalNot(x);
  // -1 in x's own type: Dtype.const wraps it to all ones in an unsigned
  // type, so neg x is 2^n - x there.
  return mul(x, constant(dt, -1));
}

ElementwiseValue ElementwiseBuilder::logicalNot(Value x) {
  if (!primitives())
    return create<LogicalNotOp>(x);
  ElementwiseValue b = cast(x, DType::Bool);
  return eq(b, boolean(false));
}

ElementwiseValue ElementwiseBuilder::bitwiseNot(Value x) {
  if (!primitives())
    return create<BitwiseNotOp>(x);
  DType dt = getDType(x);
  if (dt == DType::Bool)
    return logicalNot(x);
  // All ones: -1, which Dtype.const wraps to the maximum of an unsigned type.
  return bitwiseXor(x, constant(dt, -1));
}

ElementwiseValue ElementwiseBuilder::gt(Value x, Value y) {
  if (!primitives())
    return create<GtOp>(x, y);
  return lt(y, x);
}

ElementwiseValue ElementwiseBuilder::le(Value x, Value y) {
  if (!primitives())
    return create<LeOp>(x, y);
  return logicalNot(gt(x, y));
}

ElementwiseValue ElementwiseBuilder::ge(Value x, Value y) {
  if (!primitives())
    return create<GeOp>(x, y);
  return logicalNot(lt(x, y));
}

ElementwiseValue ElementwiseBuilder::ne(Value x, Value y) {
  if (!primitives())
    return create<NeOp>(x, y);
  return logicalNot(eq(x, y));
}

ElementwiseValue ElementwiseBuilder::floor(Value x) {
  if (!primitives())
    return create<FloorOp>(x);
  ElementwiseValue t = trunc(x);
  ElementwiseValue above = lt(x, t);
  return where(above, sub(t, constant(getDType(x), 1)), t);
}

ElementwiseValue ElementwiseBuilder::minimum(Value x, Value y) {
  if (!primitives())
    return create<MinimumOp>(x, y);
  SmallVector<Value, 3> p = promote({x, y});
  if (dtype::isInt(getDType(p[0]))) {
    // The order-reversing xor (bitwise_not): unlike neg, it never overflows.
    ElementwiseValue nx = bitwiseNot(p[0]);
    ElementwiseValue ny = bitwiseNot(p[1]);
    return bitwiseNot(maximum(nx, ny));
  }
  ElementwiseValue nx = neg(p[0]);
  ElementwiseValue ny = neg(p[1]);
  return neg(maximum(nx, ny));
}

ElementwiseValue ElementwiseBuilder::remainder(Value x, Value y, Value q) {
  return sub(x, mul(y, q));
}

ElementwiseValue ElementwiseBuilder::div(Value x, Value y, Rounding rounding) {
  if (!primitives())
    return create<DivOp>(x, y, rounding);
  SmallVector<Value, 3> p = promote({x, y});
  DType dt = getDType(p[0]);
  if (rounding != Rounding::none && dtype::isInt(dt)) {
    ElementwiseValue q = truncDiv(p[0], p[1]);
    if (rounding == Rounding::trunc)
      return q;
    // Floor: one less where the remainder is nonzero and its sign differs
    // from the divisor's (INT_MIN / -1 has remainder 0: no adjustment).
    ElementwiseValue r = remainder(p[0], p[1], q);
    ElementwiseValue zero = constant(dt, 0);
    ElementwiseValue nonZero = ne(r, zero);
    ElementwiseValue rNegative = lt(r, zero);
    ElementwiseValue yNegative = lt(p[1], zero);
    ElementwiseValue adjust = bitwiseAnd(nonZero, ne(rNegative, yNegative));
    return where(adjust, sub(q, constant(dt, 1)), q);
  }
  // x, as a float, times y's reciprocal, then rounded as asked.
  DType f = orFatal(dtype::leastUpperFloat(dt), "div");
  ElementwiseValue xf = cast(p[0], f);
  ElementwiseValue yf = cast(p[1], f);
  ElementwiseValue q = mul(xf, reciprocal(yf));
  switch (rounding) {
  case Rounding::none:
    return q;
  case Rounding::trunc:
    return trunc(q);
  case Rounding::floor:
    return floor(q);
  }
  llvm_unreachable("unknown rounding");
}

ElementwiseValue ElementwiseBuilder::mod(Value x, Value y) {
  if (!primitives())
    return create<ModOp>(x, y);
  SmallVector<Value, 3> p = promote({x, y});
  return remainder(p[0], p[1], div(p[0], p[1], Rounding::floor));
}

ElementwiseValue ElementwiseBuilder::fmod(Value x, Value y) {
  if (!primitives())
    return create<FModOp>(x, y);
  SmallVector<Value, 3> p = promote({x, y});
  return remainder(p[0], p[1], div(p[0], p[1], Rounding::trunc));
}
