//===- VulkanRunner.h - Run one SPIR-V compute kernel -----------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// One SPIR-V compute kernel, run once on the first Vulkan
// device (Mesa's lavapipe where there is no GPU), with the kernel ABI of
// docs/Runtime.md ("Runtimes"): storage buffers and storage images at
// descriptor set 0, binding k for the k-th global pointer parameter; the
// alu parameters in one push-constant block; the workgroup size, for a
// kernel compiled without one, in the specialization constants of the
// WorkgroupSize built-in.
// Independent of MLIR: the caller gives the SPIR-V words.
//
// Everything that can go wrong (no loader or driver, no device, a capability
// the device lacks, a module that disagrees with the buffers given) is an
// llvm::Error, never a crash (an invalid module too, where SPIRV-Tools was
// found at configure time to validate it). A build without the Vulkan loader
// keeps this interface; runVulkanKernel then says "tolk was built without
// Vulkan".
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_RUNTIME_VULKANRUNNER_H
#define TOLK_RUNTIME_VULKANRUNNER_H

#include "tolk/Runtime/SpirvReflection.h"
#include "tolk/Runtime/VulkanCapabilities.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace tolk::runtime {

/// One dispatch of a compute kernel.
struct VulkanLaunch {
  /// The SPIR-V module, as words.
  llvm::ArrayRef<uint32_t> spirv;
  /// The name of the GLCompute entry point (the gpu.func's name).
  std::string entryPoint;
  /// The number of workgroups in x, y, z (the kernel's known_grid_size).
  std::array<uint32_t, 3> workgroupCount = {1, 1, 1};
  /// The invocations per workgroup in x, y, z: required by a module whose
  /// workgroup size is specialization constants (a kernel compiled without
  /// known_block_size), which the runner sets at pipeline creation; for any
  /// other module, none or the module's LocalSize.
  std::optional<std::array<uint32_t, 3>> workgroupSize;
  /// The storage buffers in binding order (binding k = buffers[k]): each is
  /// copied to the device before the dispatch and back after it.
  llvm::SmallVector<llvm::MutableArrayRef<uint8_t>, 4> buffers;
  /// By binding, for a binding that is an image rather than a buffer: the
  /// image's size and format. buffers[k] then holds its texels, row after
  /// row, four lanes each, which are copied into a storage image of that
  /// format before the dispatch and out of it after.
  struct Image {
    enum class Format { Rgba16f, Rgba32f };
    Format format = Format::Rgba32f;
    uint32_t width = 0, height = 0;
  };
  llvm::SmallVector<std::optional<Image>, 4> images;
  /// The push-constant block's bytes (empty when the kernel has no alu
  /// parameter).
  llvm::ArrayRef<uint8_t> pushConstants;
  /// How many times to dispatch: `warmup` untimed dispatches, then `repeat`
  /// timed ones (at least one), each its own submission, waited for.
  unsigned warmup = 0;
  unsigned repeat = 1;
  /// The buffers (by binding) that the kernel both reads and writes: each
  /// dispatch after the first starts from their contents before the first,
  /// copied back outside the timed part.
  llvm::SmallVector<unsigned, 2> restoredBuffers;
};

/// Appends one alu parameter's value to a push-constant block as the kernel
/// ABI lays it out: a value of up to 32 bits (bool, i8, i16, f16, bf16,
/// fp8, i32, f32) in a 4-byte slot, its bits zero-extended; a 64-bit value
/// (i64, u64, f64) in an 8-byte slot aligned to 8. `bits` holds the value's
/// bits in its low `bitWidth` bits.
void appendPushConstant(llvm::SmallVectorImpl<uint8_t> &block, uint64_t bits,
                        unsigned bitWidth);

/// What a run used and how long the kernel took.
struct VulkanRunInfo {
  /// The device's name.
  std::string device;
  /// How the device confines an access past a buffer's end:
  /// "robustBufferAccess2" (VK_EXT_robustness2: a read gives zero, a write
  /// is dropped), "robustBufferAccess" (it stays inside the buffer), or
  /// empty (undefined behaviour). Either way such an access goes unnoticed,
  /// and a result the kernel wrote past a buffer's end is short.
  std::string robustness;
  /// Each timed dispatch's time, in order, and how they were measured
  /// ("device timestamps": vkCmdWriteTimestamp before and after the
  /// dispatch; or the host's clock around the submission and the wait,
  /// where the queue has no timestamps).
  llvm::SmallVector<double, 1> kernelMs;
  std::string clock;
};

/// The checks of `launch` against `info`, the interface of its entry point,
/// that need no device: the workgroup size, the bindings (buffers and
/// images, an image's format and bytes), the push constants.
llvm::Error checkVulkanLaunch(const VulkanLaunch &launch,
                              const SpirvEntryPointInfo &info);

/// Runs `launch` on the first Vulkan device and waits for it; the buffers
/// hold the device's contents afterwards. The device is the runtime's
/// (docs/Runtime.md), opened for this run alone: every Vulkan object is
/// destroyed before returning, on success and on error.
llvm::Expected<VulkanRunInfo> runVulkanKernel(const VulkanLaunch &launch);

/// The first Vulkan device, "NAME (Vulkan X.Y.Z)", or the error that
/// runVulkanKernel would give for want of one (tests skip on it).
llvm::Expected<std::string> describeVulkanDevice();

/// Whether this build has the Vulkan backend (the loader was found).
bool isVulkanBuilt();
/// Whether this build validates modules with SPIRV-Tools before the driver
/// sees them (SPIRV-Tools was found).
bool isSpirvValidatorBuilt();

} // namespace tolk::runtime

#endif // TOLK_RUNTIME_VULKANRUNNER_H
