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
#include "llvm/ADT/SmallVector.h"

#include <cstdint>

namespace tolk {

#define GEN_PASS_DECL_CONVERTTOLKKERNELSTOSPIRV
#include "tolk/Conversion/Passes.h.inc"

/// A kernel without a known_block_size takes its workgroup size from the
/// specialization constants `tolk_local_size_{x,y,z}` (SpecIds 0, 1 and 2,
/// default 1) of its spirv.module, gathered in the composite
/// `tolk_workgroup_size`.
constexpr llvm::StringLiteral kSpirvLocalSizeName = "tolk_local_size";
constexpr llvm::StringLiteral kSpirvWorkgroupSizeName = "tolk_workgroup_size";
/// The SpecIds of the workgroup size in x, y and z.
constexpr uint32_t kSpirvLocalSizeSpecIds[3] = {0, 1, 2};

/// The serialized module `words`, with `tolk_workgroup_size` decorated
/// BuiltIn WorkgroupSize when it is there and no entry point has a
/// LocalSize (MLIR's serializer decorates no specialization constant but
/// with SpecId). Fails for words that are not a module, and for a module
/// whose entry points mix a LocalSize with the specialized size: the
/// decoration is module-wide, so such a module serializes one kernel at a
/// time.
llvm::FailureOr<llvm::SmallVector<uint32_t>>
decorateSpecializedWorkgroupSize(llvm::ArrayRef<uint32_t> words);

} // namespace tolk

#endif // TOLK_CONVERSION_TOLKTOSPIRV_TOLKTOSPIRV_H
