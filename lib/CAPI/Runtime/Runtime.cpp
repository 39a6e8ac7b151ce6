//===- Runtime.cpp - C API of Tolk's runtime ------------------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// tolk-c/Runtime.h over tolk/Runtime/Runtime.h. Handles are ids into one
// locked registry of the live devices, buffers and programs; ids are handed
// out in order and never reused, so an id below the next one that is not
// live was freed or destroyed, and one at or above it was never made. No
// C++ exception leaves a call: each is caught and returned as a status.
//
//===----------------------------------------------------------------------===//

#include "tolk-c/Runtime.h"
#include "../StoredEnum.h"
#include "tolk-c/RuntimeDebug.h"

#include "tolk/Runtime/Devices.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/FormatVariadic.h"

#include <list>
#include <mutex>
#include <new>
#include <type_traits>

using namespace tolk::runtime;
using tolk::capi::storedValue;

struct TolkRtStatusImpl {
  TolkRtErrorCode code;
  std::string message;
};

namespace {

TolkRtStatus makeStatus(TolkRtErrorCode code, std::string message) {
  return new (std::nothrow) TolkRtStatusImpl{code, std::move(message)};
}

TolkRtStatus toStatus(llvm::Error error) {
  if (!error)
    return nullptr;
  auto [code, message] = takeError(std::move(error));
  return makeStatus(static_cast<TolkRtErrorCode>(code), std::move(message));
}

TolkRtStatus invalid(const llvm::Twine &message) {
  return makeStatus(TolkRtErrorInvalidArgument, message.str());
}

/// Runs `body`, a call's work. Nothing here throws: the library is built
/// without exceptions, as LLVM and MLIR are, and the runtime allocates
/// buffers with nothrow new, so running out of memory is a status
/// (TolkRtErrorOutOfMemory) rather than an exception to catch.
template <typename Body> TolkRtStatus guarded(Body body) { return body(); }

enum class Kind { Device, Buffer, Program };

const char *kindName(Kind kind) {
  switch (kind) {
  case Kind::Device:
    return "device";
  case Kind::Buffer:
    return "buffer";
  case Kind::Program:
    return "program";
  }
  return "handle";
}

/// A live handle.
struct Entry {
  Kind kind;
  /// The device, for every kind: a buffer's or a program's own.
  uint64_t deviceId = 0;
  std::shared_ptr<Device> device;
  std::shared_ptr<Buffer> buffer;
  std::shared_ptr<Program> program;
  /// Devices: the strings tolkRtDeviceGetInfo gave, kept while the device
  /// lives (a new one is added only when the device's text changed).
  std::list<std::string> strings;
};

class Registry {
public:
  static Registry &get() {
    static Registry *registry = new Registry();
    return *registry;
  }

  uint64_t add(Entry entry) {
    std::lock_guard<std::mutex> lock(mutex);
    uint64_t id = nextId++;
    entries.try_emplace(id, std::move(entry));
    return id;
  }

  /// Adds a buffer or a program of device `entry.deviceId`, unless another
  /// thread destroyed the device meanwhile (the child would then outlive
  /// its device's handle, and no destroy would remove it).
  TolkRtStatus addChild(Entry entry, uint64_t &id) {
    std::lock_guard<std::mutex> lock(mutex);
    auto parent = find(entry.deviceId);
    if (TolkRtStatus s = check(parent, entry.deviceId, Kind::Device))
      return s;
    id = nextId++;
    entries.try_emplace(id, std::move(entry));
    return nullptr;
  }

  /// A copy of live entry `id` of `kind`, or the error that says why not.
  TolkRtStatus lookup(uint64_t id, Kind kind, Entry &out) {
    std::lock_guard<std::mutex> lock(mutex);
    return lookupLocked(id, kind, out);
  }

  /// Runs `fn` on live entry `id` under the lock.
  template <typename Fn> TolkRtStatus with(uint64_t id, Kind kind, Fn fn) {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = find(id);
    if (TolkRtStatus s = check(it, id, kind))
      return s;
    return fn(it->second);
  }

  TolkRtStatus remove(uint64_t id, Kind kind) {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = find(id);
    if (TolkRtStatus s = check(it, id, kind))
      return s;
    entries.erase(it);
    return nullptr;
  }

  /// Removes every buffer and program of device `id`.
  void removeChildren(uint64_t id) {
    std::lock_guard<std::mutex> lock(mutex);
    llvm::SmallVector<uint64_t> children;
    for (auto &[childId, entry] : entries)
      if (entry.kind != Kind::Device && entry.deviceId == id)
        children.push_back(childId);
    for (uint64_t child : children)
      entries.erase(child);
  }

  /// Copies of the buffers of `args` (and a check of each handle).
  TolkRtStatus lookupArgs(const TolkRtArg *args, size_t numArgs,
                          std::vector<LaunchArg> &out) {
    std::lock_guard<std::mutex> lock(mutex);
    for (size_t i = 0; i < numArgs; ++i) {
      const TolkRtArg &arg = args[i];
      int64_t kind = storedValue(arg.kind);
      if (kind == TolkRtArgScalar) {
        out.push_back(LaunchArg::scalar(arg.bits));
        continue;
      }
      if (kind != TolkRtArgBuffer)
        return invalid(llvm::formatv("argument #{0} has the kind {1}, "
                                     "neither a buffer (0) nor a scalar (1)",
                                     i, kind));
      Entry entry;
      if (TolkRtStatus s = lookupLocked(arg.buffer.id, Kind::Buffer, entry)) {
        std::string message =
            llvm::formatv("argument #{0}: {1}", i, tolkRtStatusGetMessage(s));
        tolkRtStatusDestroy(s);
        return makeStatus(TolkRtErrorInvalidHandle, message);
      }
      out.push_back(LaunchArg::of(std::move(entry.buffer)));
    }
    return nullptr;
  }

  /// The live entries of each kind.
  std::array<int64_t, 3> count() {
    std::lock_guard<std::mutex> lock(mutex);
    std::array<int64_t, 3> counts = {0, 0, 0};
    for (auto &[id, entry] : entries)
      ++counts[size_t(entry.kind)];
    return counts;
  }

private:
  using Map = llvm::DenseMap<uint64_t, Entry>;

  /// The entry of `id`, or end(). Only ids that were handed out are looked
  /// up: DenseMap reserves two keys of its own (~0 and ~0 - 1), and a
  /// forged handle with one of them would find an empty bucket.
  Map::iterator find(uint64_t id) {
    if (id == 0 || id >= nextId)
      return entries.end();
    return entries.find(id);
  }

  TolkRtStatus check(Map::iterator it, uint64_t id, Kind kind) {
    if (it != entries.end() && it->second.kind == kind)
      return nullptr;
    std::string message;
    if (id == 0)
      message = std::string("a null ") + kindName(kind);
    else if (it != entries.end())
      message = llvm::formatv("handle {0} is a {1}, not a {2}", id,
                              kindName(it->second.kind), kindName(kind));
    else if (id < nextId)
      message = llvm::formatv("{0} {1} was freed or destroyed (or is not a "
                              "{0})",
                              kindName(kind), id);
    else
      message = llvm::formatv("{0} {1} was never made", kindName(kind), id);
    return makeStatus(TolkRtErrorInvalidHandle, message);
  }

  TolkRtStatus lookupLocked(uint64_t id, Kind kind, Entry &out) {
    auto it = find(id);
    if (TolkRtStatus s = check(it, id, kind))
      return s;
    out.kind = it->second.kind;
    out.deviceId = it->second.deviceId;
    out.device = it->second.device;
    out.buffer = it->second.buffer;
    out.program = it->second.program;
    return nullptr;
  }

  std::mutex mutex;
  uint64_t nextId = 1;
  Map entries;
};

/// Runs `body` on live entry `id` of `kind` (a copy, used outside the
/// registry's lock), guarded; `out`, where given, must not be null.
template <typename Body>
TolkRtStatus onEntry(uint64_t id, Kind kind, const void *out, const char *what,
                     Body body) {
  return guarded([&]() -> TolkRtStatus {
    if (!out)
      return invalid(llvm::Twine("nowhere to put ") + what +
                     " (a null pointer)");
    Entry entry;
    if (TolkRtStatus s = Registry::get().lookup(id, kind, entry))
      return s;
    return body(entry);
  });
}

std::optional<std::array<uint32_t, 3>> sizeOf(const uint32_t *size) {
  if (!size)
    return std::nullopt;
  return std::array<uint32_t, 3>{size[0], size[1], size[2]};
}

TolkRtStatus launch(TolkRtProgram program, const char *kernel,
                    const uint32_t *grid, const uint32_t *block,
                    const TolkRtArg *args, size_t numArgs, double *kernelMs) {
  if (!kernel)
    return invalid("no kernel name (a null pointer)");
  if (numArgs && !args)
    return invalid("no arguments (a null pointer) for " + llvm::Twine(numArgs));
  Registry &registry = Registry::get();
  Entry entry;
  if (TolkRtStatus s = registry.lookup(program.id, Kind::Program, entry))
    return s;
  std::vector<LaunchArg> launchArgs;
  launchArgs.reserve(numArgs);
  if (TolkRtStatus s = registry.lookupArgs(args, numArgs, launchArgs))
    return s;
  llvm::Expected<unsigned> index = entry.program->findKernel(kernel);
  if (!index)
    return toStatus(index.takeError());
  return toStatus(entry.device->launch(*entry.program, *index, sizeOf(grid),
                                       sizeOf(block), launchArgs, kernelMs));
}

} // namespace

//===----------------------------------------------------------------------===//
// Status
//===----------------------------------------------------------------------===//

uint32_t tolkRtGetApiVersion(void) { return TOLK_RT_API_VERSION; }

const char *tolkRtStatusGetMessage(TolkRtStatus status) {
  return status ? status->message.c_str() : "";
}

TolkRtErrorCode tolkRtStatusGetCode(TolkRtStatus status) {
  return status ? status->code : TolkRtErrorInternal;
}

void tolkRtStatusDestroy(TolkRtStatus status) { delete status; }

//===----------------------------------------------------------------------===//
// Devices
//===----------------------------------------------------------------------===//

static bool isBackend(int64_t value) {
  return value == TolkRtBackendHost || value == TolkRtBackendVulkan ||
         value == TolkRtBackendCuda;
}

const char *tolkRtBackendGetName(TolkRtBackend backend) {
  int64_t value = storedValue(backend);
  return isBackend(value) ? backendName(static_cast<BackendKind>(value)).data()
                          : "";
}

void tolkRtDeviceOptionsInit(TolkRtDeviceOptions *options) {
  if (!options)
    return;
  options->backend = TolkRtBackendHost;
  options->deviceIndex = 0;
  options->chip = nullptr;
  options->cudaDriverLibrary = nullptr;
  options->hostThreads = 0;
  options->hostBoundsCheck = true;
}

static TolkRtStatus toOptions(const TolkRtDeviceOptions *options,
                              DeviceOptions &out) {
  if (!options)
    return invalid("no device options (a null pointer)");
  int64_t backend = storedValue(options->backend);
  if (!isBackend(backend))
    return invalid(llvm::formatv("an unknown backend {0} (0: host, 1: "
                                 "vulkan, 2: cuda)",
                                 backend));
  out.backend = static_cast<BackendKind>(backend);
  out.deviceIndex = options->deviceIndex;
  if (options->chip)
    out.chip = options->chip;
  if (options->cudaDriverLibrary && *options->cudaDriverLibrary)
    out.cudaDriverLibrary = options->cudaDriverLibrary;
  out.hostThreads = options->hostThreads;
  out.hostBoundsCheck = options->hostBoundsCheck;
  return nullptr;
}

TolkRtStatus tolkRtBackendCheckAvailable(const TolkRtDeviceOptions *options) {
  return guarded([&]() -> TolkRtStatus {
    DeviceOptions opts;
    if (TolkRtStatus s = toOptions(options, opts))
      return s;
    llvm::Expected<std::shared_ptr<Device>> device = openDevice(opts);
    if (!device)
      return toStatus(device.takeError());
    return nullptr;
  });
}

TolkRtStatus tolkRtDeviceCreate(const TolkRtDeviceOptions *options,
                                TolkRtDevice *device) {
  return guarded([&]() -> TolkRtStatus {
    if (!device)
      return invalid("nowhere to put the device (a null pointer)");
    DeviceOptions opts;
    if (TolkRtStatus s = toOptions(options, opts))
      return s;
    llvm::Expected<std::shared_ptr<Device>> opened = openDevice(opts);
    if (!opened)
      return toStatus(opened.takeError());
    Entry entry;
    entry.kind = Kind::Device;
    entry.device = std::move(*opened);
    uint64_t id = Registry::get().add(std::move(entry));
    Registry::get().with(id, Kind::Device, [&](Entry &e) {
      e.deviceId = id;
      return TolkRtStatus(nullptr);
    });
    device->id = id;
    return nullptr;
  });
}

TolkRtStatus tolkRtDeviceDestroy(TolkRtDevice device) {
  return guarded([&]() -> TolkRtStatus {
    Registry &registry = Registry::get();
    Entry entry;
    if (TolkRtStatus s = registry.lookup(device.id, Kind::Device, entry))
      return s;
    // The handle goes first: no buffer or program is added to the device
    // after it (addChild), and a second destroy on another thread fails.
    if (TolkRtStatus s = registry.remove(device.id, Kind::Device))
      return s;
    llvm::Error pending = entry.device->synchronize();
    registry.removeChildren(device.id);
    return toStatus(std::move(pending));
  });
}

TolkRtStatus tolkRtDeviceGetInfo(TolkRtDevice device, TolkRtDeviceInfo *info) {
  return guarded([&]() -> TolkRtStatus {
    if (!info)
      return invalid("nowhere to put the device's info (a null pointer)");
    return Registry::get().with(device.id, Kind::Device, [&](Entry &e) {
      auto keep = [&](llvm::StringRef text) {
        for (const std::string &s : e.strings)
          if (s == text)
            return s.c_str();
        return e.strings.emplace_back(text.str()).c_str();
      };
      info->backend = static_cast<TolkRtBackend>(e.device->backend());
      info->name = keep(e.device->name());
      info->memorySafety = keep(e.device->memorySafety());
      info->hostThreads = e.device->hostThreads();
      info->maxLanes = e.device->maxLanes();
      return TolkRtStatus(nullptr);
    });
  });
}

TolkRtStatus tolkRtDeviceSynchronize(TolkRtDevice device) {
  return onEntry(device.id, Kind::Device, &device, "",
                 [](Entry &e) { return toStatus(e.device->synchronize()); });
}

//===----------------------------------------------------------------------===//
// Buffers
//===----------------------------------------------------------------------===//

/// Registers `made` (a buffer or a program) as a child of `device`'s entry
/// `parent`, and gives its id.
template <typename T>
static TolkRtStatus addChild(uint64_t device, Entry &parent,
                             llvm::Expected<std::shared_ptr<T>> made,
                             uint64_t &id) {
  if (!made)
    return toStatus(made.takeError());
  Entry child;
  child.deviceId = device;
  child.device = std::move(parent.device);
  if constexpr (std::is_same_v<T, Buffer>) {
    child.kind = Kind::Buffer;
    child.buffer = std::move(*made);
  } else {
    child.kind = Kind::Program;
    child.program = std::move(*made);
  }
  return Registry::get().addChild(std::move(child), id);
}

TolkRtStatus tolkRtBufferAllocate(TolkRtDevice device, uint64_t bytes,
                                  TolkRtBuffer *buffer) {
  return onEntry(device.id, Kind::Device, buffer, "the buffer", [&](Entry &e) {
    return addChild(device.id, e, e.device->allocate(bytes), buffer->id);
  });
}

TolkRtStatus tolkRtBufferCreateView(TolkRtBuffer buffer, uint64_t offset,
                                    uint64_t bytes, TolkRtBuffer *view) {
  return onEntry(buffer.id, Kind::Buffer, view, "the view", [&](Entry &e) {
    return addChild(e.deviceId, e,
                    e.device->createView(e.buffer, offset, bytes), view->id);
  });
}

TolkRtStatus tolkRtBufferFree(TolkRtBuffer buffer) {
  return guarded(
      [&] { return Registry::get().remove(buffer.id, Kind::Buffer); });
}

TolkRtStatus tolkRtBufferWrite(TolkRtBuffer buffer, uint64_t offset,
                               const void *source, uint64_t bytes) {
  return onEntry(buffer.id, Kind::Buffer, bytes ? source : &buffer,
                 "the bytes to write", [&](Entry &e) -> TolkRtStatus {
                   if (bytes > SIZE_MAX)
                     return invalid("more bytes than this process addresses");
                   return toStatus(e.device->write(
                       *e.buffer, offset,
                       llvm::ArrayRef(static_cast<const uint8_t *>(source),
                                      size_t(bytes))));
                 });
}

TolkRtStatus tolkRtBufferRead(TolkRtBuffer buffer, uint64_t offset,
                              void *destination, uint64_t bytes) {
  return onEntry(
      buffer.id, Kind::Buffer, bytes ? destination : &buffer, "the bytes read",
      [&](Entry &e) -> TolkRtStatus {
        if (bytes > SIZE_MAX)
          return invalid("more bytes than this process addresses");
        return toStatus(e.device->read(
            *e.buffer, offset,
            llvm::MutableArrayRef(static_cast<uint8_t *>(destination),
                                  size_t(bytes))));
      });
}

TolkRtStatus tolkRtBufferGetSize(TolkRtBuffer buffer, uint64_t *bytes) {
  return onEntry(buffer.id, Kind::Buffer, bytes, "the size", [&](Entry &e) {
    *bytes = e.buffer->size();
    return TolkRtStatus(nullptr);
  });
}

//===----------------------------------------------------------------------===//
// Programs
//===----------------------------------------------------------------------===//

TolkRtStatus tolkRtProgramCreate(TolkRtDevice device, const char *moduleText,
                                 size_t textLength, TolkRtProgram *program) {
  return onEntry(device.id, Kind::Device,
                 moduleText || !textLength ? program : nullptr,
                 "the program, or no module text,", [&](Entry &e) {
                   return addChild(device.id, e,
                                   e.device->compile(
                                       llvm::StringRef(moduleText, textLength)),
                                   program->id);
                 });
}

TolkRtStatus tolkRtProgramDestroy(TolkRtProgram program) {
  return guarded(
      [&] { return Registry::get().remove(program.id, Kind::Program); });
}

TolkRtStatus tolkRtProgramGetNumKernels(TolkRtProgram program, size_t *count) {
  return onEntry(program.id, Kind::Program, count, "the count", [&](Entry &e) {
    *count = e.program->kernels().size();
    return TolkRtStatus(nullptr);
  });
}

static TolkRtStatus kernelOf(const Entry &entry, size_t index,
                             const KernelInfo *&kernel) {
  llvm::ArrayRef<KernelInfo> kernels = entry.program->kernels();
  if (index >= kernels.size())
    return invalid(llvm::formatv("kernel {0} of a program of {1} kernel(s)",
                                 index, kernels.size()));
  kernel = &kernels[index];
  return nullptr;
}

TolkRtStatus tolkRtProgramGetKernel(TolkRtProgram program, size_t index,
                                    TolkRtKernelInfo *info) {
  return onEntry(program.id, Kind::Program, info, "the kernel's info",
                 [&](Entry &e) -> TolkRtStatus {
                   const KernelInfo *kernel = nullptr;
                   if (TolkRtStatus s = kernelOf(e, index, kernel))
                     return s;
                   info->name = kernel->name.c_str();
                   info->module = kernel->module.c_str();
                   info->function = kernel->function.c_str();
                   info->numParams = kernel->params.size();
                   info->hasKnownGrid = kernel->knownGrid.has_value();
                   info->hasKnownBlock = kernel->knownBlock.has_value();
                   for (unsigned d = 0; d < 3; ++d) {
                     info->knownGrid[d] =
                         kernel->knownGrid ? (*kernel->knownGrid)[d] : 0;
                     info->knownBlock[d] =
                         kernel->knownBlock ? (*kernel->knownBlock)[d] : 0;
                   }
                   return nullptr;
                 });
}

TolkRtStatus tolkRtProgramFindKernel(TolkRtProgram program, const char *name,
                                     size_t *index) {
  return onEntry(program.id, Kind::Program, name && index ? index : nullptr,
                 "the index, or no kernel name,",
                 [&](Entry &e) -> TolkRtStatus {
                   llvm::Expected<unsigned> found = e.program->findKernel(name);
                   if (!found)
                     return toStatus(found.takeError());
                   *index = *found;
                   return nullptr;
                 });
}

TolkRtStatus tolkRtProgramGetParam(TolkRtProgram program, size_t kernel,
                                   size_t param, TolkRtParamInfo *info) {
  return onEntry(
      program.id, Kind::Program, info, "the parameter's info",
      [&](Entry &e) -> TolkRtStatus {
        const KernelInfo *k = nullptr;
        if (TolkRtStatus s = kernelOf(e, kernel, k))
          return s;
        if (param >= k->params.size())
          return invalid(llvm::formatv("parameter {0} of kernel '{1}', "
                                       "which has {2}",
                                       param, k->name, k->params.size()));
        const ParamInfo &p = k->params[param];
        info->kind = static_cast<TolkRtParamKind>(p.kind);
        info->dtype = tolk::dtype::name(p.dtype).data();
        info->itemSize = tolk::dtype::itemsize(p.dtype);
        info->elementType = p.elementType.c_str();
        info->count = !p.isBuffer() ? 1
                      : p.count < 0 ? -1
                                    : p.count / int64_t(p.lanes);
        info->lanes = p.lanes;
        info->minBytes = p.minBytes();
        for (unsigned d = 0; d < 3; ++d)
          info->imageShape[d] = d < p.imageShape.size() ? p.imageShape[d] : 0;
        return nullptr;
      });
}

//===----------------------------------------------------------------------===//
// Launches
//===----------------------------------------------------------------------===//

TolkRtStatus tolkRtLaunch(TolkRtProgram program, const char *kernel,
                          const uint32_t *grid, const uint32_t *block,
                          const TolkRtArg *args, size_t numArgs) {
  return guarded([&] {
    return launch(program, kernel, grid, block, args, numArgs, nullptr);
  });
}

TolkRtStatus tolkRtLaunchTimed(TolkRtProgram program, const char *kernel,
                               const uint32_t *grid, const uint32_t *block,
                               const TolkRtArg *args, size_t numArgs,
                               double *kernelMs) {
  return guarded([&]() -> TolkRtStatus {
    if (!kernelMs)
      return invalid("nowhere to put the time (a null pointer)");
    return launch(program, kernel, grid, block, args, numArgs, kernelMs);
  });
}

//===----------------------------------------------------------------------===//
// Debugging
//===----------------------------------------------------------------------===//

TolkRtStatus tolkRtDebugGetCounts(TolkRtDevice device, TolkRtDebugCount *counts,
                                  size_t capacity, size_t *numCounts) {
  return guarded([&]() -> TolkRtStatus {
    if (!numCounts)
      return invalid("nowhere to put the number of counts (a null pointer)");
    if (capacity && !counts)
      return invalid("no room for " + llvm::Twine(capacity) +
                     " counts (a null pointer)");
    llvm::SmallVector<LiveCount, 32> all;
    std::array<int64_t, 3> handles = Registry::get().count();
    all.push_back({"handles.devices", handles[size_t(Kind::Device)]});
    all.push_back({"handles.buffers", handles[size_t(Kind::Buffer)]});
    all.push_back({"handles.programs", handles[size_t(Kind::Program)]});
    countProcessObjects(all);
    if (!tolkRtDeviceIsNull(device)) {
      Entry entry;
      if (TolkRtStatus s =
              Registry::get().lookup(device.id, Kind::Device, entry))
        return s;
      entry.device->countLiveObjects(all);
    }
    for (size_t i = 0; i < std::min(capacity, all.size()); ++i)
      counts[i] = {all[i].name, all[i].value};
    *numCounts = all.size();
    return nullptr;
  });
}
