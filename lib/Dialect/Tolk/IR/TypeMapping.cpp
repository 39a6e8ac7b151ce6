//===- TypeMapping.cpp - MLIR types and Tolk data types -------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tolk/Dialect/Tolk/IR/TypeMapping.h"
#include "tolk/Dialect/Tolk/IR/TolkDialect.h"
#include "tolk/Dialect/Tolk/IR/TolkTypes.h"

#include "mlir/Dialect/Traits.h"
#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace tolk;
using dtype::DType;

std::optional<DType> tolk::getDType(Type t) {
  MLIRContext *ctx = t.getContext();
  if (auto *dialect = ctx->getLoadedDialect<TolkDialect>())
    return dialect->lookupDType(t);
  // Without the dialect there is no weak type (nor the dialect's table):
  // the builtin types, by the same table.
  for (unsigned i = 0; i < dtype::kNumDTypes; ++i) {
    auto dt = static_cast<DType>(i);
    if (!dtype::isWeak(dt) && getScalarType(ctx, dt) == t)
      return dt;
  }
  return std::nullopt;
}

std::string tolk::getTypeName(MLIRContext *ctx, DType dt) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << getScalarType(ctx, dt);
  return s;
}

Type tolk::getScalarType(MLIRContext *ctx, DType dt) {
  auto sint = [&](unsigned w) {
    return IntegerType::get(ctx, w, IntegerType::Signed);
  };
  auto uint = [&](unsigned w) {
    return IntegerType::get(ctx, w, IntegerType::Unsigned);
  };
  switch (dt) {
  case DType::Void:
    return NoneType::get(ctx);
  case DType::WeakInt:
    return WeakIntType::get(ctx);
  case DType::WeakFloat:
    return WeakFloatType::get(ctx);
  case DType::Bool:
    return IntegerType::get(ctx, 1);
  case DType::Int8:
    return sint(8);
  case DType::Int16:
    return sint(16);
  case DType::Int32:
    return sint(32);
  case DType::Int64:
    return sint(64);
  case DType::Uint8:
    return uint(8);
  case DType::Uint16:
    return uint(16);
  case DType::Uint32:
    return uint(32);
  case DType::Uint64:
    return uint(64);
  case DType::Uint128:
    return uint(128);
  case DType::Uint256:
    return uint(256);
  case DType::Fp8e4m3:
    return Float8E4M3FNType::get(ctx);
  case DType::Fp8e5m2:
    return Float8E5M2Type::get(ctx);
  case DType::Fp8e4m3fnuz:
    return Float8E4M3FNUZType::get(ctx);
  case DType::Fp8e5m2fnuz:
    return Float8E5M2FNUZType::get(ctx);
  case DType::Float16:
    return Float16Type::get(ctx);
  case DType::Bfloat16:
    return BFloat16Type::get(ctx);
  case DType::Float32:
    return Float32Type::get(ctx);
  case DType::Float64:
    return Float64Type::get(ctx);
  case DType::Float128:
    return Float128Type::get(ctx);
  case DType::Complex64:
    return ComplexType::get(Float32Type::get(ctx));
  case DType::Complex128:
    return ComplexType::get(Float64Type::get(ctx));
  case DType::Complex256:
    return ComplexType::get(Float128Type::get(ctx));
  }
  llvm_unreachable("covered switch");
}

std::optional<ElementwiseType> tolk::classify(Type type) {
  ElementwiseType result{DType::Void, {}};
  Type elt = type;
  if (auto v = dyn_cast<VectorType>(type)) {
    if (v.getRank() != 1 || v.isScalable())
      return std::nullopt;
    result.shape.kind = ValueShape::Kind::Vector;
    result.shape.shape.assign(v.getShape().begin(), v.getShape().end());
    elt = v.getElementType();
  } else if (auto t = dyn_cast<RankedTensorType>(type)) {
    if (t.getEncoding())
      return std::nullopt;
    result.shape.kind = ValueShape::Kind::Tensor;
    result.shape.shape.assign(t.getShape().begin(), t.getShape().end());
    elt = t.getElementType();
  } else if (isa<ShapedType>(type)) {
    return std::nullopt;
  }
  std::optional<DType> dt = getDType(elt);
  if (!dt)
    return std::nullopt;
  result.dtype = *dt;
  return result;
}

Type tolk::withShape(const ValueShape &shape, Type elt) {
  switch (shape.kind) {
  case ValueShape::Kind::Scalar:
    return elt;
  case ValueShape::Kind::Vector:
    return VectorType::get(shape.shape, elt);
  case ValueShape::Kind::Tensor:
    return RankedTensorType::get(shape.shape, elt);
  }
  llvm_unreachable("covered switch");
}

static std::string describe(const ValueShape &s) {
  std::string out;
  llvm::raw_string_ostream os(out);
  switch (s.kind) {
  case ValueShape::Kind::Scalar:
    os << "a scalar";
    break;
  case ValueShape::Kind::Vector:
    os << s.shape[0] << " lanes";
    break;
  case ValueShape::Kind::Tensor:
    os << "shape [";
    llvm::interleave(
        s.shape, os,
        [&](int64_t d) {
          if (ShapedType::isDynamic(d))
            os << '?';
          else
            os << d;
        },
        ", ");
    os << "]";
    break;
  }
  return out;
}

FailureOr<ValueShape> tolk::broadcastShapes(ArrayRef<ValueShape> shapes,
                                            std::optional<Location> loc) {
  ValueShape result;
  auto fail = [&](const ValueShape &a, const ValueShape &b) -> LogicalResult {
    if (loc)
      emitError(*loc) << "operand shapes do not broadcast: " << describe(a)
                      << " and " << describe(b);
    return failure();
  };
  for (const ValueShape &s : shapes) {
    if (s.kind == ValueShape::Kind::Scalar)
      continue;
    if (result.kind == ValueShape::Kind::Scalar) {
      result = s;
      continue;
    }
    if (s.kind != result.kind)
      return fail(result, s);
    if (s.kind == ValueShape::Kind::Vector) {
      if (s.shape != result.shape)
        return fail(result, s);
      continue;
    }
    // numpy, as upstream's getBroadcastedShape, except that a dynamic
    // dimension matches only 1 or a dynamic dimension: upstream assumes that
    // it fits any static size.
    llvm::SmallVector<int64_t, 4> out;
    if (!OpTrait::util::getBroadcastedShape(result.shape, s.shape, out))
      return fail(result, s);
    for (auto [a, b] :
         llvm::zip(llvm::reverse(result.shape), llvm::reverse(s.shape)))
      if (ShapedType::isDynamic(a) != ShapedType::isDynamic(b) && a != 1 &&
          b != 1)
        return fail(result, s);
    result.shape = std::move(out);
  }
  return result;
}
