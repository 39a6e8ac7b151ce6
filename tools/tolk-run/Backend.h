//===- Backend.h - tolk-run's backends --------------------------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// What tolk-run hands a backend: one kernel of a Tolk module (after
// --tolk-kernelize), its parameters, and the launch with the bytes of every
// buffer and the bits of every scalar. A backend lowers a clone of the module
// with its own pipeline, runs the kernel, leaves the device's buffer
// contents in the launch and reports what it ran on and how long the kernel
// took. The host backend is the only one that needs no device; vulkan and
// cuda wrap lib/Runtime's runners.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_TOOLS_TOLK_RUN_BACKEND_H
#define TOLK_TOOLS_TOLK_RUN_BACKEND_H

#include "tolk/Dtype/DType.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace tolk::run {

/// One parameter of a kernel, in the kernel's order.
struct Param {
  enum class Kind { Buffer, Scalar };
  Kind kind = Kind::Buffer;
  /// The element's data type (bf16 and fp8 included; they are stored as
  /// their storage integers).
  dtype::DType dtype = dtype::DType::Float32;
  /// Buffers: the element count of the pointer type (in scalars: its
  /// elements times `lanes`), -1 when it has none.
  int64_t count = -1;
  /// Buffers: the lanes of the pointer type's element (a vector<N x T>
  /// element is N lanes of `dtype`), 1 for a scalar element.
  unsigned lanes = 1;
  /// The Tolk type of the pointer's element as the kernel spells it
  /// ("si8", "vector<4xf32>"), for messages.
  std::string elementType;
  /// Buffers: the position among the buffers (the Vulkan binding, the index
  /// into Launch::buffers); scalars: the position among the scalars (the
  /// push-constant member, the index into Launch::scalars).
  unsigned slot = 0;
  /// Images: the shape (h, w, 4) the buffer of texels has; empty for a
  /// buffer.
  llvm::SmallVector<int64_t, 3> imageShape;
};

/// The kernel to run: a gpu.func kernel in a gpu.module.
struct Kernel {
  std::string module;
  std::string name;
  mlir::gpu::GPUFuncOp op;
  llvm::SmallVector<Param, 8> params;
};

/// One launch: its size and its data.
struct Launch {
  std::array<uint32_t, 3> grid = {1, 1, 1};
  std::array<uint32_t, 3> block = {1, 1, 1};
  /// The bytes of each buffer, by slot.
  std::vector<std::vector<uint8_t>> buffers;
  /// The bits of each scalar, zero-extended, by slot.
  std::vector<uint64_t> scalars;
  /// By slot: whether the kernel both reads and writes the buffer (in
  /// place), so that every run of a repeated launch starts from the same
  /// contents: such a buffer is restored before every run but the first.
  std::vector<bool> inPlace;
};

/// How many times to run the launch: `warmup` untimed runs, then `repeat`
/// timed ones. Compilation, the copies to and from a device and the
/// restoring of in-place buffers are outside the times.
struct Repetitions {
  unsigned warmup = 0;
  unsigned repeat = 1;
};

/// What a backend says about a run.
struct RunReport {
  /// The device, in words ("znver3", "llvmpipe (LLVM 15.0.6, 256 bits)").
  std::string device;
  /// What happens to an access past a buffer's end: "bounds-checked" (the
  /// run stops there), "unchecked", or the Vulkan robustness feature that
  /// confines it.
  std::string memorySafety;
  /// The kernel's time in each timed run, in order, and the clock that
  /// measured them.
  llvm::SmallVector<double, 1> kernelMs;
  std::string clock;
  /// The host threads that ran the launch's workgroups; 0 on a device.
  unsigned threads = 0;
};

class Backend {
public:
  virtual ~Backend();
  /// Runs `kernel` of `module` (which the backend does not modify: it lowers
  /// a clone) with `launch`, compiled once and run as `repetitions` says;
  /// the buffers hold the results of one run afterwards.
  virtual llvm::Expected<RunReport> run(mlir::ModuleOp module,
                                        const Kernel &kernel, Launch &launch,
                                        const Repetitions &repetitions) = 0;
  /// The most lanes a thread of a kernelized function may handle on this
  /// backend (--tolk-kernelize's `upcast`), 0 for kernelize's own choice.
  virtual unsigned maxLanes() const { return 0; }
};

/// --tolk-to-llvm and MLIR's ExecutionEngine, on this CPU, the workgroups
/// spread over `threads` threads (0: one per core); with `boundsCheck`, the
/// first access out of a buffer's bounds stops the run with an error that
/// names it.
std::unique_ptr<Backend> createHostBackend(bool boundsCheck,
                                           unsigned threads);
/// --tolk-to-spirv and the Vulkan loader (lib/Runtime/VulkanRunner).
std::unique_ptr<Backend> createVulkanBackend();
/// --tolk-to-nvvm for `chip` and the CUDA driver API (lib/Runtime/
/// CudaRunner), opened from `driverLibrary` at run time.
std::unique_ptr<Backend> createCudaBackend(llvm::StringRef chip,
                                           llvm::StringRef driverLibrary);

} // namespace tolk::run

#endif // TOLK_TOOLS_TOLK_RUN_BACKEND_H
