//===- SpirvReflection.h - A SPIR-V kernel's host interface -----*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// What tolk-run's Vulkan runner reads from a SPIR-V module about one entry
// point: its capabilities, workgroup size, float controls, buffers and push
// constants. Independent of Vulkan and MLIR, so that it can be tested on any
// machine.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_RUNTIME_SPIRVREFLECTION_H
#define TOLK_RUNTIME_SPIRVREFLECTION_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <optional>
#include <utility>

namespace tolk::runtime {

/// What a SPIR-V module says about one entry point's interface to the host.
struct SpirvEntryPointInfo {
  /// The module's SPIR-V version, (major << 16) | (minor << 8).
  uint32_t version = 0;
  /// Every OpCapability, in module order.
  llvm::SmallVector<uint32_t, 8> capabilities;
  /// The entry point's LocalSize (1, 1, 1 when the module gives none or
  /// gives it as LocalSizeId), or the object decorated BuiltIn
  /// WorkgroupSize, which overrides it (the specialization constants'
  /// defaults when it is one).
  std::array<uint32_t, 3> localSize = {1, 1, 1};
  /// The SpecIds of the workgroup size in x, y, z when it is specialization
  /// constants (a composite decorated BuiltIn WorkgroupSize).
  std::optional<std::array<uint32_t, 3>> workgroupSizeSpecIds;
  /// The float-control execution modes of the entry point, as (mode, bit
  /// width) pairs: DenormPreserve, SignedZeroInfNanPreserve, ...
  llvm::SmallVector<std::pair<uint32_t, uint32_t>, 4> floatControls;
  /// The bindings of the storage buffers at descriptor set 0 that the entry
  /// point can use, sorted.
  llvm::SmallVector<uint32_t, 4> storageBufferBindings;
  /// The storage images at descriptor set 0 that the entry point can use,
  /// sorted by binding: the binding and the image's format (the SPIR-V
  /// Image Format operand: 1 Rgba32f, 2 Rgba16f, ...).
  struct StorageImage {
    uint32_t binding;
    uint32_t format;
  };
  llvm::SmallVector<StorageImage, 2> storageImages;
  /// The size in bytes of the push-constant block the entry point can use:
  /// none without one, 0 when its layout has a member type the runner does
  /// not size (then the size is not checked).
  std::optional<uint32_t> pushConstantSize;
};

/// Reads what the runner needs from `spirv` for the GLCompute entry point
/// `entryPoint`: an error for words that are not a SPIR-V module, a missing
/// entry point, or an interface outside the ABI (a descriptor set other than
/// 0, a uniform buffer, two buffers or images at one binding, an image that
/// is not a 2-D storage image).
llvm::Expected<SpirvEntryPointInfo>
reflectSpirvEntryPoint(llvm::ArrayRef<uint32_t> spirv,
                       llvm::StringRef entryPoint);

} // namespace tolk::runtime

#endif // TOLK_RUNTIME_SPIRVREFLECTION_H
