//===- CudaSession.h - A CUDA device held across launches -------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The runtime's CUDA device (CudaBackend.cpp) on the driver the runner opens
// (CudaRunner.cpp): the device's primary context retained once, buffers of
// device memory (cuMemAlloc) that live across launches, modules loaded once
// per program. A launch runs the runner's checks and waits for the kernel.
// Private to lib/Runtime.
//
// Thread safety: every call may be made from any thread; one mutex
// serializes them (each makes the context current for its calls and
// leaves it as it found it).
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_LIB_RUNTIME_CUDASESSION_H
#define TOLK_LIB_RUNTIME_CUDASESSION_H

#include "tolk/Runtime/CudaRunner.h"

#include <memory>
#include <mutex>

namespace tolk::runtime::cuda {

class CudaSession {
public:
  /// CUDA device `index` of the driver `driverLibrary`, its primary context
  /// retained until the session ends.
  static llvm::Expected<std::unique_ptr<CudaSession>>
  open(llvm::StringRef driverLibrary, unsigned index);
  ~CudaSession();
  CudaSession(const CudaSession &) = delete;
  CudaSession &operator=(const CudaSession &) = delete;

  /// `bytes` (at least 1) of device memory, zeroed: its device address.
  llvm::Expected<uint64_t> allocate(uint64_t bytes);
  void free(uint64_t address);
  llvm::Error write(uint64_t address, llvm::ArrayRef<uint8_t> source);
  llvm::Error read(uint64_t address, llvm::MutableArrayRef<uint8_t> dest);

  /// `ptx` JIT-compiled for the device (the JIT's log in the error); an
  /// opaque module, unloaded by unloadModule.
  llvm::Expected<void *> loadModule(const std::string &ptx);
  void unloadModule(void *module);

  /// Runs kernel `launch.kernelName` of `module` and waits for it: buffer k
  /// of the launch is the allocation `addresses[k]` of `launch.buffers[k]`'s
  /// size (only the sizes of `launch.buffers` are read); an image's texels
  /// are copied from it into a CUDA array before the launch and back after.
  /// With `kernelMs`, the kernel's time between two events.
  llvm::Error run(void *module, const CudaLaunch &launch,
                  llvm::ArrayRef<uint64_t> addresses, double *kernelMs);

  struct State;

private:
  explicit CudaSession(std::unique_ptr<State> state);
  std::unique_ptr<State> state;
  std::mutex mutex;
};

} // namespace tolk::runtime::cuda

#endif // TOLK_LIB_RUNTIME_CUDASESSION_H
