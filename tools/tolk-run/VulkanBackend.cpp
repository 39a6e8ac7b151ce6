//===- VulkanBackend.cpp - tolk-run through the Vulkan loader -------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--backend vulkan`: --tolk-to-spirv, the kernel's SPIR-V words, then
// lib/Runtime's Vulkan runner, with the kernel ABI of the SPIR-V lowering:
// buffer k at binding k, the by-value parameters in one push-constant block
// of 4-byte slots (8-byte ones, aligned to 8, for 64-bit types), and the
// block as the workgroup size of a kernel compiled without one.
//
//===----------------------------------------------------------------------===//

#include "Backend.h"

#include "tolk/Pipelines/Pipelines.h"
#include "tolk/Runtime/VulkanRunner.h"
#include "tolk/Target/SPIRV.h"

#include "mlir/Pass/PassManager.h"

using namespace mlir;
using namespace tolk::run;

namespace {
class VulkanBackend : public Backend {
public:
  // Vulkan has vectors of 2 to 4 lanes (Vector16 is a Kernel capability);
  // --tolk-to-spirv kernelizes with the same bound.
  unsigned maxLanes() const override { return 4; }
  llvm::Expected<RunReport> run(ModuleOp module, const Kernel &kernel,
                                Launch &launch,
                                const Repetitions &repetitions) override {
    OwningOpRef<ModuleOp> lowered = module.clone();
    PassManager pm(module.getContext());
    tolk::buildTolkToSPIRVPipeline(pm, tolk::TolkToSPIRVOptions());
    if (failed(pm.run(*lowered)))
      return llvm::createStringError(
          "the SPIR-V pipeline (--tolk-to-spirv) failed on kernel '" +
          kernel.name + "'");
    FailureOr<SmallVector<uint32_t>> words =
        tolk::serializeSPIRVKernel(*lowered, kernel.name);
    if (failed(words))
      return llvm::createStringError("no SPIR-V binary for kernel '" +
                                     kernel.name + "'");

    // The push-constant block: each scalar's bits, zero-extended, in a
    // 4-byte slot, or an 8-byte one aligned to 8 for a 64-bit type.
    std::vector<uint8_t> push;
    for (const Param &p : kernel.params) {
      if (p.kind != Param::Kind::Scalar)
        continue;
      unsigned size = tolk::dtype::itemsize(p.dtype) == 8 ? 8 : 4;
      push.resize(llvm::alignTo(push.size(), size));
      uint64_t bits = launch.scalars[p.slot];
      for (unsigned b = 0; b < size; ++b)
        push.push_back(static_cast<uint8_t>(bits >> (8 * b)));
    }

    tolk::runtime::VulkanLaunch vk;
    vk.spirv = *words;
    vk.entryPoint = kernel.name;
    vk.workgroupCount = launch.grid;
    vk.workgroupSize = launch.block;
    for (std::vector<uint8_t> &buffer : launch.buffers)
      vk.buffers.push_back(buffer);
    // An image's binding is a storage image of its texels' format.
    vk.images.resize(launch.buffers.size());
    for (const Param &p : kernel.params) {
      if (p.imageShape.empty())
        continue;
      tolk::runtime::VulkanLaunch::Image image;
      image.height = uint32_t(p.imageShape[0]);
      image.width = uint32_t(p.imageShape[1]);
      image.format = p.dtype == tolk::dtype::DType::Float16
                         ? tolk::runtime::VulkanLaunch::Image::Format::Rgba16f
                         : tolk::runtime::VulkanLaunch::Image::Format::Rgba32f;
      vk.images[p.slot] = image;
    }
    vk.pushConstants = push;
    vk.warmup = repetitions.warmup;
    vk.repeat = repetitions.repeat;
    for (auto [slot, inPlace] : llvm::enumerate(launch.inPlace))
      if (inPlace)
        vk.restoredBuffers.push_back(slot);
    llvm::Expected<tolk::runtime::VulkanRunInfo> ran =
        tolk::runtime::runVulkanKernel(vk);
    if (!ran)
      return ran.takeError();
    RunReport report;
    report.device = ran->device;
    report.memorySafety =
        ran->robustness.empty() ? "unchecked" : ran->robustness;
    report.kernelMs = std::move(ran->kernelMs);
    report.clock = ran->clock;
    return report;
  }
};
} // namespace

std::unique_ptr<Backend> tolk::run::createVulkanBackend() {
  return std::make_unique<VulkanBackend>();
}
