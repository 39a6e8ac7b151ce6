//===- ElementwiseBuilder.cpp - Tolk's elementwise ops in C++ -------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Primitives, constants and casts are a PrimitiveBuilder's, wrapped.
//
//===----------------------------------------------------------------------===//

#include "tolk/Dialect/Tolk/Utils/ElementwiseBuilder.h"
#include "tolk/Dialect/Tolk/IR/TolkOps.h"

using namespace mlir;
using namespace tolk;
using dtype::Const;
using dtype::DType;

//===----------------------------------------------------------------------===//
// Constants and conversions
//===----------------------------------------------------------------------===//

ElementwiseValue ElementwiseBuilder::constant(Type type, const Const &value) {
  return wrap(prim.constant(type, value));
}

ElementwiseValue ElementwiseBuilder::constant(DType dt, const Const &value) {
  return wrap(prim.constant(dt, value));
}

ElementwiseValue ElementwiseBuilder::weakInt(const llvm::DynamicAPInt &value) {
  return constant(DType::WeakInt, Const::ofInt(value));
}

ElementwiseValue ElementwiseBuilder::weakFloat(double value) {
  return constant(DType::WeakFloat, Const::ofDouble(value));
}

ElementwiseValue ElementwiseBuilder::boolean(bool value) {
  return wrap(prim.boolean(value));
}

ElementwiseValue ElementwiseBuilder::cast(Value x, DType dt) {
  return wrap(prim.cast(x, dt));
}

SmallVector<Value, 3> ElementwiseBuilder::promote(ValueRange operands,
                                                  PromotionKind kind) {
  return prim.promote(operands, kind);
}

//===----------------------------------------------------------------------===//
// Primitives
//===----------------------------------------------------------------------===//

#define TOLK_PRIMITIVE(FN, PARAMS, ARGS)                                       \
  ElementwiseValue ElementwiseBuilder::FN PARAMS { return wrap(prim.FN ARGS); }
TOLK_PRIMITIVE(add, (Value x, Value y), (x, y))
TOLK_PRIMITIVE(mul, (Value x, Value y), (x, y))
TOLK_PRIMITIVE(lt, (Value x, Value y), (x, y))
TOLK_PRIMITIVE(eq, (Value x, Value y), (x, y))
TOLK_PRIMITIVE(maximum, (Value x, Value y), (x, y))
TOLK_PRIMITIVE(bitwiseAnd, (Value x, Value y), (x, y))
TOLK_PRIMITIVE(bitwiseOr, (Value x, Value y), (x, y))
TOLK_PRIMITIVE(bitwiseXor, (Value x, Value y), (x, y))
TOLK_PRIMITIVE(shl, (Value x, Value y), (x, y))
TOLK_PRIMITIVE(shr, (Value x, Value y), (x, y))
TOLK_PRIMITIVE(truncDiv, (Value x, Value y), (x, y))
TOLK_PRIMITIVE(reciprocal, (Value x), (x))
TOLK_PRIMITIVE(trunc, (Value x), (x))
TOLK_PRIMITIVE(sqrt, (Value x), (x))
TOLK_PRIMITIVE(exp2, (Value x), (x))
TOLK_PRIMITIVE(log2, (Value x), (x))
TOLK_PRIMITIVE(where, (Value c, Value x, Value y), (c, x, y))
#undef TOLK_PRIMITIVE

FailureOr<ElementwiseValue> ElementwiseBuilder::pow(Value x, Value y) {
  SmallVector<DType, 2> dtypes = {getDType(x), getDType(y)};
  llvm::Expected<OperandPromotion> p =
      promoteOperands(dtypes, PromotionKind::Pow);
  if (!p)
    return emitError(getLoc()) << llvm::toString(p.takeError());
  if (!dtype::isFloat(p->promoted))
    if (auto cst = y.getDefiningOp<ConstOp>()) {
      const Const &c = cst.getValue().getValue();
      if (!c.isInvalid() && c.value().isInt() && c.value().getInt() < 0)
        return emitError(getLoc())
               << "pow of an integer by a negative exponent ("
               << dtype::toDecimal(c.value().getInt())
               << ") has no integer result";
    }
  return wrap(prim.pow(x, y));
}
