//===- VulkanDevice.cpp - A persistent Vulkan device ----------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The Gpu of VulkanDevice.h: the instance (with the validation layer on
// request), the choice of a device and its features, the device with every
// feature that the capability check knows and the device has, and the
// buffers, kernels and submissions that live on it.
//
// Ordering: every command buffer starts with a barrier from the compute and
// transfer work submitted before it, so that a dispatch sees what earlier
// ones wrote, and ends with one to the host, so that a wait on its fence
// makes its writes visible to reads of the mapped memory. The host's writes
// before a submission are visible to it (vkQueueSubmit's guarantee).
//
//===----------------------------------------------------------------------===//

#ifdef TOLK_HAVE_VULKAN

#include "VulkanDevice.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Compiler.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <vector>

#if LLVM_ADDRESS_SANITIZER_BUILD && defined(__GLIBC__)
#include <dlfcn.h>
#include <link.h>
#endif
#ifdef TOLK_HAVE_SPIRV_TOOLS
#include "spirv-tools/libspirv.h"
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

//===----------------------------------------------------------------------===//
// The validation layer
//===----------------------------------------------------------------------===//

static constexpr const char *kValidationLayer = "VK_LAYER_KHRONOS_validation";

/// Whether the environment asks for the validation layer
/// (TOLK_VULKAN_VALIDATION=1; docs/Runtime.md).
static bool validationRequested() {
  const char *value = std::getenv("TOLK_VULKAN_VALIDATION");
  return value && StringRef(value) == "1";
}

static bool hasValidationLayer() {
  uint32_t count = 0;
  if (vkEnumerateInstanceLayerProperties(&count, nullptr) != VK_SUCCESS)
    return false;
  std::vector<VkLayerProperties> layers(count);
  if (vkEnumerateInstanceLayerProperties(&count, layers.data()) != VK_SUCCESS)
    return false;
  return llvm::any_of(layers, [](const VkLayerProperties &layer) {
    return StringRef(layer.layerName) == kValidationLayer;
  });
}

/// The layer's reports that are not findings, by message ID. None today:
/// a false positive of a layer release goes here with the reason.
static bool isKnownFalsePositive(StringRef messageId) {
  (void)messageId;
  return false;
}

VKAPI_ATTR VkBool32 VKAPI_CALL Gpu::onLayerMessage(
    VkDebugUtilsMessageSeverityFlagBitsEXT severity,
    VkDebugUtilsMessageTypeFlagsEXT,
    const VkDebugUtilsMessengerCallbackDataEXT *data, void *self) {
  if (!(severity & (VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT |
                    VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT)))
    return VK_FALSE;
  StringRef id = data->pMessageIdName ? data->pMessageIdName : "";
  if (isKnownFalsePositive(id))
    return VK_FALSE;
  auto *gpu = static_cast<Gpu *>(self);
  std::lock_guard<std::mutex> lock(gpu->reportMutex);
  gpu->layerReports.push_back(
      (llvm::Twine(severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT
                       ? "error"
                       : "warning") +
       (id.empty() ? "" : " " + id) + ": " +
       StringRef(data->pMessage ? data->pMessage : "").rtrim())
          .str());
  // The call goes on: the runtime reports the message as its failure.
  return VK_FALSE;
}

llvm::Error Gpu::takeLayerReports() {
  if (!validated)
    return llvm::Error::success();
  std::vector<std::string> reports;
  {
    std::lock_guard<std::mutex> lock(reportMutex);
    reports.swap(layerReports);
  }
  if (reports.empty())
    return llvm::Error::success();
  return makeError("the Vulkan validation layer reports " +
                   llvm::join(reports, "; and "));
}

//===----------------------------------------------------------------------===//
// Opening
//===----------------------------------------------------------------------===//

llvm::Error Gpu::createInstance() {
  uint32_t apiVersion = VK_API_VERSION_1_0;
  // vkEnumerateInstanceVersion is absent from Vulkan 1.0 loaders.
  auto enumerateVersion = reinterpret_cast<PFN_vkEnumerateInstanceVersion>(
      vkGetInstanceProcAddr(nullptr, "vkEnumerateInstanceVersion"));
  if (enumerateVersion && enumerateVersion(&apiVersion) != VK_SUCCESS)
    apiVersion = VK_API_VERSION_1_0;
  // 1.2 is needed to query the 8-bit and float16 features.
  features.apiVersion = std::min<uint32_t>(apiVersion, VK_API_VERSION_1_3);

  VkApplicationInfo app{};
  app.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO;
  app.pApplicationName = "tolk";
  app.pEngineName = "Tolk-MLIR";
  app.apiVersion = features.apiVersion;
  VkInstanceCreateInfo create{};
  create.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO;
  create.pApplicationInfo = &app;

  // The validation layer, with synchronization validation, and a messenger
  // that collects what it reports (chained into the instance's creation
  // too, so that the creation itself is checked).
  VkDebugUtilsMessengerCreateInfoEXT messengerInfo{};
  messengerInfo.sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT;
  messengerInfo.messageSeverity =
      VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT |
      VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
  messengerInfo.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                              VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                              VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT;
  messengerInfo.pfnUserCallback = &Gpu::onLayerMessage;
  messengerInfo.pUserData = this;
  VkValidationFeatureEnableEXT enables[] = {
      VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT};
  VkValidationFeaturesEXT validationFeatures{};
  validationFeatures.sType = VK_STRUCTURE_TYPE_VALIDATION_FEATURES_EXT;
  validationFeatures.pNext = &messengerInfo;
  validationFeatures.enabledValidationFeatureCount = 1;
  validationFeatures.pEnabledValidationFeatures = enables;
  const char *layers[] = {kValidationLayer};
  const char *extensions[] = {VK_EXT_DEBUG_UTILS_EXTENSION_NAME,
                              VK_EXT_VALIDATION_FEATURES_EXTENSION_NAME};
  if (validationRequested()) {
    if (!hasValidationLayer())
      return makeError(
          "TOLK_VULKAN_VALIDATION=1, but the Vulkan loader finds no " +
          llvm::Twine(kValidationLayer) +
          " (install vulkan-validationlayers, or unset "
          "TOLK_VULKAN_VALIDATION)");
    validated = true;
    create.pNext = &validationFeatures;
    create.enabledLayerCount = 1;
    create.ppEnabledLayerNames = layers;
    create.enabledExtensionCount = 2;
    create.ppEnabledExtensionNames = extensions;
  }

  VkResult result = vkCreateInstance(&create, nullptr, &instance);
  if (result == VK_ERROR_INCOMPATIBLE_DRIVER)
    return makeError("no Vulkan driver: vkCreateInstance found no "
                     "compatible driver (install one, e.g. Mesa's lavapipe "
                     "in mesa-vulkan-drivers)");
  if (result != VK_SUCCESS) {
    instance = VK_NULL_HANDLE;
    return vkError("vkCreateInstance", result);
  }
  // The instance has loaded the drivers.
  keepLoadedLibrariesResident();
  if (validated) {
    auto createMessenger = reinterpret_cast<PFN_vkCreateDebugUtilsMessengerEXT>(
        vkGetInstanceProcAddr(instance, "vkCreateDebugUtilsMessengerEXT"));
    if (!createMessenger)
      return makeError("the validation layer has no "
                       "vkCreateDebugUtilsMessengerEXT");
    TOLK_VK_CHECK(createMessenger, instance, &messengerInfo, nullptr,
                  &messenger);
  }
  return takeLayerReports();
}

llvm::Error Gpu::chooseDevice() {
  uint32_t count = 0;
  TOLK_VK_CHECK(vkEnumeratePhysicalDevices, instance, &count, nullptr);
  if (count == 0)
    return makeError("no Vulkan device: the Vulkan driver lists none");
  llvm::SmallVector<VkPhysicalDevice, 4> devices(count);
  VkResult result =
      vkEnumeratePhysicalDevices(instance, &count, devices.data());
  if (result != VK_SUCCESS && result != VK_INCOMPLETE)
    return vkError("vkEnumeratePhysicalDevices", result);

  physical = devices[0];
  vkGetPhysicalDeviceProperties(physical, &properties);
  vkGetPhysicalDeviceMemoryProperties(physical, &memoryProperties);
  deviceName = properties.deviceName;
  uint32_t v = properties.apiVersion;
  fullName = llvm::formatv("{0} (Vulkan {1}.{2}.{3})", deviceName,
                           VK_API_VERSION_MAJOR(v), VK_API_VERSION_MINOR(v),
                           VK_API_VERSION_PATCH(v));
  VulkanDeviceFeatures &f = features;
  f.apiVersion = std::min(f.apiVersion, properties.apiVersion);

  if (f.apiVersion < VK_API_VERSION_1_1) {
    VkPhysicalDeviceFeatures core{};
    vkGetPhysicalDeviceFeatures(physical, &core);
    f.shaderFloat64 = core.shaderFloat64;
    f.shaderInt64 = core.shaderInt64;
    f.shaderInt16 = core.shaderInt16;
    return llvm::Error::success();
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
  vkGetPhysicalDeviceFeatures2(physical, &features2);
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
  vkGetPhysicalDeviceProperties2(physical, &properties2);
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
  return llvm::Error::success();
}

/// Whether the device has VK_EXT_robustness2's robustBufferAccess2, which
/// is stricter than robustBufferAccess: a read past a buffer's end gives
/// zero and a write there is dropped, where robustBufferAccess lets a write
/// land anywhere in the buffer.
static bool hasRobustBufferAccess2(VkPhysicalDevice physical,
                                   uint32_t apiVersion) {
  if (apiVersion < VK_API_VERSION_1_1)
    return false;
  uint32_t extensionCount = 0;
  vkEnumerateDeviceExtensionProperties(physical, nullptr, &extensionCount,
                                       nullptr);
  llvm::SmallVector<VkExtensionProperties, 64> extensions(extensionCount);
  vkEnumerateDeviceExtensionProperties(physical, nullptr, &extensionCount,
                                       extensions.data());
  if (llvm::none_of(extensions, [](const VkExtensionProperties &e) {
        return StringRef(e.extensionName) == VK_EXT_ROBUSTNESS_2_EXTENSION_NAME;
      }))
    return false;
  VkPhysicalDeviceRobustness2FeaturesEXT supported{};
  supported.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT;
  VkPhysicalDeviceFeatures2 query{};
  query.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2;
  query.pNext = &supported;
  vkGetPhysicalDeviceFeatures2(physical, &query);
  return supported.robustBufferAccess2;
}

/// The device and its compute queue, with every feature of
/// VulkanDeviceFeatures that the device has (a kernel is checked against
/// them before it is created: checkVulkanSupport), and the strongest bounds
/// checking of buffer accesses it has.
llvm::Error Gpu::createDevice() {
  uint32_t familyCount = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(physical, &familyCount, nullptr);
  llvm::SmallVector<VkQueueFamilyProperties, 4> families(familyCount);
  vkGetPhysicalDeviceQueueFamilyProperties(physical, &familyCount,
                                           families.data());
  auto family = llvm::find_if(families, [](const VkQueueFamilyProperties &p) {
    return p.queueFlags & VK_QUEUE_COMPUTE_BIT;
  });
  if (family == families.end())
    return makeError(
        llvm::formatv("device '{0}' has no compute queue", deviceName));
  familyIndex = uint32_t(family - families.begin());
  timestampValidBits = family->timestampValidBits;
  timestamps =
      properties.limits.timestampComputeAndGraphics && timestampValidBits != 0;

  const VulkanDeviceFeatures &f = features;
  bool is12 = f.apiVersion >= VK_API_VERSION_1_2;
  VkPhysicalDeviceVulkan12Features v12{};
  v12.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES;
  v12.storageBuffer8BitAccess = f.storageBuffer8BitAccess;
  v12.uniformAndStorageBuffer8BitAccess = f.uniformAndStorageBuffer8BitAccess;
  v12.storagePushConstant8 = f.storagePushConstant8;
  v12.shaderFloat16 = f.shaderFloat16;
  v12.shaderInt8 = f.shaderInt8;
  v12.shaderBufferInt64Atomics = f.shaderBufferInt64Atomics;
  v12.vulkanMemoryModel = f.vulkanMemoryModel;
  v12.vulkanMemoryModelDeviceScope = f.vulkanMemoryModelDeviceScope;
  VkPhysicalDeviceVulkan11Features v11{};
  v11.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES;
  v11.pNext = &v12;
  VkPhysicalDevice16BitStorageFeatures storage16{};
  storage16.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES;
  v11.storageBuffer16BitAccess = storage16.storageBuffer16BitAccess =
      f.storageBuffer16BitAccess;
  v11.uniformAndStorageBuffer16BitAccess =
      storage16.uniformAndStorageBuffer16BitAccess =
          f.uniformAndStorageBuffer16BitAccess;
  v11.storagePushConstant16 = storage16.storagePushConstant16 =
      f.storagePushConstant16;
  VkPhysicalDeviceFeatures2 enabled{};
  enabled.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2;
  enabled.pNext = is12 ? static_cast<void *>(&v11) : &storage16;
  enabled.features.shaderFloat64 = f.shaderFloat64;
  enabled.features.shaderInt64 = f.shaderInt64;
  enabled.features.shaderInt16 = f.shaderInt16;
  // An index past a buffer's end is then confined to the buffer (reads give
  // its values or zero, writes stay inside it or are dropped) instead of
  // undefined behaviour: a kernel's bug shows as wrong values, never as a
  // crash of the process.
  VkPhysicalDeviceFeatures supportedCore;
  vkGetPhysicalDeviceFeatures(physical, &supportedCore);
  enabled.features.robustBufferAccess = supportedCore.robustBufferAccess;
  VkPhysicalDeviceRobustness2FeaturesEXT robustness2{};
  robustness2.sType =
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT;
  const char *robustness2Name = VK_EXT_ROBUSTNESS_2_EXTENSION_NAME;
  bool hasRobustness2 = supportedCore.robustBufferAccess &&
                        hasRobustBufferAccess2(physical, f.apiVersion);
  if (hasRobustness2) {
    robustness2.robustBufferAccess2 = VK_TRUE;
    robustness2.pNext = enabled.pNext;
    enabled.pNext = &robustness2;
  }
  robustnessName = hasRobustness2                     ? "robustBufferAccess2"
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
  if (f.apiVersion >= VK_API_VERSION_1_1)
    deviceInfo.pNext = &enabled;
  else
    deviceInfo.pEnabledFeatures = &coreOnly;
  TOLK_VK_CHECK(vkCreateDevice, physical, &deviceInfo, nullptr, &device);
  vkGetDeviceQueue(device, familyIndex, 0, &queue);

  VkCommandPoolCreateInfo poolInfo{};
  poolInfo.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO;
  poolInfo.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
  poolInfo.queueFamilyIndex = familyIndex;
  TOLK_VK_CHECK(vkCreateCommandPool, device, &poolInfo, nullptr, &commandPool);
  return takeLayerReports();
}

llvm::Expected<std::shared_ptr<Gpu>> Gpu::open() {
  std::shared_ptr<Gpu> gpu(new Gpu());
  if (llvm::Error err = gpu->createInstance())
    return std::move(err);
  if (llvm::Error err = gpu->chooseDevice())
    return std::move(err);
  if (llvm::Error err = gpu->createDevice())
    return std::move(err);
  return gpu;
}

llvm::StringRef Gpu::clock() const {
  return timestamps ? "device timestamps" : "host clock around the submission";
}

const char *Gpu::objectName(Object kind) {
  switch (kind) {
  case Object::Buffer:
    return "vulkan.buffers";
  case Object::Memory:
    return "vulkan.memory-allocations";
  case Object::Image:
    return "vulkan.images";
  case Object::ImageView:
    return "vulkan.image-views";
  case Object::ShaderModule:
    return "vulkan.shader-modules";
  case Object::Pipeline:
    return "vulkan.pipelines";
  case Object::PipelineLayout:
    return "vulkan.pipeline-layouts";
  case Object::DescriptorSetLayout:
    return "vulkan.descriptor-set-layouts";
  case Object::DescriptorPool:
    return "vulkan.descriptor-pools";
  case Object::DescriptorSet:
    return "vulkan.descriptor-sets";
  case Object::CommandBuffer:
    return "vulkan.command-buffers";
  case Object::Fence:
    return "vulkan.fences";
  case Object::QueryPool:
    return "vulkan.query-pools";
  }
  return "vulkan.objects";
}

Gpu::~Gpu() {
  if (device) {
    // Nothing is destroyed under work in flight.
    vkDeviceWaitIdle(device);
    inFlight.clear();
    for (const std::unique_ptr<Slot> &slot : slots) {
      if (slot->fence) {
        vkDestroyFence(device, slot->fence, nullptr);
        counted(Object::Fence, -1);
      }
      if (slot->queries) {
        vkDestroyQueryPool(device, slot->queries, nullptr);
        counted(Object::QueryPool, -1);
      }
      // Freed with the pool.
      counted(Object::CommandBuffer, -1);
    }
    slots.clear();
    if (commandPool)
      vkDestroyCommandPool(device, commandPool, nullptr);
    vkDestroyDevice(device, nullptr);
  }
  if (messenger) {
    auto destroyMessenger =
        reinterpret_cast<PFN_vkDestroyDebugUtilsMessengerEXT>(
            vkGetInstanceProcAddr(instance, "vkDestroyDebugUtilsMessengerEXT"));
    if (destroyMessenger)
      destroyMessenger(instance, messenger, nullptr);
  }
  if (instance)
    vkDestroyInstance(instance, nullptr);
}

//===----------------------------------------------------------------------===//
// Buffers
//===----------------------------------------------------------------------===//

llvm::Expected<uint32_t> Gpu::memoryTypeFor(uint32_t typeBits, bool hostVisible,
                                            bool &coherent) const {
  // Host-visible: coherent if there is such a type, else with explicit
  // flushes. Otherwise: device-local if there is such a type.
  std::optional<uint32_t> chosen;
  coherent = false;
  for (uint32_t t = 0; t < memoryProperties.memoryTypeCount; ++t) {
    if (!(typeBits & (1u << t)))
      continue;
    VkMemoryPropertyFlags flags = memoryProperties.memoryTypes[t].propertyFlags;
    if (hostVisible) {
      if (!(flags & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT))
        continue;
      bool c = flags & VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
      if (!chosen || (c && !coherent)) {
        chosen = t;
        coherent = c;
      }
      continue;
    }
    bool local = flags & VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT;
    if (!chosen || local) {
      chosen = t;
      if (local)
        break;
    }
  }
  if (!chosen)
    return makeError(
        llvm::formatv("device '{0}' has no {1} memory for this resource",
                      deviceName, hostVisible ? "host-visible" : "device"));
  return *chosen;
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

/// Buffers live in host-visible memory: the host reads and writes them in
/// place, with no staging copy. On lavapipe that memory is the host's
/// anyway; a GPU with a faster device-local heap would want a staged
/// variant, which nothing measured here asks for yet.
llvm::Expected<std::shared_ptr<GpuBuffer>> Gpu::allocateBuffer(uint64_t bytes) {
  // Vulkan has no empty buffer; an empty one gets a word nobody reads. Any
  // buffer may be an image's texels, copied to and from the image.
  VkDeviceSize size = std::max<VkDeviceSize>(llvm::alignTo(bytes, 4), 4);
  // More than any host-visible heap holds is out of memory before Vulkan
  // sees it: a size past the device's limits is invalid usage, which a
  // driver need not survive, and a driver that reserves lazily (lavapipe)
  // could grant it, and the zeroing below would then exhaust the host.
  VkDeviceSize largestHeap = 0;
  for (uint32_t t = 0; t < memoryProperties.memoryTypeCount; ++t)
    if (memoryProperties.memoryTypes[t].propertyFlags &
        VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT)
      largestHeap =
          std::max(largestHeap,
                   memoryProperties
                       .memoryHeaps[memoryProperties.memoryTypes[t].heapIndex]
                       .size);
  if (size < bytes || size > largestHeap)
    return makeError(llvm::formatv("{0} bytes are more than the largest "
                                   "host-visible heap of device '{1}' holds, "
                                   "{2} bytes (VK_ERROR_OUT_OF_DEVICE_MEMORY)",
                                   bytes, deviceName, largestHeap));
  std::shared_ptr<GpuBuffer> result(new GpuBuffer(shared_from_this()));
  result->bytes = bytes;
  VkBufferCreateInfo bufferInfo{};
  bufferInfo.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO;
  bufferInfo.size = size;
  bufferInfo.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                     VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                     VK_BUFFER_USAGE_TRANSFER_DST_BIT;
  bufferInfo.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  VkResult created =
      vkCreateBuffer(device, &bufferInfo, nullptr, &result->buffer);
  if (created != VK_SUCCESS) {
    result->buffer = VK_NULL_HANDLE;
    return vkError("vkCreateBuffer", created);
  }
  counted(Object::Buffer, 1);
  VkMemoryRequirements requirements;
  vkGetBufferMemoryRequirements(device, result->buffer, &requirements);
  llvm::Expected<uint32_t> type =
      memoryTypeFor(requirements.memoryTypeBits, true, result->coherent);
  if (!type)
    return type.takeError();
  VkMemoryAllocateInfo allocInfo{};
  allocInfo.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO;
  allocInfo.allocationSize = requirements.size;
  allocInfo.memoryTypeIndex = *type;
  TOLK_VK_CHECK(vkAllocateMemory, device, &allocInfo, nullptr, &result->memory);
  counted(Object::Memory, 1);
  TOLK_VK_CHECK(vkBindBufferMemory, device, result->buffer, result->memory, 0);
  void *data;
  TOLK_VK_CHECK(vkMapMemory, device, result->memory, 0, VK_WHOLE_SIZE, 0,
                &data);
  result->mapped = static_cast<uint8_t *>(data);
  std::memset(data, 0, bufferInfo.size);
  if (!result->coherent) {
    VkMappedMemoryRange range = wholeRange(result->memory);
    TOLK_VK_CHECK(vkFlushMappedMemoryRanges, device, 1, &range);
  }
  return result;
}

void GpuBuffer::destroyImage() {
  if (!image)
    return;
  VkDevice device = gpu->device;
  if (image->view) {
    vkDestroyImageView(device, image->view, nullptr);
    gpu->counted(Gpu::Object::ImageView, -1);
  }
  if (image->image) {
    vkDestroyImage(device, image->image, nullptr);
    gpu->counted(Gpu::Object::Image, -1);
  }
  if (image->memory) {
    vkFreeMemory(device, image->memory, nullptr);
    gpu->counted(Gpu::Object::Memory, -1);
  }
  image.reset();
}

GpuBuffer::~GpuBuffer() {
  // No submission uses it: each holds a reference until it retires.
  destroyImage();
  if (buffer) {
    vkDestroyBuffer(gpu->device, buffer, nullptr);
    gpu->counted(Gpu::Object::Buffer, -1);
  }
  if (memory) {
    vkFreeMemory(gpu->device, memory, nullptr);
    gpu->counted(Gpu::Object::Memory, -1);
  }
}

llvm::Error Gpu::write(GpuBuffer &buffer, uint64_t offset,
                       llvm::ArrayRef<uint8_t> source) {
  std::lock_guard<std::mutex> lock(mutex);
  // A submission in flight may read these bytes: wait for it.
  if (llvm::Error err = waitLocked(buffer.lastUse, nullptr)) {
    // Its failure is the launch's, not this write's: keep it.
    deferredErrors.insert(deferredErrors.begin(),
                          llvm::toString(std::move(err)));
  }
  if (!source.empty())
    std::memcpy(buffer.mapped + offset, source.data(), source.size());
  if (!buffer.coherent) {
    VkMappedMemoryRange range = wholeRange(buffer.memory);
    TOLK_VK_CHECK(vkFlushMappedMemoryRanges, device, 1, &range);
  }
  return takeLayerReports();
}

llvm::Error Gpu::read(GpuBuffer &buffer, uint64_t offset,
                      llvm::MutableArrayRef<uint8_t> dest) {
  std::lock_guard<std::mutex> lock(mutex);
  if (llvm::Error err = waitLocked(buffer.lastUse, nullptr))
    return err;
  if (!deferredErrors.empty()) {
    std::string first = std::move(deferredErrors.front());
    deferredErrors.erase(deferredErrors.begin());
    return makeError(first);
  }
  if (!buffer.coherent) {
    VkMappedMemoryRange range = wholeRange(buffer.memory);
    TOLK_VK_CHECK(vkInvalidateMappedMemoryRanges, device, 1, &range);
  }
  if (!dest.empty())
    std::memcpy(dest.data(), buffer.mapped + offset, dest.size());
  return takeLayerReports();
}

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

static VkFormat formatOf(const VulkanLaunch::Image &image) {
  return image.format == VulkanLaunch::Image::Format::Rgba16f
             ? VK_FORMAT_R16G16B16A16_SFLOAT
             : VK_FORMAT_R32G32B32A32_SFLOAT;
}

/// Validates the module with SPIRV-Tools for the Vulkan version the device
/// is used at, where SPIRV-Tools was found: a driver is not required to
/// survive an invalid module.
static llvm::Error validateSpirv(llvm::ArrayRef<uint32_t> spirv,
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

llvm::Expected<std::shared_ptr<GpuKernel>>
Gpu::makeKernel(llvm::ArrayRef<uint32_t> spirv, llvm::StringRef entryPoint,
                const SpirvEntryPointInfo &info,
                llvm::ArrayRef<std::optional<VulkanLaunch::Image>> images,
                unsigned numBindings, uint32_t pushBytes) {
  if (llvm::Error err = checkVulkanSupport(info, features, deviceName))
    return std::move(err);
  if (llvm::Error err = validateSpirv(spirv, features.apiVersion))
    return std::move(err);
  const VkPhysicalDeviceLimits &limits = properties.limits;
  // vkCmdPushConstants takes whole words.
  uint32_t pushSize = uint32_t(llvm::alignTo(pushBytes, 4));
  if (pushSize > limits.maxPushConstantsSize)
    return makeError(llvm::formatv(
        "{0} bytes of push constants exceed the limit of device '{1}', {2}",
        pushSize, deviceName, limits.maxPushConstantsSize));
  for (auto [index, image] : llvm::enumerate(images)) {
    if (!image)
      continue;
    VkFormatProperties formatProperties;
    vkGetPhysicalDeviceFormatProperties(physical, formatOf(*image),
                                        &formatProperties);
    if (!(formatProperties.optimalTilingFeatures &
          VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT))
      return makeError(llvm::formatv(
          "device '{0}' has no storage images of format {1} (image {2})",
          deviceName,
          image->format == VulkanLaunch::Image::Format::Rgba16f
              ? "VK_FORMAT_R16G16B16A16_SFLOAT"
              : "VK_FORMAT_R32G32B32A32_SFLOAT",
          index));
    uint32_t most = limits.maxImageDimension2D;
    if (image->width > most || image->height > most)
      return makeError(llvm::formatv(
          "image {0} ({1}x{2} texels) exceeds the limit of device '{3}', "
          "{4} texels a side",
          index, image->width, image->height, deviceName, most));
  }

  std::shared_ptr<GpuKernel> kernel(new GpuKernel(shared_from_this()));
  kernel->name = entryPoint.str();
  kernel->info = info;
  kernel->images.assign(images.begin(), images.end());
  kernel->numBindings = numBindings;
  kernel->pushSize = pushSize;

  // Descriptor set 0: binding k is buffer or image k.
  llvm::SmallVector<VkDescriptorSetLayoutBinding, 4> layoutBindings;
  for (unsigned k = 0; k < numBindings; ++k) {
    VkDescriptorSetLayoutBinding b{};
    b.binding = k;
    b.descriptorType = kernel->isImage(k) ? VK_DESCRIPTOR_TYPE_STORAGE_IMAGE
                                          : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    b.descriptorCount = 1;
    b.stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
    layoutBindings.push_back(b);
  }
  VkDescriptorSetLayoutCreateInfo setLayoutInfo{};
  setLayoutInfo.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO;
  setLayoutInfo.bindingCount = uint32_t(layoutBindings.size());
  setLayoutInfo.pBindings = layoutBindings.data();
  TOLK_VK_CHECK(vkCreateDescriptorSetLayout, device, &setLayoutInfo, nullptr,
                &kernel->setLayout);
  counted(Object::DescriptorSetLayout, 1);
  VkPushConstantRange pushRange{VK_SHADER_STAGE_COMPUTE_BIT, 0, pushSize};
  VkPipelineLayoutCreateInfo pipelineLayoutInfo{};
  pipelineLayoutInfo.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO;
  pipelineLayoutInfo.setLayoutCount = 1;
  pipelineLayoutInfo.pSetLayouts = &kernel->setLayout;
  pipelineLayoutInfo.pushConstantRangeCount = pushSize != 0 ? 1 : 0;
  pipelineLayoutInfo.pPushConstantRanges = &pushRange;
  TOLK_VK_CHECK(vkCreatePipelineLayout, device, &pipelineLayoutInfo, nullptr,
                &kernel->pipelineLayout);
  counted(Object::PipelineLayout, 1);
  VkShaderModuleCreateInfo shaderInfo{};
  shaderInfo.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO;
  shaderInfo.codeSize = spirv.size() * sizeof(uint32_t);
  shaderInfo.pCode = spirv.data();
  TOLK_VK_CHECK(vkCreateShaderModule, device, &shaderInfo, nullptr,
                &kernel->shader);
  counted(Object::ShaderModule, 1);
  return kernel;
}

GpuKernel::~GpuKernel() {
  // No submission uses it: each holds a reference until it retires.
  VkDevice device = gpu->device;
  using Object = Gpu::Object;
  for (auto &[size, pipeline] : pipelines) {
    vkDestroyPipeline(device, pipeline, nullptr);
    gpu->counted(Object::Pipeline, -1);
  }
  for (VkDescriptorPool pool : pools) {
    vkDestroyDescriptorPool(device, pool, nullptr);
    gpu->counted(Object::DescriptorPool, -1);
  }
  // The sets go with their pools.
  gpu->counted(Object::DescriptorSet, -int64_t(allocatedSets));
  if (shader) {
    vkDestroyShaderModule(device, shader, nullptr);
    gpu->counted(Object::ShaderModule, -1);
  }
  if (pipelineLayout) {
    vkDestroyPipelineLayout(device, pipelineLayout, nullptr);
    gpu->counted(Object::PipelineLayout, -1);
  }
  if (setLayout) {
    vkDestroyDescriptorSetLayout(device, setLayout, nullptr);
    gpu->counted(Object::DescriptorSetLayout, -1);
  }
}

/// Binding k's offset and size in its buffer (VK_WHOLE_SIZE: the rest of
/// it): its range, or the whole buffer where the dispatch gives none.
static std::pair<uint64_t, uint64_t> bindingRange(const GpuDispatch &dispatch,
                                                  size_t k) {
  return dispatch.ranges.empty()
             ? std::pair<uint64_t, uint64_t>{0, VK_WHOLE_SIZE}
             : dispatch.ranges[k];
}

llvm::Error Gpu::checkDispatch(GpuKernel &kernel, const GpuDispatch &dispatch) {
  const VkPhysicalDeviceLimits &limits = properties.limits;
  const std::array<uint32_t, 3> &localSize = dispatch.workgroupSize;
  for (unsigned d = 0; d < 3; ++d) {
    if (dispatch.workgroupCount[d] > limits.maxComputeWorkGroupCount[d])
      return makeError(llvm::formatv("{0} workgroups in dimension {1} exceed "
                                     "device '{2}', whose limit is {3}",
                                     dispatch.workgroupCount[d], "xyz"[d],
                                     deviceName,
                                     limits.maxComputeWorkGroupCount[d]));
    if (localSize[d] == 0 || localSize[d] > limits.maxComputeWorkGroupSize[d])
      return makeError(llvm::formatv(
          "the workgroup size of kernel '{0}', {1} in dimension {2}, is "
          "outside the limit of device '{3}', 1 to {4}",
          kernel.name, localSize[d], "xyz"[d], deviceName,
          limits.maxComputeWorkGroupSize[d]));
  }
  uint64_t invocations = uint64_t(localSize[0]) * localSize[1] * localSize[2];
  if (invocations > limits.maxComputeWorkGroupInvocations)
    return makeError(llvm::formatv(
        "the workgroup of kernel '{0}', {1} invocations, exceeds the "
        "limit of device '{2}', {3}",
        kernel.name, invocations, deviceName,
        limits.maxComputeWorkGroupInvocations));
  if (dispatch.buffers.size() != kernel.numBindings)
    return makeError(llvm::formatv("kernel '{0}' has {1} binding(s), but {2} "
                                   "buffer(s) were given",
                                   kernel.name, kernel.numBindings,
                                   dispatch.buffers.size()));
  if (!dispatch.ranges.empty() &&
      dispatch.ranges.size() != dispatch.buffers.size())
    return makeError(llvm::formatv("{0} ranges for {1} buffers",
                                   dispatch.ranges.size(),
                                   dispatch.buffers.size()));
  for (auto [index, buffer] : llvm::enumerate(dispatch.buffers)) {
    auto [offset, size] = bindingRange(dispatch, index);
    uint64_t bytes = size == VK_WHOLE_SIZE ? buffer->size() - offset : size;
    if (!kernel.isImage(index) && bytes > limits.maxStorageBufferRange)
      return makeError(llvm::formatv(
          "buffer {0} ({1} bytes) exceeds the storage buffer range of "
          "device '{2}', {3} bytes",
          index, bytes, deviceName, limits.maxStorageBufferRange));
  }
  if (dispatch.pushConstants.size() > kernel.pushSize)
    return makeError(llvm::formatv("kernel '{0}' has {1} bytes of push "
                                   "constants, but {2} were given",
                                   kernel.name, kernel.pushSize,
                                   dispatch.pushConstants.size()));
  return llvm::Error::success();
}

/// The compute pipeline of `kernel` for workgroups of `size`: the module's
/// LocalSize, or the specialization constants of its WorkgroupSize.
llvm::Expected<VkPipeline>
Gpu::pipelineFor(GpuKernel &kernel, const std::array<uint32_t, 3> &size) {
  const SpirvEntryPointInfo &info = kernel.info;
  std::array<uint32_t, 3> key =
      info.workgroupSizeSpecIds ? size : std::array<uint32_t, 3>{0, 0, 0};
  auto found = kernel.pipelines.find(key);
  if (found != kernel.pipelines.end())
    return found->second;
  VkComputePipelineCreateInfo pipelineInfo{};
  pipelineInfo.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO;
  pipelineInfo.stage.sType =
      VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
  pipelineInfo.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  pipelineInfo.stage.module = kernel.shader;
  pipelineInfo.stage.pName = kernel.name.c_str();
  VkSpecializationMapEntry sizeEntries[3];
  VkSpecializationInfo specialization{};
  if (info.workgroupSizeSpecIds) {
    for (unsigned d = 0; d < 3; ++d)
      sizeEntries[d] = {(*info.workgroupSizeSpecIds)[d],
                        uint32_t(d * sizeof(uint32_t)), sizeof(uint32_t)};
    specialization.mapEntryCount = 3;
    specialization.pMapEntries = sizeEntries;
    specialization.dataSize = sizeof(size);
    specialization.pData = size.data();
    pipelineInfo.stage.pSpecializationInfo = &specialization;
  }
  pipelineInfo.layout = kernel.pipelineLayout;
  VkPipeline pipeline;
  TOLK_VK_CHECK(vkCreateComputePipelines, device, VK_NULL_HANDLE, 1,
                &pipelineInfo, nullptr, &pipeline);
  counted(Object::Pipeline, 1);
  kernel.pipelines[key] = pipeline;
  return pipeline;
}

/// A descriptor set of `kernel`'s layout: a free one, or one from its pool
/// (a new pool of kSetsPerPool when the last is used up).
llvm::Expected<VkDescriptorSet> Gpu::takeSet(GpuKernel &kernel) {
  if (kernel.numBindings == 0)
    return VK_NULL_HANDLE;
  if (!kernel.freeSets.empty()) {
    VkDescriptorSet set = kernel.freeSets.back();
    kernel.freeSets.pop_back();
    return set;
  }
  constexpr unsigned kSetsPerPool = 16;
  if (kernel.pools.empty() || kernel.setsInLastPool == kSetsPerPool) {
    uint32_t numImages = 0;
    for (unsigned k = 0; k < kernel.numBindings; ++k)
      numImages += kernel.isImage(k) ? 1 : 0;
    llvm::SmallVector<VkDescriptorPoolSize, 2> poolSizes;
    if (numImages != kernel.numBindings)
      poolSizes.push_back({VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                           (kernel.numBindings - numImages) * kSetsPerPool});
    if (numImages != 0)
      poolSizes.push_back(
          {VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, numImages * kSetsPerPool});
    VkDescriptorPoolCreateInfo poolInfo{};
    poolInfo.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO;
    poolInfo.maxSets = kSetsPerPool;
    poolInfo.poolSizeCount = uint32_t(poolSizes.size());
    poolInfo.pPoolSizes = poolSizes.data();
    VkDescriptorPool pool;
    TOLK_VK_CHECK(vkCreateDescriptorPool, device, &poolInfo, nullptr, &pool);
    counted(Object::DescriptorPool, 1);
    kernel.pools.push_back(pool);
    kernel.setsInLastPool = 0;
  }
  VkDescriptorSetAllocateInfo setInfo{};
  setInfo.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO;
  setInfo.descriptorPool = kernel.pools.back();
  setInfo.descriptorSetCount = 1;
  setInfo.pSetLayouts = &kernel.setLayout;
  VkDescriptorSet set;
  TOLK_VK_CHECK(vkAllocateDescriptorSets, device, &setInfo, &set);
  counted(Object::DescriptorSet, 1);
  ++kernel.allocatedSets;
  ++kernel.setsInLastPool;
  return set;
}

/// The storage image of `buffer`'s texels, in device memory of any kind
/// (only transfers touch it from the host's side), with its view: kept
/// with the buffer from one dispatch to the next.
llvm::Error Gpu::prepareImage(GpuBuffer &buffer,
                              const VulkanLaunch::Image &shape) {
  if (buffer.image && buffer.image->shape.format == shape.format &&
      buffer.image->shape.width == shape.width &&
      buffer.image->shape.height == shape.height)
    return llvm::Error::success();
  // Another shape: earlier submissions may still use the old image.
  if (buffer.image)
    if (llvm::Error err = waitLocked(buffer.lastUse, nullptr))
      deferredErrors.push_back(llvm::toString(std::move(err)));
  buffer.destroyImage();
  buffer.image.emplace();
  GpuBuffer::Image &image = *buffer.image;
  image.shape = shape;
  VkImageCreateInfo imageInfo{};
  imageInfo.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO;
  imageInfo.imageType = VK_IMAGE_TYPE_2D;
  imageInfo.format = formatOf(shape);
  imageInfo.extent = {shape.width, shape.height, 1};
  imageInfo.mipLevels = 1;
  imageInfo.arrayLayers = 1;
  imageInfo.samples = VK_SAMPLE_COUNT_1_BIT;
  imageInfo.tiling = VK_IMAGE_TILING_OPTIMAL;
  imageInfo.usage = VK_IMAGE_USAGE_STORAGE_BIT |
                    VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                    VK_IMAGE_USAGE_TRANSFER_DST_BIT;
  imageInfo.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  imageInfo.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  TOLK_VK_CHECK(vkCreateImage, device, &imageInfo, nullptr, &image.image);
  counted(Object::Image, 1);
  VkMemoryRequirements requirements;
  vkGetImageMemoryRequirements(device, image.image, &requirements);
  bool coherent;
  llvm::Expected<uint32_t> type =
      memoryTypeFor(requirements.memoryTypeBits, false, coherent);
  if (!type)
    return type.takeError();
  VkMemoryAllocateInfo allocInfo{};
  allocInfo.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO;
  allocInfo.allocationSize = requirements.size;
  allocInfo.memoryTypeIndex = *type;
  TOLK_VK_CHECK(vkAllocateMemory, device, &allocInfo, nullptr, &image.memory);
  counted(Object::Memory, 1);
  TOLK_VK_CHECK(vkBindImageMemory, device, image.image, image.memory, 0);
  VkImageViewCreateInfo viewInfo{};
  viewInfo.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO;
  viewInfo.image = image.image;
  viewInfo.viewType = VK_IMAGE_VIEW_TYPE_2D;
  viewInfo.format = imageInfo.format;
  viewInfo.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
  TOLK_VK_CHECK(vkCreateImageView, device, &viewInfo, nullptr, &image.view);
  counted(Object::ImageView, 1);
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Submissions
//===----------------------------------------------------------------------===//

/// The most submissions in flight: one more waits for the oldest, so that
/// a caller that never synchronizes holds a bounded number of slots.
static constexpr size_t kMaxInFlight = 64;

llvm::Expected<Gpu::Slot *> Gpu::takeSlot() {
  if (inFlight.size() >= kMaxInFlight) {
    llvm::Error none = llvm::Error::success();
    retireOldest(0, none, nullptr);
    llvm::consumeError(std::move(none));
  }
  if (!idleSlots.empty()) {
    Slot *slot = idleSlots.back();
    idleSlots.pop_back();
    return slot;
  }
  auto slot = std::make_unique<Slot>();
  VkCommandBufferAllocateInfo commandInfo{};
  commandInfo.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO;
  commandInfo.commandPool = commandPool;
  commandInfo.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  commandInfo.commandBufferCount = 1;
  TOLK_VK_CHECK(vkAllocateCommandBuffers, device, &commandInfo,
                &slot->commands);
  VkFenceCreateInfo fenceInfo{};
  fenceInfo.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO;
  VkResult result = vkCreateFence(device, &fenceInfo, nullptr, &slot->fence);
  if (result != VK_SUCCESS) {
    vkFreeCommandBuffers(device, commandPool, 1, &slot->commands);
    return vkError("vkCreateFence", result);
  }
  if (timestamps) {
    VkQueryPoolCreateInfo queryInfo{};
    queryInfo.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO;
    queryInfo.queryType = VK_QUERY_TYPE_TIMESTAMP;
    queryInfo.queryCount = 2;
    result = vkCreateQueryPool(device, &queryInfo, nullptr, &slot->queries);
    if (result != VK_SUCCESS) {
      vkDestroyFence(device, slot->fence, nullptr);
      vkFreeCommandBuffers(device, commandPool, 1, &slot->commands);
      return vkError("vkCreateQueryPool", result);
    }
    counted(Object::QueryPool, 1);
  }
  counted(Object::CommandBuffer, 1);
  counted(Object::Fence, 1);
  slots.push_back(std::move(slot));
  return slots.back().get();
}

static void imageBarrier(VkCommandBuffer commands, VkImage image,
                         VkImageLayout from, VkImageLayout to,
                         VkAccessFlags srcAccess, VkAccessFlags dstAccess,
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

/// The whole of an image of `shape`, for the copies to and from its buffer.
static VkBufferImageCopy regionOf(const VulkanLaunch::Image &shape) {
  VkBufferImageCopy region{};
  region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
  region.imageExtent = {shape.width, shape.height, 1};
  return region;
}

/// One command buffer: a barrier after the work before it, each image's
/// texels from its buffer (in the GENERAL layout for the dispatch), the
/// dispatch between two timestamps where it is timed, the images' texels
/// back, and a barrier that makes all of it visible to the host.
void Gpu::record(Slot &slot, GpuKernel &kernel, VkPipeline pipeline,
                 const GpuDispatch &dispatch) {
  VkCommandBuffer commands = slot.commands;
  VkCommandBufferBeginInfo beginInfo{};
  beginInfo.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO;
  beginInfo.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  vkBeginCommandBuffer(commands, &beginInfo);

  constexpr VkPipelineStageFlags work =
      VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT;
  VkMemoryBarrier after{};
  after.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER;
  after.srcAccessMask =
      VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT;
  after.dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT |
                        VK_ACCESS_TRANSFER_READ_BIT |
                        VK_ACCESS_TRANSFER_WRITE_BIT;
  vkCmdPipelineBarrier(commands, work, work, 0, 1, &after, 0, nullptr, 0,
                       nullptr);

  for (auto [k, buffer] : llvm::enumerate(dispatch.buffers)) {
    if (!kernel.isImage(k))
      continue;
    VkImage image = buffer->image->image;
    imageBarrier(commands, image, VK_IMAGE_LAYOUT_UNDEFINED,
                 VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 0,
                 VK_ACCESS_TRANSFER_WRITE_BIT, work,
                 VK_PIPELINE_STAGE_TRANSFER_BIT);
    VkBufferImageCopy region = regionOf(*kernel.images[k]);
    vkCmdCopyBufferToImage(commands, buffer->buffer, image,
                           VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region);
    imageBarrier(commands, image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                 VK_IMAGE_LAYOUT_GENERAL, VK_ACCESS_TRANSFER_WRITE_BIT,
                 VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT,
                 VK_PIPELINE_STAGE_TRANSFER_BIT,
                 VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT);
  }
  vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
  if (slot.set)
    vkCmdBindDescriptorSets(commands, VK_PIPELINE_BIND_POINT_COMPUTE,
                            kernel.pipelineLayout, 0, 1, &slot.set, 0, nullptr);
  if (kernel.pushSize != 0) {
    llvm::SmallVector<uint8_t, 64> pushBytes(dispatch.pushConstants.begin(),
                                             dispatch.pushConstants.end());
    pushBytes.resize(kernel.pushSize, 0);
    vkCmdPushConstants(commands, kernel.pipelineLayout,
                       VK_SHADER_STAGE_COMPUTE_BIT, 0, kernel.pushSize,
                       pushBytes.data());
  }
  bool timed = slot.timed && slot.queries;
  if (timed) {
    vkCmdResetQueryPool(commands, slot.queries, 0, 2);
    vkCmdWriteTimestamp(commands, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
                        slot.queries, 0);
  }
  vkCmdDispatch(commands, dispatch.workgroupCount[0],
                dispatch.workgroupCount[1], dispatch.workgroupCount[2]);
  if (timed)
    vkCmdWriteTimestamp(commands, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT,
                        slot.queries, 1);
  for (auto [k, buffer] : llvm::enumerate(dispatch.buffers)) {
    if (!kernel.isImage(k))
      continue;
    VkImage image = buffer->image->image;
    imageBarrier(commands, image, VK_IMAGE_LAYOUT_GENERAL,
                 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                 VK_ACCESS_SHADER_WRITE_BIT, VK_ACCESS_TRANSFER_READ_BIT,
                 VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                 VK_PIPELINE_STAGE_TRANSFER_BIT);
    VkBufferImageCopy region = regionOf(*kernel.images[k]);
    vkCmdCopyImageToBuffer(commands, image,
                           VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, buffer->buffer,
                           1, &region);
  }
  VkMemoryBarrier toHost{};
  toHost.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER;
  toHost.srcAccessMask =
      VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT;
  toHost.dstAccessMask = VK_ACCESS_HOST_READ_BIT | VK_ACCESS_HOST_WRITE_BIT;
  vkCmdPipelineBarrier(commands, work, VK_PIPELINE_STAGE_HOST_BIT, 0, 1,
                       &toHost, 0, nullptr, 0, nullptr);
  vkEndCommandBuffer(commands);
}

llvm::Expected<uint64_t> Gpu::submitLocked(GpuKernel &kernel,
                                           const GpuDispatch &dispatch) {
  if (llvm::Error err = checkDispatch(kernel, dispatch))
    return std::move(err);
  llvm::Expected<VkPipeline> pipeline =
      pipelineFor(kernel, dispatch.workgroupSize);
  if (!pipeline)
    return pipeline.takeError();
  for (auto [k, buffer] : llvm::enumerate(dispatch.buffers))
    if (kernel.isImage(k))
      if (llvm::Error err = prepareImage(*buffer, *kernel.images[k]))
        return std::move(err);
  llvm::Expected<Slot *> taken = takeSlot();
  if (!taken)
    return taken.takeError();
  Slot &slot = **taken;
  llvm::Expected<VkDescriptorSet> set = takeSet(kernel);
  if (!set) {
    idleSlots.push_back(&slot);
    return set.takeError();
  }
  slot.set = *set;
  slot.timed = dispatch.timed;
  if (slot.set) {
    llvm::SmallVector<VkDescriptorBufferInfo, 4> bufferInfos;
    llvm::SmallVector<VkDescriptorImageInfo, 4> imageInfos;
    bufferInfos.reserve(dispatch.buffers.size());
    imageInfos.reserve(dispatch.buffers.size());
    llvm::SmallVector<VkWriteDescriptorSet, 4> writes;
    for (auto [k, buffer] : llvm::enumerate(dispatch.buffers)) {
      VkWriteDescriptorSet w{};
      w.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET;
      w.dstSet = slot.set;
      w.dstBinding = uint32_t(k);
      w.descriptorCount = 1;
      if (kernel.isImage(k)) {
        w.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
        imageInfos.push_back(
            {VK_NULL_HANDLE, buffer->image->view, VK_IMAGE_LAYOUT_GENERAL});
        w.pImageInfo = &imageInfos.back();
      } else {
        w.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
        auto [offset, size] = bindingRange(dispatch, k);
        bufferInfos.push_back({buffer->buffer, offset, size});
        w.pBufferInfo = &bufferInfos.back();
      }
      writes.push_back(w);
    }
    vkUpdateDescriptorSets(device, uint32_t(writes.size()), writes.data(), 0,
                           nullptr);
  }
  record(slot, kernel, *pipeline, dispatch);

  VkSubmitInfo submitInfo{};
  submitInfo.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO;
  submitInfo.commandBufferCount = 1;
  submitInfo.pCommandBuffers = &slot.commands;
  VkResult result = vkQueueSubmit(queue, 1, &submitInfo, slot.fence);
  if (result != VK_SUCCESS) {
    if (slot.set)
      kernel.freeSets.push_back(slot.set);
    slot.set = VK_NULL_HANDLE;
    idleSlots.push_back(&slot);
    return vkError("vkQueueSubmit", result);
  }
  slot.serial = ++lastSerial;
  slot.kernel = kernel.shared_from_this();
  slot.buffers.assign(dispatch.buffers.begin(), dispatch.buffers.end());
  for (const std::shared_ptr<GpuBuffer> &buffer : dispatch.buffers)
    buffer->lastUse = slot.serial;
  slot.description = dispatch.description;
  inFlight.push_back(&slot);
  return slot.serial;
}

void Gpu::retireOldest(uint64_t target, llvm::Error &targetError,
                       double *kernelMs) {
  Slot &slot = *inFlight.front();
  inFlight.pop_front();
  std::string failure;
  VkResult result =
      vkWaitForFences(device, 1, &slot.fence, VK_TRUE, UINT64_MAX);
  if (result != VK_SUCCESS) {
    failure = llvm::toString(vkError("vkWaitForFences", result));
  } else if (slot.timed && slot.serial == target && kernelMs) {
    if (slot.queries) {
      uint64_t ticks[2] = {0, 0};
      result = vkGetQueryPoolResults(
          device, slot.queries, 0, 2, sizeof(ticks), ticks, sizeof(uint64_t),
          VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT);
      if (result != VK_SUCCESS)
        failure = llvm::toString(vkError("vkGetQueryPoolResults", result));
      uint64_t mask = timestampValidBits >= 64
                          ? ~uint64_t(0)
                          : (uint64_t(1) << timestampValidBits) - 1;
      *kernelMs = double((ticks[1] - ticks[0]) & mask) *
                  properties.limits.timestampPeriod / 1e6;
    }
  }
  if (!failure.empty() && !slot.description.empty())
    failure += " (" + slot.description + ")";
  vkResetFences(device, 1, &slot.fence);
  if (slot.set && slot.kernel)
    slot.kernel->freeSets.push_back(slot.set);
  slot.set = VK_NULL_HANDLE;
  slot.kernel.reset();
  slot.buffers.clear();
  if (!failure.empty()) {
    if (slot.serial == target)
      targetError = makeError(failure);
    else
      deferredErrors.push_back(std::move(failure));
  }
  idleSlots.push_back(&slot);
}

llvm::Error Gpu::waitLocked(uint64_t serial, double *kernelMs) {
  llvm::Error error = llvm::Error::success();
  while (!inFlight.empty() && inFlight.front()->serial <= serial)
    retireOldest(serial, error, kernelMs);
  if (error)
    return error;
  return takeLayerReports();
}

llvm::Error Gpu::wait(uint64_t serial, double *kernelMs) {
  std::lock_guard<std::mutex> lock(mutex);
  return waitLocked(serial, kernelMs);
}

llvm::Error Gpu::synchronize() {
  std::lock_guard<std::mutex> lock(mutex);
  if (llvm::Error err = waitLocked(lastSerial, nullptr))
    return err;
  if (deferredErrors.empty())
    return llvm::Error::success();
  std::string first = std::move(deferredErrors.front());
  deferredErrors.erase(deferredErrors.begin());
  return makeError(first);
}

//===----------------------------------------------------------------------===//
// The calls that report what the layer saw on the way
//===----------------------------------------------------------------------===//

/// `result`, failed by what the validation layer reported while it was
/// made; a failure joined with those reports (their likelier cause).
template <typename T>
llvm::Expected<T> Gpu::withLayerReports(llvm::Expected<T> result) {
  llvm::Error reports = takeLayerReports();
  if (!reports)
    return result;
  if (!result)
    return llvm::joinErrors(std::move(reports), result.takeError());
  return std::move(reports);
}

llvm::Expected<std::shared_ptr<GpuBuffer>> Gpu::allocate(uint64_t bytes) {
  return withLayerReports(allocateBuffer(bytes));
}

llvm::Expected<std::shared_ptr<GpuKernel>>
Gpu::createKernel(llvm::ArrayRef<uint32_t> spirv, llvm::StringRef entryPoint,
                  const SpirvEntryPointInfo &info,
                  llvm::ArrayRef<std::optional<VulkanLaunch::Image>> images,
                  unsigned numBindings, uint32_t pushBytes) {
  return withLayerReports(
      makeKernel(spirv, entryPoint, info, images, numBindings, pushBytes));
}

llvm::Expected<uint64_t> Gpu::submit(GpuKernel &kernel,
                                     const GpuDispatch &dispatch) {
  std::lock_guard<std::mutex> lock(mutex);
  return withLayerReports(submitLocked(kernel, dispatch));
}

#endif // TOLK_HAVE_VULKAN
