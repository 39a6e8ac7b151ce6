//===- VulkanRunner.h - Run one SPIR-V compute kernel -----------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// tolk-run's Vulkan backend: one SPIR-V compute kernel on the first Vulkan
// device (Mesa's lavapipe where there is no GPU), with the kernel ABI of
// docs/Rationale.md ("Runtimes"): storage buffers at descriptor set 0,
// binding k for the k-th global pointer parameter; the alu parameters in one
// push-constant block; the workgroup size, for a kernel compiled without
// one, in the specialization constants of the WorkgroupSize built-in.
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

/// Runs `launch` on the first Vulkan device and waits for it; the buffers
/// hold the device's contents afterwards. Every Vulkan object is destroyed
/// before returning, on success and on error.
llvm::Expected<VulkanRunInfo> runVulkanKernel(const VulkanLaunch &launch);

/// The first Vulkan device, "NAME (Vulkan X.Y.Z)", or the error that
/// runVulkanKernel would give for want of one (tests skip on it).
llvm::Expected<std::string> describeVulkanDevice();

/// Whether this build has the Vulkan backend (the loader was found).
bool isVulkanBuilt();
/// Whether this build validates modules with SPIRV-Tools before the driver
/// sees them (SPIRV-Tools was found).
bool isSpirvValidatorBuilt();

//===----------------------------------------------------------------------===//
// What the runner reads from a SPIR-V module, and the feature check. Exposed
// so that they can be tested on any device (and without one).
//===----------------------------------------------------------------------===//

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
  /// The size in bytes of the push-constant block the entry point can use:
  /// none without one, 0 when its layout has a member type the runner does
  /// not size (then the size is not checked).
  std::optional<uint32_t> pushConstantSize;
};

/// Reads what the runner needs from `spirv` for the GLCompute entry point
/// `entryPoint`: an error for words that are not a SPIR-V module, a missing
/// entry point, or an interface outside the ABI (a descriptor set other than
/// 0, a uniform buffer, two buffers at one binding).
llvm::Expected<SpirvEntryPointInfo>
reflectSpirvEntryPoint(llvm::ArrayRef<uint32_t> spirv,
                       llvm::StringRef entryPoint);

/// The device features and properties a kernel's capabilities need.
struct VulkanDeviceFeatures {
  /// The Vulkan version the runner would use, VK_MAKE_API_VERSION style.
  uint32_t apiVersion = 0;
  // VkPhysicalDeviceFeatures.
  bool shaderFloat64 = false;
  bool shaderInt64 = false;
  bool shaderInt16 = false;
  // VkPhysicalDeviceVulkan11Features.
  bool storageBuffer16BitAccess = false;
  bool uniformAndStorageBuffer16BitAccess = false;
  bool storagePushConstant16 = false;
  // VkPhysicalDeviceVulkan12Features.
  bool storageBuffer8BitAccess = false;
  bool uniformAndStorageBuffer8BitAccess = false;
  bool storagePushConstant8 = false;
  bool shaderFloat16 = false;
  bool shaderInt8 = false;
  bool shaderBufferInt64Atomics = false;
  bool vulkanMemoryModel = false;
  bool vulkanMemoryModelDeviceScope = false;
  // VkPhysicalDeviceSubgroupProperties: supportedOperations (the
  // VkSubgroupFeatureFlagBits), and whether compute supports them.
  uint32_t subgroupOperations = 0;
  bool subgroupInCompute = false;
  // VkPhysicalDeviceFloatControlsProperties, one bit per width: 1 for 16,
  // 2 for 32, 4 for 64.
  uint8_t denormPreserve = 0;
  uint8_t denormFlushToZero = 0;
  uint8_t signedZeroInfNanPreserve = 0;
  uint8_t roundingModeRTE = 0;
  uint8_t roundingModeRTZ = 0;
};

/// The name of a SPIR-V capability ("Float64"), or "capability N" for one
/// this table does not know.
std::string spirvCapabilityName(uint32_t capability);

/// Checks that a device with `features`, called `deviceName` in messages,
/// runs a kernel with `info`'s capabilities, SPIR-V version and float
/// controls. The error names the first missing capability, the feature it
/// needs and the device; a capability the runner does not know is an error
/// too, so that an unchecked one never reaches the driver.
llvm::Error checkVulkanSupport(const SpirvEntryPointInfo &info,
                               const VulkanDeviceFeatures &features,
                               llvm::StringRef deviceName);

} // namespace tolk::runtime

#endif // TOLK_RUNTIME_VULKANRUNNER_H
