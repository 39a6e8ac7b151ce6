//===- Runtime.cpp - The backend-neutral part of the runtime --------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Errors, the checks of a launch against its kernel's signature, and the
// compilation of module text with the process's compile cache.
//
//===----------------------------------------------------------------------===//

#include "tolk/Runtime/Runtime.h"

#include "tolk/Upstream/ToolGuards.h"

#include "tolk/Dialect/Tolk/IR/TolkOps.h"
#include "tolk/InitAllDialects.h"
#include "tolk/Pipelines/KernelPipeline.h"
#include "tolk/Pipelines/Pipelines.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/SourceMgr.h"

#include <list>
#include <mutex>

using namespace mlir;
using namespace tolk::runtime;
namespace dtype = tolk::dtype;

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

char RuntimeError::ID = 0;

void RuntimeError::log(llvm::raw_ostream &os) const { os << message; }

std::error_code RuntimeError::convertToErrorCode() const {
  return llvm::inconvertibleErrorCode();
}

llvm::Error tolk::runtime::makeError(ErrorCode code,
                                     const llvm::Twine &message) {
  return llvm::make_error<RuntimeError>(code, message.str());
}

std::pair<ErrorCode, std::string> tolk::runtime::takeError(llvm::Error error) {
  ErrorCode code = ErrorCode::Internal;
  std::string message;
  llvm::handleAllErrors(
      std::move(error),
      [&](const RuntimeError &e) {
        if (message.empty())
          code = e.code;
        message += (message.empty() ? "" : "; ") + e.message;
      },
      [&](const llvm::ErrorInfoBase &e) {
        message += (message.empty() ? "" : "; ") + e.message();
      });
  return {code, message};
}

llvm::StringRef tolk::runtime::backendName(BackendKind backend) {
  switch (backend) {
  case BackendKind::Host:
    return "host";
  case BackendKind::Vulkan:
    return "vulkan";
  case BackendKind::Cuda:
    return "cuda";
  }
  return "";
}

std::string tolk::runtime::describeLaunch(const KernelInfo &kernel,
                                          uint64_t launchNumber) {
  return llvm::formatv("launch {0} of kernel '{1}'", launchNumber, kernel.name)
      .str();
}

//===----------------------------------------------------------------------===//
// Buffers and programs
//===----------------------------------------------------------------------===//

uint64_t ParamInfo::minBytes() const {
  if (kind == Kind::Scalar || count < 0)
    return 0;
  return uint64_t(count) * dtype::itemsize(dtype);
}

/// The CompiledModules alive in the process (countProcessObjects).
static std::atomic<int64_t> liveCompiledModules{0};

Buffer::~Buffer() = default;
CompiledModule::CompiledModule() { ++liveCompiledModules; }
CompiledModule::CompiledModule(const CompiledModule &other)
    : kernels(other.kernels) {
  ++liveCompiledModules;
}
CompiledModule::~CompiledModule() { --liveCompiledModules; }
Program::~Program() = default;
Device::~Device() = default;

llvm::Expected<unsigned> Program::findKernel(llvm::StringRef name) const {
  auto [moduleName, kernelName] = name.split("::");
  std::optional<unsigned> found;
  for (auto [i, k] : llvm::enumerate(kernels())) {
    bool match = kernelName.empty()
                     ? (k.name == name || k.function == name)
                     : (k.module == moduleName && k.name == kernelName);
    if (!match)
      continue;
    if (found)
      return makeError(
          ErrorCode::InvalidArgument,
          "kernel name '" + name +
              "' is in more than one gpu.module: give MODULE::" + name);
    found = i;
  }
  if (!found)
    return makeError(ErrorCode::InvalidArgument,
                     "the program has no kernel or function named '" + name +
                         "'");
  return *found;
}

llvm::Expected<std::shared_ptr<Program>>
Device::makeProgram(std::shared_ptr<const CompiledModule> compiled) {
  return std::make_shared<Program>(*this, std::move(compiled));
}

//===----------------------------------------------------------------------===//
// Copies
//===----------------------------------------------------------------------===//

static llvm::Error checkRange(const Device &device, const Buffer &buffer,
                              uint64_t offset, uint64_t bytes,
                              llvm::StringRef what) {
  if (&buffer.getDevice() != &device)
    return makeError(ErrorCode::InvalidArgument,
                     "the buffer belongs to another device");
  if (offset > buffer.size() || bytes > buffer.size() - offset)
    return makeError(ErrorCode::InvalidArgument,
                     llvm::formatv("{0} bytes {1} to {2} of a buffer of {3} "
                                   "bytes: out of its range",
                                   what, offset, offset + bytes, buffer.size())
                         .str());
  return llvm::Error::success();
}

llvm::Error Device::write(Buffer &buffer, uint64_t offset,
                          llvm::ArrayRef<uint8_t> source) {
  if (llvm::Error e =
          checkRange(*this, buffer, offset, source.size(), "writing"))
    return e;
  return writeBytes(buffer.storage(), buffer.storageOffset() + offset, source);
}

llvm::Error Device::read(Buffer &buffer, uint64_t offset,
                         llvm::MutableArrayRef<uint8_t> destination) {
  if (llvm::Error e =
          checkRange(*this, buffer, offset, destination.size(), "reading"))
    return e;
  return readBytes(buffer.storage(), buffer.storageOffset() + offset,
                   destination);
}

//===----------------------------------------------------------------------===//
// Views
//===----------------------------------------------------------------------===//

Buffer::Buffer(std::shared_ptr<Buffer> viewed, uint64_t offset, uint64_t bytes)
    : device(viewed->getDevice()), bytes(bytes),
      of(viewed->isView() ? viewed->of : viewed),
      offset(viewed->storageOffset() + offset) {}

namespace {
/// Bytes of another buffer's storage; it has nothing of its own.
class BufferView final : public Buffer {
public:
  BufferView(std::shared_ptr<Buffer> of, uint64_t offset, uint64_t bytes)
      : Buffer(std::move(of), offset, bytes) {}
};
} // namespace

llvm::Expected<std::shared_ptr<Buffer>>
Device::createView(std::shared_ptr<Buffer> buffer, uint64_t offset,
                   uint64_t bytes) {
  if (bytes == 0)
    return makeError(ErrorCode::InvalidArgument,
                     "a view holds at least one byte");
  if (llvm::Error e = checkRange(*this, *buffer, offset, bytes, "a view of"))
    return std::move(e);
  // Of the storage: a view of a view starts at both offsets.
  uint64_t start = buffer->storageOffset() + offset;
  if (start % Buffer::kViewAlignment != 0)
    return makeError(
        ErrorCode::InvalidArgument,
        llvm::formatv("a view at byte {0} of its allocation: a view starts at "
                      "a multiple of {1} bytes",
                      start, Buffer::kViewAlignment)
            .str());
  return std::make_shared<BufferView>(std::move(buffer), offset, bytes);
}

//===----------------------------------------------------------------------===//
// Launches
//===----------------------------------------------------------------------===//

/// The launch's grid or block: `given`, which must equal `known` where the
/// kernel has one, or `known`.
static llvm::Error launchSize(const KernelInfo &kernel, llvm::StringRef what,
                              std::optional<std::array<uint32_t, 3>> given,
                              std::optional<std::array<uint32_t, 3>> known,
                              std::array<uint32_t, 3> &size) {
  auto text = [](std::array<uint32_t, 3> s) {
    return llvm::formatv("{0},{1},{2}", s[0], s[1], s[2]).str();
  };
  if (!given) {
    if (!known)
      return makeError(ErrorCode::InvalidArgument,
                       "kernel '" + kernel.name + "' has no known_" + what +
                           "_size: give the " + what);
    size = *known;
    return llvm::Error::success();
  }
  for (uint32_t s : *given)
    if (s == 0)
      return makeError(ErrorCode::InvalidArgument,
                       "a " + what + " of " + text(*given) + " for kernel '" +
                           kernel.name + "': sizes are positive");
  // A kernel is compiled for its known launch (docs/Runtime.md).
  if (known && *given != *known)
    return makeError(ErrorCode::InvalidArgument,
                     "a " + what + " of " + text(*given) + " for kernel '" +
                         kernel.name + "', whose known_" + what + "_size is " +
                         text(*known) + ", the launch it is compiled for");
  size = *given;
  return llvm::Error::success();
}

static llvm::Error checkArgs(const Device &device, const KernelInfo &kernel,
                             llvm::ArrayRef<LaunchArg> args) {
  if (args.size() != kernel.params.size())
    return makeError(ErrorCode::InvalidArgument,
                     llvm::formatv("kernel '{0}' takes {1} argument(s), but "
                                   "{2} were given",
                                   kernel.name, kernel.params.size(),
                                   args.size())
                         .str());
  for (auto [i, param, arg] : llvm::enumerate(kernel.params, args)) {
    std::string where =
        llvm::formatv("argument #{0} of kernel '{1}'", i, kernel.name).str();
    if (param.isBuffer() != arg.isBuffer())
      return makeError(ErrorCode::InvalidArgument,
                       where + " is " +
                           (arg.isBuffer() ? "a buffer" : "a scalar") +
                           ", but the parameter is " +
                           (param.isBuffer() ? "a buffer of " : "a scalar ") +
                           param.elementType);
    if (!arg.isBuffer()) {
      unsigned bits = dtype::itemsize(param.dtype) * 8;
      if (param.dtype == dtype::DType::Bool)
        bits = 1;
      if (bits < 64 && (arg.bits >> bits) != 0)
        return makeError(ErrorCode::InvalidArgument,
                         llvm::formatv("{0}: the bits {1:x} do not fit its "
                                       "type {2} ({3} bits)",
                                       where, arg.bits, param.elementType, bits)
                             .str());
      continue;
    }
    if (&arg.buffer->getDevice() != &device)
      return makeError(ErrorCode::InvalidArgument,
                       where + " is a buffer of another device");
    // A device copies an image's texels in and out of its whole buffer.
    if (param.kind == ParamInfo::Kind::Image && arg.buffer->isView())
      return makeError(ErrorCode::InvalidArgument,
                       where + " is an image, which takes a whole buffer, "
                               "not a view");
    uint64_t lane = dtype::itemsize(param.dtype) * param.lanes;
    if (arg.buffer->size() < param.minBytes())
      return makeError(
          ErrorCode::InvalidArgument,
          llvm::formatv("{0} is a buffer of {1} bytes, but the parameter "
                        "declares {2} x {3} ({4} bytes)",
                        where, arg.buffer->size(),
                        param.count / int64_t(param.lanes), param.elementType,
                        param.minBytes())
              .str());
    if (arg.buffer->size() % lane != 0)
      return makeError(ErrorCode::InvalidArgument,
                       llvm::formatv("{0} is a buffer of {1} bytes, not a "
                                     "whole number of {2} ({3} bytes each)",
                                     where, arg.buffer->size(),
                                     param.elementType, lane)
                           .str());
  }
  return llvm::Error::success();
}

llvm::Error Device::launch(const Program &program, unsigned kernel,
                           std::optional<std::array<uint32_t, 3>> grid,
                           std::optional<std::array<uint32_t, 3>> block,
                           llvm::ArrayRef<LaunchArg> args, double *kernelMs) {
  if (&program.getDevice() != this)
    return makeError(ErrorCode::InvalidArgument,
                     "the program was compiled for another device");
  if (kernel >= program.kernels().size())
    return makeError(ErrorCode::InvalidArgument,
                     llvm::formatv("kernel {0} of a program of {1}", kernel,
                                   program.kernels().size())
                         .str());
  const KernelInfo &info = program.kernels()[kernel];
  LaunchShape shape;
  if (llvm::Error e =
          launchSize(info, "grid", grid, info.knownGrid, shape.grid))
    return e;
  if (llvm::Error e =
          launchSize(info, "block", block, info.knownBlock, shape.block))
    return e;
  if (llvm::Error e = checkArgs(*this, info, args))
    return e;
  uint64_t number = ++launchCount;
  return run(program, kernel, shape, args, number, kernelMs);
}

//===----------------------------------------------------------------------===//
// Compilation and the compile cache
//===----------------------------------------------------------------------===//

namespace {
/// The compiled modules of the process, by pipeline key and module text: a
/// second compile of the same text for a like device is a lookup. The last
/// kCapacity modules compiled stay; a program keeps its own alive.
class CompileCache {
public:
  /// Never destroyed: at exit, the JIT's code would be freed after LLVM's
  /// own statics are gone.
  static CompileCache &get() {
    static CompileCache *cache = new CompileCache();
    return *cache;
  }
  size_t size() {
    std::lock_guard<std::mutex> lock(mutex);
    return entries.size();
  }
  std::shared_ptr<const CompiledModule> lookup(const std::string &key) {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = entries.find(key);
    if (it == entries.end())
      return nullptr;
    order.splice(order.begin(), order, it->second.position);
    return it->second.compiled;
  }
  void insert(const std::string &key,
              std::shared_ptr<const CompiledModule> compiled) {
    std::lock_guard<std::mutex> lock(mutex);
    if (entries.count(key))
      return;
    order.push_front(key);
    entries[key] = {std::move(compiled), order.begin()};
    if (order.size() > kCapacity) {
      entries.erase(order.back());
      order.pop_back();
    }
  }

private:
  static constexpr size_t kCapacity = 64;
  struct Entry {
    std::shared_ptr<const CompiledModule> compiled;
    std::list<std::string>::iterator position;
  };
  std::mutex mutex;
  std::list<std::string> order;
  std::unordered_map<std::string, Entry> entries;
};
} // namespace

void tolk::runtime::countProcessObjects(
    llvm::SmallVectorImpl<LiveCount> &counts) {
  counts.push_back({"modules.compiled", liveCompiledModules.load()});
  counts.push_back({"modules.cached", int64_t(CompileCache::get().size())});
}

llvm::Expected<std::shared_ptr<Program>>
Device::compileKernelized(ModuleOp module) {
  // The kernels of every gpu.module, and the functions kernelized into them.
  llvm::DenseMap<Operation *, std::string> functions;
  auto *dialect = module.getContext()->getOrLoadDialect<tolk::TolkDialect>();
  for (auto function : module.getOps<func::FuncOp>())
    if (SymbolRefAttr ref = dialect->getKernelAttrHelper().getAttr(function))
      if (Operation *kernel = SymbolTable::lookupSymbolIn(module, ref))
        functions[kernel] = function.getName().str();
  std::vector<KernelInfo> kernels;
  for (auto gpuModule : module.getOps<gpu::GPUModuleOp>())
    for (auto kernel : gpuModule.getOps<gpu::GPUFuncOp>()) {
      if (!kernel.isKernel())
        continue;
      llvm::Expected<KernelInfo> info = describeKernel(kernel);
      if (!info) {
        auto [code, message] = takeError(info.takeError());
        return makeError(ErrorCode::CompileFailed, message);
      }
      info->function = functions.lookup(kernel);
      kernels.push_back(std::move(*info));
    }
  llvm::Expected<std::shared_ptr<CompiledModule>> compiled =
      compileModule(module, std::move(kernels));
  if (!compiled)
    return compiled.takeError();
  return makeProgram(std::move(*compiled));
}

llvm::Expected<std::shared_ptr<Program>> Device::compile(ModuleOp module) {
  return compileKernelized(module);
}

llvm::Expected<std::shared_ptr<Program>>
Device::compile(llvm::StringRef moduleText) {
  std::string key = pipelineKey();
  key += '\0';
  key += moduleText;
  if (std::shared_ptr<const CompiledModule> cached =
          CompileCache::get().lookup(key))
    return makeProgram(std::move(cached));

  DialectRegistry registry;
  tolk::registerAllDialects(registry);
  tolk::registerTolkPipelineExtensions(registry);
  MLIRContext ctx(registry, MLIRContext::Threading::DISABLED);
  ctx.printOpOnDiagnostic(false);
  llvm::SourceMgr sourceMgr;
  std::string diagnostics;
  llvm::raw_string_ostream os(diagnostics);
  SourceMgrDiagnosticHandler handler(sourceMgr, &ctx, os);
  unsigned id = sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(moduleText, "module"), SMLoc());
  auto failure = [&](llvm::StringRef what) {
    std::string message = what.str();
    if (!diagnostics.empty())
      message += ":\n" + llvm::StringRef(diagnostics).rtrim().str();
    return makeError(ErrorCode::CompileFailed, message);
  };
  // What the parser would crash on is an error here, as in the tools.
  if (std::optional<tolk::UnreadablePlace> bad =
          tolk::findUnreadable(moduleText)) {
    sourceMgr.PrintMessage(
        os,
        SMLoc::getFromPointer(sourceMgr.getMemoryBuffer(id)->getBufferStart() +
                              bad->offset),
        llvm::SourceMgr::DK_Error, bad->message);
    return failure("the module text does not parse");
  }
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&ctx));
  if (!module)
    return failure("the module text does not parse");
  PassManager kernelize(&ctx);
  tolk::buildTolkKernelizePipeline(kernelize, maxLanes());
  if (failed(kernelize.run(*module)))
    return failure("--tolk-kernelize failed on the module");
  llvm::Expected<std::shared_ptr<Program>> program = compileKernelized(*module);
  if (!program) {
    auto [code, message] = takeError(program.takeError());
    if (!diagnostics.empty())
      message += ":\n" + llvm::StringRef(diagnostics).rtrim().str();
    return makeError(code, message);
  }
  CompileCache::get().insert(key, (*program)->getCompiled());
  return program;
}
