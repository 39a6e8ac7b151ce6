//===- DerivedDefinitions.h - The derived ops, defined once -----*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The one definition of each derived elementwise op in primitives, as the
// op's description states it (docs/Semantics.md, "Derived operations"),
// generic over the domain it computes in:
//  - tolk::PrimitiveBuilder builds it as IR (--tolk-decompose, through
//    DerivedOpInterface, and tolk::ElementwiseBuilder);
//  - the folder's constant domain (TolkFolds.cpp) evaluates it on one lane
//    of constants, so that a derived op folds to the bits its decomposition
//    computes.
//
// A domain D has a value type D::Value and these members:
//   dtype::DType getDType(Value);
//   Value constant(dtype::DType, int64_t);     Dtype.const of the integer
//   Value boolean(bool);
//   Value cast(Value, dtype::DType);           x itself when of that type
//   SmallVector<Value, 3> promote({Value...}); to the least upper type
//   dtype::DType leastUpperFloat(dtype::DType);
// and the primitives add, mul, lt, eq, maximum, bitwiseAnd, bitwiseXor,
// truncDiv, trunc, reciprocal and where, and the two that only complex types
// have, complexNeg and complexDiv (tolk.neg and tolk.div on a complex type,
// which no other primitive defines: see neg and div below).
//
// A definition promotes its operands first, so that each step computes in
// the promoted type. Where a step needs two built values they are built into
// named locals first: C++ leaves the order of evaluating arguments open, and
// the order of the IR built must not depend on the compiler.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_DIALECT_TOLK_IR_DERIVEDDEFINITIONS_H
#define TOLK_DIALECT_TOLK_IR_DERIVEDDEFINITIONS_H

#include "tolk/Dialect/Tolk/IR/TolkAttrs.h"
#include "tolk/Dtype/DType.h"

#include "llvm/Support/ErrorHandling.h"

namespace tolk {
namespace derived {

/// cmpeq (cast x Bool) false: true exactly for zero (a NaN is nonzero).
template <typename D> typename D::Value logicalNot(D &d, typename D::Value x) {
  using V = typename D::Value;
  V b = d.cast(x, dtype::DType::Bool);
  return d.eq(b, d.boolean(false));
}

/// logical_not for Bool, x * -1 otherwise: -1 in x's own type, which
/// Dtype.const wraps to all ones in an unsigned type (2^n - x there). A
/// complex x is negated per component, as complex.neg is: its product with
/// (-1, +0) differs in signed zeros and infinities ((0, 0) * (-1, 0) is
/// (-0, +0), not (-0, -0)), so complex negation is a primitive of its own.
template <typename D> typename D::Value neg(D &d, typename D::Value x) {
  dtype::DType dt = d.getDType(x);
  if (dt == dtype::DType::Bool)
    return logicalNot(d, x);
  if (dtype::isComplex(dt))
    return d.complexNeg(x);
  return d.mul(x, d.constant(dt, -1));
}

/// logical_not for Bool, x xor all ones otherwise: -1, which Dtype.const
/// wraps to the maximum of an unsigned type (-x - 1 for signed and weak
/// integers, max - x for unsigned ones).
template <typename D> typename D::Value bitwiseNot(D &d, typename D::Value x) {
  dtype::DType dt = d.getDType(x);
  if (dt == dtype::DType::Bool)
    return logicalNot(d, x);
  return d.bitwiseXor(x, d.constant(dt, -1));
}

/// x + neg y.
template <typename D>
typename D::Value sub(D &d, typename D::Value x, typename D::Value y) {
  auto p = d.promote({x, y});
  return d.add(p[0], neg(d, p[1]));
}

/// cmplt y x.
template <typename D>
typename D::Value gt(D &d, typename D::Value x, typename D::Value y) {
  return d.lt(y, x);
}

/// logical_not (gt x y): true when an operand is a NaN.
template <typename D>
typename D::Value le(D &d, typename D::Value x, typename D::Value y) {
  return logicalNot(d, gt(d, x, y));
}

/// logical_not (cmplt x y): true when an operand is a NaN.
template <typename D>
typename D::Value ge(D &d, typename D::Value x, typename D::Value y) {
  return logicalNot(d, d.lt(x, y));
}

/// logical_not (cmpeq x y): true when an operand is a NaN.
template <typename D>
typename D::Value ne(D &d, typename D::Value x, typename D::Value y) {
  return logicalNot(d, d.eq(x, y));
}

/// trunc x, less one where that is above x (never for integers and Bool; a
/// NaN compares false and stays; trunc -0.5 = -0.0 gives -1).
template <typename D> typename D::Value floor(D &d, typename D::Value x) {
  using V = typename D::Value;
  V t = d.trunc(x);
  V above = d.lt(x, t);
  return d.where(above, sub(d, t, d.constant(d.getDType(x), 1)), t);
}

/// neg (max (neg x) (neg y)) for floats and Bool (whose neg is logical_not:
/// not (or (not x) (not y)) is and); max returns the non-NaN operand, so
/// minimum does. For integers the same through the order-reversing
/// bitwise_not, which, unlike neg, never overflows (neg INT_MIN = INT_MIN).
template <typename D>
typename D::Value minimum(D &d, typename D::Value x, typename D::Value y) {
  using V = typename D::Value;
  auto p = d.promote({x, y});
  if (dtype::isInt(d.getDType(p[0]))) {
    V nx = bitwiseNot(d, p[0]);
    V ny = bitwiseNot(d, p[1]);
    return bitwiseNot(d, d.maximum(nx, ny));
  }
  V nx = neg(d, p[0]);
  V ny = neg(d, p[1]);
  return neg(d, d.maximum(nx, ny));
}

/// x - y * q: the remainder of a division whose quotient is q.
template <typename D>
typename D::Value remainder(D &d, typename D::Value x, typename D::Value y,
                            typename D::Value q) {
  return sub(d, x, d.mul(y, q));
}

/// Integers with rounding: truncdiv, and for floor one less where the
/// remainder is nonzero and its sign differs from the divisor's (INT_MIN /
/// -1 has remainder 0: no adjustment). Otherwise x, as a float, times y's
/// reciprocal, then trunc or floor as asked: this may differ from rounding
/// the correctly rounded x / y in the last place.
template <typename D>
typename D::Value div(D &d, typename D::Value x, typename D::Value y,
                      Rounding rounding) {
  using V = typename D::Value;
  auto p = d.promote({x, y});
  dtype::DType dt = d.getDType(p[0]);
  if (rounding != Rounding::none && dtype::isInt(dt)) {
    V q = d.truncDiv(p[0], p[1]);
    if (rounding == Rounding::trunc)
      return q;
    V r = remainder(d, p[0], p[1], q);
    V zero = d.constant(dt, 0);
    V nonZero = ne(d, r, zero);
    V rNegative = d.lt(r, zero);
    V yNegative = d.lt(p[1], zero);
    V adjust = d.bitwiseAnd(nonZero, ne(d, rNegative, yNegative));
    return d.where(adjust, sub(d, q, d.constant(dt, 1)), q);
  }
  // Complex division is complex.div's algorithm (Smith's, with C's
  // recoveries), a primitive of its own: x times the reciprocal of y would
  // round twice and overflow where the quotient does not. Rounding a complex
  // quotient needs an order, which the verifier rejects.
  if (dtype::isComplex(dt))
    return d.complexDiv(p[0], p[1]);
  dtype::DType f = d.leastUpperFloat(dt);
  V xf = d.cast(p[0], f);
  V yf = d.cast(p[1], f);
  V q = d.mul(xf, d.reciprocal(yf));
  switch (rounding) {
  case Rounding::none:
    return q;
  case Rounding::trunc:
    return d.trunc(q);
  case Rounding::floor:
    return floor(d, q);
  }
  llvm_unreachable("unknown rounding");
}

/// The remainder of div ~rounding:floor (the sign of y).
template <typename D>
typename D::Value mod(D &d, typename D::Value x, typename D::Value y) {
  auto p = d.promote({x, y});
  return remainder(d, p[0], p[1], div(d, p[0], p[1], Rounding::floor));
}

/// The remainder of div ~rounding:trunc (the sign of x): C's % on integers.
template <typename D>
typename D::Value fmod(D &d, typename D::Value x, typename D::Value y) {
  auto p = d.promote({x, y});
  return remainder(d, p[0], p[1], div(d, p[0], p[1], Rounding::trunc));
}

/// x - x == 0: true for a finite float (x - x is an exact zero), false for
/// an infinity or a NaN (x - x is a NaN), and for a complex x true iff both
/// parts are finite (the subtraction and the comparison are per part). An
/// integer or Bool is always finite: x == x, which keeps x's shape.
template <typename D> typename D::Value isFinite(D &d, typename D::Value x) {
  dtype::DType dt = d.getDType(x);
  if (!dtype::isFloat(dt) && !dtype::isComplex(dt))
    return d.eq(x, x);
  typename D::Value difference = sub(d, x, x);
  return d.eq(difference, d.constant(dt, 0));
}

} // namespace derived
} // namespace tolk

#endif // TOLK_DIALECT_TOLK_IR_DERIVEDDEFINITIONS_H
