//===- CudaRunner.h - Run one PTX kernel with the driver API ----*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// One PTX kernel on CUDA device 0, through the CUDA driver API opened at run
// time (libcuda.so.1), so that Tolk builds and its other backends run on
// machines without a driver or a CUDA toolkit. Without a driver or a
// device, runCudaKernel returns an error that says so. The same driver
// times a kernel against a device-to-device copy of the same bytes
// (timeCudaKernel, timeDeviceCopy), for bench/tolk-cuda-bandwidth. Each is
// a thin use of the runtime's CUDA device (lib/Runtime/Cuda/CudaSession.h)
// opened for the call: one runtime, not two.
//
// The kernel's parameters are given one by one, each either the device
// address of one of the buffers or the raw bytes of a by-value parameter, so
// that the caller follows whatever signature the lowering gave the kernel
// (today a memref descriptor is five parameters per buffer: allocated
// pointer, aligned pointer, offset, size, stride).
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_RUNTIME_CUDARUNNER_H
#define TOLK_RUNTIME_CUDARUNNER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

namespace tolk::runtime {

/// One kernel parameter.
struct CudaParam {
  enum class Kind { BufferAddress, Bytes, SurfaceObject };
  Kind kind = Kind::Bytes;
  /// For BufferAddress and SurfaceObject: the index into CudaLaunch::buffers.
  unsigned buffer = 0;
  /// For Bytes: the parameter's value, as many bytes as the PTX parameter.
  llvm::SmallVector<uint8_t, 8> bytes;

  /// The device address (a 64-bit pointer) of buffer `index`.
  static CudaParam bufferAddress(unsigned index) {
    CudaParam p;
    p.kind = Kind::BufferAddress;
    p.buffer = index;
    return p;
  }
  /// The surface object (a 64-bit CUsurfObject) of image buffer `index`
  /// (CudaLaunch::images), as the NVVM lowering passes an image.
  static CudaParam surfaceObject(unsigned index) {
    CudaParam p;
    p.kind = Kind::SurfaceObject;
    p.buffer = index;
    return p;
  }
  /// A by-value parameter of the given bytes.
  static CudaParam value(llvm::ArrayRef<uint8_t> bytes) {
    CudaParam p;
    p.bytes.assign(bytes.begin(), bytes.end());
    return p;
  }
  /// A by-value scalar (int64_t for the i64 offset, size and stride of a
  /// memref descriptor, float for an f32 parameter, ...).
  template <typename T> static CudaParam scalar(T v) {
    static_assert(std::is_trivially_copyable_v<T>, "a plain scalar");
    uint8_t raw[sizeof(T)];
    std::memcpy(raw, &v, sizeof(T));
    return value(raw);
  }
};

/// Appends the five parameters by which the NVVM lowering passes a 1-D
/// memref today (allocated pointer, aligned pointer, offset, size, stride):
/// buffer `buffer`'s address twice, offset 0, `numElements`, stride 1.
inline void appendMemRef1DParams(std::vector<CudaParam> &params,
                                 unsigned buffer, int64_t numElements) {
  params.push_back(CudaParam::bufferAddress(buffer));
  params.push_back(CudaParam::bufferAddress(buffer));
  params.push_back(CudaParam::scalar<int64_t>(0));
  params.push_back(CudaParam::scalar<int64_t>(numElements));
  params.push_back(CudaParam::scalar<int64_t>(1));
}

/// One launch of a PTX kernel.
struct CudaLaunch {
  /// The PTX module's text.
  std::string ptx;
  /// The kernel's name in the PTX (.entry).
  std::string kernelName;
  std::array<uint32_t, 3> grid = {1, 1, 1};
  std::array<uint32_t, 3> block = {1, 1, 1};
  /// Dynamic shared memory in bytes.
  uint32_t sharedMemBytes = 0;
  /// The buffers: each is copied to a device allocation of its size before
  /// the launch and back after it.
  llvm::SmallVector<llvm::MutableArrayRef<uint8_t>, 4> buffers;
  /// By buffer, for a buffer that is an image rather than memory: the
  /// image's size and texel format. buffers[k] then holds its texels, row
  /// after row, four channels each, which are copied into a 2-D CUDA array
  /// of that format made for surface loads and stores before the launch
  /// and out of it after; its parameter is the array's surface object
  /// (CudaParam::surfaceObject).
  struct Image {
    enum class Format { Half, Float };
    Format format = Format::Float;
    uint32_t width = 0, height = 0;
    /// The bytes of a row of texels: width x 4 channels of f16 or f32.
    uint64_t rowBytes() const {
      return uint64_t(width) * 4 * (format == Format::Half ? 2 : 4);
    }
  };
  llvm::SmallVector<std::optional<Image>, 4> images;
  /// The image in buffer `k`, or null for a buffer of memory.
  const Image *imageOf(unsigned k) const {
    return k < images.size() && images[k] ? &*images[k] : nullptr;
  }
  /// The kernel's parameters in order.
  std::vector<CudaParam> params;
  /// The driver library to open. Tests point it at a missing file to test
  /// the no-driver path on machines that have a driver.
  std::string driverLibrary = "libcuda.so.1";
  /// How many times runCudaKernel launches: `warmup` untimed launches, then
  /// `repeat` timed ones (at least one), back to back on one stream.
  unsigned warmup = 0;
  unsigned repeat = 1;
  /// The buffers that the kernel both reads and writes: each launch after
  /// the first starts from their contents before the first, copied back
  /// on the device from a copy made at upload, outside the timed part.
  llvm::SmallVector<unsigned, 2> restoredBuffers;
};

/// What a run used and how long the kernel took.
struct CudaRunInfo {
  /// The device's name.
  std::string device;
  /// Each timed launch's time on the device, in order (two CUDA events of
  /// its own around each).
  llvm::SmallVector<double, 1> kernelMs;
};

/// Runs `launch` on CUDA device 0, `warmup` + `repeat` times, and waits for
/// it; the buffers hold the device's contents afterwards. Errors: no driver
/// ("no CUDA driver: libcuda.so.1 not found"), no device, PTX the JIT
/// rejects (with its log), parameters that disagree with the kernel's, a
/// grid or block beyond the device's limits or the kernel's threads per
/// block, and failures of the launch: all but the last are found before the
/// launch; a fault of the kernel names the launch ("launch 3 of kernel
/// 'add'", counted from 1, warm-up included).
llvm::Expected<CudaRunInfo> runCudaKernel(const CudaLaunch &launch);

/// The times of one timed operation, over its repetitions, in milliseconds
/// of device time (CUDA events around each repetition).
struct CudaTiming {
  double medianMs = 0;
  double minMs = 0;
  double maxMs = 0;
  unsigned repetitions = 0;
};

/// Times `launch` on CUDA device 0: its buffers are allocated and copied to
/// the device once, the kernel runs twice untimed (the first launch of a
/// module pays for its loading), then `repetitions` times back to back on
/// one stream with an event before and after each launch (the launch's
/// own `warmup` and `repeat` are not used). The buffers hold the device's
/// contents after the last launch, so the caller can check the results.
/// Errors: those of runCudaKernel, and zero repetitions.
llvm::Expected<CudaTiming> timeCudaKernel(const CudaLaunch &launch,
                                          unsigned repetitions);

/// Times a device-to-device copy of `bytes` bytes (cuMemcpyDtoDAsync from
/// one allocation to another, so `bytes` are read and `bytes` written) on
/// CUDA device 0, the same way as timeCudaKernel: two copies untimed, then
/// `repetitions` timed ones. Errors: no driver or device (the same messages
/// as runCudaKernel), zero bytes or repetitions, allocation failures.
llvm::Expected<CudaTiming>
timeDeviceCopy(size_t bytes, unsigned repetitions,
               llvm::StringRef driverLibrary = "libcuda.so.1");

/// The name of CUDA device `index` of the driver `driverLibrary`, or the
/// error that says there is no driver or no such device.
llvm::Expected<std::string> describeCudaDevice(llvm::StringRef driverLibrary,
                                               unsigned index);

/// The chip of CUDA device `index`, "sm_" and its compute capability
/// (CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR and _MINOR: "sm_90" for
/// 9.0), or the error that says there is no driver or no such device.
llvm::Expected<std::string> cudaDeviceChip(llvm::StringRef driverLibrary,
                                           unsigned index);

} // namespace tolk::runtime

#endif // TOLK_RUNTIME_CUDARUNNER_H
