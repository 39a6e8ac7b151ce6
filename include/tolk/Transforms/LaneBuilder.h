//===- LaneBuilder.h - Elementwise arith on scalars or vectors --*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A small builder for the expansions of Tolk's lowering passes, which build
// the same arith ops on scalars or on vectors of lanes.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_TRANSFORMS_LANEBUILDER_H
#define TOLK_TRANSFORMS_LANEBUILDER_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

namespace tolk {

/// Builds elementwise arith ops on scalars or vectors of one shape: each
/// constant is splat to the shape of the value it goes with.
struct LaneBuilder {
  using Type = mlir::Type;
  using Value = mlir::Value;

  mlir::OpBuilder &b;
  mlir::Location loc;
  /// The shape: a VectorType, or null for scalars.
  mlir::VectorType shape;

  Type of(Type element) {
    return shape ? Type(shape.clone(element)) : element;
  }
  Value constant(mlir::TypedAttr scalar) {
    Type type = of(scalar.getType());
    if (shape)
      return mlir::arith::ConstantOp::create(
          b, loc, type,
          mlir::DenseElementsAttr::get(mlir::cast<mlir::ShapedType>(type),
                                       scalar));
    return mlir::arith::ConstantOp::create(b, loc, type, scalar);
  }
  Value f32(double v) { return constant(b.getF32FloatAttr(v)); }
  Value f64(double v) { return constant(b.getF64FloatAttr(v)); }
  Value i32(int64_t v) { return constant(b.getI32IntegerAttr(v)); }
  Value intOf(Type element, uint64_t v) {
    return constant(mlir::IntegerAttr::get(
        element, llvm::APInt(element.getIntOrFloatBitWidth(), v)));
  }
  Value cmpf(mlir::arith::CmpFPredicate p, Value x, Value y) {
    return mlir::arith::CmpFOp::create(b, loc, p, x, y);
  }
  Value cmpi(mlir::arith::CmpIPredicate p, Value x, Value y) {
    return mlir::arith::CmpIOp::create(b, loc, p, x, y);
  }
  Value select(Value c, Value x, Value y) {
    return mlir::arith::SelectOp::create(b, loc, c, x, y);
  }
  Value andi(Value x, Value y) {
    return mlir::arith::AndIOp::create(b, loc, x, y);
  }
  Value ori(Value x, Value y) {
    return mlir::arith::OrIOp::create(b, loc, x, y);
  }
  Value xori(Value x, Value y) {
    return mlir::arith::XOrIOp::create(b, loc, x, y);
  }
  Value addi(Value x, Value y) {
    return mlir::arith::AddIOp::create(b, loc, x, y);
  }
  Value subi(Value x, Value y) {
    return mlir::arith::SubIOp::create(b, loc, x, y);
  }
  Value shrui(Value x, Value y) {
    return mlir::arith::ShRUIOp::create(b, loc, x, y);
  }
  Value shli(Value x, Value y) {
    return mlir::arith::ShLIOp::create(b, loc, x, y);
  }
  Value addf(Value x, Value y) {
    return mlir::arith::AddFOp::create(b, loc, x, y);
  }
  Value subf(Value x, Value y) {
    return mlir::arith::SubFOp::create(b, loc, x, y);
  }
  Value mulf(Value x, Value y) {
    return mlir::arith::MulFOp::create(b, loc, x, y);
  }
  Value divf(Value x, Value y) {
    return mlir::arith::DivFOp::create(b, loc, x, y);
  }
  Value bitcast(Value x, Type element) {
    return mlir::arith::BitcastOp::create(b, loc, of(element), x);
  }
  Value notOf(Value c) { return xori(c, constant(b.getBoolAttr(true))); }
};

} // namespace tolk

#endif // TOLK_TRANSFORMS_LANEBUILDER_H
