//===- FakeCudaDriver.cpp - A CUDA driver stand-in for the runner's tests -===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The driver API functions that lib/Runtime/Cuda/CudaRunner.cpp opens, on
// the host, so that the runner's calls (the order of the timing, the
// parameters it passes, what it frees and when) are tested on machines
// without a GPU. Device memory is host memory; the kernels it computes are
// CudaRunnerTest's add_i32 and copy_image, by name, reading their parameters
// the way the driver would (other kernels take time and do nothing), and the
// parameters' sizes come from the PTX's .entry. An image is a 2-D CUDA
// array, host memory too, and its surface object the array's address;
// copy_image copies one to another.
//
// The null stream is a queue, as the driver's is: a launch, an asynchronous
// copy and an event's record are enqueued and run later, in order, when a
// call waits for them: cuEventSynchronize (up to its event),
// cuCtxSynchronize, and the synchronous copies (cuMemcpyHtoD, cuMemcpyDtoH,
// cuMemcpy2D), which run after the work before them. A launch reads its
// parameters when it is made, as the driver does. Freeing memory, an array
// or a module that queued work still uses is counted (lateReleases) and
// runs that work first, so that the test process never touches freed
// memory. A launch can be made to fault (tolkFakeCudaFaultAtLaunch): it
// then computes nothing, and the first call that synchronizes after the
// stream ran it returns CUDA_ERROR_ILLEGAL_ADDRESS, once (the driver's
// fault is sticky; the stand-in's is not, so that a test can go on).
//
// Time is a counter: each kernel launch advances it by 0.25, 0.5 or 0.75 ms
// in turn, each device-to-device copy by 1 ms per MiB, when the stream runs
// it, and an event takes the counter's value when the stream reaches it, so
// that the tests know the exact times the runner has to report. Its limits
// are those of a compute capability 9.0 device, but a kernel runs at most
// 768 threads per block, so that the runner's checks of both can be tested.
//
// FakeCudaDriver.h declares what the tests see: the counters, the reset
// and the fault.
//
//===----------------------------------------------------------------------===//

#include "FakeCudaDriver.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <functional>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace {
using CUresult = int;
using CUdeviceptr = unsigned long long;
constexpr CUresult kSuccess = 0, kInvalidValue = 1, kOutOfMemory = 2,
                   kNotFound = 500, kInvalidPtx = 218, kNotReady = 600,
                   kIllegalAddress = 700;

struct Module;
struct Function {
  Module *module;
  std::string name;
  /// The parameters' sizes, from the .entry's ".param .u64", ".param .u32"...
  std::vector<size_t> paramSizes;
};
struct Module {
  std::string ptx;
  /// The functions looked up in it, which live as long as the module, as
  /// the driver's do.
  std::vector<std::unique_ptr<Function>> functions;
};
struct Event {
  /// The clock when the stream reached its last record; -1 before.
  double ms = -1;
  bool recorded = false;
  /// Made without CU_EVENT_DISABLE_TIMING.
  bool timing = true;
  /// Its records still queued; destroyed with some queued, it goes when
  /// the last runs, as the driver's does.
  long queued = 0;
  bool destroyed = false;
};
/// A 2-D array of 4-channel texels: its bytes, row after row.
struct Array {
  size_t width, height, texelBytes;
  std::vector<uint8_t> bytes;
};
// cuda.h's structures, as the runner declares them.
struct ArrayDescriptor {
  size_t width, height, depth;
  int format;
  unsigned channels, flags;
};
struct Copy2D {
  size_t srcX, srcY;
  int srcType;
  const void *srcHost;
  CUdeviceptr srcDevice;
  Array *srcArray;
  size_t srcPitch;
  size_t dstX, dstY;
  int dstType;
  void *dstHost;
  CUdeviceptr dstDevice;
  Array *dstArray;
  size_t dstPitch;
  size_t widthInBytes, height;
};
struct ResourceDescriptor {
  int type;
  union {
    Array *array;
    int reserved[32];
  } res;
  unsigned flags;
};

double clockMs = 0;
long liveAllocations = 0, liveModules = 0, liveEvents = 0, contexts = 0;
long launches = 0, copies = 0;
long liveArrays = 0, liveSurfaces = 0;
long pendingLaunches = 0, lateReleases = 0;
long faultAt = 0;
// Whether cuGetErrorName knows the codes (tolkFakeCudaNameErrors).
bool namesErrors = true;
CUresult pendingFault = kSuccess;
/// The allocations and arrays alive, so that a launch knows which of its
/// 8-byte parameters are memory it uses.
std::set<uintptr_t> liveObjects;

/// Work on the null stream: a launch, a copy, an event's record.
struct Work {
  std::function<void()> run;
  /// The allocations, arrays and module it uses.
  std::vector<uintptr_t> uses;
  bool launch = false;
  bool faults = false;
};
std::deque<Work> stream;

void runOldest() {
  Work work = std::move(stream.front());
  stream.pop_front();
  if (work.launch)
    --pendingLaunches;
  if (work.faults) {
    pendingFault = kIllegalAddress;
    return;
  }
  work.run();
}
void drain() {
  while (!stream.empty())
    runOldest();
}
/// A fault the stream met since the last call that returned one.
CUresult takeFault() {
  CUresult fault = pendingFault;
  pendingFault = kSuccess;
  return fault;
}
void enqueue(Work work) { stream.push_back(std::move(work)); }
/// `object` is about to be freed: queued work that uses it is a caller's
/// error, counted; it runs first, so that it does not touch freed memory.
void releasing(const void *object) {
  auto key = reinterpret_cast<uintptr_t>(object);
  for (const Work &work : stream)
    if (std::find(work.uses.begin(), work.uses.end(), key) != work.uses.end()) {
      ++lateReleases;
      drain();
      return;
    }
}
} // namespace

extern "C" {

__attribute__((visibility("default"))) TolkFakeCudaStats tolkFakeCudaStats() {
  return {liveAllocations, liveModules, liveEvents, contexts,
          launches,        copies,      liveArrays, liveSurfaces,
          pendingLaunches, lateReleases};
}
__attribute__((visibility("default"))) void tolkFakeCudaReset() {
  drain();
  clockMs = 0;
  launches = copies = 0;
  lateReleases = 0;
  faultAt = 0;
  pendingFault = kSuccess;
  namesErrors = true;
}
__attribute__((visibility("default"))) void tolkFakeCudaFaultAtLaunch(long n) {
  faultAt = n;
}
__attribute__((visibility("default"))) void tolkFakeCudaNameErrors(bool on) {
  namesErrors = on;
}

#define FAKE_API extern "C" __attribute__((visibility("default"))) CUresult

FAKE_API cuInit(unsigned) { return kSuccess; }
FAKE_API cuGetErrorName(CUresult result, const char **name) {
  if (!namesErrors)
    return kInvalidValue;
  *name = result == kInvalidPtx       ? "CUDA_ERROR_INVALID_PTX"
          : result == kNotFound       ? "CUDA_ERROR_NOT_FOUND"
          : result == kNotReady       ? "CUDA_ERROR_NOT_READY"
          : result == kIllegalAddress ? "CUDA_ERROR_ILLEGAL_ADDRESS"
          : result == kOutOfMemory    ? "CUDA_ERROR_OUT_OF_MEMORY"
                                      : "CUDA_ERROR_INVALID_VALUE";
  return kSuccess;
}
FAKE_API cuGetErrorString(CUresult, const char **text) {
  *text = "from the fake driver";
  return kSuccess;
}
FAKE_API cuDeviceGetCount(int *count) {
  *count = 1;
  return kSuccess;
}
FAKE_API cuDeviceGet(int *device, int ordinal) {
  *device = ordinal;
  return ordinal == 0 ? kSuccess : kInvalidValue;
}
FAKE_API cuDeviceGetName(char *name, int length, int) {
  std::strncpy(name, "fake", length);
  return kSuccess;
}
// The limits of a compute capability 9.0 device; a kernel runs at most 768
// threads per block (as if its registers allowed no more).
FAKE_API cuDeviceGetAttribute(int *value, int attribute, int) {
  switch (attribute) {
  case 1: // CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK
  case 2: // MAX_BLOCK_DIM_X
  case 3: // MAX_BLOCK_DIM_Y
    *value = 1024;
    return kSuccess;
  case 4: // MAX_BLOCK_DIM_Z
    *value = 64;
    return kSuccess;
  case 5: // MAX_GRID_DIM_X
    *value = 2147483647;
    return kSuccess;
  case 6: // MAX_GRID_DIM_Y
  case 7: // MAX_GRID_DIM_Z
    *value = 65535;
    return kSuccess;
  // COMPUTE_CAPABILITY_MAJOR and _MINOR: 9.0, or TOLK_FAKE_CUDA_CAPABILITY
  // ("8.6"), so that a test sees the device's own chip chosen.
  case 75:
  case 76: {
    const char *capability = std::getenv("TOLK_FAKE_CUDA_CAPABILITY");
    int major = 9, minor = 0;
    if (capability && std::sscanf(capability, "%d.%d", &major, &minor) != 2)
      return kInvalidValue;
    *value = attribute == 75 ? major : minor;
    return kSuccess;
  }
  default:
    return kInvalidValue;
  }
}
FAKE_API cuFuncGetAttribute(int *value, int attribute, void *) {
  if (attribute != 0) // CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK
    return kInvalidValue;
  *value = 768;
  return kSuccess;
}
FAKE_API cuDevicePrimaryCtxRetain(void **context, int) {
  static int primary;
  *context = &primary;
  ++contexts;
  return kSuccess;
}
FAKE_API cuDevicePrimaryCtxRelease_v2(int) {
  --contexts;
  return kSuccess;
}
FAKE_API cuCtxPushCurrent_v2(void *) { return kSuccess; }
FAKE_API cuCtxPopCurrent_v2(void **context) {
  *context = nullptr;
  return kSuccess;
}
FAKE_API cuCtxSynchronize() {
  drain();
  return takeFault();
}

FAKE_API cuModuleLoadDataEx(Module **module, const void *image, unsigned, int *,
                            void **) {
  std::string ptx = static_cast<const char *>(image);
  if (ptx.find(".entry") == std::string::npos)
    return kInvalidPtx;
  *module = new Module{ptx, {}};
  ++liveModules;
  return kSuccess;
}
FAKE_API cuModuleUnload(Module *module) {
  releasing(module);
  delete module;
  --liveModules;
  return kSuccess;
}
FAKE_API cuModuleGetFunction(Function **function, Module *module,
                             const char *name) {
  size_t at = module->ptx.find(".entry " + std::string(name) + "(");
  if (at == std::string::npos)
    return kNotFound;
  size_t end = module->ptx.find(')', at);
  module->functions.push_back(std::make_unique<Function>());
  Function *result = module->functions.back().get();
  result->module = module;
  result->name = name;
  for (size_t p = module->ptx.find(".param", at); p < end;
       p = module->ptx.find(".param", p + 1)) {
    // ".param .u64 name": the size is the type's bits over 8.
    size_t type = module->ptx.find_first_of("0123456789", p);
    if (type >= end)
      return kInvalidPtx;
    result->paramSizes.push_back(
        std::strtoul(module->ptx.c_str() + type, nullptr, 10) / 8);
  }
  *function = result;
  return kSuccess;
}

FAKE_API cuFuncGetParamInfo(Function *function, size_t index, size_t *offset,
                            size_t *size) {
  if (index >= function->paramSizes.size())
    return kInvalidValue;
  *offset = 0;
  for (size_t i = 0; i < index; ++i)
    *offset += function->paramSizes[i];
  *size = function->paramSizes[index];
  return kSuccess;
}

/// The stand-in device's memory. More is out of memory, as a real driver
/// says, without asking the host (which might grant it lazily).
constexpr size_t kDeviceMemory = size_t(1) << 40;

FAKE_API cuMemAlloc_v2(CUdeviceptr *pointer, size_t bytes) {
  *pointer = 0;
  if (bytes > kDeviceMemory)
    return kOutOfMemory;
  *pointer = reinterpret_cast<CUdeviceptr>(std::malloc(bytes));
  if (!*pointer)
    return kOutOfMemory;
  ++liveAllocations;
  liveObjects.insert(*pointer);
  return kSuccess;
}
FAKE_API cuMemFree_v2(CUdeviceptr pointer) {
  releasing(reinterpret_cast<void *>(pointer));
  liveObjects.erase(pointer);
  std::free(reinterpret_cast<void *>(pointer));
  --liveAllocations;
  return kSuccess;
}
// The synchronous copies run after the work queued before them, and return
// a fault it met.
FAKE_API cuMemcpyHtoD_v2(CUdeviceptr to, const void *from, size_t bytes) {
  drain();
  std::memcpy(reinterpret_cast<void *>(to), from, bytes);
  return takeFault();
}
// Fresh memory only, which no queued work uses.
FAKE_API cuMemsetD8_v2(CUdeviceptr to, unsigned char value, size_t bytes) {
  std::memset(reinterpret_cast<void *>(to), value, bytes);
  return kSuccess;
}
FAKE_API cuMemcpyDtoH_v2(void *to, CUdeviceptr from, size_t bytes) {
  drain();
  std::memcpy(to, reinterpret_cast<const void *>(from), bytes);
  return takeFault();
}
FAKE_API cuMemcpyDtoDAsync_v2(CUdeviceptr to, CUdeviceptr from, size_t bytes,
                              void *stream) {
  if (stream)
    return kInvalidValue;
  ++copies;
  enqueue({[=] {
             std::memmove(reinterpret_cast<void *>(to),
                          reinterpret_cast<const void *>(from), bytes);
             clockMs += double(bytes) / (1 << 20);
           },
           {to, from}});
  return kSuccess;
}

// A 2-D array for surface loads and stores (the only kind the runner
// makes): 4 channels of f16 (CU_AD_FORMAT_HALF) or f32 (FLOAT).
FAKE_API cuArray3DCreate_v2(Array **array, const ArrayDescriptor *desc) {
  if (desc->depth != 0 || desc->channels != 4 || desc->flags != 0x02 ||
      (desc->format != 0x10 && desc->format != 0x20) || !desc->width ||
      !desc->height)
    return kInvalidValue;
  size_t texel = desc->format == 0x10 ? 8 : 16;
  *array =
      new Array{desc->width, desc->height, texel,
                std::vector<uint8_t>(desc->width * desc->height * texel, 0xa5)};
  ++liveArrays;
  liveObjects.insert(reinterpret_cast<uintptr_t>(*array));
  return kSuccess;
}
FAKE_API cuArrayDestroy(Array *array) {
  releasing(array);
  liveObjects.erase(reinterpret_cast<uintptr_t>(array));
  delete array;
  --liveArrays;
  return kSuccess;
}
// Whole rows between the host (1) or device memory (2, host memory here)
// and an array (3), nothing else.
static bool isValid2D(const Copy2D &copy) {
  bool up = (copy.srcType == 1 || copy.srcType == 2) && copy.dstType == 3;
  bool down = copy.srcType == 3 && (copy.dstType == 1 || copy.dstType == 2);
  Array *array = up ? copy.dstArray : copy.srcArray;
  size_t pitch = up ? copy.srcPitch : copy.dstPitch;
  return (up || down) && array && !copy.srcX && !copy.srcY && !copy.dstX &&
         !copy.dstY && copy.widthInBytes == array->width * array->texelBytes &&
         copy.height == array->height && pitch >= copy.widthInBytes;
}
static void run2D(const Copy2D &copy) {
  bool up = copy.dstType == 3;
  Array *array = up ? copy.dstArray : copy.srcArray;
  size_t pitch = up ? copy.srcPitch : copy.dstPitch;
  const void *from = copy.srcType == 2
                         ? reinterpret_cast<const void *>(copy.srcDevice)
                         : copy.srcHost;
  void *to = copy.dstType == 2 ? reinterpret_cast<void *>(copy.dstDevice)
                               : copy.dstHost;
  for (size_t y = 0; y < copy.height; ++y) {
    uint8_t *row = array->bytes.data() + y * copy.widthInBytes;
    if (up)
      std::memcpy(row, static_cast<const uint8_t *>(from) + y * pitch,
                  copy.widthInBytes);
    else
      std::memcpy(static_cast<uint8_t *>(to) + y * pitch, row,
                  copy.widthInBytes);
  }
}
FAKE_API cuMemcpy2D_v2(const Copy2D *copy) {
  if (!isValid2D(*copy))
    return kInvalidValue;
  drain();
  run2D(*copy);
  return takeFault();
}
FAKE_API cuMemcpy2DAsync_v2(const Copy2D *copy, void *stream) {
  if (stream || !isValid2D(*copy))
    return kInvalidValue;
  Copy2D queued = *copy;
  bool up = copy->dstType == 3;
  enqueue({[queued] { run2D(queued); },
           {reinterpret_cast<uintptr_t>(up ? copy->dstArray : copy->srcArray),
            up ? copy->srcDevice : copy->dstDevice}});
  return kSuccess;
}
// A surface object is its array's address.
FAKE_API cuSurfObjectCreate(unsigned long long *surface,
                            const ResourceDescriptor *resource) {
  if (resource->type != 0 || !resource->res.array)
    return kInvalidValue;
  *surface = reinterpret_cast<unsigned long long>(resource->res.array);
  ++liveSurfaces;
  return kSuccess;
}
FAKE_API cuSurfObjectDestroy(unsigned long long) {
  --liveSurfaces;
  return kSuccess;
}

// add_i32(a, b, c, k, n): c[i] = a[i] + b[i] + k for the threads i < n.
// copy_image(in, out): out's texels become in's (two surface objects of
// arrays of one size); the texels are bytes to it.
// Other kernels do nothing, in time. The parameters are read now, the
// kernel runs when the stream reaches it.
FAKE_API cuLaunchKernel(Function *function, unsigned gx, unsigned gy,
                        unsigned gz, unsigned bx, unsigned by, unsigned bz,
                        unsigned, void *stream, void **params, void **) {
  if (stream || (!params && !function->paramSizes.empty()))
    return kInvalidValue;
  Work work;
  work.launch = true;
  // What it uses: its module, and each 8-byte parameter that is live memory
  // or an array.
  work.uses.push_back(reinterpret_cast<uintptr_t>(function->module));
  for (size_t p = 0; p < function->paramSizes.size(); ++p)
    if (function->paramSizes[p] == 8) {
      uintptr_t value = *static_cast<uintptr_t *>(params[p]);
      if (liveObjects.count(value))
        work.uses.push_back(value);
    }
  double ms = 0.25 * double(launches % 3 + 1);
  if (function->name == "copy_image") {
    auto *in = *static_cast<Array **>(params[0]);
    auto *out = *static_cast<Array **>(params[1]);
    if (in->bytes.size() != out->bytes.size())
      return kInvalidValue;
    work.run = [=] {
      clockMs += ms;
      out->bytes = in->bytes;
    };
  } else if (function->name == "add_i32") {
    auto *a = *static_cast<int32_t **>(params[0]);
    auto *b = *static_cast<int32_t **>(params[1]);
    auto *c = *static_cast<int32_t **>(params[2]);
    int32_t k = *static_cast<int32_t *>(params[3]);
    uint32_t n = *static_cast<uint32_t *>(params[4]);
    uint64_t threads = uint64_t(gx) * gy * gz * bx * by * bz;
    work.run = [=] {
      clockMs += ms;
      for (uint64_t i = 0; i < threads && i < n; ++i)
        c[i] = int32_t(uint32_t(a[i]) + uint32_t(b[i]) + uint32_t(k));
    };
  } else {
    work.run = [=] { clockMs += ms; };
  }
  ++launches;
  ++pendingLaunches;
  work.faults = launches == faultAt;
  enqueue(std::move(work));
  return kSuccess;
}

// Flags: CU_EVENT_DEFAULT (0) or CU_EVENT_DISABLE_TIMING (2).
FAKE_API cuEventCreate(Event **event, unsigned flags) {
  if (flags != 0 && flags != 2)
    return kInvalidValue;
  *event = new Event;
  (*event)->timing = flags == 0;
  ++liveEvents;
  return kSuccess;
}
FAKE_API cuEventDestroy_v2(Event *event) {
  --liveEvents;
  if (event->queued)
    event->destroyed = true;
  else
    delete event;
  return kSuccess;
}
FAKE_API cuEventRecord(Event *event, void *stream) {
  if (stream)
    return kInvalidValue;
  event->ms = -1;
  event->recorded = true;
  ++event->queued;
  enqueue({[event] {
             event->ms = clockMs;
             if (--event->queued == 0 && event->destroyed)
               delete event;
           },
           {}});
  return kSuccess;
}
FAKE_API cuEventSynchronize(Event *event) {
  if (!event->recorded)
    return kInvalidValue;
  while (event->queued)
    runOldest();
  return takeFault();
}
FAKE_API cuEventElapsedTime_v2(float *ms, Event *start, Event *end) {
  if (!start->timing || !end->timing || !start->recorded || !end->recorded)
    return kInvalidValue;
  if (start->queued || end->queued)
    return kNotReady;
  *ms = float(end->ms - start->ms);
  return kSuccess;
}

} // extern "C"
