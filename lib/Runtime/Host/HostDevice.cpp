//===- HostDevice.cpp - The runtime on this CPU ---------------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The host device: a module through --tolk-to-llvm and MLIR's
// ExecutionEngine (HostJit.cpp); a launch split into chunks of workgroups
// that the device's WorkerPool runs (GridRun.cpp); buffers in this process's
// memory. Launches are synchronous: the calling thread runs workgroups too,
// and a launch returns when they all ran.
//
//===----------------------------------------------------------------------===//

#include "GridRun.h"
#include "HostJit.h"
#include "WorkerPool.h"

#include "tolk/Runtime/Devices.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Memory.h"
#include "llvm/Support/Threading.h"
#include "llvm/TargetParser/Host.h"

#include <chrono>
#include <cstring>
#include <mutex>
#include <new>

using namespace tolk::runtime;
using namespace tolk::runtime::host;

namespace {

/// Buffers are aligned for the widest vector a kernel loads (a 512-bit one).
constexpr size_t kBufferAlignment = 64;

/// From this size on a buffer is a mapping of its own: its pages are zero
/// when the kernel first hands them out, where a heap block must be
/// memset, which for a 64 MiB output wrote every page before the kernel
/// that fills it did (a tenth of a tinygrad realize's first run).
constexpr uint64_t kMappedBufferBytes = 1 << 20;

class HostBuffer : public Buffer {
public:
  HostBuffer(Device &device, uint64_t bytes, uint8_t *data)
      : Buffer(device, bytes), data(data) {}
  HostBuffer(Device &device, uint64_t bytes, llvm::sys::MemoryBlock mapping)
      : Buffer(device, bytes), data(static_cast<uint8_t *>(mapping.base())),
        mapping(mapping) {}
  ~HostBuffer() override {
    if (mapping.base())
      (void)llvm::sys::Memory::releaseMappedMemory(mapping);
    else
      ::operator delete(data, std::align_val_t(kBufferAlignment));
  }
  uint8_t *data;
  llvm::sys::MemoryBlock mapping;
};

class HostDevice : public Device {
public:
  HostDevice(const DeviceOptions &options, unsigned threads)
      : boundsCheck(options.hostBoundsCheck), pool(threads),
        cpu(llvm::sys::getHostCPUName().str()) {}

  BackendKind backend() const override { return BackendKind::Host; }
  llvm::StringRef name() const override { return cpu; }
  llvm::StringRef memorySafety() const override {
    return boundsCheck ? "bounds-checked" : "unchecked";
  }
  llvm::StringRef clock() const override { return "host clock"; }
  unsigned hostThreads() const override { return pool.size(); }
  // A thread's lanes are one SIMD vector on the CPU: 16 lanes (kernelize's
  // most) fill a 512-bit register with f32, where the GPUs' 128-bit choice
  // left three quarters of it idle.
  unsigned maxLanes() const override { return 16; }

  llvm::Expected<std::shared_ptr<Buffer>> allocate(uint64_t bytes) override {
    if (bytes == 0)
      return makeError(ErrorCode::InvalidArgument,
                       "a buffer of 0 bytes: allocate at least 1");
    if (bytes > uint64_t(SIZE_MAX) / 2)
      return makeError(ErrorCode::OutOfMemory,
                       llvm::formatv("cannot allocate {0} bytes", bytes));
    if (bytes >= kMappedBufferBytes) {
      std::error_code error;
      llvm::sys::MemoryBlock mapping = llvm::sys::Memory::allocateMappedMemory(
          bytes, nullptr,
          llvm::sys::Memory::MF_READ | llvm::sys::Memory::MF_WRITE, error);
      if (error || !mapping.base())
        return makeError(ErrorCode::OutOfMemory,
                         llvm::formatv("cannot allocate {0} bytes", bytes));
      return std::make_shared<HostBuffer>(*this, bytes, mapping);
    }
    void *data =
        ::operator new(bytes, std::align_val_t(kBufferAlignment), std::nothrow);
    if (!data)
      return makeError(ErrorCode::OutOfMemory,
                       llvm::formatv("cannot allocate {0} bytes", bytes));
    std::memset(data, 0, bytes);
    return std::make_shared<HostBuffer>(*this, bytes,
                                        static_cast<uint8_t *>(data));
  }

  llvm::Error synchronize() override { return llvm::Error::success(); }

  void
  countLiveObjects(llvm::SmallVectorImpl<LiveCount> &counts) const override {
    counts.push_back({"host.jit-engines", HostModule::liveEngines()});
  }

protected:
  std::string pipelineKey() const override {
    return llvm::formatv("host;bounds-check={0};lanes={1}", boundsCheck,
                         maxLanes());
  }

  llvm::Expected<std::shared_ptr<CompiledModule>>
  compileModule(mlir::ModuleOp module,
                std::vector<KernelInfo> kernels) override {
    return compileHostModule(module, std::move(kernels), boundsCheck);
  }

  llvm::Error run(const Program &program, unsigned kernel,
                  const LaunchShape &shape, llvm::ArrayRef<LaunchArg> args,
                  uint64_t launchNumber, double *kernelMs) override {
    const auto &compiled =
        static_cast<const HostModule &>(*program.getCompiled());
    const KernelInfo &info = program.kernels()[kernel];
    llvm::SmallVector<uint8_t *, 8> buffers;
    for (const LaunchArg &arg : args)
      buffers.push_back(
          arg.isBuffer()
              ? static_cast<HostBuffer &>(arg.buffer->storage()).data +
                    arg.buffer->storageOffset()
              : nullptr);
    // One launch at a time on the pool.
    std::lock_guard<std::mutex> lock(launchMutex);
    auto start = std::chrono::steady_clock::now();
    llvm::Error e = runGrid(pool, compiled.functions[kernel], info, shape, args,
                            buffers, launchNumber);
    if (kernelMs)
      *kernelMs = std::chrono::duration<double, std::milli>(
                      std::chrono::steady_clock::now() - start)
                      .count();
    return e;
  }

  // Launches are synchronous: a copy never overlaps one of this thread's.
  llvm::Error writeBytes(Buffer &buffer, uint64_t offset,
                         llvm::ArrayRef<uint8_t> source) override {
    if (!source.empty())
      std::memcpy(static_cast<HostBuffer &>(buffer).data + offset,
                  source.data(), source.size());
    return llvm::Error::success();
  }
  llvm::Error readBytes(Buffer &buffer, uint64_t offset,
                        llvm::MutableArrayRef<uint8_t> dest) override {
    if (!dest.empty())
      std::memcpy(dest.data(), static_cast<HostBuffer &>(buffer).data + offset,
                  dest.size());
    return llvm::Error::success();
  }

private:
  bool boundsCheck;
  WorkerPool pool;
  std::mutex launchMutex;
  std::string cpu;
};

} // namespace

llvm::Expected<std::shared_ptr<Device>>
tolk::runtime::createHostDevice(const DeviceOptions &options) {
  if (options.deviceIndex != 0)
    return makeError(ErrorCode::Unavailable,
                     llvm::formatv("no host device {0}: the host has one, "
                                   "device 0",
                                   options.deviceIndex));
  // Past any machine's cores (a negative count through an FFI): the pool
  // could not start its threads, and std::thread's failure ends the
  // process in a library built without exceptions.
  constexpr unsigned kMaxHostThreads = 1024;
  if (options.hostThreads > kMaxHostThreads)
    return makeError(ErrorCode::InvalidArgument,
                     llvm::formatv("{0} host threads: at most {1}",
                                   options.hostThreads, kMaxHostThreads));
  unsigned threads = options.hostThreads
                         ? options.hostThreads
                         : llvm::hardware_concurrency().compute_thread_count();
  return std::make_shared<HostDevice>(options, threads);
}
