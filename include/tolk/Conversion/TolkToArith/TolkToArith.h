//===- TolkToArith.h - Tolk values to arith and math ------------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The conversion of Tolk's homogeneous value ops (the primitive operations of
// docs/Semantics.md#primitive-operations, tolk.const, tolk.cast,
// tolk.bitcast) to arith and math, in the manner of upstream's
// mlir/Conversion/*: a type converter, the patterns, and the pass.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_CONVERSION_TOLKTOARITH_TOLKTOARITH_H
#define TOLK_CONVERSION_TOLKTOARITH_TOLKTOARITH_H

#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/DialectConversion.h"

namespace tolk {

#define GEN_PASS_DECL_CONVERTTOLKTOARITH
#include "tolk/Conversion/Passes.h.inc"

/// Converts Tolk's value types to arith's: si*/ui* become signless integers
/// of their width, i1 and the builtin floats stay, as scalars, lanes
/// (`vector<N x T>`) and tensors; the storage helpers `ui128` and `ui256`
/// become i128 and i256. The weak types have no conversion. Other types
/// (index, pointers, ...) are kept as they are.
class TolkToArithTypeConverter : public mlir::TypeConverter {
public:
  TolkToArithTypeConverter();
};

/// Adds the patterns that lower the primitive elementwise ops, tolk.const,
/// tolk.cast and tolk.bitcast to arith and math. The ops must already be
/// homogeneous in data type (see the pass's description); the patterns do
/// not match others. With `bf16InF32`, bf16 arithmetic is computed in f32
/// and rounded back once, as the 8-bit floats always are, for targets
/// without bf16 arithmetic (SPIR-V, the host).
void populateTolkToArithConversionPatterns(const mlir::TypeConverter &converter,
                                           mlir::RewritePatternSet &patterns,
                                           bool bf16InF32 = false);

/// The integer part of `x` (a finite f16, f32 or f64 scalar or lanes; NaNs
/// and infinities give an unspecified value) modulo 2^`bits`, as a signless
/// integer of `bits` bits: x is reduced below 2^bits in float arithmetic
/// (exactly), and its magnitude converted with fptoui. This is the part of
/// a float-to-integer cast that a conversion to a wider integer cannot do
/// (values of 2^63 and more, or a target without 64-bit integers).
mlir::Value truncFloatModulo(mlir::OpBuilder &b, mlir::Location loc,
                             mlir::Value x, unsigned bits);

/// Marks the ops of arith, vector and tensor legal when their types are
/// (signless): the patterns above rewrite those that carry Tolk's signed or
/// unsigned integers, such as the arith.constant that upstream folders make
/// from tolk.const.
void addSignlessUpstreamLegality(mlir::ConversionTarget &target,
                                 const mlir::TypeConverter &converter);

/// Emits a diagnostic at every op in `root` that the patterns cannot lower
/// (a weak type, a derived op, mixed data types, a broadcast tensor),
/// saying which pass to run first; fails if there was one.
llvm::LogicalResult checkTolkToArithInput(mlir::Operation *root);

} // namespace tolk

#endif // TOLK_CONVERSION_TOLKTOARITH_TOLKTOARITH_H
