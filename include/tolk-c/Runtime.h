/*===- tolk-c/Runtime.h - C API of Tolk's runtime -----------------*- C -*-===*\
|*                                                                            *|
|* Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM     *|
|* Exceptions. See LICENSE for license information.                           *|
|* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception                    *|
|*                                                                            *|
|*===----------------------------------------------------------------------===*|
|*                                                                            *|
|* Devices, buffers and programs that live across launches, on the host      *|
|* (MLIR's JIT), Vulkan or CUDA: open a device, allocate buffers and copy in  *|
|* and out of them, compile a module once into a program, launch its kernels  *|
|* many times. The library is libTolkRuntimeC.so, which needs no MLIR header  *|
|* and no C++ from its user (a C program, or Python's ctypes).                *|
|*                                                                            *|
|* Conventions (as MLIR's C API):                                             *|
|*  - Every call that can fail returns a TolkRtStatus: NULL on success, else  *|
|*    a status that carries the message, which the caller destroys with       *|
|*    tolkRtStatusDestroy. Outputs are written through pointers, and only on  *|
|*    success. No C++ exception crosses this API.                             *|
|*  - Devices, buffers and programs are handles: a small struct holding a     *|
|*    64-bit id that the library looks up in its registry, never a pointer.   *|
|*    So a handle that was freed, destroyed or never made (a forged id, a     *|
|*    handle of the wrong kind) is an error with a message ("buffer 7 was     *|
|*    freed"), never a crash. Ids are not reused within a process. The zero   *|
|*    id is the null handle (...IsNull).                                      *|
|*  - Thread safety: every call may be made from any thread, and calls may    *|
|*    overlap. The registry of handles is locked, and a call on a handle that *|
|*    another thread frees or destroys meanwhile either completes or fails    *|
|*    with TolkRtErrorInvalidHandle (the call holds what it uses until it     *|
|*    returns). What the caller orders is the data, below. By handle:         *|
|*     - TolkRtStatus: the caller's alone, as any result; destroyed once, on  *|
|*       any thread.                                                          *|
|*     - TolkRtDevice: any call from several threads at once. The device      *|
|*       serializes what needs it: the host runs one launch at a time on its  *|
|*       pool (a second waits), a Vulkan device locks its queue and its       *|
|*       pools, a CUDA device its driver calls. tolkRtDeviceDestroy waits for *|
|*       the launches made before it; a call on the device, its buffers or    *|
|*       its programs that starts after it fails with                         *|
|*       TolkRtErrorInvalidHandle. Devices are independent: one per thread    *|
|*       needs no care.                                                       *|
|*     - TolkRtProgram: immutable once created, so the same program may be    *|
|*       launched and described from several threads at once.                 *|
|*       tolkRtProgramCreate may run on several threads at once, for one      *|
|*       device or several (the compile cache is locked; two compiles of the  *|
|*       same text may both compile, and either result is kept).              *|
|*     - TolkRtBuffer: every call is safe for the library's state. The bytes  *|
|*       are the caller's to order: two launches, or a launch and a Write or  *|
|*       Read, that touch the same bytes from different threads without an    *|
|*       order between the calls (a join, a lock, a Synchronize) race on the  *|
|*       contents, as two threads writing one array would.                    *|
|*                                                                            *|
|* docs/Runtime.md ("The runtime library") describes the handles, the kernel  *|
|* ABI behind a launch and the compile cache.                                 *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TOLK_C_RUNTIME_H
#define TOLK_C_RUNTIME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#if defined(_WIN32)
#define TOLK_RT_EXPORTED __declspec(dllexport)
#else
#define TOLK_RT_EXPORTED __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/// The version of this API: a library whose version differs from the
/// header's (tolkRtGetApiVersion) may lay out the structs differently.
#define TOLK_RT_API_VERSION 1

/// The TOLK_RT_API_VERSION the library was built with.
TOLK_RT_EXPORTED uint32_t tolkRtGetApiVersion(void);

//===----------------------------------------------------------------------===//
// Status
//===----------------------------------------------------------------------===//

/// The result of a fallible call: NULL for success, else an error that owns
/// its message. Owned by the caller, who destroys it once (any thread).
typedef struct TolkRtStatusImpl *TolkRtStatus;

/// What kind of error a status is, for a caller that acts on it (a test that
/// skips when a backend is unavailable). The message says the rest.
typedef enum TolkRtErrorCode {
  /// A bad argument: a null pointer, an unknown kernel, a wrong number or
  /// type of launch arguments, a buffer too small for the kernel's declared
  /// counts, a range outside a buffer, a program of another device.
  TolkRtErrorInvalidArgument = 1,
  /// A handle that was freed or destroyed, never made, or of another kind.
  TolkRtErrorInvalidHandle = 2,
  /// The backend is not there: built without it, no loader or driver, no
  /// device at that index.
  TolkRtErrorUnavailable = 3,
  /// The module text did not parse, or a pipeline or the JIT failed on it.
  TolkRtErrorCompileFailed = 4,
  /// A launch failed on the device (the host's bounds check included); the
  /// message names the kernel and the launch.
  TolkRtErrorLaunchFailed = 5,
  /// An allocation failed.
  TolkRtErrorOutOfMemory = 6,
  /// Anything else the backend reported.
  TolkRtErrorInternal = 7,
} TolkRtErrorCode;

/// The message of a non-null `status`, valid until it is destroyed.
TOLK_RT_EXPORTED const char *tolkRtStatusGetMessage(TolkRtStatus status);
/// The error code of a non-null `status`.
TOLK_RT_EXPORTED TolkRtErrorCode tolkRtStatusGetCode(TolkRtStatus status);
/// Frees `status`; NULL is fine.
TOLK_RT_EXPORTED void tolkRtStatusDestroy(TolkRtStatus status);

//===----------------------------------------------------------------------===//
// Handles
//===----------------------------------------------------------------------===//

/// A device: a backend opened once (the host JIT with its thread pool; a
/// Vulkan instance, device and queue; a CUDA context). Created by
/// tolkRtDeviceCreate, destroyed by tolkRtDeviceDestroy.
typedef struct TolkRtDevice {
  uint64_t id;
} TolkRtDevice;

/// Memory of one device, of a fixed size, that persists across launches.
/// Allocated by tolkRtBufferAllocate, freed by tolkRtBufferFree or with its
/// device.
typedef struct TolkRtBuffer {
  uint64_t id;
} TolkRtBuffer;

/// A module compiled for one device: its kernels and their launch
/// signatures. Created by tolkRtProgramCreate, destroyed by
/// tolkRtProgramDestroy or with its device. Immutable once created.
typedef struct TolkRtProgram {
  uint64_t id;
} TolkRtProgram;

static inline bool tolkRtDeviceIsNull(TolkRtDevice device) {
  return device.id == 0;
}
static inline bool tolkRtBufferIsNull(TolkRtBuffer buffer) {
  return buffer.id == 0;
}
static inline bool tolkRtProgramIsNull(TolkRtProgram program) {
  return program.id == 0;
}

//===----------------------------------------------------------------------===//
// Devices
//===----------------------------------------------------------------------===//

typedef enum TolkRtBackend {
  /// This CPU: the kernels JIT-compiled with MLIR's ExecutionEngine, the
  /// workgroups of a launch run on a thread pool.
  TolkRtBackendHost = 0,
  /// A Vulkan device (Mesa's lavapipe where there is no GPU).
  TolkRtBackendVulkan = 1,
  /// A CUDA device, through the driver API opened at run time.
  TolkRtBackendCuda = 2,
} TolkRtBackend;

/// The backend's name: "host", "vulkan", "cuda" ("" for an unknown value).
TOLK_RT_EXPORTED const char *tolkRtBackendGetName(TolkRtBackend backend);

/// How to open a device. Initialize with tolkRtDeviceOptionsInit, then set
/// the fields that differ from the defaults. The strings are read during
/// tolkRtDeviceCreate only.
typedef struct TolkRtDeviceOptions {
  /// Default: TolkRtBackendHost.
  TolkRtBackend backend;
  /// Which device of the backend, in the driver's order. Default 0. The
  /// host has one.
  uint32_t deviceIndex;
  /// CUDA: the chip to compile for ("sm_90"); NULL or "" for the device's
  /// own (its compute capability). Ignored elsewhere.
  const char *chip;
  /// CUDA: the driver library to open; NULL or "" for "libcuda.so.1".
  const char *cudaDriverLibrary;
  /// Host: the threads that run a launch's workgroups, the calling thread
  /// among them; 0 (the default) for one per core. At most 1024.
  uint32_t hostThreads;
  /// Host: check every buffer access against the buffer's size (default
  /// true): the first one out of bounds ends the launch with an error that
  /// names it, and the device stays usable.
  bool hostBoundsCheck;
} TolkRtDeviceOptions;

/// Sets `options` to the defaults.
TOLK_RT_EXPORTED void tolkRtDeviceOptionsInit(TolkRtDeviceOptions *options);

/// NULL when a device of `options` can be opened, else the error that
/// tolkRtDeviceCreate would give (TolkRtErrorUnavailable: tests skip on
/// it). May open and close the device to find out.
TOLK_RT_EXPORTED TolkRtStatus
tolkRtBackendCheckAvailable(const TolkRtDeviceOptions *options);

/// Opens a device. Errors: an unavailable backend or device index, a chip
/// that is not one.
TOLK_RT_EXPORTED TolkRtStatus
tolkRtDeviceCreate(const TolkRtDeviceOptions *options, TolkRtDevice *device);

/// Waits for the device's launches, then destroys it with its buffers and
/// programs (their handles become invalid). Returns the first error of a
/// pending launch, if any; the device is destroyed either way.
TOLK_RT_EXPORTED TolkRtStatus tolkRtDeviceDestroy(TolkRtDevice device);

/// What a device is.
typedef struct TolkRtDeviceInfo {
  TolkRtBackend backend;
  /// The device in words ("znver3", "llvmpipe (LLVM 19.1.7, 256 bits)").
  const char *name;
  /// What happens to an access past a buffer's end: "bounds-checked" (the
  /// host with its check: the launch fails), "unchecked", or the Vulkan
  /// robustness feature that confines it ("robustBufferAccess2").
  const char *memorySafety;
  /// Host: the threads of its pool (the calling thread included); 0 on a
  /// device that runs the workgroups itself.
  uint32_t hostThreads;
  /// The most lanes a thread of a kernelized function handles on this
  /// device (--tolk-kernelize's `upcast`).
  uint32_t maxLanes;
} TolkRtDeviceInfo;

/// Describes `device`. The strings stay valid until the device is
/// destroyed.
TOLK_RT_EXPORTED TolkRtStatus tolkRtDeviceGetInfo(TolkRtDevice device,
                                                  TolkRtDeviceInfo *info);

/// Waits until every launch made on `device` so far has finished. Returns
/// the first error of those launches that had not been returned yet (an
/// asynchronous launch's failure shows here, naming its kernel and launch).
TOLK_RT_EXPORTED TolkRtStatus tolkRtDeviceSynchronize(TolkRtDevice device);

//===----------------------------------------------------------------------===//
// Buffers
//===----------------------------------------------------------------------===//

/// Allocates `bytes` bytes (at least 1) of `device`'s memory, zeroed.
TOLK_RT_EXPORTED TolkRtStatus tolkRtBufferAllocate(TolkRtDevice device,
                                                   uint64_t bytes,
                                                   TolkRtBuffer *buffer);

/// A view of bytes [offset, offset + bytes) of `buffer`: a buffer handle of
/// its own that launches, Write and Read take as any other, whose bytes are
/// `buffer`'s (a launch on a view reads and writes them; what it writes,
/// a Read of `buffer` sees). It keeps `buffer`'s memory alive: freeing
/// either handle leaves the other valid. A view of a view is a view of the
/// same memory. Errors (TolkRtErrorInvalidArgument): no byte, a range
/// outside `buffer`, an offset in the memory that is not a multiple of 256
/// bytes (on every backend: Vulkan lets a device require that much, and a
/// kernel may assume its buffers as aligned as an allocation), and, at a
/// launch, a view given for an image parameter, which takes a whole
/// buffer.
TOLK_RT_EXPORTED TolkRtStatus tolkRtBufferCreateView(TolkRtBuffer buffer,
                                                     uint64_t offset,
                                                     uint64_t bytes,
                                                     TolkRtBuffer *view);

/// Frees `buffer`. A launch still pending on it keeps its memory until it
/// finishes; the handle is invalid at once.
TOLK_RT_EXPORTED TolkRtStatus tolkRtBufferFree(TolkRtBuffer buffer);

/// Copies `bytes` bytes from `source` into the buffer at `offset`, after the
/// launches made before it on the device that use the buffer have finished.
/// Error: a range outside the buffer.
TOLK_RT_EXPORTED TolkRtStatus tolkRtBufferWrite(TolkRtBuffer buffer,
                                                uint64_t offset,
                                                const void *source,
                                                uint64_t bytes);

/// Copies `bytes` bytes of the buffer at `offset` into `destination`, after
/// the launches made before it on the device that use the buffer have
/// finished (it returns the device's first launch failure not yet
/// returned, if any). Error: a range outside the buffer.
TOLK_RT_EXPORTED TolkRtStatus tolkRtBufferRead(TolkRtBuffer buffer,
                                               uint64_t offset,
                                               void *destination,
                                               uint64_t bytes);

/// The buffer's size in bytes.
TOLK_RT_EXPORTED TolkRtStatus tolkRtBufferGetSize(TolkRtBuffer buffer,
                                                  uint64_t *bytes);

//===----------------------------------------------------------------------===//
// Programs
//===----------------------------------------------------------------------===//

/// Compiles a Tolk module (its text; it need not be NUL-terminated) for
/// `device`: tensor-level functions are kernelized as tolk-run does, then
/// every kernel is lowered with the device's pipeline. Programs are cached
/// in the process by the module text and the device's pipeline options, so
/// a second compile of the same text for a like device is a lookup.
/// Errors (TolkRtErrorCompileFailed) carry the diagnostics with their
/// locations (line:column in the text).
TOLK_RT_EXPORTED TolkRtStatus tolkRtProgramCreate(TolkRtDevice device,
                                                  const char *moduleText,
                                                  size_t textLength,
                                                  TolkRtProgram *program);

/// Destroys `program`. A launch still pending on it keeps what it needs.
TOLK_RT_EXPORTED TolkRtStatus tolkRtProgramDestroy(TolkRtProgram program);

/// The number of kernels of `program`.
TOLK_RT_EXPORTED TolkRtStatus tolkRtProgramGetNumKernels(TolkRtProgram program,
                                                         size_t *count);

/// A kernel of a program. The strings stay valid while the program lives.
typedef struct TolkRtKernelInfo {
  /// The kernel's name ("add_kernel") and its gpu.module's; launches name it
  /// "MODULE::KERNEL", or "KERNEL" where one gpu.module has that name.
  const char *name;
  const char *module;
  /// The tensor-level function it was kernelized from ("" for a kernel
  /// written as one): launches may name it too.
  const char *function;
  /// The parameters, described by tolkRtProgramGetParam.
  uint32_t numParams;
  /// The kernel's known_grid_size and known_block_size, where it has them:
  /// a launch must use these (NULL grid or block in tolkRtLaunch).
  bool hasKnownGrid;
  uint32_t knownGrid[3];
  bool hasKnownBlock;
  uint32_t knownBlock[3];
} TolkRtKernelInfo;

/// Describes kernel `index` (0 <= index < GetNumKernels) of `program`.
TOLK_RT_EXPORTED TolkRtStatus tolkRtProgramGetKernel(TolkRtProgram program,
                                                     size_t index,
                                                     TolkRtKernelInfo *info);

/// The index of the kernel that `name` gives (as in tolkRtLaunch).
TOLK_RT_EXPORTED TolkRtStatus tolkRtProgramFindKernel(TolkRtProgram program,
                                                      const char *name,
                                                      size_t *index);

typedef enum TolkRtParamKind {
  /// A global pointer: a buffer argument.
  TolkRtParamBuffer = 0,
  /// A by-value (alu) parameter: a scalar argument.
  TolkRtParamScalar = 1,
  /// An image (imageh, imagef): a buffer argument holding its texels, row
  /// after row, four lanes each; a device that keeps images in image memory
  /// copies them in before the launch and out after it.
  TolkRtParamImage = 2,
} TolkRtParamKind;

/// One parameter of a kernel, from the kernel ABI (docs/Runtime.md). The
/// strings stay valid while the program lives.
typedef struct TolkRtParamInfo {
  TolkRtParamKind kind;
  /// The data type's short name ("f32", "bf16", "i8", "bool"): of the
  /// scalar, or of a buffer's elements (each lane of a vector element).
  const char *dtype;
  /// The bytes of one lane of `dtype` (bf16 and fp8 are stored as their
  /// storage integers).
  uint32_t itemSize;
  /// The element type as the kernel spells it ("si8", "vector<4xf32>").
  const char *elementType;
  /// Buffers and images: the elements the pointer type declares, -1 when it
  /// declares none; and the lanes of one element.
  int64_t count;
  uint32_t lanes;
  /// Buffers and images: the least bytes a buffer argument must have
  /// (count x lanes x itemSize), 0 when the type declares no count.
  uint64_t minBytes;
  /// Images: the shape (height, width, 4); zeros otherwise.
  int64_t imageShape[3];
} TolkRtParamInfo;

/// Describes parameter `param` of kernel `kernel` of `program`.
TOLK_RT_EXPORTED TolkRtStatus tolkRtProgramGetParam(TolkRtProgram program,
                                                    size_t kernel, size_t param,
                                                    TolkRtParamInfo *info);

//===----------------------------------------------------------------------===//
// Launches
//===----------------------------------------------------------------------===//

typedef enum TolkRtArgKind {
  TolkRtArgBuffer = 0,
  TolkRtArgScalar = 1,
} TolkRtArgKind;

/// One launch argument, in the kernel's parameter order: a buffer (for a
/// buffer or image parameter) or a scalar's bits. A plain struct rather
/// than a union, so that ctypes and other FFIs lay it out without help.
typedef struct TolkRtArg {
  TolkRtArgKind kind;
  /// For TolkRtArgBuffer.
  TolkRtBuffer buffer;
  /// For TolkRtArgScalar: the value's bits in the low bits, zero-extended
  /// (an f32 parameter's IEEE bits, a bool as 0 or 1).
  uint64_t bits;
} TolkRtArg;

static inline TolkRtArg tolkRtArgFromBuffer(TolkRtBuffer buffer) {
  TolkRtArg arg;
  arg.kind = TolkRtArgBuffer;
  arg.buffer = buffer;
  arg.bits = 0;
  return arg;
}
static inline TolkRtArg tolkRtArgFromBits(uint64_t bits) {
  TolkRtArg arg;
  arg.kind = TolkRtArgScalar;
  arg.buffer.id = 0;
  arg.bits = bits;
  return arg;
}

/// Launches kernel `kernel` (a name as tolkRtProgramFindKernel takes) of
/// `program` on its device, with `grid` workgroups of `block` threads (each
/// three sizes; NULL for the kernel's known size, which a given one must
/// equal). The arguments are checked against the parameters before anything
/// runs: their number and kinds, each buffer's device and its size against
/// the parameter's declared count, a scalar's bits against its type's width.
///
/// A launch may be asynchronous on a device that queues work: the call then
/// returns once the launch is queued, and a failure while it runs shows at
/// the next Synchronize or Read, so a caller that wants the results
/// synchronizes or reads. A Vulkan or CUDA launch is queued (launches on
/// one device run in the order they were made, each seeing what the ones
/// before it wrote; a Write or Read of a buffer waits for the launches that
/// use it, on CUDA for all the launches before it; a buffer freed while a
/// queued launch uses it lives until the launch is done; a kernel's fault
/// shows at the next Synchronize or Read). The host device runs the launch
/// before returning (on its pool, the calling thread among its threads).
/// Errors name the kernel and the launch ("launch 12 of kernel 'add'").
TOLK_RT_EXPORTED TolkRtStatus
tolkRtLaunch(TolkRtProgram program, const char *kernel, const uint32_t *grid,
             const uint32_t *block, const TolkRtArg *args, size_t numArgs);

/// tolkRtLaunch, waited for, and the kernel's time in milliseconds: the
/// host's clock around the run of the workgroups, Vulkan's timestamps
/// around the dispatch (the host's clock where the queue has none), CUDA's
/// events around the launch. Copies and compilation are outside it.
TOLK_RT_EXPORTED TolkRtStatus
tolkRtLaunchTimed(TolkRtProgram program, const char *kernel,
                  const uint32_t *grid, const uint32_t *block,
                  const TolkRtArg *args, size_t numArgs, double *kernelMs);

#ifdef __cplusplus
}
#endif

#endif // TOLK_C_RUNTIME_H
