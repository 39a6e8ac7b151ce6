//===- LaneArith.h - Elementwise arith on lanes of one shape ----*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The builder that Tolk's lowerings write their arith expansions with: ops
// on values of one shape (a scalar, a vector or a tensor: "lanes"), whose
// constants are splat to that shape with upstream's
// createScalarOrSplatConstant (a dynamically shaped tensor's with
// tensor.splat).
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_LOWERING_LANEARITH_H
#define TOLK_LOWERING_LANEARITH_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"

namespace tolk {

class LaneArith {
public:
  /// Ops on values of the shape of `shape`: a scalar type, or a vector or a
  /// tensor type of any element type.
  LaneArith(mlir::ImplicitLocOpBuilder &b, mlir::Type shape)
      : b(b), shape(shape) {}
  /// Ops on values of the shape of `like`; where that is a tensor of dynamic
  /// shape, constants take `like`'s dimensions.
  LaneArith(mlir::ImplicitLocOpBuilder &b, mlir::Value like)
      : b(b), shape(like.getType()), like(like) {}

  mlir::ImplicitLocOpBuilder &builder() const { return b; }
  /// The type of lanes of `element`.
  mlir::Type of(mlir::Type element) const;

  // Constants, splat to the lanes.
  mlir::Value constant(mlir::TypedAttr scalar);
  /// The low bits of `v` as an integer of `element`'s width.
  mlir::Value intConst(mlir::Type element, const llvm::APInt &v);
  mlir::Value intConst(mlir::Type element, int64_t v);
  mlir::Value floatConst(mlir::Type element, const llvm::APFloat &v);
  /// `v` rounded once to `element` (as FloatAttr::get does).
  mlir::Value floatConst(mlir::Type element, double v);
  mlir::Value i32(int64_t v);
  mlir::Value f32(double v);
  mlir::Value f64(double v);
  mlir::Value boolConst(bool v);
  /// The scalar `v` splat to the lanes (vector.broadcast, tensor.splat).
  mlir::Value splat(mlir::Value v);

  // Integer ops.
  mlir::Value addi(mlir::Value x, mlir::Value y);
  mlir::Value subi(mlir::Value x, mlir::Value y);
  mlir::Value andi(mlir::Value x, mlir::Value y);
  mlir::Value ori(mlir::Value x, mlir::Value y);
  mlir::Value xori(mlir::Value x, mlir::Value y);
  mlir::Value shli(mlir::Value x, mlir::Value y);
  mlir::Value shrui(mlir::Value x, mlir::Value y);
  mlir::Value shrsi(mlir::Value x, mlir::Value y);
  mlir::Value maxsi(mlir::Value x, mlir::Value y);
  mlir::Value minsi(mlir::Value x, mlir::Value y);
  mlir::Value minui(mlir::Value x, mlir::Value y);
  mlir::Value divsi(mlir::Value x, mlir::Value y);
  mlir::Value divui(mlir::Value x, mlir::Value y);
  mlir::Value cmpi(mlir::arith::CmpIPredicate p, mlir::Value x, mlir::Value y);

  // Float ops.
  mlir::Value
  addf(mlir::Value x, mlir::Value y,
       mlir::arith::FastMathFlags flags = mlir::arith::FastMathFlags::none);
  mlir::Value subf(mlir::Value x, mlir::Value y);
  mlir::Value
  mulf(mlir::Value x, mlir::Value y,
       mlir::arith::FastMathFlags flags = mlir::arith::FastMathFlags::none);
  mlir::Value divf(mlir::Value x, mlir::Value y);
  mlir::Value maxnumf(mlir::Value x, mlir::Value y);
  mlir::Value minnumf(mlir::Value x, mlir::Value y);
  mlir::Value maximumf(mlir::Value x, mlir::Value y);
  mlir::Value minimumf(mlir::Value x, mlir::Value y);
  mlir::Value cmpf(mlir::arith::CmpFPredicate p, mlir::Value x, mlir::Value y);

  mlir::Value select(mlir::Value c, mlir::Value x, mlir::Value y);
  /// The negation of a boolean.
  mlir::Value notOf(mlir::Value c);

  /// `x` converted by `OpTy` (arith.extf, arith.bitcast, ...) to lanes of
  /// `element`.
  template <typename OpTy>
  mlir::Value convert(mlir::Value x, mlir::Type element) {
    return OpTy::create(b, of(element), x);
  }
  mlir::Value bitcast(mlir::Value x, mlir::Type element) {
    return convert<mlir::arith::BitcastOp>(x, element);
  }

  /// True for the float lanes of `x` whose sign bit is set (-0.0 and
  /// negative NaNs too, which the ordered compares cannot tell).
  mlir::Value signBit(mlir::Value x);
  /// True for the float lanes of `x` that are neither NaN nor infinite.
  mlir::Value isFinite(mlir::Value x);

private:
  mlir::ImplicitLocOpBuilder &b;
  mlir::Type shape;
  mlir::Value like;
};

} // namespace tolk

#endif // TOLK_LOWERING_LANEARITH_H
