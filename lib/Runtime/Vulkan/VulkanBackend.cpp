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
#include <mutex>

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

/// A program's kernels on one Gpu, each made at its first launch.
class VulkanProgram : public Program {
public:
  using Program::Program;

  struct Kernel {
    std::shared_ptr<GpuKernel> kernel;
    /// By binding: the image a binding is, or none for a buffer.
    llvm::SmallVector<std::optional<VulkanLaunch::Image>, 4> images;
  };

  /// Kernel `index`, made on `gpu` the first time; `launch` (of that
  /// kernel) is checked against its interface.
  llvm::Expected<const Kernel *> kernelFor(unsigned index, Gpu &gpu,
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
      llvm::Expected<std::shared_ptr<GpuKernel>> kernel =
          gpu.createKernel(launch.spirv, launch.entryPoint, *info, k.images,
                           unsigned(launch.buffers.size()),
                           uint32_t(launch.pushConstants.size()));
      if (!kernel)
        return kernel.takeError();
      k.kernel = std::move(*kernel);
      slot = std::move(k);
      return &*slot;
    }
    if (llvm::Error err = checkVulkanLaunch(launch, slot->kernel->interface()))
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
      : gpu(std::move(gpu)),
        robustness(this->gpu->robustness().empty() ? "unchecked"
                                                   : this->gpu->robustness()) {}
  ~VulkanBackendDevice() override {
    // The submissions in flight hold buffers and kernels, which hold the
    // Gpu: retire them before it goes.
    llvm::consumeError(gpu->synchronize());
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
      const auto &buffer = static_cast<const VulkanBuffer &>(*arg.buffer);
      vk.buffers.push_back({static_cast<uint8_t *>(nullptr), buffer.size()});
      dispatch.buffers.push_back(buffer.memory);
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
        static_cast<const VulkanProgram &>(program).kernelFor(kernel, *gpu, vk);
    if (!made)
      return failed(made.takeError());
    const SpirvEntryPointInfo &spirv = (*made)->kernel->interface();
    dispatch.workgroupCount = shape.grid;
    dispatch.workgroupSize =
        spirv.workgroupSizeSpecIds ? shape.block : spirv.localSize;
    dispatch.pushConstants = push;
    dispatch.timed = kernelMs != nullptr;
    dispatch.description = describeLaunch(info, launchNumber);
    auto submitted = std::chrono::steady_clock::now();
    llvm::Expected<uint64_t> serial = gpu->submit(*(*made)->kernel, dispatch);
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
