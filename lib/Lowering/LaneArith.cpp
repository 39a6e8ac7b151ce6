//===- LaneArith.cpp - Elementwise arith on lanes of one shape ------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tolk/Lowering/LaneArith.h"

#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using tolk::LaneArith;

Type LaneArith::of(Type element) const {
  if (auto shaped = dyn_cast<ShapedType>(shape))
    return shaped.clone(element);
  return element;
}

/// Whether constants of lanes of `type` are splat at run time: upstream's
/// helper makes dense attributes, which need a static shape.
static bool isDynamicTensor(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && !tensor.hasStaticShape();
}

Value LaneArith::constant(TypedAttr scalar) {
  if (auto i = dyn_cast<IntegerAttr>(scalar))
    return intConst(i.getType(), i.getValue());
  auto f = cast<FloatAttr>(scalar);
  return floatConst(f.getType(), f.getValue());
}

Value LaneArith::intConst(Type element, const APInt &v) {
  if (isDynamicTensor(of(element)))
    return splat(createScalarOrSplatConstant(b, b.getLoc(), element, v));
  return createScalarOrSplatConstant(b, b.getLoc(), of(element), v);
}

Value LaneArith::intConst(Type element, int64_t v) {
  return intConst(element, APInt(element.getIntOrFloatBitWidth(), v,
                                 /*isSigned=*/true, /*implicitTrunc=*/true));
}

Value LaneArith::floatConst(Type element, const APFloat &v) {
  if (isDynamicTensor(of(element)))
    return splat(createScalarOrSplatConstant(b, b.getLoc(), element, v));
  return createScalarOrSplatConstant(b, b.getLoc(), of(element), v);
}

Value LaneArith::floatConst(Type element, double v) {
  return floatConst(element, FloatAttr::get(element, v).getValue());
}

Value LaneArith::i32(int64_t v) { return intConst(b.getI32Type(), v); }
Value LaneArith::f32(double v) { return floatConst(b.getF32Type(), v); }
Value LaneArith::f64(double v) { return floatConst(b.getF64Type(), v); }
Value LaneArith::boolConst(bool v) {
  return intConst(b.getI1Type(), APInt(1, v));
}

Value LaneArith::splat(Value v) {
  Type type = of(v.getType());
  if (auto vec = dyn_cast<VectorType>(type))
    return vector::BroadcastOp::create(b, vec, v);
  auto tensor = cast<RankedTensorType>(type);
  SmallVector<Value> dynamicSizes;
  for (int64_t i = 0, e = tensor.getRank(); i < e; ++i)
    if (tensor.isDynamicDim(i))
      dynamicSizes.push_back(tensor::DimOp::create(b, like, i));
  return tensor::SplatOp::create(b, v, tensor, dynamicSizes);
}

Value LaneArith::addi(Value x, Value y) {
  return arith::AddIOp::create(b, x, y);
}
Value LaneArith::subi(Value x, Value y) {
  return arith::SubIOp::create(b, x, y);
}
Value LaneArith::andi(Value x, Value y) {
  return arith::AndIOp::create(b, x, y);
}
Value LaneArith::ori(Value x, Value y) { return arith::OrIOp::create(b, x, y); }
Value LaneArith::xori(Value x, Value y) {
  return arith::XOrIOp::create(b, x, y);
}
Value LaneArith::shli(Value x, Value y) {
  return arith::ShLIOp::create(b, x, y);
}
Value LaneArith::shrui(Value x, Value y) {
  return arith::ShRUIOp::create(b, x, y);
}
Value LaneArith::shrsi(Value x, Value y) {
  return arith::ShRSIOp::create(b, x, y);
}
Value LaneArith::maxsi(Value x, Value y) {
  return arith::MaxSIOp::create(b, x, y);
}
Value LaneArith::minsi(Value x, Value y) {
  return arith::MinSIOp::create(b, x, y);
}
Value LaneArith::minui(Value x, Value y) {
  return arith::MinUIOp::create(b, x, y);
}
Value LaneArith::divsi(Value x, Value y) {
  return arith::DivSIOp::create(b, x, y);
}
Value LaneArith::divui(Value x, Value y) {
  return arith::DivUIOp::create(b, x, y);
}
Value LaneArith::cmpi(arith::CmpIPredicate p, Value x, Value y) {
  return arith::CmpIOp::create(b, p, x, y);
}

Value LaneArith::addf(Value x, Value y, arith::FastMathFlags flags) {
  return arith::AddFOp::create(b, x, y, flags);
}
Value LaneArith::subf(Value x, Value y) {
  return arith::SubFOp::create(b, x, y);
}
Value LaneArith::mulf(Value x, Value y, arith::FastMathFlags flags) {
  return arith::MulFOp::create(b, x, y, flags);
}
Value LaneArith::divf(Value x, Value y) {
  return arith::DivFOp::create(b, x, y);
}
Value LaneArith::maxnumf(Value x, Value y) {
  return arith::MaxNumFOp::create(b, x, y);
}
Value LaneArith::minnumf(Value x, Value y) {
  return arith::MinNumFOp::create(b, x, y);
}
Value LaneArith::maximumf(Value x, Value y) {
  return arith::MaximumFOp::create(b, x, y);
}
Value LaneArith::minimumf(Value x, Value y) {
  return arith::MinimumFOp::create(b, x, y);
}
Value LaneArith::cmpf(arith::CmpFPredicate p, Value x, Value y) {
  return arith::CmpFOp::create(b, p, x, y);
}

Value LaneArith::select(Value c, Value x, Value y) {
  return arith::SelectOp::create(b, c, x, y);
}
Value LaneArith::notOf(Value c) { return xori(c, boolConst(true)); }

Value LaneArith::signBit(Value x) {
  auto ft = cast<FloatType>(getElementTypeOrSelf(x.getType()));
  Type it = b.getIntegerType(ft.getWidth());
  Value bits = bitcast(x, it);
  return cmpi(arith::CmpIPredicate::slt, bits, intConst(it, 0));
}

Value LaneArith::isFinite(Value x) {
  auto ft = cast<FloatType>(getElementTypeOrSelf(x.getType()));
  const llvm::fltSemantics &sem = ft.getFloatSemantics();
  Value inf = floatConst(ft, APFloat::getInf(sem));
  Value ninf = floatConst(ft, APFloat::getInf(sem, /*Negative=*/true));
  Value notInf = cmpf(arith::CmpFPredicate::ONE, x, inf);
  Value notNInf = cmpf(arith::CmpFPredicate::ONE, x, ninf);
  return andi(notInf, notNInf);
}
