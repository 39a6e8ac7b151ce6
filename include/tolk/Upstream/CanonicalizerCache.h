//===- CanonicalizerCache.h - Patterns per context --------------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Where CanonicalizerGroup's canonicalizers keep their frozen patterns for a
// context: an interface of the Tolk dialect, which the context owns, so that
// pass managers built one after the other on a context (a compiler that
// builds a pipeline per kernel) collect them once. Without it (a registry
// without Tolk's pipeline extensions) each group keeps its own.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_LIB_PIPELINES_CANONICALIZERCACHE_H
#define TOLK_LIB_PIPELINES_CANONICALIZERCACHE_H

#include "mlir/IR/DialectRegistry.h"

namespace tolk {

/// Attaches the per-context pattern cache to the Tolk dialect of every
/// context made with `registry` (called by registerTolkPipelineExtensions).
void registerCanonicalizerCache(mlir::DialectRegistry &registry);

} // namespace tolk

#endif // TOLK_LIB_PIPELINES_CANONICALIZERCACHE_H
