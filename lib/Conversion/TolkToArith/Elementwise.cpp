//===- Elementwise.cpp - Tolk's primitive elementwise ops to arith --------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The primitive elementwise ops (tolk::PrimitiveOpInterface) in arith and math,
// computing the folder's bits (lib/Dtype/Alu.cpp): float max, shifts,
// truncdiv and integer pow are built from compares and selects where arith
// leaves a corner poison or unordered, 8-bit float arithmetic runs in f32 and
// rounds back once, and complex scalars use the complex dialect.
//
//===----------------------------------------------------------------------===//

#include "ArithLowering.h"

#include "tolk/Dialect/Tolk/IR/TolkOps.h"
#include "tolk/Dialect/Tolk/IR/TolkTypes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/TypeUtilities.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"

using namespace mlir;
using namespace tolk::detail;
using llvm::APFloat;
using llvm::APInt;
using tolk::LaneArith;
using tolk::dtype::DType;

namespace {

Type eltOf(Value v) { return mlir::getElementTypeOrSelf(v.getType()); }

/// `fn` on float operands; 8-bit floats (and bf16, on request) are computed in
/// f32 (every 8-bit value widens exactly) and rounded back once, saturating
/// (docs/Semantics.md#8-bit-floats). With `saturateOverflow`, an infinite f32
/// result of finite operands (f32 overflowed where the folder's binary64 did
/// not, e.g. exp2(200)) is a finite overflow and saturates the 8-bit float too;
/// `poleAtZero` excludes a zero first operand (pow(0, -1) is an exact
/// infinity).
Value floatCompute(const ArithLowering &lo, ArrayRef<Value> xs,
                   llvm::function_ref<Value(ArrayRef<Value>)> fn,
                   bool saturateOverflow = false, bool poleAtZero = false) {
  auto elt = cast<FloatType>(eltOf(xs[0]));
  if (!lo.computesInF32(elt))
    return fn(xs);
  Type f32 = lo.b.getF32Type();
  SmallVector<Value, 2> wide;
  for (Value x : xs)
    wide.push_back(lo.lanes(x).convert<arith::ExtFOp>(x, f32));
  Value r = fn(wide);
  LaneArith lanes = lo.lanes(r);
  // f32 has more than twice bf16's precision plus two bits, so rounding
  // the f32 result of +, -, *, / or sqrt once more to bf16 is the correctly
  // rounded bf16 result (no double-rounding error); bf16 overflows to an
  // infinity, as f32 does.
  if (!isFp8Type(elt))
    return lanes.convert<arith::TruncFOp>(r, elt);
  if (saturateOverflow) {
    Value ordered = lanes.cmpf(arith::CmpFPredicate::ORD, r, r);
    Value notFinite = lanes.notOf(lanes.isFinite(r));
    Value overflow = lanes.andi(ordered, notFinite); // An infinity...
    for (Value x : wide) {
      Value xFinite = lo.lanes(x).isFinite(x);
      overflow = lanes.andi(overflow, xFinite); // ... of finite operands.
    }
    if (poleAtZero) {
      Value zero =
          lanes.floatConst(f32, APFloat::getZero(APFloat::IEEEsingle()));
      Value nonZero = lanes.cmpf(arith::CmpFPredicate::UNE, wide[0], zero);
      overflow = lanes.andi(overflow, nonZero);
    }
    APFloat big = APFloat::getLargest(APFloat::IEEEsingle());
    APFloat negBig = APFloat::getLargest(APFloat::IEEEsingle(), true);
    Value negative = lanes.signBit(r);
    Value negBigV = lanes.floatConst(f32, negBig);
    Value bigV = lanes.floatConst(f32, big);
    Value sat = lanes.select(negative, negBigV, bigV);
    r = lanes.select(overflow, sat, r);
  }
  return truncToFp8(lo.b, r, elt);
}

/// Operands of an 8-bit float (or bf16, on request) widened to f32 (exact),
/// for comparisons.
SmallVector<Value, 2> widenFp8(const ArithLowering &lo, ArrayRef<Value> xs) {
  SmallVector<Value, 2> r(xs);
  for (Value &x : r)
    if (lo.computesInF32(eltOf(x)))
      x = lo.lanes(x).convert<arith::ExtFOp>(x, lo.b.getF32Type());
  return r;
}

/// Tolk's float max: the greater operand, the non-NaN one when one is NaN,
/// the first when both are, and -0.0 < +0.0. The first operand is kept when
/// it is greater, when the second is a NaN, or when they compare equal and
/// the second is negative (the only equal pair that differs is -0.0/+0.0).
Value floatMax(LaneArith &lanes, Value x, Value y) {
  Value greater = lanes.cmpf(arith::CmpFPredicate::OGT, x, y);
  Value yNaN = lanes.cmpf(arith::CmpFPredicate::UNO, y, y);
  Value equal = lanes.cmpf(arith::CmpFPredicate::OEQ, x, y);
  Value yNegative = lanes.signBit(y);
  Value zeros = lanes.andi(equal, yNegative);
  Value keepX = lanes.ori(greater, yNaN);
  keepX = lanes.ori(keepX, zeros);
  return lanes.select(keepX, x, y);
}

/// Tolk's shifts: the count is unsigned, and a count at or past the width
/// gives 0 (shl, unsigned shr) or the sign fill (signed shr). The count is
/// clamped to width - 1 first, so arith's shift is never poison.
Value shift(LaneArith &lanes, bool left, bool isSigned, Value x, Value n) {
  Type t = eltOf(x);
  unsigned w = t.getIntOrFloatBitWidth();
  Value last = lanes.intConst(t, w - 1);
  Value clamped = lanes.minui(n, last);
  if (!left && isSigned)
    return lanes.shrsi(x, clamped);
  Value r = left ? lanes.shli(x, clamped) : lanes.shrui(x, clamped);
  Value width = lanes.intConst(t, w);
  Value inRange = lanes.cmpi(arith::CmpIPredicate::ult, n, width);
  Value zero = lanes.intConst(t, 0);
  return lanes.select(inRange, r, zero);
}

/// Division rounding towards zero. LLVM's division is UB for a zero divisor
/// and for INT_MIN / -1; both divide by 1 instead, which gives INT_MIN for
/// the latter (the wrapped quotient) and the dividend for a zero divisor
/// (undefined in Tolk: any value will do, and this one is cheap).
Value truncDiv(LaneArith &lanes, bool isSigned, Value x, Value y) {
  Type t = eltOf(x);
  unsigned w = t.getIntOrFloatBitWidth();
  Value one = lanes.intConst(t, 1);
  Value zero = lanes.intConst(t, 0);
  Value bad = lanes.cmpi(arith::CmpIPredicate::eq, y, zero);
  if (isSigned) {
    Value intMin = lanes.intConst(t, APInt::getSignedMinValue(w));
    Value minX = lanes.cmpi(arith::CmpIPredicate::eq, x, intMin);
    Value allOnes = lanes.intConst(t, -1);
    Value minusOne = lanes.cmpi(arith::CmpIPredicate::eq, y, allOnes);
    Value overflow = lanes.andi(minX, minusOne);
    bad = lanes.ori(bad, overflow);
  }
  Value d = lanes.select(bad, one, y);
  if (isSigned)
    return lanes.divsi(x, d);
  return lanes.divui(x, d);
}

/// x^n modulo 2^w with n read as unsigned (as a shift count is): math.ipowi is
/// signed, so n is first reduced below 2^(w-1). For n >= w, an even x gives 0
/// and an odd x has an order dividing 2^(w-2), so n may be replaced by
/// w + ((n - w) mod 2^(w-2)) (docs/Rationale.md, "Decomposition and the C++
/// builder").
/// A negative exponent of a signed type, which the folder leaves undefined
/// (docs/Semantics.md#pow), thereby computes x^(n + 2^w).
Value intPow(LaneArith &lanes, Value x, Value n) {
  Type t = eltOf(x);
  unsigned w = t.getIntOrFloatBitWidth();
  Value wc = lanes.intConst(t, w);
  Value mask = lanes.intConst(t, APInt::getLowBitsSet(w, w - 2));
  Value past = lanes.subi(n, wc);
  Value rem = lanes.andi(past, mask);
  Value reduced = lanes.addi(wc, rem);
  Value small = lanes.cmpi(arith::CmpIPredicate::ult, n, wc);
  Value e = lanes.select(small, n, reduced);
  return math::IPowIOp::create(lanes.builder(), x, e);
}

/// A primitive op on complex scalars: the complex dialect's op, which
/// complex-to-standard expands as the folder computes it (lib/Dtype/Alu.cpp).
Value lowerComplex(Operation *op, ImplicitLocOpBuilder &b, ArrayRef<Value> x) {
  using namespace tolk;
  if (isa<AddOp>(op))
    return complex::AddOp::create(b, x[0], x[1]);
  if (isa<MulOp>(op))
    return complex::MulOp::create(b, x[0], x[1]);
  if (isa<DivOp>(op))
    return complex::DivOp::create(b, x[0], x[1]);
  if (isa<NegOp>(op))
    return complex::NegOp::create(b, x[0]);
  if (isa<CmpEqOp>(op))
    return complex::EqualOp::create(b, x[0], x[1]);
  if (isa<ReciprocalOp>(op)) {
    // (1, +0) / x, as the folder's reciprocal of a complex number.
    auto type = cast<ComplexType>(x[0].getType());
    const llvm::fltSemantics &sem =
        cast<FloatType>(type.getElementType()).getFloatSemantics();
    Value one =
        complexConst(b, type, APFloat::getOne(sem), APFloat::getZero(sem));
    return complex::DivOp::create(b, one, x[0]);
  }
  if (isa<WhereOp>(op))
    return arith::SelectOp::create(b, x[0], x[1], x[2]);
  llvm_unreachable("the verifier rejects this op on complex numbers");
}

/// What the lowering of a primitive gets: its operands (converted, and
/// splat to the result's shape), the data type they compute in (`dt`, real)
/// and its class, and lane arithmetic of the result's shape.
struct Primitive {
  Primitive(const ArithLowering &lo, DType dt, ArrayRef<Value> x,
            unsigned valueOperand)
      : lo(lo), b(lo.b), x(x), lanes(lo.lanes(x[valueOperand])),
        isBool(tolk::dtype::isBool(dt)), isFloat(tolk::dtype::isFloat(dt)),
        isSigned(!isBool && !isFloat && !tolk::dtype::isUnsigned(dt)) {}

  template <typename OpTy> Value binary() const {
    return OpTy::create(b, x[0], x[1]);
  }
  template <typename OpTy> Value floatBinary() const {
    return floatCompute(lo, x, [&](ArrayRef<Value> xs) -> Value {
      return OpTy::create(b, xs[0], xs[1]);
    });
  }
  template <typename OpTy>
  Value floatUnary(bool saturateOverflow = false) const {
    return floatCompute(
        lo, x,
        [&](ArrayRef<Value> xs) -> Value { return OpTy::create(b, xs[0]); },
        saturateOverflow);
  }

  const ArithLowering &lo;
  ImplicitLocOpBuilder &b;
  ArrayRef<Value> x;
  // LaneArith builds: its methods are not const.
  mutable LaneArith lanes;
  bool isBool, isFloat, isSigned;
};

using P = arith::CmpIPredicate;
using FP = arith::CmpFPredicate;

// One lowering per primitive op (its real data types; lowerComplex has the
// complex ones).

Value lowerPrimitive(tolk::AddOp, const Primitive &p) {
  // On Bool, add is or (arith.addi on i1 would be xor).
  if (p.isBool)
    return p.lanes.ori(p.x[0], p.x[1]);
  if (p.isFloat)
    return p.floatBinary<arith::AddFOp>();
  return p.lanes.addi(p.x[0], p.x[1]);
}

Value lowerPrimitive(tolk::MulOp, const Primitive &p) {
  if (p.isBool)
    return p.lanes.andi(p.x[0], p.x[1]);
  if (p.isFloat)
    return p.floatBinary<arith::MulFOp>();
  return p.binary<arith::MulIOp>();
}

/// cmplt and cmpeq: ordered float compares; Bool orders false < true
/// (unsigned).
Value lowerComparison(const Primitive &p, bool lt) {
  if (p.isFloat) {
    SmallVector<Value, 2> w = widenFp8(p.lo, p.x);
    return p.lanes.cmpf(lt ? FP::OLT : FP::OEQ, w[0], w[1]);
  }
  return p.lanes.cmpi(lt ? (p.isSigned ? P::slt : P::ult) : P::eq, p.x[0],
                      p.x[1]);
}
Value lowerPrimitive(tolk::CmpLtOp, const Primitive &p) {
  return lowerComparison(p, /*lt=*/true);
}
Value lowerPrimitive(tolk::CmpEqOp, const Primitive &p) {
  return lowerComparison(p, /*lt=*/false);
}

Value lowerPrimitive(tolk::MaxOp, const Primitive &p) {
  if (p.isBool)
    return p.lanes.ori(p.x[0], p.x[1]);
  if (p.isFloat)
    return floatCompute(p.lo, p.x, [&](ArrayRef<Value> xs) {
      LaneArith wide = p.lo.lanes(xs[1]);
      return floatMax(wide, xs[0], xs[1]);
    });
  if (p.isSigned)
    return p.lanes.maxsi(p.x[0], p.x[1]);
  return p.binary<arith::MaxUIOp>();
}

Value lowerPrimitive(tolk::AndOp, const Primitive &p) {
  return p.lanes.andi(p.x[0], p.x[1]);
}
Value lowerPrimitive(tolk::OrOp, const Primitive &p) {
  return p.lanes.ori(p.x[0], p.x[1]);
}
Value lowerPrimitive(tolk::XorOp, const Primitive &p) {
  return p.lanes.xori(p.x[0], p.x[1]);
}
Value lowerPrimitive(tolk::ShlOp, const Primitive &p) {
  return shift(p.lanes, /*left=*/true, p.isSigned, p.x[0], p.x[1]);
}
Value lowerPrimitive(tolk::ShrOp, const Primitive &p) {
  return shift(p.lanes, /*left=*/false, p.isSigned, p.x[0], p.x[1]);
}
Value lowerPrimitive(tolk::TruncDivOp, const Primitive &p) {
  return truncDiv(p.lanes, p.isSigned, p.x[0], p.x[1]);
}

Value lowerPrimitive(tolk::PowOp, const Primitive &p) {
  if (p.isBool) // x^n on {0, 1}: x or n == 0.
    return p.lanes.ori(p.x[0], p.lo.lanes(p.x[1]).notOf(p.x[1]));
  if (!p.isFloat)
    return intPow(p.lanes, p.x[0], p.x[1]);
  return floatCompute(
      p.lo, p.x,
      [&](ArrayRef<Value> xs) -> Value {
        return math::PowFOp::create(p.b, xs[0], xs[1]);
      },
      /*saturateOverflow=*/true, /*poleAtZero=*/true);
}

Value lowerPrimitive(tolk::ReciprocalOp, const Primitive &p) {
  return floatCompute(p.lo, p.x, [&](ArrayRef<Value> xs) -> Value {
    auto ft = cast<FloatType>(eltOf(xs[0]));
    LaneArith wide = p.lo.lanes(xs[0]);
    Value one = wide.floatConst(ft, APFloat::getOne(ft.getFloatSemantics()));
    return wide.divf(one, xs[0]);
  });
}

Value lowerPrimitive(tolk::TruncOp, const Primitive &p) {
  return p.isFloat ? p.floatUnary<math::TruncOp>() : p.x[0];
}
Value lowerPrimitive(tolk::SqrtOp, const Primitive &p) {
  return p.floatUnary<math::SqrtOp>();
}
Value lowerPrimitive(tolk::Exp2Op, const Primitive &p) {
  return p.floatUnary<math::Exp2Op>(/*saturateOverflow=*/true);
}
Value lowerPrimitive(tolk::Log2Op, const Primitive &p) {
  return p.floatUnary<math::Log2Op>();
}

Value lowerPrimitive(tolk::WhereOp, const Primitive &p) {
  // An 8-bit float from memory may hold a NaN code the folder has not.
  Value r = p.lanes.select(p.x[0], p.x[1], p.x[2]);
  return isFp8Type(eltOf(r)) ? canonicalFp8NaN(p.b, r) : r;
}

// neg and div are primitives of the complex types only (TolkOps.td):
// --tolk-decompose rewrites them on the others.
Value lowerPrimitive(tolk::NegOp, const Primitive &) {
  llvm_unreachable("tolk.neg is a primitive of complex numbers only");
}
Value lowerPrimitive(tolk::DivOp, const Primitive &) {
  llvm_unreachable("tolk.div is a primitive of complex numbers only");
}

/// A primitive elementwise op (tolk::PrimitiveOpInterface): its operands
/// converted and splat to the result's shape (but a where's condition, which
/// arith.select takes as a scalar too), then its lowerPrimitive, or
/// lowerComplex on complex numbers.
template <typename OpTy>
struct PrimitiveLowering : public OpConversionPattern<OpTy> {
  PrimitiveLowering(const TypeConverter &converter, MLIRContext *ctx,
                    bool bf16InF32)
      : OpConversionPattern<OpTy>(converter, ctx), bf16InF32(bf16InF32) {}
  bool bf16InF32;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!tolk::isPrimitiveOp(op))
      return rewriter.notifyMatchFailure(op, "a derived op on these types");
    Type resultType = this->getTypeConverter()->convertType(op.getType());
    std::optional<DType> dt = computeDType(op);
    if (!resultType || !dt)
      return rewriter.notifyMatchFailure(op, "no arith type");
    ImplicitLocOpBuilder b(op->getLoc(), rewriter);
    ArithLowering lo{b, bf16InF32};
    // A value of the result's shape, to splat scalars like.
    LaneArith result(b, resultType);
    Value like;
    for (Value v : adaptor.getOperands())
      if (v.getType() == result.of(eltOf(v)) && isa<ShapedType>(v.getType()))
        like = v;
    constexpr bool isWhere = std::is_same_v<OpTy, tolk::WhereOp>;
    SmallVector<Value, 3> operands;
    for (auto [i, operand] : llvm::enumerate(adaptor.getOperands())) {
      Value v = operand;
      bool cond = isWhere && i == 0;
      if (like && !isa<ShapedType>(v.getType()) && !cond)
        v = lo.lanes(like).splat(v);
      operands.push_back(v);
    }
    // Constants take the shape of the first value operand (a where's first
    // arm).
    Value r = tolk::dtype::isComplex(*dt)
                  ? lowerComplex(op, b, operands)
                  : lowerPrimitive(op, Primitive(lo, *dt, operands,
                                                 /*valueOperand=*/isWhere));
    if (r.getType() != resultType)
      return rewriter.notifyMatchFailure(op, "unexpected result type");
    rewriter.replaceOp(op, r);
    return success();
  }
};

} // namespace

void tolk::detail::populateElementwisePatterns(const TypeConverter &converter,
                                               RewritePatternSet &patterns,
                                               bool bf16InF32) {
  using namespace tolk;
  patterns.add<PrimitiveLowering<AddOp>, PrimitiveLowering<MulOp>,
               PrimitiveLowering<CmpLtOp>, PrimitiveLowering<CmpEqOp>,
               PrimitiveLowering<MaxOp>, PrimitiveLowering<AndOp>,
               PrimitiveLowering<OrOp>, PrimitiveLowering<XorOp>,
               PrimitiveLowering<ShlOp>, PrimitiveLowering<ShrOp>,
               PrimitiveLowering<TruncDivOp>, PrimitiveLowering<PowOp>,
               PrimitiveLowering<ReciprocalOp>, PrimitiveLowering<TruncOp>,
               PrimitiveLowering<SqrtOp>, PrimitiveLowering<Exp2Op>,
               PrimitiveLowering<Log2Op>, PrimitiveLowering<WhereOp>,
               PrimitiveLowering<NegOp>, PrimitiveLowering<DivOp>>(
      converter, patterns.getContext(), bf16InF32);
}
