//===- ElementwiseBuilder.cpp - Tolk's elementwise ops in C++ -------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Primitives, constants and casts are a PrimitiveBuilder's; each derived
// function in Style::Primitives is its one definition (DerivedDefinitions.h),
// which the folder evaluates on constants too.
//
//===----------------------------------------------------------------------===//

#include "tolk/Dialect/Tolk/Utils/ElementwiseBuilder.h"
#include "tolk/Dialect/Tolk/IR/DerivedDefinitions.h"
#include "tolk/Dialect/Tolk/IR/TolkOps.h"

using namespace mlir;
using namespace tolk;
using dtype::Const;
using dtype::DType;

template <typename OpTy, typename... Args>
ElementwiseValue ElementwiseBuilder::create(Args &&...args) {
  return wrap(OpTy::create(prim.getBuilder(), prim.getLoc(),
                           std::forward<Args>(args)...));
}

//===----------------------------------------------------------------------===//
// Constants and conversions
//===----------------------------------------------------------------------===//

ElementwiseValue ElementwiseBuilder::constant(Type type, const Const &value) {
  return wrap(prim.constant(type, value));
}

ElementwiseValue ElementwiseBuilder::constant(DType dt, const Const &value) {
  return wrap(prim.constant(dt, value));
}

ElementwiseValue ElementwiseBuilder::weakInt(const mpz_class &value) {
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
               << c.value().getInt().get_str() << ") has no integer result";
    }
  return wrap(prim.pow(x, y));
}

//===----------------------------------------------------------------------===//
// Derived functions
//===----------------------------------------------------------------------===//

// The derived op itself, or its definition in primitives.
#define TOLK_DERIVED(FN, OP, PARAMS, ARGS)                                     \
  ElementwiseValue ElementwiseBuilder::FN PARAMS {                             \
    if (!primitives())                                                         \
      return create<OP> ARGS;                                                  \
    return wrap(derived::FN(prim, TOLK_UNPAREN ARGS));                         \
  }
#define TOLK_UNPAREN(...) __VA_ARGS__
TOLK_DERIVED(sub, SubOp, (Value x, Value y), (x, y))
TOLK_DERIVED(neg, NegOp, (Value x), (x))
TOLK_DERIVED(logicalNot, LogicalNotOp, (Value x), (x))
TOLK_DERIVED(bitwiseNot, BitwiseNotOp, (Value x), (x))
TOLK_DERIVED(gt, GtOp, (Value x, Value y), (x, y))
TOLK_DERIVED(le, LeOp, (Value x, Value y), (x, y))
TOLK_DERIVED(ge, GeOp, (Value x, Value y), (x, y))
TOLK_DERIVED(ne, NeOp, (Value x, Value y), (x, y))
TOLK_DERIVED(floor, FloorOp, (Value x), (x))
TOLK_DERIVED(minimum, MinimumOp, (Value x, Value y), (x, y))
TOLK_DERIVED(div, DivOp, (Value x, Value y, Rounding rounding),
             (x, y, rounding))
TOLK_DERIVED(mod, ModOp, (Value x, Value y), (x, y))
TOLK_DERIVED(fmod, FModOp, (Value x, Value y), (x, y))
#undef TOLK_DERIVED
#undef TOLK_UNPAREN
