//===- StagedBuffer.h - A device buffer kept in host memory -----*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The buffers of a device whose launches copy their buffers in and out
// themselves (the CUDA device runs each launch through its runner, which
// stages every buffer): the bytes live in this process, and launches are
// synchronous.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_RUNTIME_STAGEDBUFFER_H
#define TOLK_RUNTIME_STAGEDBUFFER_H

#include "tolk/Runtime/Runtime.h"

#include "llvm/Support/FormatVariadic.h"

#include <cstring>
#include <memory>
#include <new>

namespace tolk::runtime {

class StagedBuffer : public Buffer {
public:
  StagedBuffer(Device &device, uint64_t size, std::unique_ptr<uint8_t[]> data)
      : Buffer(device, size), data(std::move(data)) {}

  /// A zeroed buffer of `size` bytes of `device`.
  static llvm::Expected<std::shared_ptr<Buffer>> allocate(Device &device,
                                                          uint64_t size) {
    if (size == 0)
      return makeError(ErrorCode::InvalidArgument,
                       "a buffer of 0 bytes: allocate at least 1");
    std::unique_ptr<uint8_t[]> data(size > uint64_t(SIZE_MAX) / 2
                                        ? nullptr
                                        : new (std::nothrow) uint8_t[size]());
    if (!data)
      return makeError(ErrorCode::OutOfMemory,
                       llvm::formatv("cannot allocate {0} bytes", size).str());
    return std::make_shared<StagedBuffer>(device, size, std::move(data));
  }

  void write(uint64_t offset, llvm::ArrayRef<uint8_t> source) {
    if (!source.empty())
      std::memcpy(data.get() + offset, source.data(), source.size());
  }
  void read(uint64_t offset, llvm::MutableArrayRef<uint8_t> dest) const {
    if (!dest.empty())
      std::memcpy(dest.data(), data.get() + offset, dest.size());
  }

  llvm::MutableArrayRef<uint8_t> bytes() { return {data.get(), size()}; }

private:
  std::unique_ptr<uint8_t[]> data;
};

/// A device whose buffers are StagedBuffers.
class StagedDevice : public Device {
public:
  llvm::Expected<std::shared_ptr<Buffer>> allocate(uint64_t bytes) override {
    return StagedBuffer::allocate(*this, bytes);
  }
  llvm::Error synchronize() override { return llvm::Error::success(); }

protected:
  llvm::Error writeBytes(Buffer &buffer, uint64_t offset,
                         llvm::ArrayRef<uint8_t> source) override {
    static_cast<StagedBuffer &>(buffer).write(offset, source);
    return llvm::Error::success();
  }
  llvm::Error readBytes(Buffer &buffer, uint64_t offset,
                        llvm::MutableArrayRef<uint8_t> dest) override {
    static_cast<StagedBuffer &>(buffer).read(offset, dest);
    return llvm::Error::success();
  }
  /// A runner's error as the launch's: LaunchFailed, naming it.
  static llvm::Error launchFailed(llvm::Error error, const KernelInfo &kernel,
                                  uint64_t launchNumber) {
    auto [code, message] = takeError(std::move(error));
    return makeError(ErrorCode::LaunchFailed,
                     message + " (" + describeLaunch(kernel, launchNumber) +
                         ")");
  }
  /// The names of `kernels`, quoted, for a pipeline's failure.
  static std::string quotedNames(llvm::ArrayRef<KernelInfo> kernels) {
    std::string names;
    for (const KernelInfo &k : kernels)
      names += (names.empty() ? "'" : ", '") + k.name + "'";
    return names;
  }
};

} // namespace tolk::runtime

#endif // TOLK_RUNTIME_STAGEDBUFFER_H
