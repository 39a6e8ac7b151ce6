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
//===----------------------------------------------------------------------===//

#include "tolk/Runtime/CudaRunner.h"

#include "CudaSession.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <dlfcn.h>

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
constexpr int CU_MEMORYTYPE_HOST = 1;
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
  CUresult (*cuMemcpy2D)(const CUDA_MEMCPY2D *);
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
    if (cuGetErrorName(result, &name) != CUDA_SUCCESS || !name)
      name = "unknown CUresult";
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
  find(d.cuMemcpy2D, "cuMemcpy2D_v2");
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

namespace {
/// The driver objects of one run, released in the reverse order on every
/// return.
struct CudaObjects {
  const Driver &driver;
  CUdevice device = 0;
  bool retained = false, pushed = false;
  CUmodule module = nullptr;
  /// By buffer, then the restored buffers' copies; 0 for an image.
  llvm::SmallVector<CUdeviceptr, 4> allocations;
  /// By buffer: an image's array and its surface object, or none.
  llvm::SmallVector<CUarray, 4> arrays;
  llvm::SmallVector<CUsurfObject, 4> surfaces;
  llvm::SmallVector<CUevent, 0> events;

  explicit CudaObjects(const Driver &driver) : driver(driver) {}
  CudaObjects(const CudaObjects &) = delete;
  CudaObjects &operator=(const CudaObjects &) = delete;
  ~CudaObjects() {
    // After a failed launch these calls can fail too (the context is then
    // unusable); there is nothing more to report.
    for (CUevent e : events)
      driver.cuEventDestroy(e);
    for (CUsurfObject s : surfaces)
      if (s)
        driver.cuSurfObjectDestroy(s);
    for (CUarray a : arrays)
      if (a)
        driver.cuArrayDestroy(a);
    for (CUdeviceptr p : allocations)
      if (p)
        driver.cuMemFree(p);
    if (module)
      driver.cuModuleUnload(module);
    if (pushed) {
      CUcontext popped;
      driver.cuCtxPopCurrent(&popped);
    }
    if (retained)
      driver.cuDevicePrimaryCtxRelease(device);
  }
};
} // namespace

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

/// With a driver that can say (cuFuncGetParamInfo), checks the number and
/// sizes of the parameters against the kernel's, which cuLaunchKernel would
/// otherwise read past or misplace silently.
static llvm::Error checkParams(const Driver &driver, CUfunction function,
                               const CudaLaunch &launch) {
  if (!driver.cuFuncGetParamInfo)
    return llvm::Error::success();
  size_t count = 0;
  llvm::SmallVector<size_t, 16> sizes;
  // The kernel's parameter count: the first index the driver rejects
  // (PTX allows a few thousand parameters at most).
  for (; count < 65536; ++count) {
    size_t offset = 0, size = 0;
    if (driver.cuFuncGetParamInfo(function, count, &offset, &size) !=
        CUDA_SUCCESS)
      break;
    sizes.push_back(size);
  }
  if (count != launch.params.size())
    return makeError(
        llvm::formatv("kernel '{0}' has {1} parameter(s) but {2} were given",
                      launch.kernelName, count, launch.params.size()));
  for (auto [index, param] : llvm::enumerate(launch.params)) {
    size_t given =
        param.kind == CudaParam::Kind::BufferAddress   ? sizeof(CUdeviceptr)
        : param.kind == CudaParam::Kind::SurfaceObject ? sizeof(CUsurfObject)
                                                       : param.bytes.size();
    if (given != sizes[index])
      return makeError(llvm::formatv(
          "parameter {0} of kernel '{1}' has {2} byte(s) but {3} were given",
          index, launch.kernelName, sizes[index], given));
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

/// Makes device 0's primary context, the one the runtime API would use too,
/// current.
static llvm::Error openDevice(CudaObjects &objects) {
  const Driver &driver = objects.driver;
  TOLK_CU_CHECK(cuDeviceGet, &objects.device, 0);
  CUcontext context;
  TOLK_CU_CHECK(cuDevicePrimaryCtxRetain, &context, objects.device);
  objects.retained = true;
  TOLK_CU_CHECK(cuCtxPushCurrent, context);
  objects.pushed = true;
  return llvm::Error::success();
}

static std::string deviceName(const CudaObjects &objects) {
  char name[256] = {0};
  objects.driver.cuDeviceGetName(name, sizeof(name) - 1, objects.device);
  return name;
}

/// The PTX, JIT-compiled for the device, and its kernel, whose parameters
/// are checked against the launch's where the driver can say.
static llvm::Expected<CUfunction> loadKernel(CudaObjects &objects,
                                             const CudaLaunch &launch) {
  const Driver &driver = objects.driver;
  // The JIT's log says why it fails.
  char errorLog[8192] = {0}, infoLog[4096] = {0};
  CUjit_option options[] = {
      CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
      CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES};
  void *values[] = {errorLog, reinterpret_cast<void *>(sizeof(errorLog)),
                    infoLog, reinterpret_cast<void *>(sizeof(infoLog))};
  // cuModuleLoadDataEx reads PTX up to its NUL; std::string has one.
  CUresult result = driver.cuModuleLoadDataEx(
      &objects.module, launch.ptx.c_str(), std::size(options), options, values);
  if (result != CUDA_SUCCESS) {
    objects.module = nullptr;
    errorLog[sizeof(errorLog) - 1] = '\0';
    return makeError(llvm::formatv(
        "the CUDA driver rejects the PTX for device '{0}': {1}{2}{3}",
        deviceName(objects), driver.describe(result), *errorLog ? "\n" : "",
        llvm::StringRef(errorLog).rtrim()));
  }
  CUfunction function;
  result = driver.cuModuleGetFunction(&function, objects.module,
                                      launch.kernelName.c_str());
  if (result != CUDA_SUCCESS)
    return makeError(llvm::formatv("the PTX has no kernel '{0}' ({1})",
                                   launch.kernelName, driver.describe(result)));
  if (llvm::Error err = checkParams(driver, function, launch))
    return err;
  return function;
}

/// The launch against the device's limits and the kernel's (its registers
/// can lower the threads per block below the device's): cuLaunchKernel
/// would only say CUDA_ERROR_INVALID_VALUE.
static llvm::Error checkLimits(const CudaObjects &objects, CUfunction function,
                               const CudaLaunch &launch) {
  const Driver &driver = objects.driver;
  auto attribute = [&](int which, int &value) -> llvm::Error {
    TOLK_CU_CHECK(cuDeviceGetAttribute, &value, which, objects.device);
    return llvm::Error::success();
  };
  for (unsigned d = 0; d < 3; ++d) {
    int maxBlock = 0, maxGrid = 0;
    if (llvm::Error err =
            attribute(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X + d, maxBlock))
      return err;
    if (llvm::Error err =
            attribute(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X + d, maxGrid))
      return err;
    if (launch.block[d] > unsigned(maxBlock))
      return makeError(llvm::formatv(
          "a block of {0} threads in dimension {1} exceeds the limit of "
          "{3} of device '{2}'",
          launch.block[d], "xyz"[d], deviceName(objects), maxBlock));
    if (launch.grid[d] > unsigned(maxGrid))
      return makeError(llvm::formatv(
          "a grid of {0} blocks in dimension {1} exceeds the limit of {3} "
          "of device '{2}'",
          launch.grid[d], "xyz"[d], deviceName(objects), maxGrid));
  }
  uint64_t threads =
      uint64_t(launch.block[0]) * launch.block[1] * launch.block[2];
  int maxThreads = 0, kernelMax = 0;
  if (llvm::Error err =
          attribute(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, maxThreads))
    return err;
  if (threads > uint64_t(maxThreads))
    return makeError(llvm::formatv(
        "a block of {0} threads exceeds the limit of {2} of device '{1}'",
        threads, deviceName(objects), maxThreads));
  TOLK_CU_CHECK(cuFuncGetAttribute, &kernelMax,
                CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, function);
  if (threads > uint64_t(kernelMax))
    return makeError(llvm::formatv(
        "a block of {0} threads exceeds the {1} that kernel '{2}' can run "
        "per block on device '{3}' (its registers or its compiled block "
        "size)",
        threads, kernelMax, launch.kernelName, deviceName(objects)));
  return llvm::Error::success();
}

/// The copy of an image's texels between the host and its array, whole
/// rows of 4 channels (the host's rows are packed).
static CUDA_MEMCPY2D imageCopy(const CudaLaunch::Image &image,
                               llvm::MutableArrayRef<uint8_t> host,
                               CUarray array, bool toArray) {
  size_t row = image.rowBytes();
  CUDA_MEMCPY2D copy{};
  if (toArray) {
    copy.srcMemoryType = CU_MEMORYTYPE_HOST;
    copy.srcHost = host.data();
    copy.srcPitch = row;
    copy.dstMemoryType = CU_MEMORYTYPE_ARRAY;
    copy.dstArray = array;
  } else {
    copy.srcMemoryType = CU_MEMORYTYPE_ARRAY;
    copy.srcArray = array;
    copy.dstMemoryType = CU_MEMORYTYPE_HOST;
    copy.dstHost = host.data();
    copy.dstPitch = row;
  }
  copy.WidthInBytes = row;
  copy.Height = image.height;
  return copy;
}

/// An image's 2-D array (4 channels of f16 or f32, made for surface loads
/// and stores, as the NVVM lowering's suld and sust need), filled from the
/// host, and its surface object.
static llvm::Error uploadImage(CudaObjects &objects,
                               const CudaLaunch::Image &image,
                               llvm::MutableArrayRef<uint8_t> host) {
  const Driver &driver = objects.driver;
  CUDA_ARRAY3D_DESCRIPTOR desc{};
  desc.Width = image.width;
  desc.Height = image.height;
  desc.Depth = 0; // 2-D
  desc.Format = image.format == CudaLaunch::Image::Format::Half
                    ? CU_AD_FORMAT_HALF
                    : CU_AD_FORMAT_FLOAT;
  desc.NumChannels = 4;
  desc.Flags = CUDA_ARRAY3D_SURFACE_LDST;
  TOLK_CU_CHECK(cuArray3DCreate, &objects.arrays.back(), &desc);
  CUDA_MEMCPY2D copy =
      imageCopy(image, host, objects.arrays.back(), /*toArray=*/true);
  TOLK_CU_CHECK(cuMemcpy2D, &copy);
  CUDA_RESOURCE_DESC resource{};
  resource.resType = CU_RESOURCE_TYPE_ARRAY;
  resource.res.array.hArray = objects.arrays.back();
  TOLK_CU_CHECK(cuSurfObjectCreate, &objects.surfaces.back(), &resource);
  return llvm::Error::success();
}

/// Allocates one device buffer per host buffer (an array and a surface
/// object per image) and copies the host's contents to it.
static llvm::Error uploadBuffers(CudaObjects &objects,
                                 const CudaLaunch &launch) {
  const Driver &driver = objects.driver;
  for (auto [index, host] : llvm::enumerate(launch.buffers)) {
    objects.arrays.push_back(nullptr);
    objects.surfaces.push_back(0);
    if (const CudaLaunch::Image *image = launch.imageOf(index)) {
      objects.allocations.push_back(0);
      if (llvm::Error err = uploadImage(objects, *image, host))
        return err;
      continue;
    }
    CUdeviceptr p;
    // The driver has no empty allocation.
    TOLK_CU_CHECK(cuMemAlloc, &p, std::max<size_t>(host.size(), 1));
    objects.allocations.push_back(p);
    if (!host.empty())
      TOLK_CU_CHECK(cuMemcpyHtoD, p, host.data(), host.size());
  }
  return llvm::Error::success();
}

/// Copies the device buffers back to the host's.
static llvm::Error downloadBuffers(CudaObjects &objects,
                                   const CudaLaunch &launch) {
  const Driver &driver = objects.driver;
  for (auto [index, host] : llvm::enumerate(launch.buffers)) {
    if (const CudaLaunch::Image *image = launch.imageOf(index)) {
      CUDA_MEMCPY2D copy =
          imageCopy(*image, host, objects.arrays[index], /*toArray=*/false);
      TOLK_CU_CHECK(cuMemcpy2D, &copy);
    } else if (!host.empty()) {
      TOLK_CU_CHECK(cuMemcpyDtoH, host.data(), objects.allocations[index],
                    host.size());
    }
  }
  return llvm::Error::success();
}

namespace {
/// What cuLaunchKernel takes for the parameters: one pointer per parameter,
/// to its value. The buffer addresses live here, so that they outlive the
/// launches.
struct KernelArguments {
  llvm::SmallVector<CUdeviceptr, 16> addresses;
  llvm::SmallVector<void *, 16> pointers;

  KernelArguments(const CudaObjects &objects, const CudaLaunch &launch)
      : addresses(launch.params.size()) {
    for (auto [index, param] : llvm::enumerate(launch.params)) {
      if (param.kind == CudaParam::Kind::BufferAddress) {
        addresses[index] = objects.allocations[param.buffer];
        pointers.push_back(&addresses[index]);
      } else if (param.kind == CudaParam::Kind::SurfaceObject) {
        addresses[index] = objects.surfaces[param.buffer];
        pointers.push_back(&addresses[index]);
      } else {
        pointers.push_back(const_cast<uint8_t *>(param.bytes.data()));
      }
    }
  }
  KernelArguments(const KernelArguments &) = delete;
  KernelArguments &operator=(const KernelArguments &) = delete;
};
} // namespace

/// Enqueues one launch of `function` on the null stream.
static CUresult enqueueLaunch(const Driver &driver, CUfunction function,
                              const CudaLaunch &launch,
                              KernelArguments &arguments) {
  return driver.cuLaunchKernel(
      function, launch.grid[0], launch.grid[1], launch.grid[2], launch.block[0],
      launch.block[1], launch.block[2], launch.sharedMemBytes,
      /*stream=*/nullptr, arguments.pointers.data(), /*extra=*/nullptr);
}

/// Runs `enqueue` (one operation on the null stream) `warmup` times
/// untimed, then `repetitions` times, each between two events of its own,
/// and `restore` (copies on the same stream) before every run but the
/// first, outside the events. The timed runs are all enqueued before
/// waiting: the device runs them back to back, so each interval is one
/// operation's device time, not the host's latency in launching it. The
/// events are destroyed with `objects`.
static llvm::Expected<llvm::SmallVector<double, 1>>
timeRepeated(CudaObjects &objects, unsigned warmup, unsigned repetitions,
             const char *what, llvm::function_ref<CUresult()> enqueue,
             llvm::function_ref<CUresult()> restore = nullptr) {
  const Driver &driver = objects.driver;
  if (repetitions == 0)
    return makeError("no repetitions to time");
  auto runOnce = [&](unsigned run) -> llvm::Error {
    if (run > 0 && restore)
      if (CUresult result = restore(); result != CUDA_SUCCESS)
        return driver.error("cuMemcpyDtoDAsync", result);
    if (CUresult result = enqueue(); result != CUDA_SUCCESS)
      return driver.error(what, result);
    return llvm::Error::success();
  };
  for (unsigned run = 0; run < warmup; ++run)
    if (llvm::Error err = runOnce(run))
      return err;
  // A fault in the warm-up shows here, before anything is timed.
  if (warmup > 0)
    TOLK_CU_CHECK(cuCtxSynchronize);

  size_t firstEvent = objects.events.size();
  for (unsigned i = 0; i < 2 * repetitions; ++i) {
    CUevent event;
    TOLK_CU_CHECK(cuEventCreate, &event, /*CU_EVENT_DEFAULT=*/0u);
    objects.events.push_back(event);
  }
  llvm::ArrayRef<CUevent> events =
      llvm::ArrayRef(objects.events).drop_front(firstEvent);
  for (unsigned i = 0; i < repetitions; ++i) {
    if (i > 0 || warmup > 0)
      if (restore)
        if (CUresult result = restore(); result != CUDA_SUCCESS)
          return driver.error("cuMemcpyDtoDAsync", result);
    TOLK_CU_CHECK(cuEventRecord, events[2 * i], /*stream=*/nullptr);
    if (CUresult result = enqueue(); result != CUDA_SUCCESS)
      return driver.error(what, result);
    TOLK_CU_CHECK(cuEventRecord, events[2 * i + 1], /*stream=*/nullptr);
  }
  TOLK_CU_CHECK(cuEventSynchronize, events.back());
  // A fault in a timed run shows here.
  TOLK_CU_CHECK(cuCtxSynchronize);

  llvm::SmallVector<double, 1> times;
  for (unsigned i = 0; i < repetitions; ++i) {
    float ms = 0;
    TOLK_CU_CHECK(cuEventElapsedTime, &ms, events[2 * i], events[2 * i + 1]);
    times.push_back(ms);
  }
  return times;
}

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

/// Opens the driver and the device, loads the kernel, checks it against the
/// limits and uploads the buffers: what every run of a launch starts with.
static llvm::Expected<CUfunction> prepareLaunch(CudaObjects &objects,
                                                const CudaLaunch &launch) {
  if (llvm::Error err = openDevice(objects))
    return err;
  llvm::Expected<CUfunction> function = loadKernel(objects, launch);
  if (!function)
    return function.takeError();
  if (llvm::Error err = checkLimits(objects, *function, launch))
    return err;
  if (llvm::Error err = uploadBuffers(objects, launch))
    return err;
  return function;
}

llvm::Expected<CudaRunInfo>
tolk::runtime::runCudaKernel(const CudaLaunch &launch) {
  if (llvm::Error err = checkLaunch(launch))
    return err;
  if (launch.repeat == 0)
    return makeError("no repetitions to time");
  llvm::Expected<Driver> opened = openDriver(launch.driverLibrary);
  if (!opened)
    return opened.takeError();
  const Driver &driver = *opened;
  CudaObjects objects(driver);
  llvm::Expected<CUfunction> function = prepareLaunch(objects, launch);
  if (!function)
    return function.takeError();
  KernelArguments arguments(objects, launch);
  // The in-place buffers' first contents, kept on the device for the
  // launches after the first.
  struct Restore {
    CUdeviceptr buffer, original;
    size_t bytes;
  };
  llvm::SmallVector<Restore, 2> restores;
  if (launch.warmup + launch.repeat > 1)
    for (unsigned index : launch.restoredBuffers) {
      size_t bytes = launch.buffers[index].size();
      if (bytes == 0)
        continue;
      CUdeviceptr original;
      TOLK_CU_CHECK(cuMemAlloc, &original, bytes);
      objects.allocations.push_back(original);
      TOLK_CU_CHECK(cuMemcpyHtoD, original, launch.buffers[index].data(),
                    bytes);
      restores.push_back({objects.allocations[index], original, bytes});
    }
  llvm::Expected<llvm::SmallVector<double, 1>> times = timeRepeated(
      objects, launch.warmup, launch.repeat, "cuLaunchKernel",
      [&] { return enqueueLaunch(driver, *function, launch, arguments); },
      [&] {
        for (const Restore &r : restores)
          if (CUresult result = driver.cuMemcpyDtoDAsync(
                  r.buffer, r.original, r.bytes, /*stream=*/nullptr);
              result != CUDA_SUCCESS)
            return result;
        return CUresult(CUDA_SUCCESS);
      });
  if (!times)
    return times.takeError();
  CudaRunInfo run;
  run.device = deviceName(objects);
  run.kernelMs = std::move(*times);
  if (llvm::Error err = downloadBuffers(objects, launch))
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
  llvm::Expected<Driver> opened = openDriver(driverLibrary);
  if (!opened)
    return opened.takeError();
  const Driver &driver = *opened;
  CudaObjects objects(driver);
  if (llvm::Error err = openDevice(objects))
    return err;
  // Two distinct allocations, so that the copy reads `bytes` from DRAM and
  // writes `bytes` to it, as an elementwise kernel over them would. Their
  // contents do not matter to the copy.
  for (unsigned i = 0; i < 2; ++i) {
    CUdeviceptr p;
    TOLK_CU_CHECK(cuMemAlloc, &p, bytes);
    objects.allocations.push_back(p);
  }
  CUdeviceptr source = objects.allocations[0];
  CUdeviceptr destination = objects.allocations[1];
  llvm::Expected<llvm::SmallVector<double, 1>> times = timeRepeated(
      objects, /*warmup=*/2, repetitions, "cuMemcpyDtoDAsync", [&] {
        return driver.cuMemcpyDtoDAsync(destination, source, bytes,
                                        /*stream=*/nullptr);
      });
  if (!times)
    return times.takeError();
  return summarize(std::move(*times));
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

llvm::Expected<std::string>
tolk::runtime::describeCudaDevice(llvm::StringRef driverLibrary,
                                  unsigned index) {
  llvm::Expected<Driver> opened = openDriver(driverLibrary);
  if (!opened)
    return opened.takeError();
  const Driver &driver = *opened;
  llvm::Expected<CUdevice> found = getDevice(driver, index);
  if (!found)
    return found.takeError();
  CUdevice device = *found;
  char name[256] = {0};
  TOLK_CU_CHECK(cuDeviceGetName, name, sizeof(name) - 1, device);
  return std::string(name);
}

llvm::Expected<std::string>
tolk::runtime::cudaDeviceChip(llvm::StringRef driverLibrary, unsigned index) {
  llvm::Expected<Driver> opened = openDriver(driverLibrary);
  if (!opened)
    return opened.takeError();
  const Driver &driver = *opened;
  llvm::Expected<CUdevice> found = getDevice(driver, index);
  if (!found)
    return found.takeError();
  CUdevice device = *found;
  // CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR and _MINOR.
  int major = 0, minor = 0;
  TOLK_CU_CHECK(cuDeviceGetAttribute, &major, 75, device);
  TOLK_CU_CHECK(cuDeviceGetAttribute, &minor, 76, device);
  return llvm::formatv("sm_{0}{1}", major, minor).str();
}

//===----------------------------------------------------------------------===//
// The session: the runtime's device
//===----------------------------------------------------------------------===//

using tolk::runtime::cuda::CudaSession;

struct CudaSession::State {
  Driver driver;
  CUdevice device = 0;
  CUcontext context = nullptr;
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
  // The primary context, the one the runtime API would use too; retained
  // last, so that a failure above leaves nothing to release.
  TOLK_CU_CHECK(cuDevicePrimaryCtxRetain, &state->context, state->device);
  return std::unique_ptr<CudaSession>(new CudaSession(std::move(state)));
}

CudaSession::~CudaSession() {
  // The buffers and modules went first: each holds the session.
  state->driver.cuDevicePrimaryCtxRelease(state->device);
}

llvm::Expected<uint64_t> CudaSession::allocate(uint64_t bytes) {
  std::lock_guard<std::mutex> lock(mutex);
  const Driver &driver = state->driver;
  TOLK_CU_CURRENT(driver, state);
  CUdeviceptr address;
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
  const Driver &driver = state->driver;
  CurrentContext current(driver, state->context);
  // After a failed launch the context may refuse; there is no one to tell.
  driver.cuMemFree(address);
}

llvm::Error CudaSession::write(uint64_t address,
                               llvm::ArrayRef<uint8_t> source) {
  if (source.empty())
    return llvm::Error::success();
  std::lock_guard<std::mutex> lock(mutex);
  const Driver &driver = state->driver;
  TOLK_CU_CURRENT(driver, state);
  TOLK_CU_CHECK(cuMemcpyHtoD, address, source.data(), source.size());
  return llvm::Error::success();
}

llvm::Error CudaSession::read(uint64_t address,
                              llvm::MutableArrayRef<uint8_t> dest) {
  if (dest.empty())
    return llvm::Error::success();
  std::lock_guard<std::mutex> lock(mutex);
  const Driver &driver = state->driver;
  TOLK_CU_CURRENT(driver, state);
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
  CUresult result = driver.cuModuleLoadDataEx(
      &module, ptx.c_str(), std::size(options), options, values);
  if (result != CUDA_SUCCESS) {
    errorLog[sizeof(errorLog) - 1] = '\0';
    char name[256] = {0};
    driver.cuDeviceGetName(name, sizeof(name) - 1, state->device);
    return makeError(llvm::formatv(
        "the CUDA driver rejects the PTX for device '{0}': {1}{2}{3}", name,
        driver.describe(result), *errorLog ? "\n" : "",
        llvm::StringRef(errorLog).rtrim()));
  }
  return static_cast<void *>(module);
}

void CudaSession::unloadModule(void *module) {
  std::lock_guard<std::mutex> lock(mutex);
  const Driver &driver = state->driver;
  CurrentContext current(driver, state->context);
  driver.cuModuleUnload(static_cast<CUmodule>(module));
}

/// The copy of an image's texels between its buffer in device memory and
/// its array, whole rows of 4 channels (the buffer's rows are packed).
static CUDA_MEMCPY2D deviceImageCopy(const CudaLaunch::Image &image,
                                     CUdeviceptr buffer, CUarray array,
                                     bool toArray) {
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

llvm::Error CudaSession::run(void *module, const CudaLaunch &launch,
                             llvm::ArrayRef<uint64_t> addresses,
                             double *kernelMs) {
  if (llvm::Error err = checkLaunch(launch, /*loaded=*/true))
    return err;
  if (addresses.size() != launch.buffers.size())
    return makeError(llvm::formatv("{0} buffer(s) but {1} address(es) given",
                                   launch.buffers.size(), addresses.size()));
  std::lock_guard<std::mutex> lock(mutex);
  const Driver &driver = state->driver;
  TOLK_CU_CURRENT(driver, state);
  CUfunction function;
  CUresult result = driver.cuModuleGetFunction(
      &function, static_cast<CUmodule>(module), launch.kernelName.c_str());
  if (result != CUDA_SUCCESS)
    return makeError(llvm::formatv("the PTX has no kernel '{0}' ({1})",
                                   launch.kernelName, driver.describe(result)));
  if (llvm::Error err = checkParams(driver, function, launch))
    return err;
  // What this launch makes (an image's array and surface object, the
  // events) goes with `objects`; the buffers are the session's.
  CudaObjects objects(driver);
  objects.device = state->device;
  if (llvm::Error err = checkLimits(objects, function, launch))
    return err;
  objects.allocations.assign(addresses.begin(), addresses.end());
  llvm::scope_exit keepBuffers([&] { objects.allocations.clear(); });
  for (auto [index, address] : llvm::enumerate(addresses)) {
    objects.arrays.push_back(nullptr);
    objects.surfaces.push_back(0);
    const CudaLaunch::Image *image = launch.imageOf(index);
    if (!image)
      continue;
    CUDA_ARRAY3D_DESCRIPTOR desc{};
    desc.Width = image->width;
    desc.Height = image->height;
    desc.Depth = 0; // 2-D
    desc.Format = image->format == CudaLaunch::Image::Format::Half
                      ? CU_AD_FORMAT_HALF
                      : CU_AD_FORMAT_FLOAT;
    desc.NumChannels = 4;
    desc.Flags = CUDA_ARRAY3D_SURFACE_LDST;
    TOLK_CU_CHECK(cuArray3DCreate, &objects.arrays.back(), &desc);
    CUDA_MEMCPY2D copy =
        deviceImageCopy(*image, address, objects.arrays.back(), true);
    TOLK_CU_CHECK(cuMemcpy2D, &copy);
    CUDA_RESOURCE_DESC resource{};
    resource.resType = CU_RESOURCE_TYPE_ARRAY;
    resource.res.array.hArray = objects.arrays.back();
    TOLK_CU_CHECK(cuSurfObjectCreate, &objects.surfaces.back(), &resource);
  }
  KernelArguments arguments(objects, launch);
  auto enqueue = [&] {
    return enqueueLaunch(driver, function, launch, arguments);
  };
  if (kernelMs) {
    llvm::Expected<llvm::SmallVector<double, 1>> times =
        timeRepeated(objects, 0, 1, "cuLaunchKernel", enqueue);
    if (!times)
      return times.takeError();
    *kernelMs = times->front();
  } else {
    if (CUresult launched = enqueue(); launched != CUDA_SUCCESS)
      return driver.error("cuLaunchKernel", launched);
    // A fault in the kernel shows here, as the launch's.
    TOLK_CU_CHECK(cuCtxSynchronize);
  }
  for (auto [index, address] : llvm::enumerate(addresses))
    if (const CudaLaunch::Image *image = launch.imageOf(index)) {
      CUDA_MEMCPY2D copy =
          deviceImageCopy(*image, address, objects.arrays[index], false);
      TOLK_CU_CHECK(cuMemcpy2D, &copy);
    }
  return llvm::Error::success();
}

#undef TOLK_CU_CURRENT

#undef TOLK_CU_CHECK
