//===- Passes.h - Tolk's passes on upstream dialects ------------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Passes that work on upstream dialects only (no Tolk op), for the lowering
// pipelines.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_TRANSFORMS_PASSES_H
#define TOLK_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"

namespace tolk {

/// arith.extf / arith.truncf with an 8-bit float, and with bf16 when
/// `includeBf16`, as integer arithmetic (TolkExpandFloatConversions in
/// Passes.td).
void populateExpandFloatConversionPatterns(mlir::RewritePatternSet &patterns,
                                           bool includeBf16);

/// math.trunc as math.floor or math.ceil by the sign.
void populateExpandTruncPattern(mlir::RewritePatternSet &patterns);
/// math.powf on f32, f16 and bf16 as C99's pow: Annex F's special cases as
/// selects around a core for a positive finite base and a finite exponent, in
/// f64 arithmetic (+, -, *, / and conversions only) with `f64Core`, else
/// math.powf of those operands.
void populateExpandPowFAsC99Pattern(mlir::RewritePatternSet &patterns,
                                    bool f64Core);
/// math.log2 of f32 with a positive subnormal operand from its significand,
/// for targets that may flush subnormal operands.
void populateExpandLog2OfSubnormalsPattern(mlir::RewritePatternSet &patterns);
/// math.exp2 of f32 with a subnormal result as a normal one scaled by 2^-64,
/// for targets that may flush subnormal results.
void populateExpandExp2OfSubnormalResultsPattern(
    mlir::RewritePatternSet &patterns);
/// math.exp2, math.log2 and math.powf (as C99's pow) on f64 in f64 and i64
/// arithmetic (TolkExpandF64Math in Passes.td).
void populateExpandF64MathPatterns(mlir::RewritePatternSet &patterns);

#define GEN_PASS_DECL
#include "tolk/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tolk/Transforms/Passes.h.inc"

} // namespace tolk

#endif // TOLK_TRANSFORMS_PASSES_H
