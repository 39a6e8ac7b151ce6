//===- GPUTargetInfo.h - What LLVM knows about a GPU chip -------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The chips and target features of LLVM's NVPTX and AMDGPU back ends, asked
// of LLVM itself (its subtarget tables), so that a pipeline rejects what
// the back end would only warn about and then fail on, and the PTX ISA
// version LLVM picks for an NVIDIA chip (docs/Lowering.md, "GPU chips and
// PTX versions").
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_TRANSFORMS_GPUTARGETINFO_H
#define TOLK_TRANSFORMS_GPUTARGETINFO_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace tolk {

enum class GPUVendor { NVIDIA, AMD };

/// The LLVM target triple of `vendor`'s GPUs.
llvm::StringRef getGPUTriple(GPUVendor vendor);

/// Success when LLVM's back end for `vendor` knows the processor `chip`;
/// otherwise an error that names it and lists the chips LLVM knows.
llvm::Error verifyGPUChip(GPUVendor vendor, llvm::StringRef chip);

/// Success when every `+name` or `-name` of the comma-separated `features`
/// is a feature LLVM's back end for `vendor` knows (for NVIDIA, `+ptx81`).
llvm::Error verifyGPUFeatures(GPUVendor vendor, llvm::StringRef features);

/// Whether LLVM's back end for `vendor` gives the processor `chip` the
/// subtarget feature `feature` (a name without + or -, e.g. image-insts),
/// by itself or by the features it implies; an error when LLVM does not
/// know the chip (verifyGPUChip).
llvm::Expected<bool> hasGPUFeature(GPUVendor vendor, llvm::StringRef chip,
                                   llvm::StringRef feature);

/// The PTX ISA version (10 * major + minor) that LLVM's NVPTX back end
/// emits for `chip` when no `+ptx` feature asks for one: the first version
/// that supports the chip. Asked of LLVM by compiling an empty module once
/// per chip; `chip` must be valid (verifyGPUChip).
llvm::Expected<unsigned> getDefaultPTXVersion(llvm::StringRef chip);

/// The PTX ISA version the `+ptxNN` features of `features` ask for (the
/// largest, as LLVM takes it), or nothing when there is none.
std::optional<unsigned> getRequestedPTXVersion(llvm::StringRef features);

/// The SM version of an NVIDIA chip (89 for sm_89, 100 for sm_100a), or
/// nothing when `chip` is not sm_ followed by digits and a suffix.
std::optional<unsigned> getSMVersion(llvm::StringRef chip);

/// "8.1" for 81.
std::string formatPTXVersion(unsigned version);

} // namespace tolk

#endif // TOLK_TRANSFORMS_GPUTARGETINFO_H
