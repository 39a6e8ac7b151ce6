//===- TypeMapping.h - MLIR types and Tolk data types -----------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The one mapping between mlir::Type and tolk::dtype::DType (the table of
// docs/Semantics.md#data-types), and the shapes elementwise ops work on: a
// scalar, `vector<N x T>` (N lanes) or a ranked `tensor<... x T>` (numpy
// broadcasting; docs/Semantics.md#lanes-and-shapes).
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_DIALECT_TOLK_TYPEMAPPING_H
#define TOLK_DIALECT_TOLK_TYPEMAPPING_H

#include "tolk/Dtype/DType.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Location.h"
#include "mlir/Support/LLVM.h"

#include <optional>

namespace tolk {

/// The data type of a scalar type: i1 is Bool, si8..si64 and ui8..ui64 the
/// integers, ui128/ui256 the storage helpers, the builtin floats (f128 is
/// binary128), complex<f32>, complex<f64> and complex<f128>, the weak types,
/// and `none` is Void. Nothing for any other type (signless integers
/// other than i1, index, vectors, ...).
std::optional<dtype::DType> getDType(mlir::Type scalar);
/// The scalar type of a data type.
mlir::Type getScalarType(mlir::MLIRContext *ctx, dtype::DType dt);
/// The name of a data type as users write it: its MLIR type.
std::string getTypeName(mlir::MLIRContext *ctx, dtype::DType dt);

/// A value type of an elementwise op.
struct ValueShape {
  enum class Kind { Scalar, Vector, Tensor };
  Kind kind = Kind::Scalar;
  /// Lanes (one entry) for a vector; the dimensions of a tensor.
  llvm::SmallVector<int64_t, 4> shape;
  bool operator==(const ValueShape &o) const {
    return kind == o.kind && shape == o.shape;
  }
};

/// A value type split into its data type and shape; nothing if the element
/// type has no data type, or for an unranked tensor or a scalable vector.
struct ElementwiseType {
  dtype::DType dtype;
  ValueShape shape;
};
std::optional<ElementwiseType> classify(mlir::Type type);

/// `elt` with the shape of `like` (a scalar, vector or tensor).
mlir::Type withShape(const ValueShape &shape, mlir::Type elt);

/// The shape of an elementwise result: every operand's shape broadcast as
/// numpy does (tensors; a scalar broadcasts against anything), or equal
/// lanes (vectors; a scalar broadcasts to lanes). Emits an error at `loc`
/// (when given) naming the shapes that do not broadcast.
mlir::FailureOr<ValueShape> broadcastShapes(llvm::ArrayRef<ValueShape> shapes,
                                            std::optional<mlir::Location> loc);

} // namespace tolk

#endif // TOLK_DIALECT_TOLK_TYPEMAPPING_H
