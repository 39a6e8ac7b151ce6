//===- CudaBackend.cpp - The runtime on a CUDA device ---------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The CUDA device: a module through --tolk-to-nvvm for the device's chip,
// each gpu.module's PTX kept by the program; a launch through the CUDA
// runner (CudaRunner.cpp), with the parameters the NVVM lowering gives the
// kernel: a buffer as a 1-D memref descriptor (five parameters), an image as
// its surface object, a scalar by value. The runner stages every buffer of
// a launch, so buffers live in host memory (StagedBuffer) and launches are
// synchronous.
//
//===----------------------------------------------------------------------===//

#include "tolk/Pipelines/Pipelines.h"
#include "tolk/Runtime/CudaRunner.h"
#include "tolk/Runtime/Devices.h"
#include "tolk/Runtime/StagedBuffer.h"
#include "tolk/Transforms/GPUTargetInfo.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"

#include <mutex>

using namespace mlir;
using namespace tolk::runtime;

namespace {

class PtxModule : public CompiledModule {
public:
  /// Each kernel's PTX (its gpu.module's), in the order of `kernels`.
  std::vector<std::shared_ptr<const std::string>> ptx;
};

class CudaBackendDevice : public StagedDevice {
public:
  CudaBackendDevice(const DeviceOptions &options, std::string chip,
                    std::string deviceName)
      : chip(std::move(chip)), driverLibrary(options.cudaDriverLibrary),
        description(deviceName + ", " + this->chip) {}

  BackendKind backend() const override { return BackendKind::Cuda; }
  llvm::StringRef name() const override { return description; }
  llvm::StringRef memorySafety() const override { return "unchecked"; }
  llvm::StringRef clock() const override { return "CUDA events"; }
  unsigned maxLanes() const override { return 0; }

protected:
  std::string pipelineKey() const override { return "cuda;chip=" + chip; }

  llvm::Expected<std::shared_ptr<CompiledModule>>
  compileModule(ModuleOp module, std::vector<KernelInfo> kernels) override {
    OwningOpRef<ModuleOp> lowered = module.clone();
    PassManager pm(module.getContext());
    tolk::TolkToNVVMOptions options;
    options.chip = chip;
    tolk::buildTolkToNVVMPipeline(pm, options);
    if (failed(pm.run(*lowered)))
      return makeError(ErrorCode::CompileFailed,
                       "the NVVM pipeline (--tolk-to-nvvm) failed on kernel " +
                           quotedNames(kernels));
    auto compiled = std::make_shared<PtxModule>();
    llvm::StringMap<std::shared_ptr<const std::string>> byModule;
    for (const KernelInfo &kernel : kernels) {
      std::shared_ptr<const std::string> &ptx = byModule[kernel.module];
      if (!ptx) {
        auto binary = lowered->lookupSymbol<gpu::BinaryOp>(kernel.module);
        if (!binary || binary.getObjects().empty())
          return makeError(ErrorCode::CompileFailed,
                           "no gpu.binary for gpu.module '" + kernel.module +
                               "'");
        auto object = cast<gpu::ObjectAttr>(binary.getObjects()[0]);
        ptx = std::make_shared<const std::string>(
            object.getObject().getValue().str());
      }
      compiled->ptx.push_back(ptx);
    }
    compiled->kernels = std::move(kernels);
    return compiled;
  }

  llvm::Error run(const Program &program, unsigned kernel,
                  const LaunchShape &shape, llvm::ArrayRef<LaunchArg> args,
                  uint64_t launchNumber, double *kernelMs) override {
    const auto &compiled =
        static_cast<const PtxModule &>(*program.getCompiled());
    const KernelInfo &info = program.kernels()[kernel];
    CudaLaunch cuda;
    cuda.ptx = *compiled.ptx[kernel];
    cuda.kernelName = info.name;
    cuda.grid = shape.grid;
    cuda.block = shape.block;
    cuda.driverLibrary = driverLibrary;
    for (auto [param, arg] : llvm::zip(info.params, args)) {
      if (!param.isBuffer()) {
        uint8_t bytes[8];
        unsigned size = tolk::dtype::itemsize(param.dtype);
        for (unsigned b = 0; b < size; ++b)
          bytes[b] = static_cast<uint8_t>(arg.bits >> (8 * b));
        cuda.params.push_back(CudaParam::value(llvm::ArrayRef(bytes, size)));
        continue;
      }
      unsigned slot = cuda.buffers.size();
      cuda.buffers.push_back(static_cast<StagedBuffer &>(*arg.buffer).bytes());
      // An image is a 2-D CUDA array of its texels' format, passed as its
      // surface object (docs/Semantics.md#images).
      if (param.kind == ParamInfo::Kind::Image) {
        CudaLaunch::Image image;
        image.height = uint32_t(param.imageShape[0]);
        image.width = uint32_t(param.imageShape[1]);
        image.format = param.dtype == tolk::dtype::DType::Float16
                           ? CudaLaunch::Image::Format::Half
                           : CudaLaunch::Image::Format::Float;
        cuda.images.push_back(image);
        cuda.params.push_back(CudaParam::surfaceObject(slot));
        continue;
      }
      cuda.images.push_back(std::nullopt);
      int64_t elements =
          arg.buffer->size() /
          (tolk::dtype::itemsize(param.dtype) * param.bufferLanes());
      appendMemRef1DParams(cuda.params, slot, elements);
    }
    std::lock_guard<std::mutex> lock(launchMutex);
    llvm::Expected<CudaRunInfo> ran = runCudaKernel(cuda);
    if (!ran)
      return launchFailed(ran.takeError(), info, launchNumber);
    if (kernelMs)
      *kernelMs = ran->kernelMs.front();
    return llvm::Error::success();
  }

private:
  std::string chip;
  std::string driverLibrary;
  std::string description;
  std::mutex launchMutex;
};

} // namespace

llvm::Expected<std::shared_ptr<Device>>
tolk::runtime::createCudaDevice(const DeviceOptions &options) {
  std::string chip = options.chip.empty() ? "sm_90" : options.chip;
  if (llvm::Error e = tolk::verifyGPUChip(tolk::GPUVendor::NVIDIA, chip)) {
    auto [code, message] = takeError(std::move(e));
    return makeError(ErrorCode::InvalidArgument, "the chip: " + message);
  }
  llvm::Expected<std::string> name =
      describeCudaDevice(options.cudaDriverLibrary, options.deviceIndex);
  if (!name) {
    auto [code, message] = takeError(name.takeError());
    return makeError(ErrorCode::Unavailable, message);
  }
  return std::make_shared<CudaBackendDevice>(options, chip, *name);
}
