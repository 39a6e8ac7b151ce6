//===- ElementwiseBuilder.h - Tolk's elementwise ops in C++ -----*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// tolk::ElementwiseBuilder offers every elementwise operation of
// docs/Semantics.md#elementwise-operations, primitive and derived, for code
// that builds Tolk IR, and ElementwiseValue the C++ operators over them:
//
//   ElementwiseBuilder eb(builder, loc);
//   ElementwiseValue x = eb.wrap(a), y = eb.wrap(b);
//   Value r = eb.where(x < y, eb.maximum(x, y), x * 2.0);
//
// A C++ number next to a value is a weak constant (`x * 2.0` multiplies by a
// !tolk.weakfloat 2.0), as a literal is (docs/Semantics.md#weak-types): it
// takes the other operand's type when promotion materializes.
//
// The derived functions (sub, neg, div, mod, fmod, floor, gt, le, ge, ne,
// logical_not, bitwise_not, minimum) build either their derived op (Style::
// DerivedOps: readable IR) or their one definition in primitives
// (DerivedDefinitions.h, built by a PrimitiveBuilder: Style::Primitives, what
// --tolk-decompose builds too). A definition promotes its operands first,
// explicitly, with tolk.cast; primitives take mixed operands as they are,
// and --canonicalize materializes their promotion.
//
// Operands must be what the op accepts (the verifier's operand-kind rules);
// a violation is a programming error, caught by the op's type inference.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_DIALECT_TOLK_ELEMENTWISEBUILDER_H
#define TOLK_DIALECT_TOLK_ELEMENTWISEBUILDER_H

#include "tolk/Dialect/Tolk/IR/OperandPromotion.h"
#include "tolk/Dialect/Tolk/IR/PrimitiveBuilder.h"
#include "tolk/Dialect/Tolk/IR/TolkAttrs.h"
#include "tolk/Dtype/Const.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"

#include <type_traits>

namespace tolk {

class ElementwiseBuilder;

/// A value of the IR being built, with the builder that built it, so that
/// operators can build more.
class ElementwiseValue {
public:
  ElementwiseValue(ElementwiseBuilder &builder, mlir::Value value)
      : builder(&builder), value(value) {}

  operator mlir::Value() const { return value; }
  mlir::Value getValue() const { return value; }
  mlir::Type getType() const { return value.getType(); }
  ElementwiseBuilder &getBuilder() const { return *builder; }

private:
  ElementwiseBuilder *builder;
  mlir::Value value;
};

class ElementwiseBuilder {
public:
  /// How the derived functions build their result.
  enum class Style {
    /// The op's definition (docs/Semantics.md#derived-operations), in
    /// primitive ops.
    Primitives,
    /// The derived op itself (tolk.sub, tolk.floor, ...).
    DerivedOps,
  };

  ElementwiseBuilder(mlir::OpBuilder &builder, mlir::Location loc,
                     Style style = Style::Primitives)
      : prim(builder, loc), style(style) {}

  mlir::OpBuilder &getBuilder() const { return prim.getBuilder(); }
  mlir::Location getLoc() const { return prim.getLoc(); }
  void setLoc(mlir::Location l) { prim.setLoc(l); }
  Style getStyle() const { return style; }

  ElementwiseValue wrap(mlir::Value v) { return ElementwiseValue(*this, v); }

  //===--------------------------------------------------------------------===//
  // Constants and conversions
  //===--------------------------------------------------------------------===//

  /// `tolk.const value : type` (a scalar, or a splat of a vector or tensor
  /// type). The value must be one the type holds (makeConst of it).
  ElementwiseValue constant(mlir::Type type, const dtype::Const &value);
  /// A scalar constant of `dt`: makeConst of `value` (integers wrap, floats
  /// round once, docs/Semantics.md#const), as the definitions' constants are
  /// built.
  ElementwiseValue constant(dtype::DType dt, const dtype::Const &value);
  ElementwiseValue constant(dtype::DType dt, int64_t value) {
    return constant(dt, dtype::Const::ofInt(value));
  }
  /// Weak constants (docs/Semantics.md#weak-types): an integer, a float,
  /// and a Bool.
  ElementwiseValue weakInt(int64_t value) {
    return weakInt(mpz_class(static_cast<long>(value)));
  }
  ElementwiseValue weakInt(const mpz_class &value);
  ElementwiseValue weakFloat(double value);
  ElementwiseValue boolean(bool value);

  /// `cast x dt`: x converted to dt, keeping x's shape; x itself if it is of
  /// data type dt already.
  ElementwiseValue cast(mlir::Value x, dtype::DType dt);
  /// The data type of an elementwise value (it must have one).
  static dtype::DType getDType(mlir::Value v) {
    return PrimitiveBuilder::getDType(v);
  }

  /// Operands converted to the type their op promotes to
  /// (docs/Semantics.md#operand-promotion; kind as OperandPromotion.h).
  /// Operands that do not take part (where's condition, pow's weak
  /// exponent) are returned as they are.
  llvm::SmallVector<mlir::Value, 3>
  promote(mlir::ValueRange operands, PromotionKind kind = PromotionKind::All);

  //===--------------------------------------------------------------------===//
  // Primitives (one op each)
  //===--------------------------------------------------------------------===//

  ElementwiseValue add(mlir::Value x, mlir::Value y);
  ElementwiseValue mul(mlir::Value x, mlir::Value y);
  ElementwiseValue lt(mlir::Value x, mlir::Value y);
  ElementwiseValue eq(mlir::Value x, mlir::Value y);
  ElementwiseValue maximum(mlir::Value x, mlir::Value y);
  ElementwiseValue bitwiseAnd(mlir::Value x, mlir::Value y);
  ElementwiseValue bitwiseOr(mlir::Value x, mlir::Value y);
  ElementwiseValue bitwiseXor(mlir::Value x, mlir::Value y);
  ElementwiseValue shl(mlir::Value x, mlir::Value y);
  ElementwiseValue shr(mlir::Value x, mlir::Value y);
  /// Integer division rounding towards zero (tinygrad's IDIV), the primitive
  /// `div` of integers uses.
  ElementwiseValue truncDiv(mlir::Value x, mlir::Value y);
  /// `pow x y`. When the promoted type is not a float and y is a negative
  /// integer constant there is no integer result (docs/Semantics.md#pow):
  /// this reports it at the builder's location and fails.
  mlir::FailureOr<ElementwiseValue> pow(mlir::Value x, mlir::Value y);
  ElementwiseValue reciprocal(mlir::Value x);
  ElementwiseValue trunc(mlir::Value x);
  ElementwiseValue sqrt(mlir::Value x);
  ElementwiseValue exp2(mlir::Value x);
  ElementwiseValue log2(mlir::Value x);
  ElementwiseValue where(mlir::Value c, mlir::Value x, mlir::Value y);

  //===--------------------------------------------------------------------===//
  // Derived functions (their definitions, or their op: see Style)
  //===--------------------------------------------------------------------===//

  /// x + neg y.
  ElementwiseValue sub(mlir::Value x, mlir::Value y);
  /// logical_not x for Bool, x * -1 otherwise.
  ElementwiseValue neg(mlir::Value x);
  /// Integers with rounding: truncdiv (floor: less one where the remainder is
  /// nonzero and of the other sign than y). Otherwise x, as a float, times
  /// y's reciprocal, then trunc or floor as asked.
  ElementwiseValue div(mlir::Value x, mlir::Value y,
                       Rounding rounding = Rounding::none);
  /// The remainder of div ~rounding:floor.
  ElementwiseValue mod(mlir::Value x, mlir::Value y);
  /// The remainder of div ~rounding:trunc.
  ElementwiseValue fmod(mlir::Value x, mlir::Value y);
  /// trunc x, less one where that is above x.
  ElementwiseValue floor(mlir::Value x);
  /// lt y x.
  ElementwiseValue gt(mlir::Value x, mlir::Value y);
  /// logical_not (gt x y).
  ElementwiseValue le(mlir::Value x, mlir::Value y);
  /// logical_not (lt x y).
  ElementwiseValue ge(mlir::Value x, mlir::Value y);
  /// logical_not (eq x y).
  ElementwiseValue ne(mlir::Value x, mlir::Value y);
  /// eq (cast x Bool) false.
  ElementwiseValue logicalNot(mlir::Value x);
  /// logical_not for Bool, x xor all ones otherwise.
  ElementwiseValue bitwiseNot(mlir::Value x);
  /// neg (maximum (neg x) (neg y)) for floats (and Bool); for integers the
  /// same through the order-reversing bitwise_not.
  ElementwiseValue minimum(mlir::Value x, mlir::Value y);

private:
  template <typename OpTy, typename... Args>
  ElementwiseValue create(Args &&...args);
  bool primitives() const { return style == Style::Primitives; }

  PrimitiveBuilder prim;
  Style style;
};

//===----------------------------------------------------------------------===//
// Operators
//===----------------------------------------------------------------------===//
//
// `/` is div without rounding (a float quotient); `%` is mod_ (the remainder
// of floor division); comparisons build Bool values, not C++ bools. A C++
// integer or floating-point operand is a weak constant.

/// C++ integers (not bool) and floating-point numbers next to a value.
template <typename T>
inline constexpr bool isWeakInt =
    std::is_integral_v<T> && !std::is_same_v<T, bool>;
template <typename T>
inline constexpr bool isWeakFloat = std::is_floating_point_v<T>;

/// A C++ number as the weak constant it denotes.
template <typename T>
inline ElementwiseValue weakConstant(ElementwiseBuilder &b, T v) {
  if constexpr (isWeakInt<T> && std::is_unsigned_v<T>)
    return b.weakInt(mpz_class(static_cast<unsigned long>(v)));
  else if constexpr (isWeakInt<T>)
    return b.weakInt(static_cast<int64_t>(v));
  else
    return b.weakFloat(static_cast<double>(v));
}

#define TOLK_ELEMENTWISE_BINARY_OPERATOR(OP, FN)                               \
  inline ElementwiseValue operator OP(ElementwiseValue x, ElementwiseValue y) { \
    return x.getBuilder().FN(x, y);                                            \
  }                                                                            \
  template <typename T,                                                        \
            std::enable_if_t<isWeakInt<T> || isWeakFloat<T>, int> = 0>         \
  inline ElementwiseValue operator OP(ElementwiseValue x, T y) {               \
    return x.getBuilder().FN(x, weakConstant(x.getBuilder(), y));              \
  }                                                                            \
  template <typename T,                                                        \
            std::enable_if_t<isWeakInt<T> || isWeakFloat<T>, int> = 0>         \
  inline ElementwiseValue operator OP(T x, ElementwiseValue y) {               \
    return y.getBuilder().FN(weakConstant(y.getBuilder(), x), y);              \
  }

TOLK_ELEMENTWISE_BINARY_OPERATOR(+, add)
TOLK_ELEMENTWISE_BINARY_OPERATOR(-, sub)
TOLK_ELEMENTWISE_BINARY_OPERATOR(*, mul)
TOLK_ELEMENTWISE_BINARY_OPERATOR(/, div)
TOLK_ELEMENTWISE_BINARY_OPERATOR(%, mod)
TOLK_ELEMENTWISE_BINARY_OPERATOR(<, lt)
TOLK_ELEMENTWISE_BINARY_OPERATOR(>, gt)
TOLK_ELEMENTWISE_BINARY_OPERATOR(<=, le)
TOLK_ELEMENTWISE_BINARY_OPERATOR(>=, ge)
TOLK_ELEMENTWISE_BINARY_OPERATOR(==, eq)
TOLK_ELEMENTWISE_BINARY_OPERATOR(!=, ne)
TOLK_ELEMENTWISE_BINARY_OPERATOR(&, bitwiseAnd)
TOLK_ELEMENTWISE_BINARY_OPERATOR(|, bitwiseOr)
TOLK_ELEMENTWISE_BINARY_OPERATOR(^, bitwiseXor)
TOLK_ELEMENTWISE_BINARY_OPERATOR(<<, shl)
TOLK_ELEMENTWISE_BINARY_OPERATOR(>>, shr)

#undef TOLK_ELEMENTWISE_BINARY_OPERATOR

inline ElementwiseValue operator-(ElementwiseValue x) {
  return x.getBuilder().neg(x);
}
inline ElementwiseValue operator~(ElementwiseValue x) {
  return x.getBuilder().bitwiseNot(x);
}
inline ElementwiseValue operator!(ElementwiseValue x) {
  return x.getBuilder().logicalNot(x);
}

} // namespace tolk

#endif // TOLK_DIALECT_TOLK_ELEMENTWISEBUILDER_H
