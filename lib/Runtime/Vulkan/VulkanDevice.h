//===- VulkanDevice.h - A persistent Vulkan device --------------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// One Vulkan instance, device and compute queue (a Gpu), and what lives on
// it across dispatches: storage buffers in host-visible memory, mapped for
// their lifetime (GpuBuffer); kernels with their shader module, layouts,
// pipelines and descriptor sets (GpuKernel); command buffers, fences and
// timestamp queries recycled between submissions. A dispatch is submitted
// and returns; waiting is separate, so that launches queue up. The runtime's
// Vulkan device (VulkanBackend.cpp) and the runner (VulkanRunner.cpp) are
// both built on it. Private to lib/Runtime; compiled only with the Vulkan
// loader (TOLK_HAVE_VULKAN).
//
// Thread safety: every Gpu call may be made from any thread; one mutex
// serializes the queue, the command and descriptor pools and the list of
// submissions in flight.
//
// A Gpu counts the Vulkan objects it has made and not destroyed, by kind
// (Gpu::liveObjects), so that a test can check that none leaks.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_LIB_RUNTIME_VULKANDEVICE_H
#define TOLK_LIB_RUNTIME_VULKANDEVICE_H

#include "tolk/Runtime/VulkanCapabilities.h"
#include "tolk/Runtime/VulkanRunner.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <array>
#include <atomic>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>
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

class Gpu;

/// A storage buffer of a Gpu in host-visible memory, mapped while it lives.
/// Destroyed when the last reference goes; a submission holds one until it
/// retires.
class GpuBuffer {
public:
  ~GpuBuffer();
  GpuBuffer(const GpuBuffer &) = delete;
  GpuBuffer &operator=(const GpuBuffer &) = delete;
  /// The bytes asked for (the VkBuffer may be larger: Vulkan has no empty
  /// buffer, and a buffer is whole words).
  uint64_t size() const { return bytes; }

private:
  friend class Gpu;
  explicit GpuBuffer(std::shared_ptr<Gpu> gpu) : gpu(std::move(gpu)) {}
  std::shared_ptr<Gpu> gpu;
  uint64_t bytes = 0;
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  uint8_t *mapped = nullptr;
  bool coherent = true;
  /// The serial of the last submission that uses it (the Gpu's mutex).
  uint64_t lastUse = 0;
  /// The storage image its bytes are copied into and out of, made the first
  /// time a dispatch binds it as one (and again for another shape).
  struct Image {
    VulkanLaunch::Image shape;
    VkImage image = VK_NULL_HANDLE;
    VkDeviceMemory memory = VK_NULL_HANDLE;
    VkImageView view = VK_NULL_HANDLE;
  };
  std::optional<Image> image;
  void destroyImage();
};

/// A kernel of a Gpu: its interface and the objects that do not change from
/// one dispatch to the next. Its pipelines (one per workgroup size where
/// the size is specialization constants) are made at the first dispatch
/// that needs each; its descriptor sets are taken for a submission and
/// given back when it retires.
class GpuKernel : public std::enable_shared_from_this<GpuKernel> {
public:
  ~GpuKernel();
  GpuKernel(const GpuKernel &) = delete;
  GpuKernel &operator=(const GpuKernel &) = delete;
  const SpirvEntryPointInfo &interface() const { return info; }
  llvm::StringRef entryPoint() const { return name; }

private:
  friend class Gpu;
  explicit GpuKernel(std::shared_ptr<Gpu> gpu) : gpu(std::move(gpu)) {}
  bool isImage(size_t binding) const {
    return binding < images.size() && images[binding];
  }
  std::shared_ptr<Gpu> gpu;
  std::string name;
  SpirvEntryPointInfo info;
  /// By binding: the image that a binding is, or none for a buffer.
  llvm::SmallVector<std::optional<VulkanLaunch::Image>, 4> images;
  unsigned numBindings = 0;
  /// The push-constant range, whole words.
  uint32_t pushSize = 0;
  VkShaderModule shader = VK_NULL_HANDLE;
  VkDescriptorSetLayout setLayout = VK_NULL_HANDLE;
  VkPipelineLayout pipelineLayout = VK_NULL_HANDLE;
  std::map<std::array<uint32_t, 3>, VkPipeline> pipelines;
  std::vector<VkDescriptorPool> pools;
  unsigned setsInLastPool = 0;
  /// The sets allocated from `pools`, which go with them.
  uint64_t allocatedSets = 0;
  std::vector<VkDescriptorSet> freeSets;
};

/// One dispatch of a kernel.
struct GpuDispatch {
  std::array<uint32_t, 3> workgroupCount = {1, 1, 1};
  /// The workgroup size: the module's LocalSize unless its size is
  /// specialization constants.
  std::array<uint32_t, 3> workgroupSize = {1, 1, 1};
  /// Binding k is buffers[k] (an image's texels where the kernel has an
  /// image there).
  llvm::SmallVector<std::shared_ptr<GpuBuffer>, 4> buffers;
  /// Where there are as many as buffers: binding k's bytes of buffers[k],
  /// its offset and size (VK_WHOLE_SIZE: the rest of the buffer);
  /// otherwise each whole buffer.
  llvm::SmallVector<std::pair<uint64_t, uint64_t>, 4> ranges;
  llvm::ArrayRef<uint8_t> pushConstants;
  /// Whether to time it (device timestamps where the queue has them).
  bool timed = false;
  /// What the dispatch is, for a failure that shows after it returned.
  std::string description;
};

/// A Vulkan instance with the first device, its compute queue, and the
/// submissions in flight.
class Gpu : public std::enable_shared_from_this<Gpu> {
public:
  /// Opens the first device. With TOLK_VULKAN_VALIDATION=1 in the
  /// environment (docs/Runtime.md), the Khronos validation layer checks
  /// every call, with synchronization validation, and what it reports
  /// fails the call that caused it.
  static llvm::Expected<std::shared_ptr<Gpu>> open();
  ~Gpu();
  Gpu(const Gpu &) = delete;
  Gpu &operator=(const Gpu &) = delete;

  /// "NAME (Vulkan X.Y.Z)".
  const std::string &description() const { return fullName; }
  /// The device's name.
  const std::string &name() const { return deviceName; }
  /// "robustBufferAccess2", "robustBufferAccess" or empty (VulkanRunInfo).
  const std::string &robustness() const { return robustnessName; }
  /// "device timestamps" or "host clock around the submission".
  llvm::StringRef clock() const;
  /// Whether the validation layer checks this device's calls.
  bool isValidated() const { return validated; }

  /// A zeroed buffer of `bytes` bytes.
  llvm::Expected<std::shared_ptr<GpuBuffer>> allocate(uint64_t bytes);
  /// Copies into / out of `buffer` after the submissions that use it.
  /// A read returns the first failure of a submission not yet returned.
  llvm::Error write(GpuBuffer &buffer, uint64_t offset,
                    llvm::ArrayRef<uint8_t> source);
  llvm::Error read(GpuBuffer &buffer, uint64_t offset,
                   llvm::MutableArrayRef<uint8_t> dest);

  /// The kernel `entryPoint` of `spirv`, whose interface `info` was read
  /// and checked against `images` (by binding) and `pushBytes` by the
  /// caller: checked against the device's features (and by SPIRV-Tools
  /// where it was found), with its shader module and layouts.
  llvm::Expected<std::shared_ptr<GpuKernel>>
  createKernel(llvm::ArrayRef<uint32_t> spirv, llvm::StringRef entryPoint,
               const SpirvEntryPointInfo &info,
               llvm::ArrayRef<std::optional<VulkanLaunch::Image>> images,
               unsigned numBindings, uint32_t pushBytes);

  /// Records and submits `dispatch` of `kernel`, after the submissions
  /// before it; returns its serial without waiting for it.
  llvm::Expected<uint64_t> submit(GpuKernel &kernel,
                                  const GpuDispatch &dispatch);
  /// Waits for submission `serial` and those before it; its failure, and
  /// its time (in `kernelMs`) if it was timed.
  llvm::Error wait(uint64_t serial, double *kernelMs = nullptr);
  /// Waits for every submission; the first failure not yet returned.
  llvm::Error synchronize();

  /// The kinds of Vulkan object a Gpu makes after it opened.
  enum class Object {
    Buffer,
    Memory,
    Image,
    ImageView,
    ShaderModule,
    Pipeline,
    PipelineLayout,
    DescriptorSetLayout,
    DescriptorPool,
    DescriptorSet,
    CommandBuffer,
    Fence,
    QueryPool,
  };
  static constexpr unsigned kNumObjectKinds = unsigned(Object::QueryPool) + 1;
  /// "vulkan.buffers", "vulkan.memory", ...: the name of a count.
  static const char *objectName(Object kind);
  /// The objects of `kind` made and not yet destroyed (a descriptor set
  /// lives until its pool goes, a command buffer until the Gpu does).
  int64_t liveObjects(Object kind) const {
    return live[unsigned(kind)].load(std::memory_order_relaxed);
  }

private:
  struct Slot {
    VkCommandBuffer commands = VK_NULL_HANDLE;
    VkFence fence = VK_NULL_HANDLE;
    VkQueryPool queries = VK_NULL_HANDLE;
    uint64_t serial = 0;
    bool timed = false;
    std::shared_ptr<GpuKernel> kernel;
    VkDescriptorSet set = VK_NULL_HANDLE;
    llvm::SmallVector<std::shared_ptr<GpuBuffer>, 4> buffers;
    std::string description;
  };
  Gpu() = default;
  friend class GpuBuffer;
  friend class GpuKernel;

  llvm::Error createInstance();
  llvm::Error chooseDevice();
  llvm::Error createDevice();
  /// What the validation layer reported since the last call, as an error
  /// (success when nothing).
  llvm::Error takeLayerReports();
  static VKAPI_ATTR VkBool32 VKAPI_CALL
  onLayerMessage(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                 VkDebugUtilsMessageTypeFlagsEXT types,
                 const VkDebugUtilsMessengerCallbackDataEXT *data, void *self);

  template <typename T>
  llvm::Expected<T> withLayerReports(llvm::Expected<T> result);
  llvm::Expected<std::shared_ptr<GpuBuffer>> allocateBuffer(uint64_t bytes);
  llvm::Expected<std::shared_ptr<GpuKernel>>
  makeKernel(llvm::ArrayRef<uint32_t> spirv, llvm::StringRef entryPoint,
             const SpirvEntryPointInfo &info,
             llvm::ArrayRef<std::optional<VulkanLaunch::Image>> images,
             unsigned numBindings, uint32_t pushBytes);

  // With `mutex` held.
  llvm::Expected<uint64_t> submitLocked(GpuKernel &kernel,
                                        const GpuDispatch &dispatch);
  llvm::Error checkDispatch(GpuKernel &kernel, const GpuDispatch &dispatch);
  llvm::Expected<VkPipeline> pipelineFor(GpuKernel &kernel,
                                         const std::array<uint32_t, 3> &size);
  llvm::Expected<VkDescriptorSet> takeSet(GpuKernel &kernel);
  llvm::Error prepareImage(GpuBuffer &buffer, const VulkanLaunch::Image &shape);
  llvm::Expected<Slot *> takeSlot();
  void record(Slot &slot, GpuKernel &kernel, VkPipeline pipeline,
              const GpuDispatch &dispatch);
  /// Retires the oldest submission: waits for it, keeps its failure and its
  /// time, and recycles its slot.
  void retireOldest(uint64_t target, llvm::Error &targetError,
                    double *kernelMs);
  llvm::Error waitLocked(uint64_t serial, double *kernelMs);
  llvm::Expected<uint32_t> memoryTypeFor(uint32_t typeBits, bool hostVisible,
                                         bool &coherent) const;

  // The device, fixed once open.
  VkInstance instance = VK_NULL_HANDLE;
  VkDebugUtilsMessengerEXT messenger = VK_NULL_HANDLE;
  VkPhysicalDevice physical = VK_NULL_HANDLE;
  VkPhysicalDeviceProperties properties{};
  VkPhysicalDeviceMemoryProperties memoryProperties{};
  VulkanDeviceFeatures features;
  VkDevice device = VK_NULL_HANDLE;
  VkQueue queue = VK_NULL_HANDLE;
  uint32_t familyIndex = 0;
  uint32_t timestampValidBits = 0;
  bool timestamps = false;
  bool validated = false;
  std::string deviceName, fullName, robustnessName;

  std::mutex mutex;
  VkCommandPool commandPool = VK_NULL_HANDLE;
  std::vector<std::unique_ptr<Slot>> slots;
  std::vector<Slot *> idleSlots;
  std::deque<Slot *> inFlight;
  uint64_t lastSerial = 0;
  /// Failures of submissions that no wait returned yet.
  std::vector<std::string> deferredErrors;

  /// Counts a made (+1) or destroyed (-1) object. Atomic: buffers and
  /// kernels are destroyed without `mutex`, by whoever drops the last
  /// reference.
  void counted(Object kind, int64_t delta) {
    live[unsigned(kind)].fetch_add(delta, std::memory_order_relaxed);
  }
  std::array<std::atomic<int64_t>, kNumObjectKinds> live{};

  /// What the validation layer reported (its own mutex: it reports from
  /// inside calls made with `mutex` held).
  std::mutex reportMutex;
  std::vector<std::string> layerReports;
};

} // namespace tolk::runtime::vulkan

#endif // TOLK_LIB_RUNTIME_VULKANDEVICE_H
