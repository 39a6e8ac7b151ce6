//===- Passes.h - Tolk conversion passes ------------------------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Every conversion pass out of the tolk dialect, declared from Passes.td, and
// registerTolkConversionPasses() for tools.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_CONVERSION_PASSES_H
#define TOLK_CONVERSION_PASSES_H

#include "tolk/Conversion/GPUToHost/GPUToHost.h"
#include "tolk/Conversion/TolkToArith/TolkToArith.h"
#include "tolk/Conversion/TolkToGPU/TolkToGPU.h"
#include "tolk/Conversion/TolkToSPIRV/TolkToSPIRV.h"

#include "mlir/Pass/Pass.h"

namespace tolk {

#define GEN_PASS_REGISTRATION
#include "tolk/Conversion/Passes.h.inc"

} // namespace tolk

#endif // TOLK_CONVERSION_PASSES_H
