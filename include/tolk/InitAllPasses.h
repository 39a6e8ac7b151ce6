//===- InitAllPasses.h - Every Tolk pass and pipeline -----------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Registers every Tolk pass and named pipeline, as mlir/InitAllPasses.h does
// for upstream's: the dialect's passes (--tolk-commit-weak, ...), the
// conversions out of Tolk, Tolk's passes on upstream dialects, and the
// pipelines (--tolk-to-nvvm, ...). The tools, the mlir-opt plugin and the C
// API call this one function, so that a new pass reaches all of them.
// Upstream's own passes are not included: a tool adds those it wants.
//
// Registering the same pass twice is harmless; a pipeline may be registered
// only once per process.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_INITALLPASSES_H
#define TOLK_INITALLPASSES_H

#include "tolk/Conversion/Passes.h"
#include "tolk/Dialect/Tolk/Transforms/Passes.h"
#include "tolk/Pipelines/Pipelines.h"
#include "tolk/Transforms/Passes.h"
#include "tolk/Upstream/Passes.h"

namespace tolk {

/// Registers every Tolk pass and pipeline. Call once per process.
inline void registerAllPasses() {
  registerTolkPasses();
  registerTolkConversionPasses();
  registerTolkTransformsPasses();
  registerTolkUpstreamPasses();
  registerTolkPipelines();
}

} // namespace tolk

#endif // TOLK_INITALLPASSES_H
