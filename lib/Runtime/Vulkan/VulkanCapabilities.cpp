//===- VulkanCapabilities.cpp - The device features a kernel needs --------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Each SPIR-V capability a Tolk kernel may declare, and the Vulkan feature
// or property it needs: a driver is free to crash on a module that declares
// a capability the device lacks, so the runner checks them first.
//
//===----------------------------------------------------------------------===//

#include "tolk/Runtime/VulkanCapabilities.h"

#include <spirv.h>

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace tolk;
using namespace tolk::runtime;
using llvm::StringRef;

//===----------------------------------------------------------------------===//
// The feature check
//===----------------------------------------------------------------------===//

namespace {
/// A capability, the feature it needs, and whether a device has it.
struct CapabilityRule {
  uint32_t capability;
  const char *name;
  const char *feature; // Null: every Vulkan device has it.
  bool (*supported)(const VulkanDeviceFeatures &);
};

using Features = VulkanDeviceFeatures;
#define TOLK_FEATURE(x) #x, [](const Features &f) { return bool(f.x); }
#define TOLK_SUBGROUP(bit)                                                     \
  "subgroup operations in compute shaders",                                    \
      [](const VulkanDeviceFeatures &f) {                                      \
        return f.subgroupInCompute && (f.subgroupOperations & (bit));          \
      }
#define TOLK_VERSION_1_2                                                       \
  "Vulkan 1.2 (VK_KHR_shader_float_controls)",                                 \
      [](const VulkanDeviceFeatures &f) {                                      \
        return f.apiVersion >= ((1u << 22) | (2u << 12));                      \
      }

const CapabilityRule kCapabilityRules[] = {
    {SpvCapabilityMatrix, "Matrix", nullptr, nullptr},
    {SpvCapabilityShader, "Shader", nullptr, nullptr},
    {SpvCapabilityFloat16, "Float16", TOLK_FEATURE(shaderFloat16)},
    {SpvCapabilityFloat64, "Float64", TOLK_FEATURE(shaderFloat64)},
    {SpvCapabilityInt64, "Int64", TOLK_FEATURE(shaderInt64)},
    {SpvCapabilityInt64Atomics, "Int64Atomics",
     TOLK_FEATURE(shaderBufferInt64Atomics)},
    {SpvCapabilityInt16, "Int16", TOLK_FEATURE(shaderInt16)},
    {SpvCapabilityInt8, "Int8", TOLK_FEATURE(shaderInt8)},
    {SpvCapabilityStorageBuffer16BitAccess, "StorageBuffer16BitAccess",
     TOLK_FEATURE(storageBuffer16BitAccess)},
    {SpvCapabilityUniformAndStorageBuffer16BitAccess,
     "UniformAndStorageBuffer16BitAccess",
     TOLK_FEATURE(uniformAndStorageBuffer16BitAccess)},
    {SpvCapabilityStoragePushConstant16, "StoragePushConstant16",
     TOLK_FEATURE(storagePushConstant16)},
    {SpvCapabilityStorageBuffer8BitAccess, "StorageBuffer8BitAccess",
     TOLK_FEATURE(storageBuffer8BitAccess)},
    {SpvCapabilityUniformAndStorageBuffer8BitAccess,
     "UniformAndStorageBuffer8BitAccess",
     TOLK_FEATURE(uniformAndStorageBuffer8BitAccess)},
    {SpvCapabilityStoragePushConstant8, "StoragePushConstant8",
     TOLK_FEATURE(storagePushConstant8)},
    {SpvCapabilityVulkanMemoryModel, "VulkanMemoryModel",
     TOLK_FEATURE(vulkanMemoryModel)},
    {SpvCapabilityVulkanMemoryModelDeviceScope, "VulkanMemoryModelDeviceScope",
     TOLK_FEATURE(vulkanMemoryModelDeviceScope)},
    // VkSubgroupFeatureFlagBits, in the order of the capabilities.
    {SpvCapabilityGroupNonUniform, "GroupNonUniform", TOLK_SUBGROUP(0x01)},
    {SpvCapabilityGroupNonUniformVote, "GroupNonUniformVote",
     TOLK_SUBGROUP(0x02)},
    {SpvCapabilityGroupNonUniformArithmetic, "GroupNonUniformArithmetic",
     TOLK_SUBGROUP(0x04)},
    {SpvCapabilityGroupNonUniformBallot, "GroupNonUniformBallot",
     TOLK_SUBGROUP(0x08)},
    {SpvCapabilityGroupNonUniformShuffle, "GroupNonUniformShuffle",
     TOLK_SUBGROUP(0x10)},
    {SpvCapabilityGroupNonUniformShuffleRelative,
     "GroupNonUniformShuffleRelative", TOLK_SUBGROUP(0x20)},
    {SpvCapabilityGroupNonUniformClustered, "GroupNonUniformClustered",
     TOLK_SUBGROUP(0x40)},
    {SpvCapabilityGroupNonUniformQuad, "GroupNonUniformQuad",
     TOLK_SUBGROUP(0x80)},
    // The float controls: the capability needs the extension (core in 1.2);
    // each execution mode's width is checked against the properties below.
    {SpvCapabilityDenormPreserve, "DenormPreserve", TOLK_VERSION_1_2},
    {SpvCapabilityDenormFlushToZero, "DenormFlushToZero", TOLK_VERSION_1_2},
    {SpvCapabilitySignedZeroInfNanPreserve, "SignedZeroInfNanPreserve",
     TOLK_VERSION_1_2},
    {SpvCapabilityRoundingModeRTE, "RoundingModeRTE", TOLK_VERSION_1_2},
    {SpvCapabilityRoundingModeRTZ, "RoundingModeRTZ", TOLK_VERSION_1_2},
};
#undef TOLK_FEATURE
#undef TOLK_SUBGROUP
#undef TOLK_VERSION_1_2

const CapabilityRule *findRule(uint32_t capability) {
  for (const CapabilityRule &rule : kCapabilityRules)
    if (rule.capability == capability)
      return &rule;
  return nullptr;
}
} // namespace

std::string tolk::runtime::spirvCapabilityName(uint32_t capability) {
  if (const CapabilityRule *rule = findRule(capability))
    return rule->name;
  switch (capability) {
  case SpvCapabilityAddresses:
    return "Addresses";
  case SpvCapabilityLinkage:
    return "Linkage";
  case SpvCapabilityKernel:
    return "Kernel";
  default:
    return "capability " + std::to_string(capability);
  }
}

static std::string versionString(uint32_t apiVersion) {
  return llvm::formatv("{0}.{1}", (apiVersion >> 22) & 0x7f,
                       (apiVersion >> 12) & 0x3ff);
}

llvm::Error
tolk::runtime::checkVulkanSupport(const SpirvEntryPointInfo &info,
                                  const VulkanDeviceFeatures &features,
                                  StringRef deviceName) {
  // The newest SPIR-V each Vulkan version accepts.
  uint32_t minor = (features.apiVersion >> 12) & 0x3ff;
  uint32_t major = (features.apiVersion >> 22) & 0x7f;
  uint32_t maxSpirv = major > 1 || minor >= 3 ? 0x00010600
                      : minor == 2            ? 0x00010500
                      : minor == 1            ? 0x00010300
                                              : 0x00010000;
  if (info.version > maxSpirv)
    return llvm::createStringError(llvm::formatv(
        "the kernel is SPIR-V {0}.{1}, which device '{2}' (Vulkan {3}) does "
        "not accept",
        (info.version >> 16) & 0xff, (info.version >> 8) & 0xff, deviceName,
        versionString(features.apiVersion)));

  for (uint32_t capability : info.capabilities) {
    const CapabilityRule *rule = findRule(capability);
    if (!rule)
      return llvm::createStringError(llvm::formatv(
          "the kernel declares SPIR-V capability {0}, which the Vulkan "
          "runner does not check against a device",
          spirvCapabilityName(capability)));
    if (rule->supported && !rule->supported(features))
      return llvm::createStringError(llvm::formatv(
          "the kernel needs SPIR-V capability {0} ({1}), which device '{2}' "
          "does not support",
          rule->name, rule->feature, deviceName));
  }

  for (auto [mode, width] : info.floatControls) {
    unsigned bit = width == 16 ? 1 : width == 32 ? 2 : width == 64 ? 4 : 0;
    uint8_t supported = 0;
    const char *property = "";
    switch (mode) {
    case SpvExecutionModeDenormPreserve:
      supported = features.denormPreserve;
      property = "shaderDenormPreserveFloat";
      break;
    case SpvExecutionModeDenormFlushToZero:
      supported = features.denormFlushToZero;
      property = "shaderDenormFlushToZeroFloat";
      break;
    case SpvExecutionModeSignedZeroInfNanPreserve:
      supported = features.signedZeroInfNanPreserve;
      property = "shaderSignedZeroInfNanPreserveFloat";
      break;
    case SpvExecutionModeRoundingModeRTE:
      supported = features.roundingModeRTE;
      property = "shaderRoundingModeRTEFloat";
      break;
    default:
      supported = features.roundingModeRTZ;
      property = "shaderRoundingModeRTZFloat";
      break;
    }
    if (!(supported & bit))
      return llvm::createStringError(llvm::formatv(
          "the kernel needs {0}{1} (a float-control execution mode), which "
          "device '{2}' does not support",
          property, width, deviceName));
  }
  return llvm::Error::success();
}
