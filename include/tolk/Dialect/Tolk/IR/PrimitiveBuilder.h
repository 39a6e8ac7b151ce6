//===- PrimitiveBuilder.h - Builds primitive elementwise ops ----*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// tolk::PrimitiveBuilder builds the primitive elementwise ops, constants and
// casts at one location: the IR domain of the derived ops' definitions
// (DerivedDefinitions.h), which DerivedOpInterface and
// tolk::ElementwiseBuilder build through. Primitives take mixed operands as
// they are; --canonicalize materializes their promotion.
//
// Operands must be what the op accepts (the verifier's operand-kind rules);
// a violation is a programming error, caught by the op's type inference.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_DIALECT_TOLK_IR_PRIMITIVEBUILDER_H
#define TOLK_DIALECT_TOLK_IR_PRIMITIVEBUILDER_H

#include "tolk/Dialect/Tolk/IR/OperandPromotion.h"
#include "tolk/Dtype/Const.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"

namespace tolk {

class PrimitiveBuilder {
public:
  using Value = mlir::Value;

  PrimitiveBuilder(mlir::OpBuilder &builder, mlir::Location loc)
      : builder(builder), loc(loc) {}

  mlir::OpBuilder &getBuilder() const { return builder; }
  mlir::Location getLoc() const { return loc; }
  void setLoc(mlir::Location l) { loc = l; }

  //===--------------------------------------------------------------------===//
  // Constants and conversions
  //===--------------------------------------------------------------------===//

  /// `tolk.const value : type` (a scalar, or a splat of a vector or tensor
  /// type). The value must be one the type holds (Dtype.const of it).
  Value constant(mlir::Type type, const dtype::Const &value);
  /// A scalar constant of `dt`: Dtype.const of `value` (integers wrap,
  /// floats round once), as the derived ops' definitions build theirs.
  Value constant(dtype::DType dt, const dtype::Const &value);
  Value constant(dtype::DType dt, int64_t value) {
    return constant(dt, dtype::Const::ofInt(value));
  }
  Value boolean(bool value);

  /// `cast x dt`: x converted to dt, keeping x's shape; x itself if it is of
  /// data type dt already.
  Value cast(Value x, dtype::DType dt);
  /// The data type of an elementwise value (it must have one).
  static dtype::DType getDType(Value v);
  /// Operands converted to the type their op promotes to (kind as
  /// OperandPromotion.h). Operands that do not take part (where's condition,
  /// pow's weak exponent) are returned as they are.
  llvm::SmallVector<Value, 3> promote(mlir::ValueRange operands,
                                      PromotionKind kind = PromotionKind::All);
  /// least_upper_float of dt (every type an ALU computes on has one).
  static dtype::DType leastUpperFloat(dtype::DType dt);

  //===--------------------------------------------------------------------===//
  // Primitives (one op each)
  //===--------------------------------------------------------------------===//

  Value add(Value x, Value y);
  Value mul(Value x, Value y);
  Value lt(Value x, Value y);
  Value eq(Value x, Value y);
  Value maximum(Value x, Value y);
  Value bitwiseAnd(Value x, Value y);
  Value bitwiseOr(Value x, Value y);
  Value bitwiseXor(Value x, Value y);
  Value shl(Value x, Value y);
  Value shr(Value x, Value y);
  Value truncDiv(Value x, Value y);
  Value pow(Value x, Value y);
  Value reciprocal(Value x);
  Value trunc(Value x);
  Value sqrt(Value x);
  Value exp2(Value x);
  Value log2(Value x);
  Value where(Value c, Value x, Value y);
  /// tolk.neg and tolk.div of complex operands, which are primitives there
  /// (DerivedDefinitions.h).
  Value complexNeg(Value x);
  Value complexDiv(Value x, Value y);

private:
  template <typename OpTy, typename... Args> Value create(Args &&...args);

  mlir::OpBuilder &builder;
  mlir::Location loc;
};

} // namespace tolk

#endif // TOLK_DIALECT_TOLK_IR_PRIMITIVEBUILDER_H
