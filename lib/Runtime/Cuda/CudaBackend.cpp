//===- CudaBackend.cpp - The runtime on a CUDA device ---------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The CUDA device: a module through --tolk-to-nvvm for the device's chip,
// each gpu.module's PTX kept by the compiled module; the device a
// CudaSession (CudaSession.h): the primary context retained while the
// device lives, buffers of device memory that persist across launches, each
// gpu.module of a program loaded once, at the first launch of one of its
// kernels. A launch has the parameters the NVVM lowering gives the kernel:
// a buffer as a 1-D memref descriptor (five parameters), an image as its
// surface object, a scalar by value; it is checked as the runner checks
// one, and enqueued: CUDA launches are asynchronous, as Vulkan's are (the
// session's contract, CudaSession.h).
//
//===----------------------------------------------------------------------===//

#include "tolk/Pipelines/Pipelines.h"
#include "tolk/Runtime/CudaRunner.h"
#include "tolk/Runtime/Devices.h"
#include "tolk/Transforms/GPUTargetInfo.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"

#include "CudaSession.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/FormatVariadic.h"

#include <mutex>

using namespace mlir;
using namespace tolk::runtime;

namespace {

class PtxModule : public CompiledModule {
public:
  /// Each kernel's PTX (its gpu.module's), in the order of `kernels`.
  std::vector<std::shared_ptr<const std::string>> ptx;
};

/// A buffer of device memory.
class CudaBuffer : public Buffer {
public:
  CudaBuffer(Device &device, std::shared_ptr<cuda::CudaSession> session,
             uint64_t bytes, uint64_t address)
      : Buffer(device, bytes), session(std::move(session)), address(address) {}
  ~CudaBuffer() override { session->free(address); }
  std::shared_ptr<cuda::CudaSession> session;
  uint64_t address;
};

/// A program's gpu.modules on one device, each loaded at the first launch
/// of one of its kernels and unloaded with the program.
class CudaProgram : public Program {
public:
  CudaProgram(Device &device, std::shared_ptr<const CompiledModule> compiled,
              std::shared_ptr<cuda::CudaSession> session)
      : Program(device, std::move(compiled)), session(std::move(session)) {}
  ~CudaProgram() override {
    for (auto &[ptx, module] : modules)
      session->unloadModule(module);
  }
  llvm::Expected<void *> moduleOf(const std::string &ptx) const {
    std::lock_guard<std::mutex> lock(mutex);
    auto found = modules.find(&ptx);
    if (found != modules.end())
      return found->second;
    llvm::Expected<void *> module = session->loadModule(ptx);
    if (module)
      modules[&ptx] = *module;
    return module;
  }

private:
  std::shared_ptr<cuda::CudaSession> session;
  mutable std::mutex mutex;
  mutable llvm::DenseMap<const std::string *, void *> modules;
};

class CudaBackendDevice : public Device {
public:
  CudaBackendDevice(std::shared_ptr<cuda::CudaSession> session,
                    std::string chip, std::string deviceName)
      : session(std::move(session)), chip(std::move(chip)),
        description(deviceName + ", " + this->chip) {}

  BackendKind backend() const override { return BackendKind::Cuda; }
  llvm::StringRef name() const override { return description; }
  llvm::StringRef memorySafety() const override { return "unchecked"; }
  llvm::StringRef clock() const override { return "CUDA events"; }
  unsigned maxLanes() const override { return 0; }

  llvm::Expected<std::shared_ptr<Buffer>> allocate(uint64_t bytes) override {
    if (bytes == 0)
      return makeError(ErrorCode::InvalidArgument,
                       "a buffer of 0 bytes: allocate at least 1");
    llvm::Expected<uint64_t> address = session->allocate(bytes);
    if (!address) {
      auto [code, message] = takeError(address.takeError());
      return makeError(
          llvm::StringRef(message).contains("OUT_OF_MEMORY")
              ? ErrorCode::OutOfMemory
              : ErrorCode::Internal,
          llvm::formatv("cannot allocate {0} bytes: {1}", bytes, message)
              .str());
    }
    return std::make_shared<CudaBuffer>(*this, session, bytes, *address);
  }
  llvm::Error synchronize() override {
    return launchFailed(session->synchronize());
  }

protected:
  std::string pipelineKey() const override { return "cuda;chip=" + chip; }

  llvm::Expected<std::shared_ptr<CompiledModule>>
  compileModule(ModuleOp module, std::vector<KernelInfo> kernels) override {
    OwningOpRef<ModuleOp> lowered = module.clone();
    PassManager pm(module.getContext());
    tolk::TolkToNVVMOptions options;
    options.chip = chip;
    tolk::buildTolkToNVVMPipeline(pm, options);
    if (failed(pm.run(*lowered))) {
      std::string names;
      for (const KernelInfo &k : kernels)
        names += (names.empty() ? "'" : ", '") + k.name + "'";
      return makeError(ErrorCode::CompileFailed,
                       "the NVVM pipeline (--tolk-to-nvvm) failed on kernel " +
                           names);
    }
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

  llvm::Expected<std::shared_ptr<Program>>
  makeProgram(std::shared_ptr<const CompiledModule> compiled) override {
    return std::make_shared<CudaProgram>(*this, std::move(compiled), session);
  }

  llvm::Error run(const Program &program, unsigned kernel,
                  const LaunchShape &shape, llvm::ArrayRef<LaunchArg> args,
                  uint64_t launchNumber, double *kernelMs) override {
    const auto &compiled =
        static_cast<const PtxModule &>(*program.getCompiled());
    const KernelInfo &info = program.kernels()[kernel];
    auto failed = [&](llvm::Error error) {
      auto [code, message] = takeError(std::move(error));
      return makeError(ErrorCode::LaunchFailed,
                       message + " (" + describeLaunch(info, launchNumber) +
                           ")");
    };
    const std::string &ptx = *compiled.ptx[kernel];
    llvm::Expected<void *> module =
        static_cast<const CudaProgram &>(program).moduleOf(ptx);
    if (!module)
      return failed(module.takeError());
    // The launch as the runner's checks read it: the buffers' sizes (their
    // bytes stay on the device), the images, the parameters.
    CudaLaunch cuda;
    cuda.kernelName = info.name;
    cuda.grid = shape.grid;
    cuda.block = shape.block;
    llvm::SmallVector<uint64_t, 4> addresses;
    for (auto [param, arg] : llvm::zip(info.params, args)) {
      if (!param.isBuffer()) {
        uint8_t bytes[8];
        unsigned size = tolk::dtype::itemsize(param.dtype);
        for (unsigned b = 0; b < size; ++b)
          bytes[b] = static_cast<uint8_t>(arg.bits >> (8 * b));
        cuda.params.push_back(CudaParam::value(llvm::ArrayRef(bytes, size)));
        continue;
      }
      const auto &buffer =
          static_cast<const CudaBuffer &>(arg.buffer->storage());
      unsigned slot = cuda.buffers.size();
      cuda.buffers.push_back(
          {static_cast<uint8_t *>(nullptr), arg.buffer->size()});
      addresses.push_back(buffer.address + arg.buffer->storageOffset());
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
          (tolk::dtype::itemsize(param.dtype) * param.bufferLanes);
      appendMemRef1DParams(cuda.params, slot, elements);
    }
    llvm::Expected<uint64_t> serial =
        session->launch(*module, cuda, addresses, kernelMs != nullptr,
                        describeLaunch(info, launchNumber));
    if (!serial)
      return failed(serial.takeError());
    if (!kernelMs)
      return llvm::Error::success();
    // A timed launch waits for itself; its failure names it already.
    return launchFailed(session->wait(*serial, kernelMs));
  }

  llvm::Error writeBytes(Buffer &buffer, uint64_t offset,
                         llvm::ArrayRef<uint8_t> source) override {
    return launchFailed(session->write(
        static_cast<CudaBuffer &>(buffer).address + offset, source));
  }
  // A read returns the failure of a launch before it, as Vulkan's does.
  llvm::Error readBytes(Buffer &buffer, uint64_t offset,
                        llvm::MutableArrayRef<uint8_t> dest) override {
    return launchFailed(session->read(
        static_cast<CudaBuffer &>(buffer).address + offset, dest));
  }

private:
  /// The session's error as the runtime's: a launch's failure, or the copy's
  /// after one (the driver's faults are sticky).
  static llvm::Error launchFailed(llvm::Error error) {
    if (!error)
      return llvm::Error::success();
    auto [code, message] = takeError(std::move(error));
    return makeError(ErrorCode::LaunchFailed, message);
  }

  std::shared_ptr<cuda::CudaSession> session;
  std::string chip;
  std::string description;
};

} // namespace

llvm::Expected<std::shared_ptr<Device>>
tolk::runtime::createCudaDevice(const DeviceOptions &options) {
  std::string chip = options.chip;
  if (!chip.empty())
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
  // No chip: the device's own, from its compute capability.
  if (chip.empty()) {
    llvm::Expected<std::string> own =
        cudaDeviceChip(options.cudaDriverLibrary, options.deviceIndex);
    if (!own) {
      auto [code, message] = takeError(own.takeError());
      return makeError(ErrorCode::Unavailable, message);
    }
    chip = *own;
    if (llvm::Error e = tolk::verifyGPUChip(tolk::GPUVendor::NVIDIA, chip)) {
      auto [code, message] = takeError(std::move(e));
      return makeError(ErrorCode::Unavailable,
                       "device " + *name + "'s own chip: " + message);
    }
  }
  llvm::Expected<std::unique_ptr<cuda::CudaSession>> session =
      cuda::CudaSession::open(options.cudaDriverLibrary, options.deviceIndex);
  if (!session) {
    auto [code, message] = takeError(session.takeError());
    return makeError(ErrorCode::Unavailable, message);
  }
  return std::make_shared<CudaBackendDevice>(std::move(*session), chip, *name);
}
