//===- SaturatingTruncF.cpp - tolk.saturating_truncf in arith -------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tolk/Lowering/SaturatingTruncF.h"

#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using llvm::APFloat;
using llvm::APInt;

Value tolk::clampToLargestFinite(LaneArith &lanes, Value v, FloatType dst,
                                 Value &finite) {
  auto src = cast<FloatType>(getElementTypeOrSelf(v.getType()));
  bool losesInfo = false;
  APFloat largest = APFloat::getLargest(dst.getFloatSemantics());
  largest.convert(src.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                  &losesInfo);
  APFloat negLargest = largest;
  negLargest.changeSign();

  Value maxV = lanes.floatConst(src, largest);
  Value minV = lanes.floatConst(src, negLargest);
  finite = lanes.isFinite(v);
  Value gt = lanes.cmpf(arith::CmpFPredicate::OGT, v, maxV);
  Value above = lanes.andi(finite, gt);
  Value lt = lanes.cmpf(arith::CmpFPredicate::OLT, v, minV);
  Value below = lanes.andi(finite, lt);
  Value low = lanes.select(below, minV, v);
  return lanes.select(above, maxV, low);
}

Value tolk::selectNonFiniteCodes(LaneArith &lanes, Value v, Value finite,
                                 Value r, FloatType dst) {
  auto code = [&](uint64_t bits) {
    return lanes.floatConst(dst,
                            APFloat(dst.getFloatSemantics(), APInt(8, bits)));
  };
  if (isa<Float8E5M2Type>(dst)) {
    // Infinities convert exactly; a NaN keeps its sign, its payload goes.
    Value isNaN = lanes.cmpf(arith::CmpFPredicate::UNO, v, v);
    Value negative = lanes.signBit(v);
    Value negNaN = code(0xFF);
    Value posNaN = code(0x7F);
    Value nan = lanes.select(negative, negNaN, posNaN);
    return lanes.select(isNaN, nan, r);
  }
  // NaN and both infinities: the format's one NaN (f8E4M3FN's positive one).
  Value nonFinite = lanes.notOf(finite);
  uint64_t nanCode = isa<Float8E4M3FNType>(dst) ? 0x7F : 0x80;
  return lanes.select(nonFinite, code(nanCode), r);
}

Value tolk::expandSaturatingTruncF(ImplicitLocOpBuilder &b, Value v,
                                   FloatType dst) {
  LaneArith lanes(b, v);
  Value finite;
  Value clamped = clampToLargestFinite(lanes, v, dst, finite);
  Value r = lanes.convert<arith::TruncFOp>(clamped, dst);
  return selectNonFiniteCodes(lanes, v, finite, r, dst);
}
