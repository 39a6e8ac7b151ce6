//===- SpirvNumbers.h - The SPIR-V numbers the runner reads -----*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The few numbers of the SPIR-V specification that the Vulkan runner's
// reader, capability check and dispatch use (private to lib/Runtime).
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_LIB_RUNTIME_SPIRVNUMBERS_H
#define TOLK_LIB_RUNTIME_SPIRVNUMBERS_H

#include <cstdint>

namespace tolk::runtime {

namespace spv {
constexpr uint32_t kMagic = 0x07230203;
constexpr uint32_t OpEntryPoint = 15, OpExecutionMode = 16, OpCapability = 17,
                   OpTypeInt = 21, OpTypeFloat = 22, OpTypeVector = 23,
                   OpTypeImage = 25,
                   OpTypeArray = 28, OpTypeRuntimeArray = 29, OpTypeStruct = 30,
                   OpTypePointer = 32, OpConstant = 43,
                   OpConstantComposite = 44, OpSpecConstant = 50,
                   OpSpecConstantComposite = 51, OpVariable = 59,
                   OpDecorate = 71, OpMemberDecorate = 72;
constexpr uint32_t DecorationSpecId = 1, DecorationBlock = 2,
                   DecorationBufferBlock = 3, DecorationArrayStride = 6,
                   DecorationBuiltIn = 11, DecorationBinding = 33,
                   DecorationDescriptorSet = 34, DecorationOffset = 35;
constexpr uint32_t BuiltInWorkgroupSize = 25;
constexpr uint32_t StorageUniformConstant = 0, StorageUniform = 2,
                   StoragePushConstant = 9,
                   StorageStorageBuffer = 12;
constexpr uint32_t ExecutionModelGLCompute = 5;
constexpr uint32_t Dim2D = 1;
constexpr uint32_t ImageFormatRgba32f = 1, ImageFormatRgba16f = 2;
constexpr uint32_t ModeLocalSize = 17, ModeDenormPreserve = 4459,
                   ModeDenormFlushToZero = 4460,
                   ModeSignedZeroInfNanPreserve = 4461,
                   ModeRoundingModeRTE = 4462, ModeRoundingModeRTZ = 4463;
} // namespace spv

/// The capabilities the runner knows (VulkanCapabilities.cpp's table).
enum : uint32_t {
  CapMatrix = 0,
  CapShader = 1,
  CapAddresses = 4,
  CapLinkage = 5,
  CapKernel = 6,
  CapFloat16 = 9,
  CapFloat64 = 10,
  CapInt64 = 11,
  CapInt64Atomics = 12,
  CapInt16 = 22,
  CapInt8 = 39,
  CapGroupNonUniform = 61,
  CapGroupNonUniformQuad = 68,
  CapStorageBuffer16BitAccess = 4433,
  CapUniformAndStorageBuffer16BitAccess = 4434,
  CapStoragePushConstant16 = 4435,
  CapStorageBuffer8BitAccess = 4448,
  CapUniformAndStorageBuffer8BitAccess = 4449,
  CapStoragePushConstant8 = 4450,
  CapDenormPreserve = 4464,
  CapRoundingModeRTZ = 4468,
  CapVulkanMemoryModel = 5345,
  CapVulkanMemoryModelDeviceScope = 5346,
};

} // namespace tolk::runtime

#endif // TOLK_LIB_RUNTIME_SPIRVNUMBERS_H
