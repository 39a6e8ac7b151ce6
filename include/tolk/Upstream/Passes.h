//===- Passes.h - Passes that work around upstream MLIR ---------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_UPSTREAM_PASSES_H
#define TOLK_UPSTREAM_PASSES_H

#include "mlir/Pass/Pass.h"

namespace tolk {

#define GEN_PASS_DECL
#include "tolk/Upstream/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tolk/Upstream/Passes.h.inc"

} // namespace tolk

#endif // TOLK_UPSTREAM_PASSES_H
