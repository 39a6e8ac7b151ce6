//===- CudaRunner.cpp - Run one PTX kernel with the driver API ------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The driver is opened with dlopen rather than linked, and its few types and
// functions are declared here rather than taken from cuda.h: linking libcuda
// would make every Tolk tool fail to start on a machine without an NVIDIA
// driver, and including cuda.h would make the build need a CUDA toolkit.
// The declarations follow the driver API's documented, stable ABI; where
// cuda.h maps a name to a versioned symbol (cuMemAlloc to cuMemAlloc_v2),
// the versioned symbol is the one looked up, as cuda.h would.
//
// On that driver: the checks of a launch, the session that the runtime's
// CUDA device is (CudaSession.h: launches enqueued on the null stream and
// retired in order), and the runner's entry points (CudaRunner.h), each a
// thin use of a session opened for the call.
//
//===----------------------------------------------------------------------===//

#include "tolk/Runtime/CudaRunner.h"

#include "CudaSession.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <array>
#include <deque>
#include <dlfcn.h>
#include <map>
#include <optional>
#include <utility>

using namespace tolk;
using namespace tolk::runtime;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

namespace {
// The driver API's types, as cuda.h declares them.
using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctx_st *;
using CUmodule = struct CUmod_st *;
using CUfunction = struct CUfunc_st *;
using CUstream = struct CUstream_st *;
using CUevent = struct CUevent_st *;
using CUjit_option = int;
using CUarray = struct CUarray_st *;
using CUsurfObject = unsigned long long;
constexpr CUresult CUDA_SUCCESS = 0;
constexpr CUresult CUDA_ERROR_OUT_OF_MEMORY = 2;
constexpr CUresult CUDA_ERROR_NO_DEVICE = 100;
constexpr CUjit_option CU_JIT_INFO_LOG_BUFFER = 3;
constexpr CUjit_option CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4;
constexpr CUjit_option CU_JIT_ERROR_LOG_BUFFER = 5;
constexpr CUjit_option CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6;
// CUdevice_attribute and CUfunction_attribute.
constexpr int CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1;
constexpr int CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X = 2; // Y, Z: 3, 4.
constexpr int CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X = 5;  // Y, Z: 6, 7.
constexpr int CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0;
// The arrays and surfaces of images.
constexpr int CU_AD_FORMAT_HALF = 0x10;
constexpr int CU_AD_FORMAT_FLOAT = 0x20;
constexpr unsigned CUDA_ARRAY3D_SURFACE_LDST = 0x02;
constexpr int CU_MEMORYTYPE_DEVICE = 2;
constexpr int CU_MEMORYTYPE_ARRAY = 3;
constexpr int CU_RESOURCE_TYPE_ARRAY = 0;
struct CUDA_ARRAY3D_DESCRIPTOR {
  size_t Width, Height, Depth;
  int Format; // CUarray_format
  unsigned NumChannels, Flags;
};
struct CUDA_MEMCPY2D {
  size_t srcXInBytes, srcY;
  int srcMemoryType; // CUmemorytype
  const void *srcHost;
  CUdeviceptr srcDevice;
  CUarray srcArray;
  size_t srcPitch;
  size_t dstXInBytes, dstY;
  int dstMemoryType;
  void *dstHost;
  CUdeviceptr dstDevice;
  CUarray dstArray;
  size_t dstPitch;
  size_t WidthInBytes, Height;
};
struct CUDA_RESOURCE_DESC {
  int resType; // CUresourcetype
  union {
    struct {
      CUarray hArray;
    } array;
    int reserved[32];
  } res;
  unsigned flags;
};
// cuda.h's layouts on an LP64 host.
static_assert(sizeof(CUDA_ARRAY3D_DESCRIPTOR) == 40, "cuda.h's layout");
static_assert(sizeof(CUDA_MEMCPY2D) == 128, "cuda.h's layout");
static_assert(sizeof(CUDA_RESOURCE_DESC) == 144, "cuda.h's layout");

/// The driver functions the runner calls.
struct Driver {
  CUresult (*cuInit)(unsigned);
  CUresult (*cuGetErrorName)(CUresult, const char **);
  CUresult (*cuGetErrorString)(CUresult, const char **);
  CUresult (*cuDeviceGetCount)(int *);
  CUresult (*cuDeviceGet)(CUdevice *, int);
  CUresult (*cuDeviceGetName)(char *, int, CUdevice);
  CUresult (*cuDeviceGetAttribute)(int *, int, CUdevice);
  CUresult (*cuFuncGetAttribute)(int *, int, CUfunction);
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice);
  CUresult (*cuDevicePrimaryCtxRelease)(CUdevice);
  CUresult (*cuCtxPushCurrent)(CUcontext);
  CUresult (*cuCtxPopCurrent)(CUcontext *);
  CUresult (*cuCtxSynchronize)();
  CUresult (*cuModuleLoadDataEx)(CUmodule *, const void *, unsigned,
                                 CUjit_option *, void **);
  CUresult (*cuModuleUnload)(CUmodule);
  CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*cuMemAlloc)(CUdeviceptr *, size_t);
  CUresult (*cuMemFree)(CUdeviceptr);
  CUresult (*cuMemcpyHtoD)(CUdeviceptr, const void *, size_t);
  CUresult (*cuMemcpyDtoH)(void *, CUdeviceptr, size_t);
  CUresult (*cuMemsetD8)(CUdeviceptr, unsigned char, size_t);
  CUresult (*cuMemcpyDtoDAsync)(CUdeviceptr, CUdeviceptr, size_t, CUstream);
  CUresult (*cuArray3DCreate)(CUarray *, const CUDA_ARRAY3D_DESCRIPTOR *);
  CUresult (*cuArrayDestroy)(CUarray);
  CUresult (*cuMemcpy2DAsync)(const CUDA_MEMCPY2D *, CUstream);
  CUresult (*cuSurfObjectCreate)(CUsurfObject *, const CUDA_RESOURCE_DESC *);
  CUresult (*cuSurfObjectDestroy)(CUsurfObject);
  CUresult (*cuEventCreate)(CUevent *, unsigned);
  CUresult (*cuEventDestroy)(CUevent);
  CUresult (*cuEventRecord)(CUevent, CUstream);
  CUresult (*cuEventSynchronize)(CUevent);
  CUresult (*cuEventElapsedTime)(float *, CUevent, CUevent);
  CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned,
                             unsigned, unsigned, unsigned, CUstream, void **,
                             void **);
  // Since CUDA 12.4; null with older drivers (the parameters are then not
  // checked).
  CUresult (*cuFuncGetParamInfo)(CUfunction, size_t, size_t *, size_t *);

  std::string describe(CUresult result) const {
    const char *name = nullptr, *text = nullptr;
    // The codes the runtime acts on are named whatever the driver says:
    // CudaBackend tells out of memory by the name.
    if (cuGetErrorName(result, &name) != CUDA_SUCCESS || !name)
      name = result == CUDA_ERROR_OUT_OF_MEMORY ? "CUDA_ERROR_OUT_OF_MEMORY"
             : result == CUDA_ERROR_NO_DEVICE   ? "CUDA_ERROR_NO_DEVICE"
                                                : "unknown CUresult";
    if (cuGetErrorString(result, &text) != CUDA_SUCCESS || !text)
      text = "";
    return llvm::formatv("{0} ({1}){2}{3}", name, result, *text ? ": " : "",
                         text);
  }
  llvm::Error error(const char *call, CUresult result) const {
    return makeError(llvm::formatv("{0} failed: {1}", call, describe(result)));
  }
};
} // namespace

// Calls a driver function through `driver` and returns its error, if any,
// from the enclosing function.
#define TOLK_CU_CHECK(fn, ...)                                                 \
  do {                                                                         \
    CUresult tolkResult = driver.fn(__VA_ARGS__);                              \
    if (tolkResult != CUDA_SUCCESS)                                            \
      return driver.error(#fn, tolkResult);                                    \
  } while (false)

/// Opens the driver and finds its functions. The library stays loaded for
/// the rest of the process: the driver keeps threads and atexit handlers,
/// and unloading it under them is not supported.
static llvm::Expected<Driver> loadDriver(llvm::StringRef library) {
  std::string name = library.str();
  void *handle = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *why = dlerror();
    return makeError(llvm::formatv("no CUDA driver: {0} not found ({1})", name,
                                   why ? why : "dlopen failed"));
  }
  Driver d{};
  llvm::SmallVector<std::string, 2> missing;
  auto find = [&](auto &fn, const char *symbol, bool required = true) {
    fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(
        dlsym(handle, symbol));
    if (!fn && required)
      missing.push_back(symbol);
  };
  find(d.cuInit, "cuInit");
  find(d.cuGetErrorName, "cuGetErrorName");
  find(d.cuGetErrorString, "cuGetErrorString");
  find(d.cuDeviceGetCount, "cuDeviceGetCount");
  find(d.cuDeviceGet, "cuDeviceGet");
  find(d.cuDeviceGetName, "cuDeviceGetName");
  find(d.cuDeviceGetAttribute, "cuDeviceGetAttribute");
  find(d.cuFuncGetAttribute, "cuFuncGetAttribute");
  find(d.cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain");
  find(d.cuDevicePrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2");
  find(d.cuCtxPushCurrent, "cuCtxPushCurrent_v2");
  find(d.cuCtxPopCurrent, "cuCtxPopCurrent_v2");
  find(d.cuCtxSynchronize, "cuCtxSynchronize");
  find(d.cuModuleLoadDataEx, "cuModuleLoadDataEx");
  find(d.cuModuleUnload, "cuModuleUnload");
  find(d.cuModuleGetFunction, "cuModuleGetFunction");
  find(d.cuMemAlloc, "cuMemAlloc_v2");
  find(d.cuMemFree, "cuMemFree_v2");
  find(d.cuMemcpyHtoD, "cuMemcpyHtoD_v2");
  find(d.cuMemcpyDtoH, "cuMemcpyDtoH_v2");
  find(d.cuMemsetD8, "cuMemsetD8_v2");
  find(d.cuMemcpyDtoDAsync, "cuMemcpyDtoDAsync_v2");
  find(d.cuArray3DCreate, "cuArray3DCreate_v2");
  find(d.cuArrayDestroy, "cuArrayDestroy");
  find(d.cuMemcpy2DAsync, "cuMemcpy2DAsync_v2");
  find(d.cuSurfObjectCreate, "cuSurfObjectCreate");
  find(d.cuSurfObjectDestroy, "cuSurfObjectDestroy");
  find(d.cuEventCreate, "cuEventCreate");
  find(d.cuEventDestroy, "cuEventDestroy_v2");
  find(d.cuEventRecord, "cuEventRecord");
  find(d.cuEventSynchronize, "cuEventSynchronize");
  // cuda.h maps cuEventElapsedTime to _v2 since CUDA 12.8 (same signature);
  // older drivers have the first version only.
  find(d.cuEventElapsedTime, "cuEventElapsedTime_v2", /*required=*/false);
  if (!d.cuEventElapsedTime)
    find(d.cuEventElapsedTime, "cuEventElapsedTime");
  find(d.cuLaunchKernel, "cuLaunchKernel");
  find(d.cuFuncGetParamInfo, "cuFuncGetParamInfo", /*required=*/false);
  if (!missing.empty())
    return makeError(
        llvm::formatv("the CUDA driver {0} is too old: it lacks {1}", name,
                      llvm::join(missing, ", ")));
  return d;
}

/// The checks that need no driver (but the PTX's, for a launch of a module
/// loaded already: `loaded`).
static llvm::Error checkLaunch(const CudaLaunch &launch, bool loaded = false) {
  if (launch.ptx.empty() && !loaded)
    return makeError("no PTX given");
  if (launch.kernelName.empty())
    return makeError("no kernel name given");
  for (unsigned d = 0; d < 3; ++d)
    if (launch.grid[d] == 0 || launch.block[d] == 0)
      return makeError(llvm::formatv(
          "grid {0}x{1}x{2} or block {3}x{4}x{5} has a zero dimension",
          launch.grid[0], launch.grid[1], launch.grid[2], launch.block[0],
          launch.block[1], launch.block[2]));
  if (launch.images.size() > launch.buffers.size())
    return makeError(llvm::formatv("{0} image(s) but {1} buffer(s) given",
                                   launch.images.size(),
                                   launch.buffers.size()));
  for (auto [index, image] : llvm::enumerate(launch.images)) {
    if (!image)
      continue;
    uint64_t bytes = image->rowBytes() * image->height;
    if (image->width == 0 || image->height == 0 ||
        bytes != launch.buffers[index].size())
      return makeError(llvm::formatv(
          "the image in buffer {0} is {1}x{2} texels ({3} bytes), but {4} "
          "bytes were given",
          index, image->width, image->height, bytes,
          launch.buffers[index].size()));
    if (launch.warmup + launch.repeat > 1 &&
        llvm::is_contained(launch.restoredBuffers, unsigned(index)))
      return makeError(llvm::formatv(
          "the image in buffer {0} is to be restored between launches, which "
          "the runner does only for buffers",
          index));
  }
  for (auto [index, param] : llvm::enumerate(launch.params)) {
    if (param.kind != CudaParam::Kind::Bytes &&
        param.buffer >= launch.buffers.size())
      return makeError(llvm::formatv(
          "parameter {0} is the {1} of buffer {2}, but {3} buffer(s) were "
          "given",
          index,
          param.kind == CudaParam::Kind::BufferAddress ? "address"
                                                       : "surface object",
          param.buffer, launch.buffers.size()));
    if (param.kind == CudaParam::Kind::BufferAddress &&
        launch.imageOf(param.buffer))
      return makeError(llvm::formatv(
          "parameter {0} is the address of buffer {1}, which is an image "
          "(a CUDA array has no address: pass its surface object)",
          index, param.buffer));
    if (param.kind == CudaParam::Kind::SurfaceObject &&
        !launch.imageOf(param.buffer))
      return makeError(llvm::formatv(
          "parameter {0} is the surface object of buffer {1}, which is not "
          "an image",
          index, param.buffer));
    if (param.kind == CudaParam::Kind::Bytes && param.bytes.empty())
      return makeError(llvm::formatv("parameter {0} has no bytes", index));
  }
  for (unsigned buffer : launch.restoredBuffers)
    if (buffer >= launch.buffers.size())
      return makeError(llvm::formatv(
          "buffer {0} is to be restored between launches, but {1} buffer(s) "
          "were given",
          buffer, launch.buffers.size()));
  return llvm::Error::success();
}

/// The sizes of `function`'s parameters where the driver can say
/// (cuFuncGetParamInfo, CUDA 12.4), none otherwise.
static std::optional<llvm::SmallVector<size_t, 16>>
paramSizesOf(const Driver &driver, CUfunction function) {
  if (!driver.cuFuncGetParamInfo)
    return std::nullopt;
  llvm::SmallVector<size_t, 16> sizes;
  // The kernel's parameter count: the first index the driver rejects
  // (PTX allows a few thousand parameters at most).
  for (size_t count = 0; count < 65536; ++count) {
    size_t offset = 0, size = 0;
    if (driver.cuFuncGetParamInfo(function, count, &offset, &size) !=
        CUDA_SUCCESS)
      break;
    sizes.push_back(size);
  }
  return sizes;
}

/// Checks the number and sizes of the parameters against the kernel's
/// where they are known, which cuLaunchKernel would otherwise read past or
/// misplace silently.
static llvm::Error
checkParams(const std::optional<llvm::SmallVector<size_t, 16>> &sizes,
            const CudaLaunch &launch) {
  if (!sizes)
    return llvm::Error::success();
  if (sizes->size() != launch.params.size())
    return makeError(
        llvm::formatv("kernel '{0}' has {1} parameter(s) but {2} were given",
                      launch.kernelName, sizes->size(), launch.params.size()));
  for (auto [index, param] : llvm::enumerate(launch.params)) {
    size_t given =
        param.kind == CudaParam::Kind::BufferAddress   ? sizeof(CUdeviceptr)
        : param.kind == CudaParam::Kind::SurfaceObject ? sizeof(CUsurfObject)
                                                       : param.bytes.size();
    if (given != (*sizes)[index])
      return makeError(llvm::formatv(
          "parameter {0} of kernel '{1}' has {2} byte(s) but {3} were given",
          index, launch.kernelName, (*sizes)[index], given));
  }
  return llvm::Error::success();
}

/// Opens the driver, initializes it and checks that it has a device.
static llvm::Expected<Driver> openDriver(llvm::StringRef library) {
  llvm::Expected<Driver> loaded = loadDriver(library);
  if (!loaded)
    return loaded.takeError();
  const Driver &driver = *loaded;
  const char *call = "cuInit";
  CUresult result = driver.cuInit(0);
  int deviceCount = 0;
  if (result == CUDA_SUCCESS) {
    call = "cuDeviceGetCount";
    result = driver.cuDeviceGetCount(&deviceCount);
  }
  if (result == CUDA_ERROR_NO_DEVICE ||
      (result == CUDA_SUCCESS && deviceCount == 0))
    return makeError("no CUDA device: the CUDA driver found none");
  if (result != CUDA_SUCCESS)
    return driver.error(call, result);
  return loaded;
}

/// Device `index` of `driver`; an error that says how many it has when it
/// has no such device.
static llvm::Expected<CUdevice> getDevice(const Driver &driver,
                                          unsigned index) {
  int count = 0;
  TOLK_CU_CHECK(cuDeviceGetCount, &count);
  if (index >= unsigned(count))
    return makeError(llvm::formatv("no CUDA device {0}: the CUDA driver has "
                                   "{1}",
                                   index, count));
  CUdevice device;
  TOLK_CU_CHECK(cuDeviceGet, &device, int(index));
  return device;
}

static std::string deviceName(const Driver &driver, CUdevice device) {
  char name[256] = {0};
  driver.cuDeviceGetName(name, sizeof(name) - 1, device);
  return name;
}

/// The driver `driverLibrary` and its device `index`, for a question about
/// the device that needs no context.
static llvm::Expected<std::pair<Driver, CUdevice>>
openDriverDevice(llvm::StringRef driverLibrary, unsigned index) {
  llvm::Expected<Driver> opened = openDriver(driverLibrary);
  if (!opened)
    return opened.takeError();
  llvm::Expected<CUdevice> found = getDevice(*opened, index);
  if (!found)
    return found.takeError();
  return std::pair<Driver, CUdevice>(*opened, *found);
}

llvm::Expected<std::string>
tolk::runtime::describeCudaDevice(llvm::StringRef driverLibrary,
                                  unsigned index) {
  llvm::Expected<std::pair<Driver, CUdevice>> opened =
      openDriverDevice(driverLibrary, index);
  if (!opened)
    return opened.takeError();
  const auto &[driver, device] = *opened;
  char name[256] = {0};
  TOLK_CU_CHECK(cuDeviceGetName, name, sizeof(name) - 1, device);
  return std::string(name);
}

llvm::Expected<std::string>
tolk::runtime::cudaDeviceChip(llvm::StringRef driverLibrary, unsigned index) {
  llvm::Expected<std::pair<Driver, CUdevice>> opened =
      openDriverDevice(driverLibrary, index);
  if (!opened)
    return opened.takeError();
  const auto &[driver, device] = *opened;
  // CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR and _MINOR.
  int major = 0, minor = 0;
  TOLK_CU_CHECK(cuDeviceGetAttribute, &major, 75, device);
  TOLK_CU_CHECK(cuDeviceGetAttribute, &minor, 76, device);
  return llvm::formatv("sm_{0}{1}", major, minor).str();
}

namespace {
/// The device's limits on a launch, read once.
struct DeviceLimits {
  std::array<int, 3> maxBlock{}, maxGrid{};
  int maxThreads = 0;
};
} // namespace

static llvm::Expected<DeviceLimits> readLimits(const Driver &driver,
                                               CUdevice device) {
  DeviceLimits limits;
  for (unsigned d = 0; d < 3; ++d) {
    TOLK_CU_CHECK(cuDeviceGetAttribute, &limits.maxBlock[d],
                  CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X + d, device);
    TOLK_CU_CHECK(cuDeviceGetAttribute, &limits.maxGrid[d],
                  CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X + d, device);
  }
  TOLK_CU_CHECK(cuDeviceGetAttribute, &limits.maxThreads,
                CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, device);
  return limits;
}

/// The launch against the limits of device `name` and the kernel's threads
/// per block (`kernelMax`: its registers can lower it below the device's):
/// cuLaunchKernel would only say CUDA_ERROR_INVALID_VALUE.
static llvm::Error checkLimits(const DeviceLimits &limits, llvm::StringRef name,
                               int kernelMax, const CudaLaunch &launch) {
  for (unsigned d = 0; d < 3; ++d) {
    if (launch.block[d] > unsigned(limits.maxBlock[d]))
      return makeError(llvm::formatv(
          "a block of {0} threads in dimension {1} exceeds the limit of "
          "{3} of device '{2}'",
          launch.block[d], "xyz"[d], name, limits.maxBlock[d]));
    if (launch.grid[d] > unsigned(limits.maxGrid[d]))
      return makeError(llvm::formatv(
          "a grid of {0} blocks in dimension {1} exceeds the limit of {3} "
          "of device '{2}'",
          launch.grid[d], "xyz"[d], name, limits.maxGrid[d]));
  }
  uint64_t threads =
      uint64_t(launch.block[0]) * launch.block[1] * launch.block[2];
  if (threads > uint64_t(limits.maxThreads))
    return makeError(llvm::formatv(
        "a block of {0} threads exceeds the limit of {2} of device '{1}'",
        threads, name, limits.maxThreads));
  if (threads > uint64_t(kernelMax))
    return makeError(llvm::formatv(
        "a block of {0} threads exceeds the {1} that kernel '{2}' can run "
        "per block on device '{3}' (its registers or its compiled block "
        "size)",
        threads, kernelMax, launch.kernelName, name));
  return llvm::Error::success();
}

namespace {
/// What cuLaunchKernel takes for the parameters: one pointer per parameter,
/// to its value. The driver reads the values when the launch is made, so
/// they need not outlive it.
struct KernelArguments {
  llvm::SmallVector<CUdeviceptr, 16> values;
  llvm::SmallVector<void *, 16> pointers;

  /// Buffer k is at `addresses[k]`, an image's surface object is
  /// `surfaces[k]`.
  KernelArguments(const CudaLaunch &launch, llvm::ArrayRef<uint64_t> addresses,
                  llvm::ArrayRef<CUsurfObject> surfaces)
      : values(launch.params.size()) {
    for (auto [index, param] : llvm::enumerate(launch.params)) {
      if (param.kind == CudaParam::Kind::BufferAddress) {
        values[index] = addresses[param.buffer];
        pointers.push_back(&values[index]);
      } else if (param.kind == CudaParam::Kind::SurfaceObject) {
        values[index] = surfaces[param.buffer];
        pointers.push_back(&values[index]);
      } else {
        pointers.push_back(const_cast<uint8_t *>(param.bytes.data()));
      }
    }
  }
  KernelArguments(const KernelArguments &) = delete;
  KernelArguments &operator=(const KernelArguments &) = delete;
};

/// The copy of an image's texels between its buffer in device memory and
/// its array, whole rows of 4 channels (the buffer's rows are packed).
CUDA_MEMCPY2D deviceImageCopy(const CudaLaunch::Image &image,
                              CUdeviceptr buffer, CUarray array, bool toArray) {
  size_t row = image.rowBytes();
  CUDA_MEMCPY2D copy{};
  if (toArray) {
    copy.srcMemoryType = CU_MEMORYTYPE_DEVICE;
    copy.srcDevice = buffer;
    copy.srcPitch = row;
    copy.dstMemoryType = CU_MEMORYTYPE_ARRAY;
    copy.dstArray = array;
  } else {
    copy.srcMemoryType = CU_MEMORYTYPE_ARRAY;
    copy.srcArray = array;
    copy.dstMemoryType = CU_MEMORYTYPE_DEVICE;
    copy.dstDevice = buffer;
    copy.dstPitch = row;
  }
  copy.WidthInBytes = row;
  copy.Height = image.height;
  return copy;
}
} // namespace

//===----------------------------------------------------------------------===//
// The session: the runtime's device
//===----------------------------------------------------------------------===//

using tolk::runtime::cuda::CudaSession;

namespace {
/// A launch or a copy enqueued on the null stream, until it is retired.
struct Operation {
  uint64_t serial = 0;
  /// Around the kernel or the copy, when it is timed.
  CUevent start = nullptr, stop = nullptr;
  /// Recorded after everything the operation enqueued: once it completed,
  /// so did the operation.
  CUevent done = nullptr;
  /// What a launch made for its images: by buffer, an array and its
  /// surface object, or none.
  llvm::SmallVector<CUarray, 4> arrays;
  llvm::SmallVector<CUsurfObject, 4> surfaces;
  /// What it is, for a failure that shows after it returned.
  std::string description;
};

/// Device memory to free or a module to unload once operation `after` is
/// retired: the operations in flight when it was freed may use it.
struct Release {
  uint64_t after;
  CUdeviceptr memory;
  CUmodule module;
};
} // namespace

/// The most operations in flight: one more waits for the oldest, so that a
/// caller that never synchronizes holds a bounded number of events and
/// arrays.
static constexpr size_t kMaxInFlight = 64;

struct CudaSession::State {
  Driver driver;
  CUdevice device = 0;
  CUcontext context = nullptr;
  std::string name;
  DeviceLimits limits;

  /// What a launch needs of a kernel, found at its first launch, so that
  /// later launches check against it without asking the driver again.
  struct Kernel {
    CUfunction function = nullptr;
    std::optional<llvm::SmallVector<size_t, 16>> paramSizes;
    int maxThreads = 0;
  };
  std::map<std::pair<CUmodule, std::string>, Kernel> kernels;

  // With the session's mutex held, the context current.
  std::deque<Operation> inFlight;
  uint64_t lastSerial = 0;
  std::deque<Release> releases;
  /// Failures of operations that no call returned yet.
  std::vector<std::string> deferredErrors;
  /// The times and failures of timed operations retired before their
  /// wait.
  std::map<uint64_t, double> times;
  std::map<uint64_t, std::string> timedFailures;

  /// Creates `event` and records it on the null stream.
  llvm::Error record(CUevent &event, bool timing) {
    if (event)
      driver.cuEventDestroy(event);
    // Events that only mark completion skip the timestamp.
    unsigned flags = timing ? 0u : /*CU_EVENT_DISABLE_TIMING=*/2u;
    if (CUresult result = driver.cuEventCreate(&event, flags);
        result != CUDA_SUCCESS) {
      event = nullptr;
      return driver.error("cuEventCreate", result);
    }
    TOLK_CU_CHECK(cuEventRecord, event, /*stream=*/nullptr);
    return llvm::Error::success();
  }

  /// Destroys what `op` made. The driver lets an event still queued be
  /// destroyed; the arrays are destroyed only once the stream is past them.
  void destroy(Operation &op) {
    for (CUevent e : {op.start, op.stop, op.done})
      if (e)
        driver.cuEventDestroy(e);
    op.start = op.stop = op.done = nullptr;
    for (CUsurfObject s : op.surfaces)
      if (s)
        driver.cuSurfObjectDestroy(s);
    for (CUarray a : op.arrays)
      if (a)
        driver.cuArrayDestroy(a);
    op.surfaces.clear();
    op.arrays.clear();
  }

  void releaseUpTo(uint64_t serial) {
    while (!releases.empty() && releases.front().after <= serial) {
      // After a fault the context may refuse; there is no one to tell.
      if (releases.front().memory)
        driver.cuMemFree(releases.front().memory);
      if (releases.front().module)
        driver.cuModuleUnload(releases.front().module);
      releases.pop_front();
    }
  }

  /// Frees `memory` or unloads `module` now, or after the operations in
  /// flight.
  void release(CUdeviceptr memory, CUmodule module) {
    releases.push_back({lastSerial, memory, module});
    if (inFlight.empty())
      releaseUpTo(lastSerial);
  }

  /// Waits for the oldest operation and retires it: its failure (for
  /// `target`, in `targetFailure`; kept for later otherwise), its time,
  /// what it made, and the releases that waited for it.
  void retireOldest(uint64_t target, std::string &targetFailure,
                    double *kernelMs) {
    Operation op = std::move(inFlight.front());
    inFlight.pop_front();
    std::string failure;
    // A fault of the kernel, or of anything before it on the stream, shows
    // here: the driver reports it at the first synchronization after it.
    if (CUresult result = driver.cuEventSynchronize(op.done);
        result != CUDA_SUCCESS) {
      failure = llvm::toString(driver.error("cuEventSynchronize", result));
    } else if (op.start && op.stop) {
      float ms = 0;
      if (CUresult result = driver.cuEventElapsedTime(&ms, op.start, op.stop);
          result != CUDA_SUCCESS)
        failure = llvm::toString(driver.error("cuEventElapsedTime", result));
      else if (op.serial == target && kernelMs)
        *kernelMs = ms;
      else
        times[op.serial] = ms;
    }
    destroy(op);
    if (!failure.empty()) {
      if (!op.description.empty())
        failure += " (" + op.description + ")";
      if (op.serial == target)
        targetFailure = std::move(failure);
      else if (op.start)
        // A timed operation is waited for: its wait returns it.
        timedFailures[op.serial] = std::move(failure);
      else
        deferredErrors.push_back(std::move(failure));
    }
    releaseUpTo(op.serial);
  }

  /// Waits for operation `serial` and those before it: its failure, and its
  /// time in `kernelMs` where it was timed.
  llvm::Error waitLocked(uint64_t serial, double *kernelMs) {
    std::string failure;
    while (!inFlight.empty() && inFlight.front().serial <= serial)
      retireOldest(serial, failure, kernelMs);
    if (!failure.empty())
      return makeError(failure);
    if (auto found = timedFailures.find(serial); found != timedFailures.end()) {
      failure = std::move(found->second);
      timedFailures.erase(found);
      return makeError(failure);
    }
    if (kernelMs)
      if (auto found = times.find(serial); found != times.end()) {
        *kernelMs = found->second;
        times.erase(found);
      }
    return llvm::Error::success();
  }

  /// The first failure no call returned yet, if any.
  llvm::Error takeDeferred() {
    if (deferredErrors.empty())
      return llvm::Error::success();
    std::string first = std::move(deferredErrors.front());
    deferredErrors.erase(deferredErrors.begin());
    return makeError(first);
  }

  /// Kernel `name` of `module`, looked up and read the first time.
  llvm::Expected<const Kernel *> kernelOf(CUmodule module,
                                          const std::string &name) {
    auto [found, added] = kernels.try_emplace({module, name});
    if (!added)
      return &found->second;
    Kernel &kernel = found->second;
    if (CUresult result =
            driver.cuModuleGetFunction(&kernel.function, module, name.c_str());
        result != CUDA_SUCCESS) {
      kernels.erase(found);
      return makeError(llvm::formatv("the PTX has no kernel '{0}' ({1})", name,
                                     driver.describe(result)));
    }
    if (CUresult result = driver.cuFuncGetAttribute(
            &kernel.maxThreads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
            kernel.function);
        result != CUDA_SUCCESS) {
      kernels.erase(found);
      return driver.error("cuFuncGetAttribute", result);
    }
    kernel.paramSizes = paramSizesOf(driver, kernel.function);
    return &kernel;
  }

  void makeRoom() {
    if (inFlight.size() < kMaxInFlight)
      return;
    std::string none;
    retireOldest(0, none, nullptr);
  }

  /// Puts `op`, whose work is enqueued up to its `done` event, in flight.
  uint64_t enqueued(Operation op) {
    op.serial = ++lastSerial;
    inFlight.push_back(std::move(op));
    return lastSerial;
  }
};

namespace {
/// The session's context made current for a scope, and the calling
/// thread's previous one again after it.
class CurrentContext {
public:
  CurrentContext(const Driver &driver, CUcontext context)
      : driver(driver), result(driver.cuCtxPushCurrent(context)) {}
  ~CurrentContext() {
    CUcontext popped;
    if (result == CUDA_SUCCESS)
      driver.cuCtxPopCurrent(&popped);
  }
  CurrentContext(const CurrentContext &) = delete;
  CurrentContext &operator=(const CurrentContext &) = delete;
  const Driver &driver;
  CUresult result;
};
} // namespace

/// Returns the error from the enclosing function when the context could
/// not be made current.
#define TOLK_CU_CURRENT(driver, state)                                         \
  CurrentContext current(driver, (state)->context);                            \
  if (current.result != CUDA_SUCCESS)                                          \
  return driver.error("cuCtxPushCurrent", current.result)

CudaSession::CudaSession(std::unique_ptr<State> state)
    : state(std::move(state)) {}

llvm::Expected<std::unique_ptr<CudaSession>>
CudaSession::open(llvm::StringRef driverLibrary, unsigned index) {
  llvm::Expected<Driver> opened = openDriver(driverLibrary);
  if (!opened)
    return opened.takeError();
  auto state = std::make_unique<State>(State{*opened});
  const Driver &driver = state->driver;
  llvm::Expected<CUdevice> device = getDevice(driver, index);
  if (!device)
    return device.takeError();
  state->device = *device;
  state->name = deviceName(driver, state->device);
  llvm::Expected<DeviceLimits> limits = readLimits(driver, state->device);
  if (!limits)
    return limits.takeError();
  state->limits = *limits;
  // The primary context, the one the runtime API would use too; retained
  // last, so that a failure above leaves nothing to release.
  TOLK_CU_CHECK(cuDevicePrimaryCtxRetain, &state->context, state->device);
  return std::unique_ptr<CudaSession>(new CudaSession(std::move(state)));
}

CudaSession::~CudaSession() {
  // The buffers and modules went first (each holds the session), their
  // release held for the operations in flight: retire those, failures
  // and all, then release.
  {
    CurrentContext current(state->driver, state->context);
    std::string failure;
    while (!state->inFlight.empty())
      state->retireOldest(0, failure, nullptr);
    state->releaseUpTo(state->lastSerial);
  }
  state->driver.cuDevicePrimaryCtxRelease(state->device);
}

const std::string &CudaSession::name() const { return state->name; }

llvm::Expected<uint64_t> CudaSession::allocate(uint64_t bytes) {
  std::lock_guard<std::mutex> lock(mutex);
  const Driver &driver = state->driver;
  TOLK_CU_CURRENT(driver, state);
  CUdeviceptr address;
  // The driver has no empty allocation.
  TOLK_CU_CHECK(cuMemAlloc, &address, std::max<uint64_t>(bytes, 1));
  if (CUresult result = driver.cuMemsetD8(address, 0, bytes);
      result != CUDA_SUCCESS) {
    driver.cuMemFree(address);
    return driver.error("cuMemsetD8", result);
  }
  return uint64_t(address);
}

void CudaSession::free(uint64_t address) {
  std::lock_guard<std::mutex> lock(mutex);
  CurrentContext current(state->driver, state->context);
  state->release(address, nullptr);
}

llvm::Error CudaSession::write(uint64_t address,
                               llvm::ArrayRef<uint8_t> source) {
  std::lock_guard<std::mutex> lock(mutex);
  const Driver &driver = state->driver;
  TOLK_CU_CURRENT(driver, state);
  // The launches before it may read these bytes; on the one stream the
  // copy would wait for all of them anyway. Their failure is theirs, not
  // this write's: it is kept for the next read or synchronize.
  if (llvm::Error err = state->waitLocked(state->lastSerial, nullptr))
    state->deferredErrors.insert(state->deferredErrors.begin(),
                                 llvm::toString(std::move(err)));
  if (!source.empty())
    TOLK_CU_CHECK(cuMemcpyHtoD, address, source.data(), source.size());
  return llvm::Error::success();
}

llvm::Error CudaSession::read(uint64_t address,
                              llvm::MutableArrayRef<uint8_t> dest) {
  std::lock_guard<std::mutex> lock(mutex);
  const Driver &driver = state->driver;
  TOLK_CU_CURRENT(driver, state);
  if (llvm::Error err = state->waitLocked(state->lastSerial, nullptr))
    return err;
  if (llvm::Error err = state->takeDeferred())
    return err;
  if (!dest.empty())
    TOLK_CU_CHECK(cuMemcpyDtoH, dest.data(), address, dest.size());
  return llvm::Error::success();
}

llvm::Expected<void *> CudaSession::loadModule(const std::string &ptx) {
  std::lock_guard<std::mutex> lock(mutex);
  const Driver &driver = state->driver;
  TOLK_CU_CURRENT(driver, state);
  // The JIT's log says why it fails.
  char errorLog[8192] = {0}, infoLog[4096] = {0};
  CUjit_option options[] = {
      CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
      CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES};
  void *values[] = {errorLog, reinterpret_cast<void *>(sizeof(errorLog)),
                    infoLog, reinterpret_cast<void *>(sizeof(infoLog))};
  CUmodule module;
  // cuModuleLoadDataEx reads PTX up to its NUL; std::string has one.
  CUresult result = driver.cuModuleLoadDataEx(
      &module, ptx.c_str(), std::size(options), options, values);
  if (result != CUDA_SUCCESS) {
    errorLog[sizeof(errorLog) - 1] = '\0';
    return makeError(llvm::formatv(
        "the CUDA driver rejects the PTX for device '{0}': {1}{2}{3}",
        state->name, driver.describe(result), *errorLog ? "\n" : "",
        llvm::StringRef(errorLog).rtrim()));
  }
  return static_cast<void *>(module);
}

void CudaSession::unloadModule(void *module) {
  std::lock_guard<std::mutex> lock(mutex);
  CurrentContext current(state->driver, state->context);
  // A module loaded later may have the same handle.
  auto handle = static_cast<CUmodule>(module);
  for (auto k = state->kernels.begin(); k != state->kernels.end();)
    k = k->first.first == handle ? state->kernels.erase(k) : std::next(k);
  state->release(0, handle);
}

llvm::Expected<uint64_t> CudaSession::launch(void *module,
                                             const CudaLaunch &launch,
                                             llvm::ArrayRef<uint64_t> addresses,
                                             bool timed,
                                             llvm::StringRef description) {
  if (llvm::Error err = checkLaunch(launch, /*loaded=*/true))
    return err;
  if (addresses.size() != launch.buffers.size())
    return makeError(llvm::formatv("{0} buffer(s) but {1} address(es) given",
                                   launch.buffers.size(), addresses.size()));
  std::lock_guard<std::mutex> lock(mutex);
  const Driver &driver = state->driver;
  TOLK_CU_CURRENT(driver, state);
  llvm::Expected<const State::Kernel *> kernel =
      state->kernelOf(static_cast<CUmodule>(module), launch.kernelName);
  if (!kernel)
    return kernel.takeError();
  CUfunction function = (*kernel)->function;
  if (llvm::Error err = checkParams((*kernel)->paramSizes, launch))
    return err;
  if (llvm::Error err = checkLimits(state->limits, state->name,
                                    (*kernel)->maxThreads, launch))
    return err;
  state->makeRoom();

  Operation op;
  op.description = description.str();
  // Whether the stream holds some of the operation's work (an image's
  // copy), and then whether it is in flight.
  bool started = false, inFlight = false;
  llvm::scope_exit abandon([&] {
    if (inFlight)
      return;
    // A failure after an image's copy was enqueued: its array lives until
    // the stream is past it, as a launch's would. It has nothing to time.
    if (started) {
      for (CUevent *e : {&op.start, &op.stop})
        if (*e)
          driver.cuEventDestroy(std::exchange(*e, nullptr));
      llvm::Error recorded = state->record(op.done, /*timing=*/false);
      if (!recorded) {
        op.description.clear();
        state->enqueued(std::move(op));
        return;
      }
      llvm::consumeError(std::move(recorded));
      driver.cuCtxSynchronize();
    }
    state->destroy(op);
  });
  for (auto [index, address] : llvm::enumerate(addresses)) {
    op.arrays.push_back(nullptr);
    op.surfaces.push_back(0);
    const CudaLaunch::Image *image = launch.imageOf(index);
    if (!image)
      continue;
    // A 2-D array of 4 channels of f16 or f32, made for surface loads and
    // stores, as the NVVM lowering's suld and sust need.
    CUDA_ARRAY3D_DESCRIPTOR desc{};
    desc.Width = image->width;
    desc.Height = image->height;
    desc.Depth = 0; // 2-D
    desc.Format = image->format == CudaLaunch::Image::Format::Half
                      ? CU_AD_FORMAT_HALF
                      : CU_AD_FORMAT_FLOAT;
    desc.NumChannels = 4;
    desc.Flags = CUDA_ARRAY3D_SURFACE_LDST;
    TOLK_CU_CHECK(cuArray3DCreate, &op.arrays.back(), &desc);
    CUDA_MEMCPY2D copy =
        deviceImageCopy(*image, address, op.arrays.back(), /*toArray=*/true);
    TOLK_CU_CHECK(cuMemcpy2DAsync, &copy, /*stream=*/nullptr);
    started = true;
    CUDA_RESOURCE_DESC resource{};
    resource.resType = CU_RESOURCE_TYPE_ARRAY;
    resource.res.array.hArray = op.arrays.back();
    TOLK_CU_CHECK(cuSurfObjectCreate, &op.surfaces.back(), &resource);
  }
  KernelArguments arguments(launch, addresses, op.surfaces);
  if (timed)
    if (llvm::Error err = state->record(op.start, /*timing=*/true))
      return std::move(err);
  TOLK_CU_CHECK(cuLaunchKernel, function, launch.grid[0], launch.grid[1],
                launch.grid[2], launch.block[0], launch.block[1],
                launch.block[2], launch.sharedMemBytes, /*stream=*/nullptr,
                arguments.pointers.data(), /*extra=*/nullptr);
  started = true;
  if (timed)
    if (llvm::Error err = state->record(op.stop, /*timing=*/true))
      return std::move(err);
  for (auto [index, address] : llvm::enumerate(addresses))
    if (const CudaLaunch::Image *image = launch.imageOf(index)) {
      CUDA_MEMCPY2D copy = deviceImageCopy(*image, address, op.arrays[index],
                                           /*toArray=*/false);
      TOLK_CU_CHECK(cuMemcpy2DAsync, &copy, /*stream=*/nullptr);
    }
  if (llvm::Error err = state->record(op.done, /*timing=*/false))
    return std::move(err);
  inFlight = true;
  return state->enqueued(std::move(op));
}

llvm::Expected<uint64_t> CudaSession::copy(uint64_t dest, uint64_t source,
                                           uint64_t bytes, bool timed,
                                           llvm::StringRef description) {
  std::lock_guard<std::mutex> lock(mutex);
  const Driver &driver = state->driver;
  TOLK_CU_CURRENT(driver, state);
  state->makeRoom();
  Operation op;
  op.description = description.str();
  bool inFlight = false;
  // Nothing here needs the stream to be past it: an event still queued
  // may be destroyed.
  llvm::scope_exit abandon([&] {
    if (!inFlight)
      state->destroy(op);
  });
  if (timed)
    if (llvm::Error err = state->record(op.start, /*timing=*/true))
      return std::move(err);
  TOLK_CU_CHECK(cuMemcpyDtoDAsync, dest, source, bytes, /*stream=*/nullptr);
  if (timed)
    if (llvm::Error err = state->record(op.stop, /*timing=*/true))
      return std::move(err);
  if (llvm::Error err = state->record(op.done, /*timing=*/false))
    return std::move(err);
  inFlight = true;
  return state->enqueued(std::move(op));
}

llvm::Error CudaSession::wait(uint64_t serial, double *ms) {
  std::lock_guard<std::mutex> lock(mutex);
  const Driver &driver = state->driver;
  TOLK_CU_CURRENT(driver, state);
  return state->waitLocked(serial, ms);
}

llvm::Error CudaSession::synchronize() {
  std::lock_guard<std::mutex> lock(mutex);
  const Driver &driver = state->driver;
  TOLK_CU_CURRENT(driver, state);
  if (llvm::Error err = state->waitLocked(state->lastSerial, nullptr))
    return err;
  return state->takeDeferred();
}

#undef TOLK_CU_CURRENT

//===----------------------------------------------------------------------===//
// The runner: one kernel on a session of its own
//===----------------------------------------------------------------------===//

/// The median, fastest and slowest of `times`.
static CudaTiming summarize(llvm::SmallVector<double, 1> times) {
  llvm::sort(times);
  CudaTiming timing;
  timing.repetitions = times.size();
  timing.minMs = times.front();
  timing.maxMs = times.back();
  size_t mid = times.size() / 2;
  timing.medianMs =
      times.size() % 2 ? times[mid] : (times[mid - 1] + times[mid]) / 2;
  return timing;
}

llvm::Expected<CudaRunInfo>
tolk::runtime::runCudaKernel(const CudaLaunch &launch) {
  if (llvm::Error err = checkLaunch(launch))
    return err;
  if (launch.repeat == 0)
    return makeError("no repetitions to time");
  llvm::Expected<std::unique_ptr<CudaSession>> opened =
      CudaSession::open(launch.driverLibrary, 0);
  if (!opened)
    return opened.takeError();
  CudaSession &session = **opened;
  // By buffer, then the restored buffers' first contents. Released before
  // the session ends, which waits for whatever is still in flight.
  llvm::SmallVector<uint64_t, 6> allocations;
  void *module = nullptr;
  llvm::scope_exit release([&] {
    for (uint64_t address : allocations)
      session.free(address);
    if (module)
      session.unloadModule(module);
  });
  llvm::Expected<void *> loaded = session.loadModule(launch.ptx);
  if (!loaded)
    return loaded.takeError();
  module = *loaded;
  auto upload = [&](llvm::ArrayRef<uint8_t> bytes) -> llvm::Error {
    llvm::Expected<uint64_t> address = session.allocate(bytes.size());
    if (!address)
      return address.takeError();
    allocations.push_back(*address);
    return session.write(*address, bytes);
  };
  // An image's texels too: the session copies them into its array for
  // each launch and back after it.
  for (llvm::MutableArrayRef<uint8_t> bytes : launch.buffers)
    if (llvm::Error err = upload(bytes))
      return err;
  llvm::ArrayRef<uint64_t> addresses =
      llvm::ArrayRef(allocations).take_front(launch.buffers.size());
  // The in-place buffers' first contents, kept on the device and copied
  // back there before each launch after the first.
  struct Restore {
    unsigned buffer;
    uint64_t original;
  };
  llvm::SmallVector<Restore, 2> restores;
  if (launch.warmup + launch.repeat > 1)
    for (unsigned index : launch.restoredBuffers) {
      if (launch.buffers[index].empty())
        continue;
      if (llvm::Error err = upload(launch.buffers[index]))
        return err;
      restores.push_back({index, allocations.back()});
    }
  addresses = llvm::ArrayRef(allocations).take_front(launch.buffers.size());

  // All the launches are enqueued before the timed ones are waited for: the
  // device runs them back to back, so each interval is the kernel's device
  // time, not the host's latency in launching it.
  llvm::SmallVector<uint64_t, 1> timed;
  for (unsigned n = 0; n < launch.warmup + launch.repeat; ++n) {
    if (n > 0)
      for (const Restore &r : restores) {
        llvm::Expected<uint64_t> copied = session.copy(
            addresses[r.buffer], r.original, launch.buffers[r.buffer].size(),
            /*timed=*/false,
            llvm::formatv("the copy that restores buffer {0} before launch "
                          "{1} of kernel '{2}'",
                          r.buffer, n + 1, launch.kernelName)
                .str());
        if (!copied)
          return copied.takeError();
      }
    bool isTimed = n >= launch.warmup;
    llvm::Expected<uint64_t> serial = session.launch(
        module, launch, addresses, isTimed,
        llvm::formatv("launch {0} of kernel '{1}'", n + 1, launch.kernelName)
            .str());
    if (!serial)
      return serial.takeError();
    if (isTimed)
      timed.push_back(*serial);
    else if (n + 1 == launch.warmup)
      // A fault in the warm-up shows here, before anything is timed.
      if (llvm::Error err = session.synchronize())
        return err;
  }
  CudaRunInfo run;
  run.device = session.name();
  for (uint64_t serial : timed) {
    double ms = 0;
    if (llvm::Error err = session.wait(serial, &ms))
      return err;
    run.kernelMs.push_back(ms);
  }
  for (auto [address, bytes] : llvm::zip(addresses, launch.buffers))
    if (llvm::Error err = session.read(address, bytes))
      return err;
  return run;
}

llvm::Expected<CudaTiming>
tolk::runtime::timeCudaKernel(const CudaLaunch &launch, unsigned repetitions) {
  // A repeated run whose first two launches pay for the module's loading.
  CudaLaunch timed = launch;
  timed.warmup = 2;
  timed.repeat = repetitions;
  llvm::Expected<CudaRunInfo> run = runCudaKernel(timed);
  if (!run)
    return run.takeError();
  return summarize(std::move(run->kernelMs));
}

llvm::Expected<CudaTiming>
tolk::runtime::timeDeviceCopy(size_t bytes, unsigned repetitions,
                              llvm::StringRef driverLibrary) {
  if (bytes == 0)
    return makeError("no bytes to copy");
  if (repetitions == 0)
    return makeError("no repetitions to time");
  llvm::Expected<std::unique_ptr<CudaSession>> opened =
      CudaSession::open(driverLibrary, 0);
  if (!opened)
    return opened.takeError();
  CudaSession &session = **opened;
  // Two distinct allocations, so that the copy reads `bytes` from DRAM and
  // writes `bytes` to it, as an elementwise kernel over them would. Their
  // contents do not matter to the copy.
  llvm::SmallVector<uint64_t, 2> allocations;
  llvm::scope_exit release([&] {
    for (uint64_t address : allocations)
      session.free(address);
  });
  for (unsigned i = 0; i < 2; ++i) {
    llvm::Expected<uint64_t> address = session.allocate(bytes);
    if (!address)
      return address.takeError();
    allocations.push_back(*address);
  }
  // Two copies untimed, waited for; then the timed ones back to back.
  llvm::SmallVector<uint64_t, 1> timed;
  for (unsigned n = 0; n < 2 + repetitions; ++n) {
    llvm::Expected<uint64_t> serial = session.copy(
        allocations[1], allocations[0], bytes, n >= 2,
        llvm::formatv("copy {0} of {1} bytes", n + 1, bytes).str());
    if (!serial)
      return serial.takeError();
    if (n >= 2)
      timed.push_back(*serial);
    else if (n == 1)
      if (llvm::Error err = session.synchronize())
        return err;
  }
  llvm::SmallVector<double, 1> times;
  for (uint64_t serial : timed) {
    double ms = 0;
    if (llvm::Error err = session.wait(serial, &ms))
      return err;
    times.push_back(ms);
  }
  return summarize(std::move(times));
}

#undef TOLK_CU_CHECK
