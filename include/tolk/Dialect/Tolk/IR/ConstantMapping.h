//===- ConstantMapping.h - MLIR constants and Tolk constants ----*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The one mapping between MLIR's constant attributes and Tolk's Const (the
// values of docs/Semantics.md#values), as TypeMapping.h is for types. A
// tolk.const folds to a builtin attribute (IntegerAttr, FloatAttr, a splat
// DenseElementsAttr) wherever its type has one, so that upstream folders
// that take constant operands (vector
// .from_elements, vector.broadcast, ...) read real values: they assume
// builtin attributes, and read anything else as zero. #tolk.const remains
// for what builtin attributes cannot say: weak types and `invalid`. Tolk's
// folders read both through getConstantValue.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_DIALECT_TOLK_CONSTANTMAPPING_H
#define TOLK_DIALECT_TOLK_CONSTANTMAPPING_H

#include "tolk/Dtype/Const.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Types.h"

#include <optional>

namespace tolk {

/// The attribute a constant `value` of `type` (a scalar, lanes or a static
/// tensor of a data type) folds to: a builtin one for a valid value of a
/// concrete Bool, integer or float type, #tolk.const otherwise.
mlir::Attribute getConstantAttr(mlir::Type type, const dtype::Const &value);

/// The Tolk constant of an attribute a Tolk or builtin constant folds to: a
/// #tolk.const, an IntegerAttr or FloatAttr of a data type, or a splat of
/// one. Nothing for anything else (a non-splat elements attribute, ...).
std::optional<dtype::Const> getConstantValue(mlir::Attribute attr);

/// Whether `attr` is, as getConstantValue reads it, the Bool `value`.
bool isConstantBool(mlir::Attribute attr, bool value);

} // namespace tolk

#endif // TOLK_DIALECT_TOLK_CONSTANTMAPPING_H
