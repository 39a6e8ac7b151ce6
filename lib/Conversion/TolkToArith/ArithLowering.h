//===- ArithLowering.h - What the Tolk-to-arith patterns share --*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Private to --convert-tolk-to-arith: the patterns of the conversions
// between data types (Conversions.cpp: tolk.const, tolk.cast, tolk.bitcast)
// and of the primitive elementwise ops (Elementwise.cpp), and the 8-bit
// float helpers that both build with.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_CONVERSION_TOLKTOARITH_ARITHLOWERING_H
#define LIB_CONVERSION_TOLKTOARITH_ARITHLOWERING_H

#include "tolk/Dtype/DType.h"
#include "tolk/Lowering/LaneArith.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/Transforms/DialectConversion.h"

#include <optional>

namespace tolk::detail {

/// The builder at the op being lowered, and whether bf16 arithmetic is
/// computed in f32 (rounded back once), as the 8-bit floats' always is: for
/// targets without bf16 arithmetic.
struct ArithLowering {
  mlir::ImplicitLocOpBuilder &b;
  bool bf16InF32 = false;

  /// Lane arithmetic of the shape of `like`, whose constants take its shape
  /// (and a dynamically shaped tensor's dimensions).
  LaneArith lanes(mlir::Value like) const { return LaneArith(b, like); }
  /// Whether arithmetic on `elt` is computed in f32: the 8-bit floats, and
  /// bf16 with bf16InF32.
  bool computesInF32(mlir::Type elt) const;
};

bool isFp8Type(mlir::Type t);

/// True for the data types whose integers are read unsigned: Bool, the
/// unsigned integers and the storage helpers ui128/ui256, which `const`
/// wraps as unsigned integers (docs/Semantics.md#storage-helpers).
bool readsUnsigned(dtype::DType dt);

/// The data type an op computes in: its first operand's (a where's arms').
std::optional<dtype::DType> computeDType(mlir::Operation *op);

/// `v` (a float of 16 bits or more) rounded once to the 8-bit float `dst`, as
/// truncate does (docs/Semantics.md#truncate).
mlir::Value truncToFp8(mlir::ImplicitLocOpBuilder &b, mlir::Value v,
                       mlir::FloatType dst);

/// The 8-bit float `v` with every NaN code made the one that the folder
/// stores (docs/Semantics.md#storage).
mlir::Value canonicalFp8NaN(mlir::ImplicitLocOpBuilder &b, mlir::Value v);

/// The complex constant (re, im) of complex type `type`.
mlir::Value complexConst(mlir::ImplicitLocOpBuilder &b, mlir::ComplexType type,
                         const llvm::APFloat &re, const llvm::APFloat &im);

/// The patterns of tolk.const, tolk.cast and tolk.bitcast.
void populateConversionOpPatterns(const mlir::TypeConverter &converter,
                                  mlir::RewritePatternSet &patterns,
                                  bool bf16InF32);

/// The pattern of the primitive elementwise ops.
void populateElementwisePatterns(const mlir::TypeConverter &converter,
                                 mlir::RewritePatternSet &patterns,
                                 bool bf16InF32);

} // namespace tolk::detail

#endif // LIB_CONVERSION_TOLKTOARITH_ARITHLOWERING_H
