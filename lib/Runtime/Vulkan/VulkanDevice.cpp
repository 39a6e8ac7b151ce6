//===- VulkanDevice.cpp - The Vulkan instance and device ------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The instance, the choice of a device and the query of its features, and
// the destruction of a run's objects (VulkanDevice.h).
//
//===----------------------------------------------------------------------===//

#ifdef TOLK_HAVE_VULKAN

#include "VulkanDevice.h"

#include "tolk/Runtime/VulkanRunner.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Compiler.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <vector>

#if LLVM_ADDRESS_SANITIZER_BUILD && defined(__GLIBC__)
#include <dlfcn.h>
#include <link.h>
#endif

using namespace tolk;
using namespace tolk::runtime;
using namespace tolk::runtime::vulkan;
using llvm::StringRef;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

static const char *resultName(VkResult result) {
  switch (result) {
#define TOLK_CASE(x)                                                           \
  case x:                                                                      \
    return #x;
    TOLK_CASE(VK_SUCCESS)
    TOLK_CASE(VK_NOT_READY)
    TOLK_CASE(VK_TIMEOUT)
    TOLK_CASE(VK_INCOMPLETE)
    TOLK_CASE(VK_ERROR_OUT_OF_HOST_MEMORY)
    TOLK_CASE(VK_ERROR_OUT_OF_DEVICE_MEMORY)
    TOLK_CASE(VK_ERROR_INITIALIZATION_FAILED)
    TOLK_CASE(VK_ERROR_DEVICE_LOST)
    TOLK_CASE(VK_ERROR_MEMORY_MAP_FAILED)
    TOLK_CASE(VK_ERROR_LAYER_NOT_PRESENT)
    TOLK_CASE(VK_ERROR_EXTENSION_NOT_PRESENT)
    TOLK_CASE(VK_ERROR_FEATURE_NOT_PRESENT)
    TOLK_CASE(VK_ERROR_INCOMPATIBLE_DRIVER)
    TOLK_CASE(VK_ERROR_TOO_MANY_OBJECTS)
    TOLK_CASE(VK_ERROR_UNKNOWN)
    TOLK_CASE(VK_ERROR_INVALID_SHADER_NV)
#undef TOLK_CASE
  default:
    return "VkResult";
  }
}

llvm::Error vulkan::vkError(const char *call, VkResult result) {
  return makeError(llvm::formatv("{0} failed: {1} ({2})", call,
                                 resultName(result), int(result)));
}

VulkanObjects::~VulkanObjects() {
  if (device) {
    // An error return can leave work in flight; nothing is destroyed
    // under it.
    vkDeviceWaitIdle(device);
    if (fence)
      vkDestroyFence(device, fence, nullptr);
    if (queryPool)
      vkDestroyQueryPool(device, queryPool, nullptr);
    if (commandPool)
      vkDestroyCommandPool(device, commandPool, nullptr);
    if (pipeline)
      vkDestroyPipeline(device, pipeline, nullptr);
    if (shader)
      vkDestroyShaderModule(device, shader, nullptr);
    if (pipelineLayout)
      vkDestroyPipelineLayout(device, pipelineLayout, nullptr);
    if (descriptorPool)
      vkDestroyDescriptorPool(device, descriptorPool, nullptr);
    if (setLayout)
      vkDestroyDescriptorSetLayout(device, setLayout, nullptr);
    for (VkImageView view : imageViews)
      if (view)
        vkDestroyImageView(device, view, nullptr);
    for (VkImage image : images)
      if (image)
        vkDestroyImage(device, image, nullptr);
    for (VkDeviceMemory memory : imageMemories)
      vkFreeMemory(device, memory, nullptr);
    for (VkBuffer buffer : buffers)
      vkDestroyBuffer(device, buffer, nullptr);
    for (VkDeviceMemory memory : memories)
      vkFreeMemory(device, memory, nullptr);
    vkDestroyDevice(device, nullptr);
  }
  if (instance)
    vkDestroyInstance(instance, nullptr);
}

#if LLVM_ADDRESS_SANITIZER_BUILD && defined(__GLIBC__)
/// Makes every library loaded now resident for the rest of the process.
/// LeakSanitizer finds live memory through the static data of the loaded
/// libraries; the Vulkan loader dlcloses the drivers at vkDestroyInstance,
/// and memory that a driver keeps in its static state for its lifetime
/// (Mesa's lavapipe does) then looks leaked at exit, allocated from a module
/// that LeakSanitizer can no longer name, so that no suppression can match
/// it. Resident, the driver's state stays a root, and a real leak in a
/// driver is still reported, with its name.
static void keepLoadedLibrariesResident() {
  std::vector<std::string> names;
  dl_iterate_phdr(
      [](dl_phdr_info *info, size_t, void *data) {
        if (info->dlpi_name && *info->dlpi_name)
          static_cast<std::vector<std::string> *>(data)->push_back(
              info->dlpi_name);
        return 0;
      },
      &names);
  // Outside dl_iterate_phdr, which holds the loader's lock. The handle is
  // never closed: holding it is the point.
  for (const std::string &name : names)
    (void)dlopen(name.c_str(), RTLD_LAZY | RTLD_NOLOAD | RTLD_NODELETE);
}
#else
static void keepLoadedLibrariesResident() {}
#endif

llvm::Error vulkan::createInstance(VulkanObjects &objects,
                                   uint32_t &apiVersion) {
  apiVersion = VK_API_VERSION_1_0;
  // vkEnumerateInstanceVersion is absent from Vulkan 1.0 loaders.
  auto enumerateVersion = reinterpret_cast<PFN_vkEnumerateInstanceVersion>(
      vkGetInstanceProcAddr(nullptr, "vkEnumerateInstanceVersion"));
  if (enumerateVersion && enumerateVersion(&apiVersion) != VK_SUCCESS)
    apiVersion = VK_API_VERSION_1_0;
  apiVersion = std::min<uint32_t>(apiVersion, VK_API_VERSION_1_3);

  VkApplicationInfo app{};
  app.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO;
  app.pApplicationName = "tolk-run";
  app.pEngineName = "Tolk-MLIR";
  app.apiVersion = apiVersion;
  VkInstanceCreateInfo create{};
  create.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO;
  create.pApplicationInfo = &app;
  VkResult result = vkCreateInstance(&create, nullptr, &objects.instance);
  if (result == VK_ERROR_INCOMPATIBLE_DRIVER)
    return makeError("no Vulkan driver: vkCreateInstance found no "
                     "compatible driver (install one, e.g. Mesa's lavapipe "
                     "in mesa-vulkan-drivers)");
  if (result != VK_SUCCESS) {
    objects.instance = VK_NULL_HANDLE;
    return vkError("vkCreateInstance", result);
  }
  // The instance has loaded the drivers.
  keepLoadedLibrariesResident();
  return llvm::Error::success();
}

llvm::Expected<DeviceChoice> vulkan::chooseDevice(VkInstance instance,
                                                  uint32_t instanceVersion) {
  uint32_t count = 0;
  TOLK_VK_CHECK(vkEnumeratePhysicalDevices, instance, &count, nullptr);
  if (count == 0)
    return makeError("no Vulkan device: the Vulkan driver lists none");
  llvm::SmallVector<VkPhysicalDevice, 4> devices(count);
  VkResult result =
      vkEnumeratePhysicalDevices(instance, &count, devices.data());
  if (result != VK_SUCCESS && result != VK_INCOMPLETE)
    return vkError("vkEnumeratePhysicalDevices", result);

  DeviceChoice choice;
  choice.physical = devices[0];
  vkGetPhysicalDeviceProperties(choice.physical, &choice.properties);
  choice.name = choice.properties.deviceName;
  VulkanDeviceFeatures &f = choice.features;
  f.apiVersion = std::min(instanceVersion, choice.properties.apiVersion);

  if (f.apiVersion < VK_API_VERSION_1_1) {
    VkPhysicalDeviceFeatures core{};
    vkGetPhysicalDeviceFeatures(choice.physical, &core);
    f.shaderFloat64 = core.shaderFloat64;
    f.shaderInt64 = core.shaderInt64;
    f.shaderInt16 = core.shaderInt16;
    return choice;
  }

  // Vulkan 1.1: the core features, 16-bit storage, subgroups; 1.2 adds the
  // Vulkan11/12 feature structs (which hold the 8-bit and float16 ones) and
  // the float controls.
  bool is12 = f.apiVersion >= VK_API_VERSION_1_2;
  VkPhysicalDeviceVulkan12Features v12{};
  v12.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES;
  VkPhysicalDeviceVulkan11Features v11{};
  v11.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES;
  v11.pNext = &v12;
  VkPhysicalDevice16BitStorageFeatures storage16{};
  storage16.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES;
  VkPhysicalDeviceFeatures2 features2{};
  features2.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2;
  features2.pNext = is12 ? static_cast<void *>(&v11) : &storage16;
  vkGetPhysicalDeviceFeatures2(choice.physical, &features2);
  f.shaderFloat64 = features2.features.shaderFloat64;
  f.shaderInt64 = features2.features.shaderInt64;
  f.shaderInt16 = features2.features.shaderInt16;
  if (is12) {
    f.storageBuffer16BitAccess = v11.storageBuffer16BitAccess;
    f.uniformAndStorageBuffer16BitAccess =
        v11.uniformAndStorageBuffer16BitAccess;
    f.storagePushConstant16 = v11.storagePushConstant16;
    f.storageBuffer8BitAccess = v12.storageBuffer8BitAccess;
    f.uniformAndStorageBuffer8BitAccess = v12.uniformAndStorageBuffer8BitAccess;
    f.storagePushConstant8 = v12.storagePushConstant8;
    f.shaderFloat16 = v12.shaderFloat16;
    f.shaderInt8 = v12.shaderInt8;
    f.shaderBufferInt64Atomics = v12.shaderBufferInt64Atomics;
    f.vulkanMemoryModel = v12.vulkanMemoryModel;
    f.vulkanMemoryModelDeviceScope = v12.vulkanMemoryModelDeviceScope;
  } else {
    f.storageBuffer16BitAccess = storage16.storageBuffer16BitAccess;
    f.uniformAndStorageBuffer16BitAccess =
        storage16.uniformAndStorageBuffer16BitAccess;
    f.storagePushConstant16 = storage16.storagePushConstant16;
  }

  VkPhysicalDeviceFloatControlsProperties floatControls{};
  floatControls.sType =
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FLOAT_CONTROLS_PROPERTIES;
  VkPhysicalDeviceSubgroupProperties subgroup{};
  subgroup.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES;
  subgroup.pNext = is12 ? &floatControls : nullptr;
  VkPhysicalDeviceProperties2 properties2{};
  properties2.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2;
  properties2.pNext = &subgroup;
  vkGetPhysicalDeviceProperties2(choice.physical, &properties2);
  f.subgroupOperations = subgroup.supportedOperations;
  f.subgroupInCompute = subgroup.supportedStages & VK_SHADER_STAGE_COMPUTE_BIT;
  auto widths = [](VkBool32 f16, VkBool32 f32, VkBool32 f64) {
    return uint8_t((f16 ? 1 : 0) | (f32 ? 2 : 0) | (f64 ? 4 : 0));
  };
  const VkPhysicalDeviceFloatControlsProperties &fc = floatControls;
  f.denormPreserve =
      widths(fc.shaderDenormPreserveFloat16, fc.shaderDenormPreserveFloat32,
             fc.shaderDenormPreserveFloat64);
  f.denormFlushToZero = widths(fc.shaderDenormFlushToZeroFloat16,
                               fc.shaderDenormFlushToZeroFloat32,
                               fc.shaderDenormFlushToZeroFloat64);
  f.signedZeroInfNanPreserve = widths(fc.shaderSignedZeroInfNanPreserveFloat16,
                                      fc.shaderSignedZeroInfNanPreserveFloat32,
                                      fc.shaderSignedZeroInfNanPreserveFloat64);
  f.roundingModeRTE =
      widths(fc.shaderRoundingModeRTEFloat16, fc.shaderRoundingModeRTEFloat32,
             fc.shaderRoundingModeRTEFloat64);
  f.roundingModeRTZ =
      widths(fc.shaderRoundingModeRTZFloat16, fc.shaderRoundingModeRTZFloat32,
             fc.shaderRoundingModeRTZFloat64);
  return choice;
}

bool vulkan::hasRobustBufferAccess2(const DeviceChoice &choice) {
  if (choice.features.apiVersion < VK_API_VERSION_1_1)
    return false;
  uint32_t extensionCount = 0;
  vkEnumerateDeviceExtensionProperties(choice.physical, nullptr,
                                       &extensionCount, nullptr);
  llvm::SmallVector<VkExtensionProperties, 64> extensions(extensionCount);
  vkEnumerateDeviceExtensionProperties(choice.physical, nullptr,
                                       &extensionCount, extensions.data());
  if (llvm::none_of(extensions, [](const VkExtensionProperties &e) {
        return StringRef(e.extensionName) == VK_EXT_ROBUSTNESS_2_EXTENSION_NAME;
      }))
    return false;
  VkPhysicalDeviceRobustness2FeaturesEXT supported{};
  supported.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT;
  VkPhysicalDeviceFeatures2 query{};
  query.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2;
  query.pNext = &supported;
  vkGetPhysicalDeviceFeatures2(choice.physical, &query);
  return supported.robustBufferAccess2;
}

llvm::Expected<std::string> tolk::runtime::describeVulkanDevice() {
  VulkanObjects objects;
  uint32_t apiVersion;
  if (llvm::Error err = createInstance(objects, apiVersion))
    return std::move(err);
  llvm::Expected<DeviceChoice> choice =
      chooseDevice(objects.instance, apiVersion);
  if (!choice)
    return choice.takeError();
  uint32_t v = choice->properties.apiVersion;
  return llvm::formatv("{0} (Vulkan {1}.{2}.{3})", choice->name,
                       VK_API_VERSION_MAJOR(v), VK_API_VERSION_MINOR(v),
                       VK_API_VERSION_PATCH(v))
      .str();
}

#endif // TOLK_HAVE_VULKAN
