//===- Texels.cpp - The bounds rule of texel accesses ---------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tolk/Conversion/TolkToGPU/Texels.h"

#include "tolk/Dialect/Tolk/IR/Images.h"
#include "tolk/Dialect/Tolk/IR/TolkTypes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

Value tolk::buildTexelInside(OpBuilder &b, Location loc, PtrType image,
                             Value coordinate, Value gate) {
  ArrayRef<int64_t> shape = image.getImageShape();
  Value x = vector::ExtractOp::create(b, loc, coordinate, 0);
  Value y = vector::ExtractOp::create(b, loc, coordinate, 1);
  // Unsigned: a negative coordinate reads as 2^31 or more, past any image.
  auto below = [&](Value v, int64_t bound) {
    Value c = arith::ConstantIntOp::create(b, loc, b.getI32Type(), bound);
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, v, c);
  };
  // One after the other: the order of a call's arguments is unspecified.
  Value insideX = below(x, shape[1]);
  Value insideY = below(y, shape[0]);
  Value inside = arith::AndIOp::create(b, loc, insideX, insideY);
  if (gate)
    inside = arith::AndIOp::create(b, loc, gate, inside);
  return inside;
}

Value tolk::buildGuardedTexelLoad(
    OpBuilder &b, Location loc, Value inside, Value gate, Value alternative,
    VectorType type, llvm::function_ref<Value(OpBuilder &, Location)> readTexel,
    bool laneCondition) {
  Value zero = arith::ConstantOp::create(
      b, loc, type,
      DenseElementsAttr::get(type, b.getFloatAttr(type.getElementType(), 0.0)));
  auto ifOp = scf::IfOp::create(
      b, loc, inside,
      [&](OpBuilder &then, Location l) {
        Value v = readTexel(then, l);
        // The texel's values, which both widths hold: exact either way.
        auto read = cast<VectorType>(v.getType());
        if (read.getElementTypeBitWidth() < type.getElementTypeBitWidth())
          v = arith::ExtFOp::create(then, l, type, v);
        else if (read != type)
          v = arith::TruncFOp::create(then, l, type, v);
        scf::YieldOp::create(then, l, v);
      },
      [&](OpBuilder &otherwise, Location l) {
        // Outside the image: zeros; gated off: the alternative.
        Value v = zero;
        if (gate) {
          Value condition = gate;
          if (laneCondition)
            condition = vector::BroadcastOp::create(
                otherwise, l,
                VectorType::get(type.getShape(), otherwise.getI1Type()), gate);
          v = arith::SelectOp::create(otherwise, l, condition, zero,
                                      alternative);
        }
        scf::YieldOp::create(otherwise, l, v);
      });
  return ifOp.getResult(0);
}

void tolk::buildGuardedTexelStore(
    OpBuilder &b, Location loc, Value inside,
    llvm::function_ref<void(OpBuilder &, Location)> writeTexel) {
  scf::IfOp::create(b, loc, inside, [&](OpBuilder &then, Location l) {
    writeTexel(then, l);
    scf::YieldOp::create(then, l);
  });
}

Value tolk::roundTexelToStorage(OpBuilder &b, Location loc, PtrType image,
                                Value texel) {
  auto stored = VectorType::get({4}, getTexelStorageType(image));
  if (texel.getType() == stored)
    return texel;
  return arith::TruncFOp::create(b, loc, stored, texel);
}
