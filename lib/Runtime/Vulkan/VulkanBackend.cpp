//===- VulkanBackend.cpp - The runtime on a Vulkan device -----------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The Vulkan device: a module through --tolk-to-spirv, each kernel's SPIR-V
// words kept by the program; a launch through the Vulkan runner
// (VulkanRunner.cpp) with the kernel ABI of the SPIR-V lowering: buffer k at
// binding k, the by-value parameters in one push-constant block, the block
// as the workgroup size of a kernel compiled without one. The runner stages
// every buffer of a launch, so buffers live in host memory (StagedBuffer)
// and launches are synchronous.
//
//===----------------------------------------------------------------------===//

#include "tolk/Pipelines/Pipelines.h"
#include "tolk/Runtime/Devices.h"
#include "tolk/Runtime/StagedBuffer.h"
#include "tolk/Runtime/VulkanRunner.h"
#include "tolk/Target/SPIRV.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"

#include <mutex>

using namespace mlir;
using namespace tolk::runtime;

namespace {

class SpirvModule : public CompiledModule {
public:
  /// Each kernel's SPIR-V words, in the order of `kernels`.
  std::vector<llvm::SmallVector<uint32_t>> words;
};

class VulkanBackendDevice : public StagedDevice {
public:
  explicit VulkanBackendDevice(std::string description)
      : description(std::move(description)) {}

  BackendKind backend() const override { return BackendKind::Vulkan; }
  llvm::StringRef name() const override {
    std::lock_guard<std::mutex> lock(mutex);
    return description;
  }
  llvm::StringRef memorySafety() const override {
    std::lock_guard<std::mutex> lock(mutex);
    return robustness;
  }
  llvm::StringRef clock() const override {
    std::lock_guard<std::mutex> lock(mutex);
    return clockName;
  }
  // Vulkan has vectors of 2 to 4 lanes (Vector16 is a Kernel capability);
  // --tolk-to-spirv kernelizes with the same bound.
  unsigned maxLanes() const override { return 4; }

protected:
  std::string pipelineKey() const override { return "vulkan"; }

  llvm::Expected<std::shared_ptr<CompiledModule>>
  compileModule(ModuleOp module, std::vector<KernelInfo> kernels) override {
    OwningOpRef<ModuleOp> lowered = module.clone();
    PassManager pm(module.getContext());
    tolk::buildTolkToSPIRVPipeline(pm, tolk::TolkToSPIRVOptions());
    auto compiled = std::make_shared<SpirvModule>();
    if (failed(pm.run(*lowered)))
      return makeError(ErrorCode::CompileFailed,
                       "the SPIR-V pipeline (--tolk-to-spirv) failed on "
                       "kernel " +
                           quotedNames(kernels));
    for (const KernelInfo &kernel : kernels) {
      FailureOr<SmallVector<uint32_t>> words =
          tolk::serializeSPIRVKernel(*lowered, kernel.name);
      if (failed(words))
        return makeError(ErrorCode::CompileFailed,
                         "no SPIR-V binary for kernel '" + kernel.name + "'");
      compiled->words.push_back(std::move(*words));
    }
    compiled->kernels = std::move(kernels);
    return compiled;
  }

  llvm::Error run(const Program &program, unsigned kernel,
                  const LaunchShape &shape, llvm::ArrayRef<LaunchArg> args,
                  uint64_t launchNumber, double *kernelMs) override {
    const auto &compiled =
        static_cast<const SpirvModule &>(*program.getCompiled());
    const KernelInfo &info = program.kernels()[kernel];
    VulkanLaunch vk;
    vk.spirv = compiled.words[kernel];
    vk.entryPoint = info.name;
    vk.workgroupCount = shape.grid;
    vk.workgroupSize = shape.block;
    llvm::SmallVector<uint8_t> push;
    for (auto [param, arg] : llvm::zip(info.params, args)) {
      if (!param.isBuffer()) {
        appendPushConstant(push, arg.bits,
                           tolk::dtype::itemsize(param.dtype) * 8);
        continue;
      }
      vk.buffers.push_back(static_cast<StagedBuffer &>(*arg.buffer).bytes());
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
    // One launch at a time: the runner's device is its own, but the buffers
    // it stages may be shared between launches.
    std::lock_guard<std::mutex> launchLock(launchMutex);
    llvm::Expected<VulkanRunInfo> ran = runVulkanKernel(vk);
    if (!ran)
      return launchFailed(ran.takeError(), info, launchNumber);
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (!ranOnce) {
        description = ran->device;
        robustness = ran->robustness.empty() ? "unchecked" : ran->robustness;
        clockName = ran->clock;
        ranOnce = true;
      }
    }
    if (kernelMs)
      *kernelMs = ran->kernelMs.front();
    return llvm::Error::success();
  }

private:
  mutable std::mutex mutex;
  std::mutex launchMutex;
  bool ranOnce = false;
  std::string description;
  std::string robustness = "unchecked";
  std::string clockName = "device timestamps";
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
  llvm::Expected<std::string> description = describeVulkanDevice();
  if (!description) {
    auto [code, message] = takeError(description.takeError());
    return makeError(ErrorCode::Unavailable, message);
  }
  return std::make_shared<VulkanBackendDevice>(std::move(*description));
}
