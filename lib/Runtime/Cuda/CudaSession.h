//===- CudaSession.h - A CUDA device held across launches -------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// One CUDA device on the driver opened at run time (CudaRunner.cpp): the
// device's primary context retained once, buffers of device memory
// (cuMemAlloc) that live across launches, modules loaded once per program,
// and the launches and copies in flight on the null stream. The runtime's
// CUDA device (CudaBackend.cpp) and the runner (runCudaKernel,
// timeCudaKernel, timeDeviceCopy) are both built on it. Private to
// lib/Runtime.
//
// A launch or a copy is enqueued and returns its serial; waiting is
// separate, so that launches queue up, as on Vulkan (docs/Runtime.md). The
// null stream runs them in order, each after the work before it. A write
// or a read waits for the operations before it (on the one stream the
// driver's copy would wait for all of them anyway); a failure that shows
// while waiting (a kernel's fault, which the driver reports at the first
// synchronization after it) is returned by the wait for that operation, or
// kept, naming the operation, for the next read or synchronize. What a
// launch made (an image's array and surface object, its events) lives
// until it is retired; memory freed and modules unloaded while operations
// are in flight are released once those are retired. At most 64
// operations are in flight: one more waits for the oldest.
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
#include <string>

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

  /// The device's name.
  const std::string &name() const;

  /// `bytes` of device memory (at least 1 allocated), zeroed: its device
  /// address.
  llvm::Expected<uint64_t> allocate(uint64_t bytes);
  /// Frees memory from allocate, now or after the operations in flight.
  void free(uint64_t address);
  /// Copies into device memory after the operations before it; their
  /// failure is kept for the next read or synchronize.
  llvm::Error write(uint64_t address, llvm::ArrayRef<uint8_t> source);
  /// Copies out of device memory after the operations before it; returns
  /// the first failure no call returned yet.
  llvm::Error read(uint64_t address, llvm::MutableArrayRef<uint8_t> dest);

  /// `ptx` JIT-compiled for the device (the JIT's log in the error); an
  /// opaque module, unloaded by unloadModule (after the operations in
  /// flight).
  llvm::Expected<void *> loadModule(const std::string &ptx);
  void unloadModule(void *module);

  /// Checks and enqueues kernel `launch.kernelName` of `module`, and
  /// returns its serial without waiting for it: buffer k of the launch is
  /// the allocation `addresses[k]` of `launch.buffers[k]`'s size (only the
  /// sizes of `launch.buffers` are read); an image's texels are copied from
  /// it into a CUDA array before the kernel and back after, on the stream.
  /// `timed`: between two events, which wait() reads. `description` names
  /// the launch in a failure that shows later ("launch 3 of kernel 'k'").
  /// The checks' errors and the driver's at enqueueing are returned here.
  llvm::Expected<uint64_t> launch(void *module, const CudaLaunch &launch,
                                  llvm::ArrayRef<uint64_t> addresses,
                                  bool timed, llvm::StringRef description);
  /// Enqueues a copy of `bytes` from device memory at `source` to `dest`
  /// (cuMemcpyDtoDAsync), as launch() enqueues a kernel.
  llvm::Expected<uint64_t> copy(uint64_t dest, uint64_t source, uint64_t bytes,
                                bool timed, llvm::StringRef description);
  /// Waits for operation `serial` and those before it: its failure, and
  /// its time in `ms` if it was timed. Failures of those before it are
  /// kept for the next read or synchronize, but a timed one's, which is
  /// kept for its own wait (every timed operation is to be waited for).
  llvm::Error wait(uint64_t serial, double *ms = nullptr);
  /// Waits for every operation; the first failure no call returned yet.
  llvm::Error synchronize();

  struct State;

private:
  explicit CudaSession(std::unique_ptr<State> state);
  std::unique_ptr<State> state;
  std::mutex mutex;
};

} // namespace tolk::runtime::cuda

#endif // TOLK_LIB_RUNTIME_CUDASESSION_H
