//===- VulkanBackend.cpp - The runtime on a Vulkan device -----------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The Vulkan device: a module through --tolk-to-spirv, each kernel's SPIR-V
// words kept by the compiled module; the device one persistent Gpu
// (VulkanDevice.h) opened with it, its buffers Vulkan memory that lives
// across launches, each kernel of a program a GpuKernel (its interface read
// and checked, its shader module, layouts and pipelines) made at its first
// launch. The kernel ABI is the SPIR-V lowering's: buffer k at binding k,
// the by-value parameters in one push-constant block, the block as the
// workgroup size of a kernel compiled without one. A launch is submitted
// and returns (docs/Runtime.md); a timed one waits.
//
// The device's kernels are shared by their SPIR-V (KernelCache): a program
// compiled again, or another program of the same module, launches the
// GpuKernel (and pipelines) already made. Making a pipeline again is
// slow (a driver's compiler runs), and lavapipe's resident memory grew
// with each remade pipeline (docs/Runtime.md, "Under load").
//
//===----------------------------------------------------------------------===//

#include "tolk/Pipelines/Pipelines.h"
#include "tolk/Runtime/Devices.h"
#include "tolk/Runtime/VulkanRunner.h"
#include "tolk/Target/SPIRV.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/Support/FormatVariadic.h"

#include <chrono>
#include <list>
#include <mutex>
#include <unordered_map>

#ifdef TOLK_HAVE_VULKAN
#include "VulkanDevice.h"
#endif

using namespace mlir;
using namespace tolk::runtime;

#ifdef TOLK_HAVE_VULKAN
using namespace tolk::runtime::vulkan;

namespace {

class SpirvModule : public CompiledModule {
public:
  /// Each kernel's SPIR-V words, in the order of `kernels`.
  std::vector<llvm::SmallVector<uint32_t>> words;
};

/// A buffer of Vulkan memory.
class VulkanBuffer : public Buffer {
public:
  VulkanBuffer(Device &device, std::shared_ptr<GpuBuffer> memory)
      : Buffer(device, memory->size()), memory(std::move(memory)) {}
  std::shared_ptr<GpuBuffer> memory;
};

/// The kernels of one Gpu by what makes them: the SPIR-V words, the entry
/// point, the bindings (buffer or image) and the push-constant bytes. A
/// kernel lives while a program holds it (a Lease), and the last
/// kKeptUnused that no program holds are kept besides, the least recently
/// released going first: a program destroyed and compiled again, the
/// common case, finds its kernels whatever the number of kernels alive,
/// and what is kept for nobody is bounded. Thread-safe.
class KernelCache : public std::enable_shared_from_this<KernelCache> {
public:
  static constexpr size_t kKeptUnused = 32;

  /// A program's hold on a kernel; released when it goes.
  class Lease {
  public:
    Lease(std::shared_ptr<KernelCache> cache, std::string key,
          std::shared_ptr<GpuKernel> kernel)
        : cache(std::move(cache)), key(std::move(key)),
          kernel(std::move(kernel)) {}
    ~Lease() {
      if (cache)
        cache->release(key);
    }
    Lease(const Lease &) = delete;
    Lease &operator=(const Lease &) = delete;
    GpuKernel &get() const { return *kernel; }

  private:
    std::shared_ptr<KernelCache> cache;
    std::string key;
    std::shared_ptr<GpuKernel> kernel;
  };

  /// The kernel of `launch` (whose interface is `info`), made on `gpu`
  /// unless the cache has it.
  llvm::Expected<std::unique_ptr<Lease>>
  acquire(Gpu &gpu, const VulkanLaunch &launch, const SpirvEntryPointInfo &info,
          llvm::ArrayRef<std::optional<VulkanLaunch::Image>> images) {
    std::string key = keyOf(launch, images);
    std::lock_guard<std::mutex> lock(mutex);
    auto found = entries.find(key);
    if (found == entries.end()) {
      // Made with the lock held: two threads launching the same new kernel
      // make it once.
      llvm::Expected<std::shared_ptr<GpuKernel>> kernel =
          gpu.createKernel(launch.spirv, launch.entryPoint, info, images,
                           unsigned(launch.buffers.size()),
                           uint32_t(launch.pushConstants.size()));
      if (!kernel)
        return kernel.takeError();
      found = entries.try_emplace(key).first;
      found->second.kernel = std::move(*kernel);
      found->second.place = unused.end();
    } else if (found->second.users == 0) {
      unused.erase(found->second.place);
      found->second.place = unused.end();
    }
    ++found->second.users;
    return std::make_unique<Lease>(shared_from_this(), std::move(key),
                                   found->second.kernel);
  }

  /// Drops the kernels that no program holds, and keeps none from now on:
  /// the device goes.
  void close() {
    std::vector<std::shared_ptr<GpuKernel>> dropped;
    std::lock_guard<std::mutex> lock(mutex);
    closed = true;
    while (!unused.empty())
      evictOldest(dropped);
  }

  /// The kernels in the cache, and those of them that no program holds.
  std::pair<int64_t, int64_t> counts() const {
    std::lock_guard<std::mutex> lock(mutex);
    return {int64_t(entries.size()), int64_t(unused.size())};
  }

private:
  struct Entry {
    std::shared_ptr<GpuKernel> kernel;
    unsigned users = 0;
    /// Its place in `unused` while it has no users, else unused.end().
    std::list<std::string>::iterator place;
  };

  static std::string
  keyOf(const VulkanLaunch &launch,
        llvm::ArrayRef<std::optional<VulkanLaunch::Image>> images) {
    std::string key;
    auto append = [&](const void *data, size_t bytes) {
      key.append(static_cast<const char *>(data), bytes);
    };
    uint64_t sizes[] = {launch.spirv.size(), launch.entryPoint.size(),
                        launch.buffers.size(), launch.pushConstants.size()};
    append(sizes, sizeof(sizes));
    append(launch.spirv.data(), launch.spirv.size() * sizeof(uint32_t));
    append(launch.entryPoint.data(), launch.entryPoint.size());
    for (const std::optional<VulkanLaunch::Image> &image : images) {
      uint32_t shape[] = {image ? 1u : 0u, image ? image->width : 0,
                          image ? image->height : 0,
                          image ? uint32_t(image->format) : 0};
      append(shape, sizeof(shape));
    }
    return key;
  }

  void release(const std::string &key) {
    // Destroyed after the lock goes: a kernel's destruction calls Vulkan.
    std::vector<std::shared_ptr<GpuKernel>> dropped;
    std::lock_guard<std::mutex> lock(mutex);
    auto found = entries.find(key);
    if (found == entries.end() || --found->second.users != 0)
      return;
    found->second.place = unused.insert(unused.end(), key);
    while (!unused.empty() && (closed || unused.size() > kKeptUnused))
      evictOldest(dropped);
  }

  void evictOldest(std::vector<std::shared_ptr<GpuKernel>> &dropped) {
    auto found = entries.find(unused.front());
    unused.pop_front();
    dropped.push_back(std::move(found->second.kernel));
    entries.erase(found);
  }

  mutable std::mutex mutex;
  std::unordered_map<std::string, Entry> entries;
  /// The keys of the kernels that no program holds, least recently
  /// released first.
  std::list<std::string> unused;
  bool closed = false;
};

/// A program's kernels on one Gpu, each made at its first launch.
class VulkanProgram : public Program {
public:
  using Program::Program;

  struct Kernel {
    std::unique_ptr<KernelCache::Lease> kernel;
    /// By binding: the image a binding is, or none for a buffer.
    llvm::SmallVector<std::optional<VulkanLaunch::Image>, 4> images;
  };

  /// Kernel `index`, from `cache` (or made on `gpu`) the first time;
  /// `launch` (of that kernel) is checked against its interface.
  llvm::Expected<const Kernel *> kernelFor(unsigned index, Gpu &gpu,
                                           KernelCache &cache,
                                           const VulkanLaunch &launch) const {
    std::lock_guard<std::mutex> lock(mutex);
    if (made.empty())
      made.resize(kernels().size());
    std::optional<Kernel> &slot = made[index];
    if (!slot) {
      llvm::Expected<SpirvEntryPointInfo> info =
          reflectSpirvEntryPoint(launch.spirv, launch.entryPoint);
      if (!info)
        return info.takeError();
      if (llvm::Error err = checkVulkanLaunch(launch, *info))
        return std::move(err);
      Kernel k;
      k.images.assign(launch.images.begin(), launch.images.end());
      llvm::Expected<std::unique_ptr<KernelCache::Lease>> kernel =
          cache.acquire(gpu, launch, *info, k.images);
      if (!kernel)
        return kernel.takeError();
      k.kernel = std::move(*kernel);
      slot = std::move(k);
      return &*slot;
    }
    if (llvm::Error err =
            checkVulkanLaunch(launch, slot->kernel->get().interface()))
      return std::move(err);
    return &*slot;
  }

private:
  mutable std::mutex mutex;
  mutable std::vector<std::optional<Kernel>> made;
};

class VulkanBackendDevice : public Device {
public:
  explicit VulkanBackendDevice(std::shared_ptr<Gpu> gpu)
      : gpu(std::move(gpu)), kernels(std::make_shared<KernelCache>()),
        robustness(this->gpu->robustness().empty() ? "unchecked"
                                                   : this->gpu->robustness()) {}
  ~VulkanBackendDevice() override {
    // The submissions in flight hold buffers and kernels, which hold the
    // Gpu: retire them before it goes.
    llvm::consumeError(gpu->synchronize());
    // The kernels kept for no program go with the device; a program that
    // outlives it keeps its own.
    kernels->close();
  }

  BackendKind backend() const override { return BackendKind::Vulkan; }
  llvm::StringRef name() const override { return gpu->description(); }
  llvm::StringRef memorySafety() const override { return robustness; }
  llvm::StringRef clock() const override { return gpu->clock(); }
  // Vulkan has vectors of 2 to 4 lanes (Vector16 is a Kernel capability);
  // --tolk-to-spirv kernelizes with the same bound.
  unsigned maxLanes() const override { return 4; }

  llvm::Expected<std::shared_ptr<Buffer>> allocate(uint64_t bytes) override {
    if (bytes == 0)
      return makeError(ErrorCode::InvalidArgument,
                       "a buffer of 0 bytes: allocate at least 1");
    llvm::Expected<std::shared_ptr<GpuBuffer>> memory = gpu->allocate(bytes);
    if (!memory) {
      auto [code, message] = takeError(memory.takeError());
      return makeError(
          llvm::StringRef(message).contains("OUT_OF_") ? ErrorCode::OutOfMemory
                                                       : ErrorCode::Internal,
          llvm::formatv("cannot allocate {0} bytes: {1}", bytes, message)
              .str());
    }
    return std::make_shared<VulkanBuffer>(*this, std::move(*memory));
  }

  void
  countLiveObjects(llvm::SmallVectorImpl<LiveCount> &counts) const override {
    for (unsigned k = 0; k < Gpu::kNumObjectKinds; ++k) {
      auto kind = static_cast<Gpu::Object>(k);
      counts.push_back({Gpu::objectName(kind), gpu->liveObjects(kind)});
    }
    auto [cached, unused] = kernels->counts();
    counts.push_back({"vulkan.kernels-cached", cached});
    counts.push_back({"vulkan.kernels-unused", unused});
  }

  llvm::Error synchronize() override {
    if (llvm::Error err = gpu->synchronize()) {
      auto [code, message] = takeError(std::move(err));
      return makeError(ErrorCode::LaunchFailed, message);
    }
    return llvm::Error::success();
  }

protected:
  std::string pipelineKey() const override { return "vulkan"; }

  llvm::Expected<std::shared_ptr<CompiledModule>>
  compileModule(ModuleOp module, std::vector<KernelInfo> kernels) override {
    OwningOpRef<ModuleOp> lowered = module.clone();
    PassManager pm(module.getContext());
    tolk::buildTolkToSPIRVPipeline(pm, tolk::TolkToSPIRVOptions());
    auto compiled = std::make_shared<SpirvModule>();
    if (failed(pm.run(*lowered))) {
      std::string names;
      for (const KernelInfo &k : kernels)
        names += (names.empty() ? "'" : ", '") + k.name + "'";
      return makeError(ErrorCode::CompileFailed,
                       "the SPIR-V pipeline (--tolk-to-spirv) failed on "
                       "kernel " +
                           names);
    }
    for (const KernelInfo &kernel : kernels) {
      // The spirv.module of the kernel's gpu.module (__spv__MODULE): two
      // gpu.modules may have kernels of the same name.
      Operation *root = lowered->getOperation();
      for (auto spirvModule : lowered->getOps<spirv::ModuleOp>())
        if (spirvModule.getName() == "__spv__" + kernel.module)
          root = spirvModule;
      FailureOr<SmallVector<uint32_t>> words =
          tolk::serializeSPIRVKernel(root, kernel.name);
      if (failed(words))
        return makeError(ErrorCode::CompileFailed,
                         "no SPIR-V binary for kernel '" + kernel.name + "'");
      compiled->words.push_back(std::move(*words));
    }
    compiled->kernels = std::move(kernels);
    return compiled;
  }

  llvm::Expected<std::shared_ptr<Program>>
  makeProgram(std::shared_ptr<const CompiledModule> compiled) override {
    return std::make_shared<VulkanProgram>(*this, std::move(compiled));
  }

  llvm::Error run(const Program &program, unsigned kernel,
                  const LaunchShape &shape, llvm::ArrayRef<LaunchArg> args,
                  uint64_t launchNumber, double *kernelMs) override {
    const auto &compiled =
        static_cast<const SpirvModule &>(*program.getCompiled());
    const KernelInfo &info = program.kernels()[kernel];
    // The launch as the runner's checks read it: the buffers' sizes (their
    // bytes stay on the device), the images, the push constants.
    VulkanLaunch vk;
    vk.spirv = compiled.words[kernel];
    vk.entryPoint = info.name;
    vk.workgroupCount = shape.grid;
    vk.workgroupSize = shape.block;
    llvm::SmallVector<uint8_t> push;
    GpuDispatch dispatch;
    for (auto [param, arg] : llvm::zip(info.params, args)) {
      if (!param.isBuffer()) {
        appendPushConstant(push, arg.bits,
                           tolk::dtype::itemsize(param.dtype) * 8);
        continue;
      }
      const auto &buffer =
          static_cast<const VulkanBuffer &>(arg.buffer->storage());
      vk.buffers.push_back(
          {static_cast<uint8_t *>(nullptr), arg.buffer->size()});
      dispatch.buffers.push_back(buffer.memory);
      // A view binds its bytes, to a whole word as its buffer is allocated
      // (a kernel may access narrow types a word at a time); a buffer
      // binds all of its allocation, as it always has.
      dispatch.ranges.push_back({arg.buffer->storageOffset(),
                                 arg.buffer->isView()
                                     ? llvm::alignTo(arg.buffer->size(), 4)
                                     : VK_WHOLE_SIZE});
      // An image's binding is a storage image of its texels' format.
      std::optional<VulkanLaunch::Image> image;
      if (param.kind == ParamInfo::Kind::Image) {
        image.emplace();
        image->height = uint32_t(param.imageShape[0]);
        image->width = uint32_t(param.imageShape[1]);
        image->format = param.dtype == tolk::dtype::DType::Float16
                            ? VulkanLaunch::Image::Format::Rgba16f
                            : VulkanLaunch::Image::Format::Rgba32f;
      }
      vk.images.push_back(image);
    }
    vk.pushConstants = push;
    auto failed = [&](llvm::Error error) {
      auto [code, message] = takeError(std::move(error));
      return makeError(ErrorCode::LaunchFailed,
                       message + " (" + describeLaunch(info, launchNumber) +
                           ")");
    };
    llvm::Expected<const VulkanProgram::Kernel *> made =
        static_cast<const VulkanProgram &>(program).kernelFor(kernel, *gpu,
                                                              *kernels, vk);
    if (!made)
      return failed(made.takeError());
    const SpirvEntryPointInfo &spirv = (*made)->kernel->get().interface();
    dispatch.workgroupCount = shape.grid;
    dispatch.workgroupSize =
        spirv.workgroupSizeSpecIds ? shape.block : spirv.localSize;
    dispatch.pushConstants = push;
    dispatch.timed = kernelMs != nullptr;
    dispatch.description = describeLaunch(info, launchNumber);
    auto submitted = std::chrono::steady_clock::now();
    llvm::Expected<uint64_t> serial =
        gpu->submit((*made)->kernel->get(), dispatch);
    if (!serial)
      return failed(serial.takeError());
    if (!kernelMs)
      return llvm::Error::success();
    if (llvm::Error err = gpu->wait(*serial, kernelMs))
      return failed(std::move(err));
    if (clock() != "device timestamps")
      *kernelMs = std::chrono::duration<double, std::milli>(
                      std::chrono::steady_clock::now() - submitted)
                      .count();
    return llvm::Error::success();
  }

  llvm::Error writeBytes(Buffer &buffer, uint64_t offset,
                         llvm::ArrayRef<uint8_t> source) override {
    return internal(gpu->write(*static_cast<VulkanBuffer &>(buffer).memory,
                               offset, source));
  }
  llvm::Error readBytes(Buffer &buffer, uint64_t offset,
                        llvm::MutableArrayRef<uint8_t> dest) override {
    return internal(
        gpu->read(*static_cast<VulkanBuffer &>(buffer).memory, offset, dest));
  }

private:
  /// A Gpu's error as the runtime's.
  static llvm::Error internal(llvm::Error error) {
    if (!error)
      return llvm::Error::success();
    auto [code, message] = takeError(std::move(error));
    return makeError(ErrorCode::LaunchFailed, message);
  }

  std::shared_ptr<Gpu> gpu;
  std::shared_ptr<KernelCache> kernels;
  std::string robustness;
};

} // namespace

llvm::Expected<std::shared_ptr<Device>>
tolk::runtime::createVulkanDevice(const DeviceOptions &options) {
  if (options.deviceIndex != 0)
    return makeError(ErrorCode::Unavailable,
                     llvm::formatv("no Vulkan device {0}: the Vulkan backend "
                                   "runs on the first device, 0",
                                   options.deviceIndex)
                         .str());
  llvm::Expected<std::shared_ptr<Gpu>> gpu = Gpu::open();
  if (!gpu) {
    auto [code, message] = takeError(gpu.takeError());
    return makeError(ErrorCode::Unavailable, message);
  }
  return std::make_shared<VulkanBackendDevice>(std::move(*gpu));
}

#else // !TOLK_HAVE_VULKAN

llvm::Expected<std::shared_ptr<Device>>
tolk::runtime::createVulkanDevice(const DeviceOptions &options) {
  llvm::Expected<std::string> description = describeVulkanDevice();
  auto [code, message] = takeError(description.takeError());
  return makeError(ErrorCode::Unavailable, message);
}

#endif // TOLK_HAVE_VULKAN
