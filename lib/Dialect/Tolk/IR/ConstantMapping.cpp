//===- ConstantMapping.cpp - MLIR constants and Tolk constants ------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tolk/Dialect/Tolk/IR/ConstantMapping.h"
#include "tolk/Dialect/Tolk/IR/TolkAttrs.h"
#include "tolk/Dialect/Tolk/IR/TypeMapping.h"
#include "tolk/Dtype/Cast.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace tolk;
using dtype::DType;

/// A builtin attribute for one lane of `elt`, or null.
static TypedAttr getScalarAttr(Type elt, const dtype::Const &value) {
  std::optional<DType> dt = getDType(elt);
  // Builtin attributes have no complex scalar: complex constants stay
  // ConstAttrs.
  if (!dt || value.isInvalid() || dtype::isWeak(*dt) || *dt == DType::Void ||
      *dt == DType::Uint128 || *dt == DType::Uint256 || dtype::isComplex(*dt))
    return {};
  if (*dt == DType::Bool) {
    if (!value.value().isBool())
      return {};
    return IntegerAttr::get(elt, APInt(1, value.value().getBool()));
  }
  llvm::Expected<APInt> bits = dtype::toBits(*dt, value.value());
  if (!bits) {
    llvm::consumeError(bits.takeError());
    return {};
  }
  if (dtype::isFloat(*dt))
    return FloatAttr::get(elt, APFloat(*dtype::semantics(*dt), *bits));
  return IntegerAttr::get(elt, *bits);
}

Attribute tolk::getConstantAttr(Type type, const dtype::Const &value) {
  auto shaped = dyn_cast<ShapedType>(type);
  if (shaped && !shaped.hasStaticShape())
    return ConstAttr::get(type.getContext(), value);
  TypedAttr scalar = getScalarAttr(getElementTypeOrSelf(type), value);
  if (!scalar)
    return ConstAttr::get(type.getContext(), value);
  if (shaped)
    return DenseElementsAttr::get(shaped, scalar);
  return scalar;
}

std::optional<dtype::Const> tolk::getConstantValue(Attribute attr) {
  if (!attr)
    return std::nullopt;
  if (auto c = dyn_cast<ConstAttr>(attr))
    return c.getValue();
  if (auto splat = dyn_cast<SplatElementsAttr>(attr))
    return getConstantValue(splat.getSplatValue<Attribute>());
  auto typed = dyn_cast<TypedAttr>(attr);
  if (!typed)
    return std::nullopt;
  std::optional<DType> dt = getDType(typed.getType());
  if (!dt)
    return std::nullopt;
  APInt bits;
  if (auto i = dyn_cast<IntegerAttr>(attr)) {
    if (*dt == DType::Bool)
      return dtype::Const::ofBool(!i.getValue().isZero());
    bits = i.getValue();
  } else if (auto f = dyn_cast<FloatAttr>(attr)) {
    bits = f.getValue().bitcastToAPInt();
  } else {
    return std::nullopt;
  }
  llvm::Expected<dtype::Value> v = dtype::fromBits(*dt, bits);
  if (!v) {
    llvm::consumeError(v.takeError());
    return std::nullopt;
  }
  return dtype::Const(*v);
}

bool tolk::isConstantBool(Attribute attr, bool value) {
  std::optional<dtype::Const> c = getConstantValue(attr);
  return c && !c->isInvalid() && c->value().isBool() &&
         c->value().getBool() == value;
}
