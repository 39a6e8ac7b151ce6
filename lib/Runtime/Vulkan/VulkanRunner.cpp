//===- VulkanRunner.cpp - Run one SPIR-V compute kernel -------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Before it calls the driver, the runner reads the module's interface
// (SpirvReflection.cpp) and checks it against the launch; the device then
// checks its capabilities against its features (VulkanCapabilities.cpp) and,
// where SPIRV-Tools is there, validates the whole module for the device's
// Vulkan version: a driver is free to crash on either, so both are errors
// here. The run itself is a thin use of the runtime's persistent device
// (VulkanDevice.cpp): open it, create the kernel and the buffers, submit
// and wait. It is compiled only when CMake found the loader
// (TOLK_HAVE_VULKAN), and a stub takes its place otherwise.
//
//===----------------------------------------------------------------------===//

#include "tolk/Runtime/VulkanRunner.h"

#include <spirv.h>

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
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

llvm::Error tolk::runtime::checkVulkanLaunch(const VulkanLaunch &launch,
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
  if (llvm::Error err = checkVulkanLaunch(launch, *info))
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

llvm::Expected<std::string> tolk::runtime::describeVulkanDevice() {
  llvm::Expected<std::shared_ptr<Gpu>> gpu = Gpu::open();
  if (!gpu)
    return gpu.takeError();
  return (*gpu)->description();
}

llvm::Expected<VulkanRunInfo>
tolk::runtime::runVulkanKernel(const VulkanLaunch &launch) {
  // Everything about the module first, so that a bad launch is reported the
  // same with and without a device.
  llvm::Expected<SpirvEntryPointInfo> info = readLaunch(launch);
  if (!info)
    return info.takeError();
  llvm::Expected<std::shared_ptr<Gpu>> opened = Gpu::open();
  if (!opened)
    return opened.takeError();
  Gpu &gpu = **opened;
  // A submission in flight holds the kernel and the buffers, which hold the
  // device: whatever returns, nothing stays queued.
  llvm::scope_exit drain([&] { llvm::consumeError(gpu.synchronize()); });
  size_t numBindings = launch.buffers.size();
  llvm::SmallVector<std::optional<VulkanLaunch::Image>, 4> images(
      launch.images.begin(), launch.images.end());
  images.resize(std::max(images.size(), numBindings));
  llvm::Expected<std::shared_ptr<GpuKernel>> kernel = gpu.createKernel(
      launch.spirv, launch.entryPoint, *info, images, unsigned(numBindings),
      uint32_t(launch.pushConstants.size()));
  if (!kernel)
    return kernel.takeError();

  VulkanRunInfo run;
  run.device = gpu.name();
  run.robustness = gpu.robustness();
  run.clock = gpu.clock().str();
  GpuDispatch dispatch;
  dispatch.workgroupCount = launch.workgroupCount;
  dispatch.workgroupSize = workgroupSizeOf(launch, *info);
  dispatch.pushConstants = launch.pushConstants;
  dispatch.timed = true;
  for (llvm::MutableArrayRef<uint8_t> bytes : launch.buffers) {
    llvm::Expected<std::shared_ptr<GpuBuffer>> buffer =
        gpu.allocate(bytes.size());
    if (!buffer)
      return buffer.takeError();
    if (llvm::Error err = gpu.write(**buffer, 0, bytes))
      return std::move(err);
    dispatch.buffers.push_back(std::move(*buffer));
  }
  // Each dispatch after the first starts from the launch's bytes of the
  // restored buffers.
  for (unsigned n = 0; n < launch.warmup + launch.repeat; ++n) {
    if (n > 0)
      for (unsigned index : launch.restoredBuffers)
        if (llvm::Error err =
                gpu.write(*dispatch.buffers[index], 0, launch.buffers[index]))
          return std::move(err);
    llvm::Expected<uint64_t> serial = gpu.submit(**kernel, dispatch);
    if (!serial)
      return serial.takeError();
    double ms = 0;
    auto submitted = std::chrono::steady_clock::now();
    if (llvm::Error err = gpu.wait(*serial, &ms))
      return std::move(err);
    if (run.clock != "device timestamps")
      ms = std::chrono::duration<double, std::milli>(
               std::chrono::steady_clock::now() - submitted)
               .count();
    if (n >= launch.warmup)
      run.kernelMs.push_back(ms);
  }
  for (auto [buffer, bytes] : llvm::zip(dispatch.buffers, launch.buffers))
    if (llvm::Error err = gpu.read(*buffer, 0, bytes))
      return std::move(err);
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
