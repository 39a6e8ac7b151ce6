//===- NarrowFloatFormats.h - Layouts of the narrow floats ------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The narrow float formats (the four 8-bit floats and bf16) that the
// software and native conversions build with: their layouts are
// tolk::dtype::FloatLayout, the description the folder uses too.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_LOWERING_NARROWFLOATFORMATS_H
#define TOLK_LOWERING_NARROWFLOATFORMATS_H

#include "tolk/Dtype/FloatLayout.h"

#include "mlir/IR/Types.h"

#include <optional>

namespace tolk {

/// The layout of a narrow float format, read from its llvm::fltSemantics.
using NarrowFloatFormat = dtype::FloatLayout;

/// The format of `type` when it is an 8-bit float, or bf16 with
/// `includeBf16`.
std::optional<NarrowFloatFormat> getNarrowFloatFormat(mlir::Type type,
                                                      bool includeBf16);

} // namespace tolk

#endif // TOLK_LOWERING_NARROWFLOATFORMATS_H
