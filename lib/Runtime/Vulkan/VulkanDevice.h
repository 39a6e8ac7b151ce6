//===- VulkanDevice.h - The Vulkan instance and device ----------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// What the Vulkan runner knows about the machine's Vulkan before it runs
// anything: the instance, the device it chooses and that device's features,
// and the objects of one run, destroyed together. Private to lib/Runtime;
// compiled only with the Vulkan loader (TOLK_HAVE_VULKAN).
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_LIB_RUNTIME_VULKANDEVICE_H
#define TOLK_LIB_RUNTIME_VULKANDEVICE_H

#include "tolk/Runtime/VulkanCapabilities.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vulkan/vulkan.h>

namespace tolk::runtime::vulkan {

/// An error that names the Vulkan call and its result.
llvm::Error vkError(const char *call, VkResult result);

/// Returns vkError from the calling function when `fn(...)` fails.
#define TOLK_VK_CHECK(fn, ...)                                                 \
  do {                                                                         \
    VkResult tolkResult = fn(__VA_ARGS__);                                     \
    if (tolkResult != VK_SUCCESS)                                              \
      return ::tolk::runtime::vulkan::vkError(#fn, tolkResult);                \
  } while (false)

/// Every Vulkan object of one run; the destructor destroys those created, in
/// the reverse order, so that each error return cleans up.
struct VulkanObjects {
  VkInstance instance = VK_NULL_HANDLE;
  VkDevice device = VK_NULL_HANDLE;
  llvm::SmallVector<VkBuffer, 4> buffers;
  llvm::SmallVector<VkDeviceMemory, 4> memories;
  // The storage images, by binding (null for a buffer's), their views and
  // memory.
  llvm::SmallVector<VkImage, 4> images;
  llvm::SmallVector<VkImageView, 4> imageViews;
  llvm::SmallVector<VkDeviceMemory, 4> imageMemories;
  VkDescriptorSetLayout setLayout = VK_NULL_HANDLE;
  VkDescriptorPool descriptorPool = VK_NULL_HANDLE;
  VkPipelineLayout pipelineLayout = VK_NULL_HANDLE;
  VkShaderModule shader = VK_NULL_HANDLE;
  VkPipeline pipeline = VK_NULL_HANDLE;
  VkCommandPool commandPool = VK_NULL_HANDLE;
  VkQueryPool queryPool = VK_NULL_HANDLE;
  VkFence fence = VK_NULL_HANDLE;

  VulkanObjects() = default;
  VulkanObjects(const VulkanObjects &) = delete;
  VulkanObjects &operator=(const VulkanObjects &) = delete;
  ~VulkanObjects();
};

/// The first device of an instance and what the runner knows about it.
struct DeviceChoice {
  VkPhysicalDevice physical = VK_NULL_HANDLE;
  VkPhysicalDeviceProperties properties{};
  VulkanDeviceFeatures features;
  std::string name;
};

/// Creates the instance, at the newest Vulkan version up to 1.3 that the
/// loader offers (1.2 is needed to query the 8-bit and float16 features).
llvm::Error createInstance(VulkanObjects &objects, uint32_t &apiVersion);

/// The instance's first device, its properties and its features.
llvm::Expected<DeviceChoice> chooseDevice(VkInstance instance,
                                          uint32_t instanceVersion);

/// Whether the device has VK_EXT_robustness2's robustBufferAccess2, which
/// is stricter than robustBufferAccess: a read past a buffer's end gives
/// zero and a write there is dropped, where robustBufferAccess lets a write
/// land anywhere in the buffer.
bool hasRobustBufferAccess2(const DeviceChoice &choice);

} // namespace tolk::runtime::vulkan

#endif // TOLK_LIB_RUNTIME_VULKANDEVICE_H
