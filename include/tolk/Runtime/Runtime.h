//===- Runtime.h - Devices, buffers and programs across launches -*- C++
//-*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Tolk's runtime: a Device (the host JIT, a Vulkan device, a CUDA device)
// opened once; Buffers of its memory that persist across launches; Programs,
// modules compiled once for it, whose kernels are launched many times. The
// backend-neutral part: what a kernel takes (its signature, from the kernel
// ABI of docs/Runtime.md), the checks of a launch's arguments, the compile
// cache. The backends implement Device (lib/Runtime/Host, Vulkan, Cuda);
// tolk/Runtime/Devices.h opens one. The C API over it is tolk-c/Runtime.h.
//
// Thread safety: a Device may be used from several threads at once (its
// backend serializes what needs it); a Program is immutable once compiled;
// the contents of a Buffer are the caller's to order.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_RUNTIME_RUNTIME_H
#define TOLK_RUNTIME_RUNTIME_H

#include "tolk/Dtype/DType.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MathExtras.h"

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
class ModuleOp;
namespace gpu {
class GPUFuncOp;
} // namespace gpu
} // namespace mlir

namespace tolk::runtime {

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

/// What kind of error the runtime reports (the C API's TolkRtErrorCode).
enum class ErrorCode {
  InvalidArgument = 1,
  InvalidHandle = 2,
  Unavailable = 3,
  CompileFailed = 4,
  LaunchFailed = 5,
  OutOfMemory = 6,
  Internal = 7,
};

/// An llvm::Error with its ErrorCode.
class RuntimeError : public llvm::ErrorInfo<RuntimeError> {
public:
  static char ID;
  RuntimeError(ErrorCode code, std::string message)
      : code(code), message(std::move(message)) {}
  void log(llvm::raw_ostream &os) const override;
  std::error_code convertToErrorCode() const override;
  ErrorCode code;
  std::string message;
};

llvm::Error makeError(ErrorCode code, const llvm::Twine &message);
/// The code of `error` (Internal for an error of another class), and its
/// message; consumes it.
std::pair<ErrorCode, std::string> takeError(llvm::Error error);

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

enum class BackendKind { Host = 0, Vulkan = 1, Cuda = 2 };
/// "host", "vulkan", "cuda".
llvm::StringRef backendName(BackendKind backend);

/// One parameter of a kernel, in the kernel's order (docs/Runtime.md,
/// "Runtimes": the kernel ABI).
struct ParamInfo {
  enum class Kind { Buffer, Scalar, Image };
  Kind kind = Kind::Buffer;
  /// The element's data type (each lane's; bf16 and fp8 are stored as their
  /// storage integers).
  dtype::DType dtype = dtype::DType::Float32;
  /// Buffers and images: the elements of the pointer type in scalars (its
  /// element count times `lanes`), -1 when it has none.
  int64_t count = -1;
  /// The lanes of the pointer type's element (vector<N x T>: N).
  unsigned lanes = 1;
  /// The lanes of one element of the lowered buffer (the memref a kernel
  /// takes): `lanes`, or 1 where the lowering holds them as that many
  /// scalars (tolk::getPackedLanes).
  unsigned bufferLanes = 1;
  /// The element type as the kernel spells it ("si8", "vector<4xf32>").
  std::string elementType;
  /// Buffers and images: the position among them (the Vulkan binding);
  /// scalars: the position among the scalars (the push-constant member).
  unsigned slot = 0;
  /// Images: the shape (h, w, 4) of its texels.
  llvm::SmallVector<int64_t, 3> imageShape;

  bool isBuffer() const { return kind != Kind::Scalar; }
  /// The least bytes a buffer argument holds: 0 without a declared count.
  uint64_t minBytes() const;
};

/// A kernel of a program: a gpu.func kernel of a gpu.module.
struct KernelInfo {
  std::string module;
  std::string name;
  /// The tensor-level function it was kernelized from, or empty.
  std::string function;
  llvm::SmallVector<ParamInfo, 8> params;
  std::optional<std::array<uint32_t, 3>> knownGrid, knownBlock;
};

/// The signature of `kernel`, from its parameter types; an error for a
/// parameter that no buffer or scalar argument can give.
llvm::Expected<KernelInfo> describeKernel(mlir::gpu::GPUFuncOp kernel);

//===----------------------------------------------------------------------===//
// Devices, buffers, programs
//===----------------------------------------------------------------------===//

class Device;

/// Memory of one device. Allocated by Device::allocate; freed when the last
/// reference goes (a pending launch holds one). A view (Device::createView)
/// is bytes of another buffer's storage, which it keeps alive.
class Buffer {
public:
  virtual ~Buffer();
  uint64_t size() const { return bytes; }
  Device &getDevice() const { return device; }
  /// The allocation that holds the bytes: this buffer, or the one a view is
  /// of (never itself a view).
  Buffer &storage() { return of ? *of : *this; }
  const Buffer &storage() const { return of ? *of : *this; }
  /// Where the bytes start in storage(): 0 but for a view.
  uint64_t storageOffset() const { return offset; }
  bool isView() const { return of != nullptr; }

  /// A view's offset is a multiple of this, on every backend: the most that
  /// Vulkan lets a storage buffer's offset alignment be, and a multiple of
  /// the alignment a kernel may assume of a buffer (docs/Runtime.md,
  /// "Views").
  static constexpr uint64_t kViewAlignment = 256;

protected:
  Buffer(Device &device, uint64_t bytes) : device(device), bytes(bytes) {}
  /// A view of `bytes` bytes at `offset` of `of`'s storage.
  Buffer(std::shared_ptr<Buffer> of, uint64_t offset, uint64_t bytes);

private:
  Device &device;
  uint64_t bytes;
  std::shared_ptr<Buffer> of;
  uint64_t offset = 0;
};

/// What a backend's pipeline made of a module: device-independent, so the
/// compile cache shares it among devices of the same pipeline options.
class CompiledModule {
public:
  /// Counted in the process's "modules.compiled" (countProcessObjects).
  CompiledModule();
  CompiledModule(const CompiledModule &other);
  CompiledModule &operator=(const CompiledModule &other) = default;
  virtual ~CompiledModule();
  std::vector<KernelInfo> kernels;
};

/// A module compiled for one device. Immutable: launched from any thread.
class Program {
public:
  Program(Device &device, std::shared_ptr<const CompiledModule> compiled)
      : device(device), compiled(std::move(compiled)) {}
  virtual ~Program();
  Device &getDevice() const { return device; }
  llvm::ArrayRef<KernelInfo> kernels() const { return compiled->kernels; }
  const std::shared_ptr<const CompiledModule> &getCompiled() const {
    return compiled;
  }
  /// The kernel `name` gives: MODULE::KERNEL, KERNEL where one gpu.module
  /// has it, or the tensor-level function it was kernelized from.
  llvm::Expected<unsigned> findKernel(llvm::StringRef name) const;

private:
  Device &device;
  std::shared_ptr<const CompiledModule> compiled;
};

/// One launch argument: a buffer (kept alive by the launch) or a scalar's
/// bits, zero-extended.
struct LaunchArg {
  std::shared_ptr<Buffer> buffer;
  uint64_t bits = 0;
  bool isBuffer() const { return buffer != nullptr; }
  static LaunchArg of(std::shared_ptr<Buffer> b) { return {std::move(b), 0}; }
  static LaunchArg scalar(uint64_t bits) { return {nullptr, bits}; }
};

/// A count of live objects of one kind, for tests that check that nothing
/// leaks under load: `name` is a static string ("vulkan.buffers").
struct LiveCount {
  const char *name;
  int64_t value;
};

/// The process's counts, whatever the device: "modules.compiled" (the
/// CompiledModules alive, held by programs or the compile cache) and
/// "modules.cached" (the compile cache's entries).
void countProcessObjects(llvm::SmallVectorImpl<LiveCount> &counts);

/// The size of a launch.
struct LaunchShape {
  std::array<uint32_t, 3> grid = {1, 1, 1};
  std::array<uint32_t, 3> block = {1, 1, 1};
};

/// How to open a device (the C API's TolkRtDeviceOptions).
struct DeviceOptions {
  BackendKind backend = BackendKind::Host;
  unsigned deviceIndex = 0;
  /// CUDA: the chip; empty (the default) for the device's own, from its
  /// compute capability (sm_90 on the stand-in driver).
  std::string chip;
  std::string cudaDriverLibrary = "libcuda.so.1";
  /// Host: threads per launch, 0 for one per core.
  unsigned hostThreads = 0;
  bool hostBoundsCheck = true;
};

class Device {
public:
  virtual ~Device();

  virtual BackendKind backend() const = 0;
  /// The device in words.
  virtual llvm::StringRef name() const = 0;
  /// "bounds-checked", "unchecked", or the Vulkan robustness feature.
  virtual llvm::StringRef memorySafety() const = 0;
  /// How timed launches are measured ("host clock", "device timestamps",
  /// "CUDA events").
  virtual llvm::StringRef clock() const = 0;
  /// Host: the threads a launch runs on; 0 elsewhere.
  virtual unsigned hostThreads() const { return 0; }
  /// The most lanes a kernelized function's thread handles here.
  virtual unsigned maxLanes() const = 0;

  /// A buffer of `bytes` (at least 1) bytes, zeroed.
  virtual llvm::Expected<std::shared_ptr<Buffer>> allocate(uint64_t bytes) = 0;
  /// A view of bytes [offset, offset + bytes) of `buffer` (of this device):
  /// at least one byte, inside it, at an offset that is a multiple of
  /// Buffer::kViewAlignment.
  llvm::Expected<std::shared_ptr<Buffer>>
  createView(std::shared_ptr<Buffer> buffer, uint64_t offset, uint64_t bytes);
  /// Copies into / out of `buffer` (of this device) at `offset`, after the
  /// launches made before on this device.
  llvm::Error write(Buffer &buffer, uint64_t offset,
                    llvm::ArrayRef<uint8_t> source);
  llvm::Error read(Buffer &buffer, uint64_t offset,
                   llvm::MutableArrayRef<uint8_t> destination);

  /// Parses `moduleText`, kernelizes it and compiles every kernel, or takes
  /// the compiled module from the process's cache. Diagnostics go into the
  /// error's message.
  llvm::Expected<std::shared_ptr<Program>> compile(llvm::StringRef moduleText);
  /// Compiles `module` (already kernelized with maxLanes(); left unchanged:
  /// the backend lowers a clone). Diagnostics go to its context's handler.
  /// Not cached.
  llvm::Expected<std::shared_ptr<Program>> compile(mlir::ModuleOp module);

  /// Launches kernel `kernel` of `program` (of this device) with `args`,
  /// checked against its signature first. `grid` and `block` default to the
  /// kernel's known sizes, which they must equal. With `kernelMs`, waits
  /// and gives the kernel's time.
  llvm::Error launch(const Program &program, unsigned kernel,
                     std::optional<std::array<uint32_t, 3>> grid,
                     std::optional<std::array<uint32_t, 3>> block,
                     llvm::ArrayRef<LaunchArg> args,
                     double *kernelMs = nullptr);

  /// Waits for every launch so far; returns the first error not yet
  /// returned.
  virtual llvm::Error synchronize() = 0;

  /// Appends what the device holds now, by kind: on Vulkan its live
  /// objects ("vulkan.buffers", "vulkan.pipelines", ...), on the host the
  /// JIT's engines alive in the process ("host.jit-engines").
  virtual void
  countLiveObjects(llvm::SmallVectorImpl<LiveCount> &counts) const {}

protected:
  /// What, besides the module's text, decides the compiled module: the
  /// backend and its pipeline options.
  virtual std::string pipelineKey() const = 0;
  /// Lowers a clone of `module` with the backend's pipeline.
  virtual llvm::Expected<std::shared_ptr<CompiledModule>>
  compileModule(mlir::ModuleOp module, std::vector<KernelInfo> kernels) = 0;
  /// The program of `compiled` on this device (a backend keeps its
  /// per-device objects in a subclass).
  virtual llvm::Expected<std::shared_ptr<Program>>
  makeProgram(std::shared_ptr<const CompiledModule> compiled);
  /// Runs checked arguments; `launchNumber` counts this device's launches
  /// from 1, for messages.
  virtual llvm::Error run(const Program &program, unsigned kernel,
                          const LaunchShape &shape,
                          llvm::ArrayRef<LaunchArg> args, uint64_t launchNumber,
                          double *kernelMs) = 0;
  virtual llvm::Error writeBytes(Buffer &buffer, uint64_t offset,
                                 llvm::ArrayRef<uint8_t> source) = 0;
  virtual llvm::Error readBytes(Buffer &buffer, uint64_t offset,
                                llvm::MutableArrayRef<uint8_t> dest) = 0;

private:
  llvm::Expected<std::shared_ptr<Program>>
  compileKernelized(mlir::ModuleOp module);
  std::atomic<uint64_t> launchCount{0};
};

/// "launch N of kernel 'K'", the prefix of a failed launch's message.
std::string describeLaunch(const KernelInfo &kernel, uint64_t launchNumber);

} // namespace tolk::runtime

#endif // TOLK_RUNTIME_RUNTIME_H
