//===- ElementwiseBuilder.h - Tolk's elementwise ops in C++ -----*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// tolk::ElementwiseBuilder builds Tolk's primitive elementwise ops
// (docs/Semantics.md#elementwise-operations), constants, casts and explicit
// promotion, for code that builds Tolk IR (--tolk-kernelize's index
// arithmetic, --tolk-decompose's integer powers):
//
//   ElementwiseBuilder eb(builder, loc);
//   Value twice = eb.mul(a, eb.weakFloat(2.0));
//   Value r = eb.where(eb.lt(a, b), eb.maximum(a, b), twice);
//
// A weak constant takes the other operand's type when promotion materializes
// (docs/Semantics.md#weak-types). Primitives take mixed operands as they
// are, and --canonicalize materializes their promotion. A derived op is
// built by its own builder (SubOp::create, ...) or, in primitives, by its
// definition (DerivedDefinitions.h, through the PrimitiveBuilder that
// --tolk-decompose uses).
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
  ElementwiseBuilder(mlir::OpBuilder &builder, mlir::Location loc)
      : prim(builder, loc) {}

  mlir::OpBuilder &getBuilder() const { return prim.getBuilder(); }
  mlir::Location getLoc() const { return prim.getLoc(); }
  void setLoc(mlir::Location l) { prim.setLoc(l); }

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
    return weakInt(llvm::DynamicAPInt(value));
  }
  ElementwiseValue weakInt(const llvm::DynamicAPInt &value);
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

private:
  PrimitiveBuilder prim;
};

} // namespace tolk

#endif // TOLK_DIALECT_TOLK_ELEMENTWISEBUILDER_H
