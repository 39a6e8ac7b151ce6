//===- VulkanCapabilities.h - The device features a kernel needs *- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The check of a SPIR-V kernel's capabilities, version and float controls
// against a Vulkan device's features, before the driver sees the module.
// Independent of the Vulkan headers, so that it can be tested on any machine.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_RUNTIME_VULKANCAPABILITIES_H
#define TOLK_RUNTIME_VULKANCAPABILITIES_H

#include "tolk/Runtime/SpirvReflection.h"

#include <string>

namespace tolk::runtime {

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

#endif // TOLK_RUNTIME_VULKANCAPABILITIES_H
