//===- BF16AsI16.h - bf16 values carried as their i16 bits ------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Where a target has no bf16 (SPIR-V) or mistreats a bf16 value that it only
// moves (LLVM's x86 backend rounds one through f32), Tolk carries bf16 as
// i16 with the same bits: the type mapping and the rewrite of the ops that
// only move bf16 values, for the SPIR-V pipeline
// (--tolk-spirv-bf16-as-i16) and the host one (--tolk-host-bf16-as-i16).
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_LOWERING_BF16ASI16_H
#define TOLK_LOWERING_BF16ASI16_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"

namespace tolk {

/// `type` with bf16 carried as i16 (a scalar, a vector's elements, a
/// memref's elements), or null when it holds no bf16.
mlir::Type getBF16BitsType(mlir::Type type);

/// bf16 as i16 (getBF16BitsType); every other type is kept.
class BF16AsI16TypeConverter : public mlir::TypeConverter {
public:
  BF16AsI16TypeConverter();
};

/// Whether `type` is bf16 or has bf16 elements (a vector, a memref).
bool holdsBF16(mlir::Type type);

/// The bits of a bf16 constant (a FloatAttr, or dense elements of bf16) as
/// an attribute of `type`, its type converted (i16, or i16 elements).
mlir::Attribute getBF16BitsAttr(mlir::Attribute value, mlir::Type type);

/// Dialect-conversion patterns that retype what only moves bf16 values:
/// arith.constant (its bits), arith.bitcast (gone where it becomes the
/// identity), any other op without regions (the same op on the converted
/// types) and the signature of a gpu.func. Add the SCF structural
/// conversions for scf ops.
void populateBF16AsI16Patterns(const mlir::TypeConverter &converter,
                               mlir::RewritePatternSet &patterns);

} // namespace tolk

#endif // TOLK_LOWERING_BF16ASI16_H
