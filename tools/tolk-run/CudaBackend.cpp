//===- CudaBackend.cpp - tolk-run through the CUDA driver API -------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--backend cuda`: --tolk-to-nvvm, the PTX of the kernel's gpu.binary, then
// lib/Runtime's CUDA runner, which opens the driver at run time. The
// parameters follow the lowered kernel's signature: five per buffer (its
// memref descriptor: allocated and aligned pointer, offset, size, stride),
// one per image (its surface object) and one per by-value scalar, of the
// scalar's size.
//
//===----------------------------------------------------------------------===//

#include "Backend.h"

#include "tolk/Pipelines/Pipelines.h"
#include "tolk/Runtime/CudaRunner.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Pass/PassManager.h"

using namespace mlir;
using namespace tolk::run;

namespace {
class CudaBackend : public Backend {
public:
  CudaBackend(std::string chip, std::string driverLibrary)
      : chip(std::move(chip)), driverLibrary(std::move(driverLibrary)) {}

  llvm::Expected<RunReport> run(ModuleOp module, const Kernel &kernel,
                                Launch &launch,
                                const Repetitions &repetitions) override {
    OwningOpRef<ModuleOp> lowered = module.clone();
    PassManager pm(module.getContext());
    tolk::TolkToNVVMOptions options;
    options.chip = chip;
    tolk::buildTolkToNVVMPipeline(pm, options);
    if (failed(pm.run(*lowered)))
      return llvm::createStringError(
          "the NVVM pipeline (--tolk-to-nvvm) failed on kernel '" +
          kernel.name + "'");
    auto binary = lowered->lookupSymbol<gpu::BinaryOp>(kernel.module);
    if (!binary || binary.getObjects().empty())
      return llvm::createStringError("no gpu.binary for gpu.module '" +
                                     kernel.module + "'");
    auto object = cast<gpu::ObjectAttr>(binary.getObjects()[0]);

    tolk::runtime::CudaLaunch cuda;
    cuda.ptx = object.getObject().getValue().str();
    cuda.kernelName = kernel.name;
    cuda.grid = launch.grid;
    cuda.block = launch.block;
    cuda.driverLibrary = driverLibrary;
    cuda.warmup = repetitions.warmup;
    cuda.repeat = repetitions.repeat;
    for (auto [slot, inPlace] : llvm::enumerate(launch.inPlace))
      if (inPlace)
        cuda.restoredBuffers.push_back(slot);
    for (std::vector<uint8_t> &buffer : launch.buffers)
      cuda.buffers.push_back(buffer);
    using tolk::runtime::CudaParam;
    cuda.images.resize(launch.buffers.size());
    for (const Param &p : kernel.params) {
      // An image is a 2-D CUDA array of its texels' format, passed as its
      // surface object (docs/Semantics.md#images).
      if (!p.imageShape.empty()) {
        tolk::runtime::CudaLaunch::Image image;
        image.height = uint32_t(p.imageShape[0]);
        image.width = uint32_t(p.imageShape[1]);
        image.format = p.dtype == tolk::dtype::DType::Float16
                           ? tolk::runtime::CudaLaunch::Image::Format::Half
                           : tolk::runtime::CudaLaunch::Image::Format::Float;
        cuda.images[p.slot] = image;
        cuda.params.push_back(CudaParam::surfaceObject(p.slot));
        continue;
      }
      if (p.kind == Param::Kind::Scalar) {
        uint64_t bits = launch.scalars[p.slot];
        uint8_t bytes[8];
        unsigned size = tolk::dtype::itemsize(p.dtype);
        for (unsigned b = 0; b < size; ++b)
          bytes[b] = static_cast<uint8_t>(bits >> (8 * b));
        cuda.params.push_back(CudaParam::value(llvm::ArrayRef(bytes, size)));
        continue;
      }
      int64_t elements = launch.buffers[p.slot].size() /
                         (tolk::dtype::itemsize(p.dtype) * p.lanes);
      tolk::runtime::appendMemRef1DParams(cuda.params, p.slot, elements);
    }
    llvm::Expected<tolk::runtime::CudaRunInfo> ran =
        tolk::runtime::runCudaKernel(cuda);
    if (!ran)
      return ran.takeError();
    RunReport report;
    report.device = ran->device + ", " + chip;
    report.memorySafety = "unchecked";
    report.kernelMs = std::move(ran->kernelMs);
    report.clock = "CUDA events";
    return report;
  }

private:
  std::string chip;
  std::string driverLibrary;
};
} // namespace

std::unique_ptr<Backend>
tolk::run::createCudaBackend(llvm::StringRef chip,
                             llvm::StringRef driverLibrary) {
  return std::make_unique<CudaBackend>(chip.str(), driverLibrary.str());
}
