//===- VulkanRunner.cpp - Run one SPIR-V compute kernel -------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Before it calls the driver, the runner reads the module's interface
// (SpirvReflection.cpp) and checks its capabilities against the device
// (VulkanCapabilities.cpp): a driver is free to crash on either, so both are
// errors here; where SPIRV-Tools is there, the whole module is validated for
// the device's Vulkan version too. The Vulkan part uses the C API
// of the loader (vulkan/vulkan.h); it is compiled only when CMake found the
// loader (TOLK_HAVE_VULKAN), and a stub takes its place otherwise.
//
//===----------------------------------------------------------------------===//

#include "tolk/Runtime/VulkanRunner.h"

#include <spirv.h>

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Compiler.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <vector>

#ifdef TOLK_HAVE_VULKAN
#include "VulkanDevice.h"
#endif
#ifdef TOLK_HAVE_SPIRV_TOOLS
#include "spirv-tools/libspirv.h"
#endif

using namespace tolk;
using namespace tolk::runtime;
#ifdef TOLK_HAVE_VULKAN
using namespace tolk::runtime::vulkan;
#endif
using llvm::ArrayRef;
using llvm::StringRef;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

//===----------------------------------------------------------------------===//
// Running
//===----------------------------------------------------------------------===//

void tolk::runtime::appendPushConstant(llvm::SmallVectorImpl<uint8_t> &block,
                                       uint64_t bits, unsigned bitWidth) {
  unsigned slot = bitWidth > 32 ? 8 : 4;
  block.resize(llvm::alignTo(block.size(), slot), 0);
  if (bitWidth < 64)
    bits &= (uint64_t(1) << bitWidth) - 1;
  // Little-endian, as every Vulkan device the runner meets (and the host).
  for (unsigned i = 0; i < slot; ++i)
    block.push_back(uint8_t(bits >> (8 * i)));
}

/// The workgroup size a launch of the module runs with: the launch's for a
/// module whose size is specialization constants, the module's otherwise.
static std::array<uint32_t, 3>
workgroupSizeOf(const VulkanLaunch &launch, const SpirvEntryPointInfo &info) {
  if (info.workgroupSizeSpecIds && launch.workgroupSize)
    return *launch.workgroupSize;
  return info.localSize;
}

static std::string sizeString(const std::array<uint32_t, 3> &size) {
  return llvm::formatv("{0}x{1}x{2}", size[0], size[1], size[2]);
}

/// The checks of a launch against the module that need no device.
static llvm::Error checkLaunch(const VulkanLaunch &launch,
                               const SpirvEntryPointInfo &info) {
  if (info.workgroupSizeSpecIds && !launch.workgroupSize)
    return makeError(llvm::formatv(
        "kernel '{0}' takes its workgroup size as specialization constants "
        "(SpecIds {1}, {2}, {3}), but the launch gives none",
        launch.entryPoint, (*info.workgroupSizeSpecIds)[0],
        (*info.workgroupSizeSpecIds)[1], (*info.workgroupSizeSpecIds)[2]));
  if (!info.workgroupSizeSpecIds && launch.workgroupSize &&
      *launch.workgroupSize != info.localSize)
    return makeError(llvm::formatv(
        "kernel '{0}' is compiled for workgroups of {1} (its LocalSize), "
        "not {2}",
        launch.entryPoint, sizeString(info.localSize),
        sizeString(*launch.workgroupSize)));

  // Binding k is buffer k (the kernel's global pointers in order). A
  // buffer the kernel never touches has no variable in the module (the
  // SPIR-V lowering drops unused ones), so the bindings may have gaps; every
  // binding the module declares must have its buffer.
  const auto &bindings = info.storageBufferBindings;
  size_t given = launch.buffers.size();
  if (!bindings.empty() && bindings.back() >= given)
    return makeError(llvm::formatv(
        "kernel '{0}' uses storage buffer binding {1} of set 0 but {2} "
        "buffer(s) were given (binding k is buffer k)",
        launch.entryPoint, bindings.back(), given));

  // A binding is a buffer or an image as the launch says, and the module
  // must agree; an image's format and texel bytes are checked too.
  auto imageOf = [&](uint32_t binding) -> const VulkanLaunch::Image * {
    if (binding >= launch.images.size() || !launch.images[binding])
      return nullptr;
    return &*launch.images[binding];
  };
  for (uint32_t binding : bindings)
    if (imageOf(binding))
      return makeError(llvm::formatv(
          "kernel '{0}' uses binding {1} as a storage buffer, but the "
          "launch gives an image there",
          launch.entryPoint, binding));
  for (const SpirvEntryPointInfo::StorageImage &image : info.storageImages) {
    const VulkanLaunch::Image *given = imageOf(image.binding);
    if (!given)
      return makeError(llvm::formatv(
          "kernel '{0}' uses binding {1} of set 0 as a storage image, but the "
          "launch gives no image there",
          launch.entryPoint, image.binding));
    bool half = given->format == VulkanLaunch::Image::Format::Rgba16f;
    uint32_t format = half ? SpvImageFormatRgba16f : SpvImageFormatRgba32f;
    if (image.format != format)
      return makeError(llvm::formatv(
          "kernel '{0}' declares the storage image at binding {1} of SPIR-V "
          "image format {2}, but the launch gives an image of format {3} "
          "({4})",
          launch.entryPoint, image.binding, image.format, format,
          half ? "Rgba16f" : "Rgba32f"));
  }
  for (auto [binding, image] : llvm::enumerate(launch.images)) {
    if (!image)
      continue;
    if (binding >= given)
      return makeError(llvm::formatv(
          "the launch gives an image at binding {0} but no bytes for it",
          binding));
    uint64_t bytes =
        uint64_t(image->width) * image->height * 4 *
        (image->format == VulkanLaunch::Image::Format::Rgba16f ? 2 : 4);
    if (image->width == 0 || image->height == 0 ||
        launch.buffers[binding].size() != bytes)
      return makeError(llvm::formatv(
          "the image at binding {0} is {1}x{2} texels ({3} bytes), but {4} "
          "bytes were given",
          binding, image->width, image->height, bytes,
          launch.buffers[binding].size()));
  }

  if (launch.repeat == 0)
    return makeError("no timed dispatch: repeat is 0");
  for (unsigned buffer : launch.restoredBuffers)
    if (buffer >= given)
      return makeError(llvm::formatv(
          "buffer {0} is to be restored between dispatches, but {1} "
          "buffer(s) were given",
          buffer, given));

  size_t pushBytes = launch.pushConstants.size();
  if (!info.pushConstantSize && pushBytes != 0)
    return makeError(llvm::formatv(
        "kernel '{0}' has no push constants but {1} byte(s) were given",
        launch.entryPoint, pushBytes));
  if (info.pushConstantSize && pushBytes < *info.pushConstantSize)
    return makeError(llvm::formatv(
        "kernel '{0}' reads {1} byte(s) of push constants but {2} were given",
        launch.entryPoint, *info.pushConstantSize, pushBytes));
  return llvm::Error::success();
}

/// The module's interface, checked against the launch.
static llvm::Expected<SpirvEntryPointInfo>
readLaunch(const VulkanLaunch &launch) {
  llvm::Expected<SpirvEntryPointInfo> info =
      reflectSpirvEntryPoint(launch.spirv, launch.entryPoint);
  if (!info)
    return info.takeError();
  if (llvm::Error err = checkLaunch(launch, *info))
    return std::move(err);
  return info;
}

bool tolk::runtime::isSpirvValidatorBuilt() {
#ifdef TOLK_HAVE_SPIRV_TOOLS
  return true;
#else
  return false;
#endif
}

#ifdef TOLK_HAVE_VULKAN

bool tolk::runtime::isVulkanBuilt() { return true; }

/// Validates the module with SPIRV-Tools for the Vulkan version the device
/// is used at, where SPIRV-Tools was found: a driver is not required to
/// survive an invalid module.
static llvm::Error validateSpirv(ArrayRef<uint32_t> spirv,
                                 uint32_t apiVersion) {
#ifdef TOLK_HAVE_SPIRV_TOOLS
  spv_target_env env = apiVersion >= VK_API_VERSION_1_3   ? SPV_ENV_VULKAN_1_3
                       : apiVersion >= VK_API_VERSION_1_2 ? SPV_ENV_VULKAN_1_2
                       : apiVersion >= VK_API_VERSION_1_1 ? SPV_ENV_VULKAN_1_1
                                                          : SPV_ENV_VULKAN_1_0;
  spv_context context = spvContextCreate(env);
  spv_diagnostic diagnostic = nullptr;
  spv_result_t result =
      spvValidateBinary(context, spirv.data(), spirv.size(), &diagnostic);
  std::string message;
  if (result != SPV_SUCCESS) {
    message = llvm::formatv("the SPIR-V module is not valid for Vulkan {0}.{1}",
                            VK_API_VERSION_MAJOR(apiVersion),
                            VK_API_VERSION_MINOR(apiVersion));
    if (diagnostic && diagnostic->error)
      message += std::string(": ") + diagnostic->error;
  }
  spvDiagnosticDestroy(diagnostic);
  spvContextDestroy(context);
  if (result != SPV_SUCCESS)
    return makeError(llvm::StringRef(message).rtrim());
#endif
  return llvm::Error::success();
}

/// The whole of mapped `memory`, for vkFlushMappedMemoryRanges (the host's
/// writes to the device) and vkInvalidateMappedMemoryRanges (the device's
/// to the host), which non-coherent memory needs.
static VkMappedMemoryRange wholeRange(VkDeviceMemory memory) {
  VkMappedMemoryRange range{};
  range.sType = VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE;
  range.memory = memory;
  range.size = VK_WHOLE_SIZE;
  return range;
}

static VkFormat formatOf(const VulkanLaunch::Image &image) {
  return image.format == VulkanLaunch::Image::Format::Rgba16f
             ? VK_FORMAT_R16G16B16A16_SFLOAT
             : VK_FORMAT_R32G32B32A32_SFLOAT;
}

namespace {
/// One run of a launch on a chosen device, step by step in the order
/// runVulkanKernel takes them. Every object a step creates is kept in
/// `objects`, whose destructor destroys it on any return.
class KernelRun {
public:
  KernelRun(const VulkanLaunch &launch, const SpirvEntryPointInfo &info,
            const DeviceChoice &choice, VulkanObjects &objects)
      : launch(launch), info(info), choice(choice), objects(objects),
        limits(choice.properties.limits),
        localSize(workgroupSizeOf(launch, info)),
        // vkCmdPushConstants takes whole words.
        pushSize(uint32_t(llvm::alignTo(launch.pushConstants.size(), 4))) {}

  llvm::Error checkLimits();
  llvm::Error createDevice(VulkanRunInfo &run);
  llvm::Error createBuffers();
  llvm::Error createImages();
  llvm::Error createDescriptorSet();
  llvm::Error createPipeline();
  llvm::Error recordCommands();
  llvm::Error dispatch(VulkanRunInfo &run);
  llvm::Error readBack();

private:
  bool isImage(size_t binding) const {
    return binding < launch.images.size() && launch.images[binding];
  }
  VkDescriptorType descriptorTypeOf(size_t binding) const {
    return isImage(binding) ? VK_DESCRIPTOR_TYPE_STORAGE_IMAGE
                            : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
  }
  /// The whole of image k, for the copies to and from its staging buffer.
  VkBufferImageCopy regionOf(size_t k) const {
    VkBufferImageCopy region{};
    region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
    region.imageExtent = {launch.images[k]->width, launch.images[k]->height, 1};
    return region;
  }
  void imageBarrier(VkImage image, VkImageLayout from, VkImageLayout to,
                    VkAccessFlags srcAccess, VkAccessFlags dstAccess,
                    VkPipelineStageFlags srcStage,
                    VkPipelineStageFlags dstStage);
  llvm::Error flush(size_t k) {
    if (coherent[k])
      return llvm::Error::success();
    VkMappedMemoryRange range = wholeRange(objects.memories[k]);
    TOLK_VK_CHECK(vkFlushMappedMemoryRanges, objects.device, 1, &range);
    return llvm::Error::success();
  }

  const VulkanLaunch &launch;
  const SpirvEntryPointInfo &info;
  const DeviceChoice &choice;
  VulkanObjects &objects;
  const VkPhysicalDeviceLimits &limits;
  std::array<uint32_t, 3> localSize;
  uint32_t pushSize;

  uint32_t familyIndex = 0;
  uint32_t timestampValidBits = 0;
  VkQueue queue = VK_NULL_HANDLE;
  // The buffers' host mappings, and whether each needs explicit flushes.
  llvm::SmallVector<void *, 4> mapped;
  llvm::SmallVector<bool, 4> coherent;
  VkDescriptorSet descriptorSet = VK_NULL_HANDLE;
  VkCommandBuffer commands = VK_NULL_HANDLE;
  bool timestamps = false;
};
} // namespace

/// The launch against the device's limits, before anything is created.
llvm::Error KernelRun::checkLimits() {
  for (unsigned d = 0; d < 3; ++d) {
    if (launch.workgroupCount[d] > limits.maxComputeWorkGroupCount[d])
      return makeError(llvm::formatv(
          "{0} workgroups in dimension {1} exceed device '{2}''s limit of {3}",
          launch.workgroupCount[d], "xyz"[d], choice.name,
          limits.maxComputeWorkGroupCount[d]));
    if (localSize[d] == 0 || localSize[d] > limits.maxComputeWorkGroupSize[d])
      return makeError(llvm::formatv(
          "kernel '{0}''s workgroup size {1} in dimension {2} is outside "
          "device '{3}''s limit of 1 to {4}",
          launch.entryPoint, localSize[d], "xyz"[d], choice.name,
          limits.maxComputeWorkGroupSize[d]));
  }
  uint64_t invocations = uint64_t(localSize[0]) * localSize[1] * localSize[2];
  if (invocations > limits.maxComputeWorkGroupInvocations)
    return makeError(llvm::formatv(
        "kernel '{0}''s workgroup of {1} invocations exceeds device '{2}''s "
        "limit of {3}",
        launch.entryPoint, invocations, choice.name,
        limits.maxComputeWorkGroupInvocations));
  if (pushSize > limits.maxPushConstantsSize)
    return makeError(llvm::formatv(
        "{0} bytes of push constants exceed device '{1}''s limit of {2}",
        pushSize, choice.name, limits.maxPushConstantsSize));
  for (auto [index, image] : llvm::enumerate(launch.images)) {
    if (!image)
      continue;
    VkFormatProperties formatProperties;
    vkGetPhysicalDeviceFormatProperties(choice.physical, formatOf(*image),
                                        &formatProperties);
    if (!(formatProperties.optimalTilingFeatures &
          VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT))
      return makeError(llvm::formatv(
          "device '{0}' has no storage images of format {1} (image {2})",
          choice.name,
          image->format == VulkanLaunch::Image::Format::Rgba16f
              ? "VK_FORMAT_R16G16B16A16_SFLOAT"
              : "VK_FORMAT_R32G32B32A32_SFLOAT",
          index));
    uint32_t most = limits.maxImageDimension2D;
    if (image->width > most || image->height > most)
      return makeError(llvm::formatv(
          "image {0} ({1}x{2} texels) exceeds device '{3}''s limit of {4} "
          "texels a side",
          index, image->width, image->height, choice.name, most));
  }
  for (auto [index, buffer] : llvm::enumerate(launch.buffers))
    if (!isImage(index) && buffer.size() > limits.maxStorageBufferRange)
      return makeError(llvm::formatv(
          "buffer {0} ({1} bytes) exceeds device '{2}''s storage buffer "
          "range of {3} bytes",
          index, buffer.size(), choice.name, limits.maxStorageBufferRange));
  return llvm::Error::success();
}

/// The device and its compute queue, with exactly the features the module's
/// capabilities need (checkVulkanSupport made sure that the device has
/// them), and the strongest bounds checking of buffer accesses it has.
llvm::Error KernelRun::createDevice(VulkanRunInfo &run) {
  uint32_t familyCount = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(choice.physical, &familyCount,
                                           nullptr);
  llvm::SmallVector<VkQueueFamilyProperties, 4> families(familyCount);
  vkGetPhysicalDeviceQueueFamilyProperties(choice.physical, &familyCount,
                                           families.data());
  auto family = llvm::find_if(families, [](const VkQueueFamilyProperties &p) {
    return p.queueFlags & VK_QUEUE_COMPUTE_BIT;
  });
  if (family == families.end())
    return makeError(
        llvm::formatv("device '{0}' has no compute queue", choice.name));
  familyIndex = uint32_t(family - families.begin());
  timestampValidBits = family->timestampValidBits;

  auto needs = [&](uint32_t capability) {
    return llvm::is_contained(info.capabilities, capability);
  };
  bool is12 = choice.features.apiVersion >= VK_API_VERSION_1_2;
  VkPhysicalDeviceVulkan12Features v12{};
  v12.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES;
  v12.storageBuffer8BitAccess = needs(SpvCapabilityStorageBuffer8BitAccess);
  v12.uniformAndStorageBuffer8BitAccess =
      needs(SpvCapabilityUniformAndStorageBuffer8BitAccess);
  v12.storagePushConstant8 = needs(SpvCapabilityStoragePushConstant8);
  v12.shaderFloat16 = needs(SpvCapabilityFloat16);
  v12.shaderInt8 = needs(SpvCapabilityInt8);
  v12.shaderBufferInt64Atomics = needs(SpvCapabilityInt64Atomics);
  v12.vulkanMemoryModel = needs(SpvCapabilityVulkanMemoryModel);
  v12.vulkanMemoryModelDeviceScope =
      needs(SpvCapabilityVulkanMemoryModelDeviceScope);
  VkPhysicalDeviceVulkan11Features v11{};
  v11.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES;
  v11.pNext = &v12;
  VkPhysicalDevice16BitStorageFeatures storage16{};
  storage16.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES;
  v11.storageBuffer16BitAccess = storage16.storageBuffer16BitAccess =
      needs(SpvCapabilityStorageBuffer16BitAccess);
  v11.uniformAndStorageBuffer16BitAccess =
      storage16.uniformAndStorageBuffer16BitAccess =
          needs(SpvCapabilityUniformAndStorageBuffer16BitAccess);
  v11.storagePushConstant16 = storage16.storagePushConstant16 =
      needs(SpvCapabilityStoragePushConstant16);
  VkPhysicalDeviceFeatures2 enabled{};
  enabled.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2;
  enabled.pNext = is12 ? static_cast<void *>(&v11) : &storage16;
  enabled.features.shaderFloat64 = needs(SpvCapabilityFloat64);
  enabled.features.shaderInt64 = needs(SpvCapabilityInt64);
  enabled.features.shaderInt16 = needs(SpvCapabilityInt16);
  // An index past a buffer's end is then confined to the buffer (reads give
  // its values or zero, writes stay inside it or are dropped) instead of
  // undefined behaviour: a kernel's bug shows as wrong values, never as a
  // crash of the runner.
  VkPhysicalDeviceFeatures supportedCore;
  vkGetPhysicalDeviceFeatures(choice.physical, &supportedCore);
  enabled.features.robustBufferAccess = supportedCore.robustBufferAccess;
  VkPhysicalDeviceRobustness2FeaturesEXT robustness2{};
  robustness2.sType =
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT;
  const char *robustness2Name = VK_EXT_ROBUSTNESS_2_EXTENSION_NAME;
  bool hasRobustness2 =
      supportedCore.robustBufferAccess && hasRobustBufferAccess2(choice);
  if (hasRobustness2) {
    robustness2.robustBufferAccess2 = VK_TRUE;
    robustness2.pNext = enabled.pNext;
    enabled.pNext = &robustness2;
  }
  run.robustness = hasRobustness2                     ? "robustBufferAccess2"
                   : supportedCore.robustBufferAccess ? "robustBufferAccess"
                                                      : "";

  float priority = 1.0f;
  VkDeviceQueueCreateInfo queueInfo{};
  queueInfo.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO;
  queueInfo.queueFamilyIndex = familyIndex;
  queueInfo.queueCount = 1;
  queueInfo.pQueuePriorities = &priority;
  VkDeviceCreateInfo deviceInfo{};
  deviceInfo.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO;
  deviceInfo.queueCreateInfoCount = 1;
  deviceInfo.pQueueCreateInfos = &queueInfo;
  if (hasRobustness2) {
    deviceInfo.enabledExtensionCount = 1;
    deviceInfo.ppEnabledExtensionNames = &robustness2Name;
  }
  VkPhysicalDeviceFeatures coreOnly = enabled.features;
  if (choice.features.apiVersion >= VK_API_VERSION_1_1)
    deviceInfo.pNext = &enabled;
  else
    deviceInfo.pEnabledFeatures = &coreOnly;
  TOLK_VK_CHECK(vkCreateDevice, choice.physical, &deviceInfo, nullptr,
                &objects.device);
  vkGetDeviceQueue(objects.device, familyIndex, 0, &queue);
  return llvm::Error::success();
}

/// The buffers (and the images' staging buffers), in host-visible memory
/// holding the launch's bytes: the runner copies each once each way, so
/// staging through device-local memory would only add a copy (and
/// lavapipe's memory is the host's anyway).
llvm::Error KernelRun::createBuffers() {
  VkDevice device = objects.device;
  VkPhysicalDeviceMemoryProperties memoryProperties;
  vkGetPhysicalDeviceMemoryProperties(choice.physical, &memoryProperties);
  for (auto [index, host] : llvm::enumerate(launch.buffers)) {
    // Vulkan has no empty buffer; an empty one gets a word nobody reads.
    VkBufferCreateInfo bufferInfo{};
    bufferInfo.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO;
    bufferInfo.size = std::max<VkDeviceSize>(llvm::alignTo(host.size(), 4), 4);
    // An image's texels: the staging buffer it is copied from and to.
    bufferInfo.usage = isImage(index) ? VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                            VK_BUFFER_USAGE_TRANSFER_DST_BIT
                                      : VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
    bufferInfo.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    VkBuffer buffer;
    TOLK_VK_CHECK(vkCreateBuffer, device, &bufferInfo, nullptr, &buffer);
    objects.buffers.push_back(buffer);
    VkMemoryRequirements requirements;
    vkGetBufferMemoryRequirements(device, buffer, &requirements);
    // Host-visible and coherent if there is such a type, else host-visible
    // with explicit flushes.
    std::optional<uint32_t> memoryType;
    bool isCoherent = false;
    for (uint32_t t = 0; t < memoryProperties.memoryTypeCount; ++t) {
      if (!(requirements.memoryTypeBits & (1u << t)))
        continue;
      VkMemoryPropertyFlags flags =
          memoryProperties.memoryTypes[t].propertyFlags;
      if (!(flags & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT))
        continue;
      bool c = flags & VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
      if (!memoryType || (c && !isCoherent)) {
        memoryType = t;
        isCoherent = c;
      }
    }
    if (!memoryType)
      return makeError(llvm::formatv(
          "device '{0}' has no host-visible memory for storage buffers",
          choice.name));
    VkMemoryAllocateInfo allocInfo{};
    allocInfo.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO;
    allocInfo.allocationSize = requirements.size;
    allocInfo.memoryTypeIndex = *memoryType;
    VkDeviceMemory memory;
    TOLK_VK_CHECK(vkAllocateMemory, device, &allocInfo, nullptr, &memory);
    objects.memories.push_back(memory);
    TOLK_VK_CHECK(vkBindBufferMemory, device, buffer, memory, 0);
    void *data;
    TOLK_VK_CHECK(vkMapMemory, device, memory, 0, VK_WHOLE_SIZE, 0, &data);
    std::memset(data, 0, bufferInfo.size);
    if (!host.empty())
      std::memcpy(data, host.data(), host.size());
    mapped.push_back(data);
    coherent.push_back(isCoherent);
    if (llvm::Error err = flush(index))
      return err;
  }
  return llvm::Error::success();
}

/// The storage images, in device memory of any kind (only transfers touch
/// them from the host's side), each with its view.
llvm::Error KernelRun::createImages() {
  VkDevice device = objects.device;
  VkPhysicalDeviceMemoryProperties memoryProperties;
  vkGetPhysicalDeviceMemoryProperties(choice.physical, &memoryProperties);
  for (size_t k = 0; k < launch.buffers.size(); ++k) {
    objects.images.push_back(VK_NULL_HANDLE);
    objects.imageViews.push_back(VK_NULL_HANDLE);
    if (!isImage(k))
      continue;
    const VulkanLaunch::Image &image = *launch.images[k];
    VkImageCreateInfo imageInfo{};
    imageInfo.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO;
    imageInfo.imageType = VK_IMAGE_TYPE_2D;
    imageInfo.format = formatOf(image);
    imageInfo.extent = {image.width, image.height, 1};
    imageInfo.mipLevels = 1;
    imageInfo.arrayLayers = 1;
    imageInfo.samples = VK_SAMPLE_COUNT_1_BIT;
    imageInfo.tiling = VK_IMAGE_TILING_OPTIMAL;
    imageInfo.usage = VK_IMAGE_USAGE_STORAGE_BIT |
                      VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                      VK_IMAGE_USAGE_TRANSFER_DST_BIT;
    imageInfo.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    imageInfo.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
    TOLK_VK_CHECK(vkCreateImage, device, &imageInfo, nullptr,
                  &objects.images[k]);
    VkMemoryRequirements requirements;
    vkGetImageMemoryRequirements(device, objects.images[k], &requirements);
    std::optional<uint32_t> memoryType;
    for (uint32_t t = 0; t < memoryProperties.memoryTypeCount; ++t) {
      if (!(requirements.memoryTypeBits & (1u << t)))
        continue;
      bool local = memoryProperties.memoryTypes[t].propertyFlags &
                   VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT;
      if (!memoryType || local) {
        memoryType = t;
        if (local)
          break;
      }
    }
    if (!memoryType)
      return makeError(llvm::formatv(
          "device '{0}' has no memory for storage image {1}", choice.name, k));
    VkMemoryAllocateInfo allocInfo{};
    allocInfo.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO;
    allocInfo.allocationSize = requirements.size;
    allocInfo.memoryTypeIndex = *memoryType;
    VkDeviceMemory memory;
    TOLK_VK_CHECK(vkAllocateMemory, device, &allocInfo, nullptr, &memory);
    objects.imageMemories.push_back(memory);
    TOLK_VK_CHECK(vkBindImageMemory, device, objects.images[k], memory, 0);
    VkImageViewCreateInfo viewInfo{};
    viewInfo.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO;
    viewInfo.image = objects.images[k];
    viewInfo.viewType = VK_IMAGE_VIEW_TYPE_2D;
    viewInfo.format = imageInfo.format;
    viewInfo.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
    TOLK_VK_CHECK(vkCreateImageView, device, &viewInfo, nullptr,
                  &objects.imageViews[k]);
  }
  return llvm::Error::success();
}

/// Descriptor set 0: binding k is buffer or image k.
llvm::Error KernelRun::createDescriptorSet() {
  VkDevice device = objects.device;
  size_t numBindings = launch.buffers.size();
  llvm::SmallVector<VkDescriptorSetLayoutBinding, 4> layoutBindings;
  for (size_t k = 0; k < numBindings; ++k) {
    VkDescriptorSetLayoutBinding b{};
    b.binding = uint32_t(k);
    b.descriptorType = descriptorTypeOf(k);
    b.descriptorCount = 1;
    b.stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
    layoutBindings.push_back(b);
  }
  VkDescriptorSetLayoutCreateInfo setLayoutInfo{};
  setLayoutInfo.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO;
  setLayoutInfo.bindingCount = uint32_t(layoutBindings.size());
  setLayoutInfo.pBindings = layoutBindings.data();
  TOLK_VK_CHECK(vkCreateDescriptorSetLayout, device, &setLayoutInfo, nullptr,
                &objects.setLayout);
  if (numBindings == 0)
    return llvm::Error::success();

  uint32_t numImages = 0;
  for (size_t k = 0; k < numBindings; ++k)
    numImages += isImage(k) ? 1 : 0;
  llvm::SmallVector<VkDescriptorPoolSize, 2> poolSizes;
  if (numImages != numBindings)
    poolSizes.push_back(
        {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, uint32_t(numBindings) - numImages});
  if (numImages != 0)
    poolSizes.push_back({VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, numImages});
  VkDescriptorPoolCreateInfo poolInfo{};
  poolInfo.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO;
  poolInfo.maxSets = 1;
  poolInfo.poolSizeCount = uint32_t(poolSizes.size());
  poolInfo.pPoolSizes = poolSizes.data();
  TOLK_VK_CHECK(vkCreateDescriptorPool, device, &poolInfo, nullptr,
                &objects.descriptorPool);
  VkDescriptorSetAllocateInfo setInfo{};
  setInfo.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO;
  setInfo.descriptorPool = objects.descriptorPool;
  setInfo.descriptorSetCount = 1;
  setInfo.pSetLayouts = &objects.setLayout;
  TOLK_VK_CHECK(vkAllocateDescriptorSets, device, &setInfo, &descriptorSet);
  llvm::SmallVector<VkDescriptorBufferInfo, 4> bufferInfos;
  for (VkBuffer buffer : objects.buffers)
    bufferInfos.push_back({buffer, 0, VK_WHOLE_SIZE});
  llvm::SmallVector<VkDescriptorImageInfo, 4> imageInfos;
  for (VkImageView view : objects.imageViews)
    imageInfos.push_back({VK_NULL_HANDLE, view, VK_IMAGE_LAYOUT_GENERAL});
  llvm::SmallVector<VkWriteDescriptorSet, 4> writes;
  for (size_t k = 0; k < numBindings; ++k) {
    VkWriteDescriptorSet w{};
    w.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET;
    w.dstSet = descriptorSet;
    w.dstBinding = uint32_t(k);
    w.descriptorCount = 1;
    w.descriptorType = descriptorTypeOf(k);
    if (isImage(k))
      w.pImageInfo = &imageInfos[k];
    else
      w.pBufferInfo = &bufferInfos[k];
    writes.push_back(w);
  }
  vkUpdateDescriptorSets(device, uint32_t(writes.size()), writes.data(), 0,
                         nullptr);
  return llvm::Error::success();
}

/// The shader module and the compute pipeline, with the workgroup size as
/// specialization constants for a kernel compiled without one.
llvm::Error KernelRun::createPipeline() {
  VkDevice device = objects.device;
  VkPushConstantRange pushRange{VK_SHADER_STAGE_COMPUTE_BIT, 0, pushSize};
  VkPipelineLayoutCreateInfo pipelineLayoutInfo{};
  pipelineLayoutInfo.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO;
  pipelineLayoutInfo.setLayoutCount = 1;
  pipelineLayoutInfo.pSetLayouts = &objects.setLayout;
  pipelineLayoutInfo.pushConstantRangeCount = pushSize != 0 ? 1 : 0;
  pipelineLayoutInfo.pPushConstantRanges = &pushRange;
  TOLK_VK_CHECK(vkCreatePipelineLayout, device, &pipelineLayoutInfo, nullptr,
                &objects.pipelineLayout);
  VkShaderModuleCreateInfo shaderInfo{};
  shaderInfo.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO;
  shaderInfo.codeSize = launch.spirv.size() * sizeof(uint32_t);
  shaderInfo.pCode = launch.spirv.data();
  TOLK_VK_CHECK(vkCreateShaderModule, device, &shaderInfo, nullptr,
                &objects.shader);
  VkComputePipelineCreateInfo pipelineInfo{};
  pipelineInfo.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO;
  pipelineInfo.stage.sType =
      VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
  pipelineInfo.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  pipelineInfo.stage.module = objects.shader;
  pipelineInfo.stage.pName = launch.entryPoint.c_str();
  VkSpecializationMapEntry sizeEntries[3];
  VkSpecializationInfo specialization{};
  if (info.workgroupSizeSpecIds) {
    for (unsigned d = 0; d < 3; ++d)
      sizeEntries[d] = {(*info.workgroupSizeSpecIds)[d],
                        uint32_t(d * sizeof(uint32_t)), sizeof(uint32_t)};
    specialization.mapEntryCount = 3;
    specialization.pMapEntries = sizeEntries;
    specialization.dataSize = sizeof(localSize);
    specialization.pData = localSize.data();
    pipelineInfo.stage.pSpecializationInfo = &specialization;
  }
  pipelineInfo.layout = objects.pipelineLayout;
  TOLK_VK_CHECK(vkCreateComputePipelines, device, VK_NULL_HANDLE, 1,
                &pipelineInfo, nullptr, &objects.pipeline);
  return llvm::Error::success();
}

void KernelRun::imageBarrier(VkImage image, VkImageLayout from,
                             VkImageLayout to, VkAccessFlags srcAccess,
                             VkAccessFlags dstAccess,
                             VkPipelineStageFlags srcStage,
                             VkPipelineStageFlags dstStage) {
  VkImageMemoryBarrier b{};
  b.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER;
  b.srcAccessMask = srcAccess;
  b.dstAccessMask = dstAccess;
  b.oldLayout = from;
  b.newLayout = to;
  b.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
  b.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
  b.image = image;
  b.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
  vkCmdPipelineBarrier(commands, srcStage, dstStage, 0, 0, nullptr, 0, nullptr,
                       1, &b);
}

/// One command buffer, submitted once per dispatch of a repeated launch:
/// each image's texels from its staging buffer (in the GENERAL layout for
/// the dispatch), the dispatch between two timestamps where the queue has
/// them, the images' texels back, and a barrier that makes all of it
/// visible to the host.
llvm::Error KernelRun::recordCommands() {
  VkDevice device = objects.device;
  VkCommandPoolCreateInfo commandPoolInfo{};
  commandPoolInfo.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO;
  commandPoolInfo.queueFamilyIndex = familyIndex;
  TOLK_VK_CHECK(vkCreateCommandPool, device, &commandPoolInfo, nullptr,
                &objects.commandPool);
  VkCommandBufferAllocateInfo commandInfo{};
  commandInfo.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO;
  commandInfo.commandPool = objects.commandPool;
  commandInfo.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  commandInfo.commandBufferCount = 1;
  TOLK_VK_CHECK(vkAllocateCommandBuffers, device, &commandInfo, &commands);
  VkCommandBufferBeginInfo beginInfo{};
  beginInfo.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO;
  TOLK_VK_CHECK(vkBeginCommandBuffer, commands, &beginInfo);

  size_t numBindings = launch.buffers.size();
  for (size_t k = 0; k < numBindings; ++k) {
    if (!isImage(k))
      continue;
    VkImage image = objects.images[k];
    imageBarrier(
        image, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
        0, VK_ACCESS_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
        VK_PIPELINE_STAGE_TRANSFER_BIT);
    VkBufferImageCopy region = regionOf(k);
    vkCmdCopyBufferToImage(commands, objects.buffers[k], image,
                           VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region);
    imageBarrier(image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                 VK_IMAGE_LAYOUT_GENERAL, VK_ACCESS_TRANSFER_WRITE_BIT,
                 VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT,
                 VK_PIPELINE_STAGE_TRANSFER_BIT,
                 VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT);
  }
  vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_COMPUTE, objects.pipeline);
  if (descriptorSet)
    vkCmdBindDescriptorSets(commands, VK_PIPELINE_BIND_POINT_COMPUTE,
                            objects.pipelineLayout, 0, 1, &descriptorSet, 0,
                            nullptr);
  if (pushSize != 0) {
    llvm::SmallVector<uint8_t, 64> pushBytes(launch.pushConstants.begin(),
                                             launch.pushConstants.end());
    pushBytes.resize(pushSize, 0);
    vkCmdPushConstants(commands, objects.pipelineLayout,
                       VK_SHADER_STAGE_COMPUTE_BIT, 0, pushSize,
                       pushBytes.data());
  }
  // The kernel's time: two timestamps around the dispatch where the queue
  // has them, else the host's clock around the submission and the wait.
  timestamps = limits.timestampComputeAndGraphics && timestampValidBits != 0;
  if (timestamps) {
    VkQueryPoolCreateInfo queryInfo{};
    queryInfo.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO;
    queryInfo.queryType = VK_QUERY_TYPE_TIMESTAMP;
    queryInfo.queryCount = 2;
    TOLK_VK_CHECK(vkCreateQueryPool, device, &queryInfo, nullptr,
                  &objects.queryPool);
    vkCmdResetQueryPool(commands, objects.queryPool, 0, 2);
    vkCmdWriteTimestamp(commands, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
                        objects.queryPool, 0);
  }
  vkCmdDispatch(commands, launch.workgroupCount[0], launch.workgroupCount[1],
                launch.workgroupCount[2]);
  if (timestamps)
    vkCmdWriteTimestamp(commands, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT,
                        objects.queryPool, 1);
  for (size_t k = 0; k < numBindings; ++k) {
    if (!isImage(k))
      continue;
    VkImage image = objects.images[k];
    imageBarrier(
        image, VK_IMAGE_LAYOUT_GENERAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
        VK_ACCESS_SHADER_WRITE_BIT, VK_ACCESS_TRANSFER_READ_BIT,
        VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT);
    VkBufferImageCopy region = regionOf(k);
    vkCmdCopyImageToBuffer(commands, image,
                           VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                           objects.buffers[k], 1, &region);
  }
  VkMemoryBarrier barrier{};
  barrier.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER;
  barrier.srcAccessMask =
      VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT;
  barrier.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
  vkCmdPipelineBarrier(
      commands,
      VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT,
      VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &barrier, 0, nullptr, 0, nullptr);
  TOLK_VK_CHECK(vkEndCommandBuffer, commands);
  return llvm::Error::success();
}

/// Submits the command buffer for each warm-up and timed dispatch and waits
/// for it, restoring the in-place buffers between dispatches, so that every
/// dispatch starts from the launch's bytes.
llvm::Error KernelRun::dispatch(VulkanRunInfo &run) {
  VkDevice device = objects.device;
  VkFenceCreateInfo fenceInfo{};
  fenceInfo.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO;
  TOLK_VK_CHECK(vkCreateFence, device, &fenceInfo, nullptr, &objects.fence);
  VkSubmitInfo submit{};
  submit.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO;
  submit.commandBufferCount = 1;
  submit.pCommandBuffers = &commands;
  run.clock =
      timestamps ? "device timestamps" : "host clock around the submission";
  unsigned dispatches = launch.warmup + launch.repeat;
  llvm::SmallVector<std::vector<uint8_t>, 2> original;
  if (dispatches > 1)
    for (unsigned index : launch.restoredBuffers)
      original.emplace_back(launch.buffers[index].begin(),
                            launch.buffers[index].end());
  for (unsigned n = 0; n < dispatches; ++n) {
    if (n > 0) {
      for (auto [index, bytes] : llvm::zip(launch.restoredBuffers, original)) {
        std::memcpy(mapped[index], bytes.data(), bytes.size());
        if (llvm::Error err = flush(index))
          return err;
      }
      TOLK_VK_CHECK(vkResetFences, device, 1, &objects.fence);
    }
    // The submission makes the host's writes before it visible to the
    // dispatch; the wait, the dispatch's to the next one and to the host.
    auto submitted = std::chrono::steady_clock::now();
    TOLK_VK_CHECK(vkQueueSubmit, queue, 1, &submit, objects.fence);
    TOLK_VK_CHECK(vkWaitForFences, device, 1, &objects.fence, VK_TRUE,
                  UINT64_MAX);
    double ms = std::chrono::duration<double, std::milli>(
                    std::chrono::steady_clock::now() - submitted)
                    .count();
    if (timestamps) {
      uint64_t ticks[2] = {0, 0};
      TOLK_VK_CHECK(vkGetQueryPoolResults, device, objects.queryPool, 0, 2,
                    sizeof(ticks), ticks, sizeof(uint64_t),
                    VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT);
      uint64_t mask = timestampValidBits >= 64
                          ? ~uint64_t(0)
                          : (uint64_t(1) << timestampValidBits) - 1;
      ms = double((ticks[1] - ticks[0]) & mask) * limits.timestampPeriod / 1e6;
    }
    if (n >= launch.warmup)
      run.kernelMs.push_back(ms);
  }
  return llvm::Error::success();
}

/// The device's contents of every buffer (and image) into the launch's.
llvm::Error KernelRun::readBack() {
  for (auto [index, host] : llvm::enumerate(launch.buffers)) {
    if (!coherent[index]) {
      VkMappedMemoryRange range = wholeRange(objects.memories[index]);
      TOLK_VK_CHECK(vkInvalidateMappedMemoryRanges, objects.device, 1, &range);
    }
    if (!host.empty())
      std::memcpy(host.data(), mapped[index], host.size());
  }
  // Freeing the memory (VulkanObjects' destructor) unmaps it.
  return llvm::Error::success();
}

llvm::Expected<VulkanRunInfo>
tolk::runtime::runVulkanKernel(const VulkanLaunch &launch) {
  // Everything about the module first, so that a bad launch is reported the
  // same with and without a device.
  llvm::Expected<SpirvEntryPointInfo> info = readLaunch(launch);
  if (!info)
    return info.takeError();

  VulkanObjects objects;
  uint32_t instanceVersion;
  if (llvm::Error err = createInstance(objects, instanceVersion))
    return err;
  llvm::Expected<DeviceChoice> choice =
      chooseDevice(objects.instance, instanceVersion);
  if (!choice)
    return choice.takeError();
  if (llvm::Error err =
          checkVulkanSupport(*info, choice->features, choice->name))
    return err;
  if (llvm::Error err =
          validateSpirv(launch.spirv, choice->features.apiVersion))
    return err;

  VulkanRunInfo run;
  run.device = choice->name;
  KernelRun kernel(launch, *info, *choice, objects);
  if (llvm::Error err = kernel.checkLimits())
    return err;
  if (llvm::Error err = kernel.createDevice(run))
    return err;
  if (llvm::Error err = kernel.createBuffers())
    return err;
  if (llvm::Error err = kernel.createImages())
    return err;
  if (llvm::Error err = kernel.createDescriptorSet())
    return err;
  if (llvm::Error err = kernel.createPipeline())
    return err;
  if (llvm::Error err = kernel.recordCommands())
    return err;
  if (llvm::Error err = kernel.dispatch(run))
    return err;
  if (llvm::Error err = kernel.readBack())
    return err;
  return run;
}

#else // !TOLK_HAVE_VULKAN

bool tolk::runtime::isVulkanBuilt() { return false; }

static llvm::Error notBuilt() {
  return makeError("tolk was built without Vulkan (CMake found no Vulkan "
                   "loader; install libvulkan-dev and reconfigure)");
}

llvm::Expected<std::string> tolk::runtime::describeVulkanDevice() {
  return notBuilt();
}

llvm::Expected<VulkanRunInfo>
tolk::runtime::runVulkanKernel(const VulkanLaunch &launch) {
  // The module is still read, so that its errors are the same in both
  // builds.
  llvm::Expected<SpirvEntryPointInfo> info = readLaunch(launch);
  if (!info)
    return info.takeError();
  return notBuilt();
}

#endif // TOLK_HAVE_VULKAN
