//===- Passes.h - Tolk passes -----------------------------------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The passes of the Tolk dialect, declared from Passes.td.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_DIALECT_TOLK_PASSES_H
#define TOLK_DIALECT_TOLK_PASSES_H

#include "tolk/Dialect/Tolk/IR/TolkDialect.h"

#include "mlir/Pass/Pass.h"

namespace tolk {

#define GEN_PASS_DECL
#include "tolk/Dialect/Tolk/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tolk/Dialect/Tolk/Transforms/Passes.h.inc"

} // namespace tolk

#endif // TOLK_DIALECT_TOLK_PASSES_H
