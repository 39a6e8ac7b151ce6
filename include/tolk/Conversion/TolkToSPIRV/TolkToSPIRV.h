//===- TolkToSPIRV.h - Lowered Tolk kernels to SPIR-V -----------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The last Tolk step of the SPIR-V (Vulkan) pipeline: kernels that
// --convert-tolk-to-gpu lowered become spirv.modules with Tolk's kernel ABI
// (docs/Rationale.md, "SPIR-V").
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_CONVERSION_TOLKTOSPIRV_TOLKTOSPIRV_H
#define TOLK_CONVERSION_TOLKTOSPIRV_TOLKTOSPIRV_H

#include "mlir/Pass/Pass.h"

namespace tolk {

#define GEN_PASS_DECL_CONVERTTOLKKERNELSTOSPIRV
#include "tolk/Conversion/Passes.h.inc"

} // namespace tolk

#endif // TOLK_CONVERSION_TOLKTOSPIRV_TOLKTOSPIRV_H
