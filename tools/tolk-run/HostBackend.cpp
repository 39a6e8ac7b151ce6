//===- HostBackend.cpp - tolk-run on this CPU -----------------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--backend host`: the module through --tolk-to-llvm, then MLIR's
// ExecutionEngine (LLVM's ORC JIT for this CPU), which calls the kernel's
// host function once for the whole launch.
//
// With the bounds check (the default), the lowered kernel calls
// tolk_host_out_of_bounds instead of making an access past a buffer's end;
// the runner's definition records the access and longjmps back out of the
// kernel, so the first such access ends the run before any memory outside
// the buffers is touched. The frames it unwinds are the JIT's code only
// (no C++ object lives in them), which is what longjmp allows.
//
//===----------------------------------------------------------------------===//

#include "Backend.h"

#include "tolk/Conversion/GPUToHost/GPUToHost.h"
#include "tolk/Pipelines/Pipelines.h"

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/TargetParser/Host.h"

#include <chrono>
#include <csetjmp>

using namespace mlir;
using namespace tolk::run;

namespace {

/// The first access out of bounds of the running kernel, and where to go
/// back to. One kernel runs at a time per thread.
struct OutOfBounds {
  int64_t param, isStore, index, count, size;
  std::array<int64_t, 3> thread, block;
};
thread_local std::jmp_buf outOfBoundsReturn;
thread_local OutOfBounds lastOutOfBounds;

void reportOutOfBounds(int64_t param, int64_t isStore, int64_t index,
                       int64_t count, int64_t size, int64_t threadX,
                       int64_t threadY, int64_t threadZ, int64_t blockX,
                       int64_t blockY, int64_t blockZ) {
  lastOutOfBounds = {param,   isStore, index,    count,
                     size,    {threadX, threadY, threadZ},
                     {blockX, blockY,  blockZ}};
  std::longjmp(outOfBoundsReturn, 1);
}
static_assert(std::is_same_v<decltype(reportOutOfBounds),
                             tolk::HostOutOfBoundsFn>,
              "the signature --tolk-gpu-to-host calls");

/// Calls the packed host function; false when the kernel accessed a buffer
/// out of bounds. Nothing with a destructor lives between the setjmp and
/// the call.
bool callKernel(void (*fn)(void **), void **args) {
  if (setjmp(outOfBoundsReturn) != 0)
    return false;
  fn(args);
  return true;
}

std::string describeOutOfBounds(const Kernel &kernel, const OutOfBounds &oob) {
  const Param *param =
      oob.param >= 0 && oob.param < int64_t(kernel.params.size())
          ? &kernel.params[oob.param]
          : nullptr;
  std::string elements =
      oob.count == 1
          ? llvm::formatv("element {0}", oob.index).str()
          : llvm::formatv("elements {0} to {1}", oob.index,
                          oob.index + oob.count - 1)
                .str();
  return llvm::formatv(
             "kernel '{0}' {1} {2} of parameter #{3}, a buffer of {4} {5}, in "
             "thread ({6}, {7}, {8}) of block ({9}, {10}, {11}): out of "
             "bounds, so the run stopped there and wrote no output "
             "(--no-bounds-check leaves accesses unchecked)",
             kernel.name, oob.isStore ? "stores to" : "loads", elements,
             oob.param, oob.size, param ? param->elementType : "elements",
             oob.thread[0], oob.thread[1], oob.thread[2], oob.block[0],
             oob.block[1], oob.block[2])
      .str();
}

class HostBackend : public Backend {
public:
  explicit HostBackend(bool boundsCheck) : boundsCheck(boundsCheck) {}

  llvm::Expected<RunReport> run(ModuleOp module, const Kernel &kernel,
                                Launch &launch) override {
    OwningOpRef<ModuleOp> lowered = module.clone();
    PassManager pm(module.getContext());
    tolk::TolkToLLVMOptions pipelineOptions;
    pipelineOptions.boundsCheck = boundsCheck;
    tolk::buildTolkToLLVMPipeline(pm, pipelineOptions);
    if (failed(pm.run(*lowered)))
      return llvm::createStringError(
          "the host pipeline (--tolk-to-llvm) failed on kernel '" +
          kernel.name + "'");

    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    ExecutionEngineOptions options;
    // O2 for the kernel's loops: the JIT's own default does not optimize.
    // `ExecutionEngineOptions::transformer` is a function_ref, so the
    // std::function it refers to must outlive ExecutionEngine::create: bound
    // to a temporary, it dangled and the JIT compiled the module unoptimized
    // (docs/Rationale.md, "Host lowering").
    std::function<llvm::Error(llvm::Module *)> transformer =
        makeOptimizingTransformer(/*optLevel=*/2, /*sizeLevel=*/0,
                                  /*targetMachine=*/nullptr);
    options.transformer = transformer;
    llvm::Expected<std::unique_ptr<ExecutionEngine>> engine =
        ExecutionEngine::create(*lowered, options);
    if (!engine)
      return engine.takeError();
    (*engine)->registerSymbols([](llvm::orc::MangleAndInterner interner) {
      llvm::orc::SymbolMap symbols;
      symbols[interner(tolk::kHostOutOfBoundsFunction)] = {
          llvm::orc::ExecutorAddr::fromPtr(&reportOutOfBounds),
          llvm::JITSymbolFlags::Exported};
      return symbols;
    });

    // The host function's LLVM signature (convert-func-to-llvm without the
    // C interface): each memref argument is its descriptor's five fields
    // (allocated and aligned pointer, offset, size, stride), the size in the
    // memref's elements (a vector element counts once); a scalar is its
    // LLVM type (read from the low bytes of its zero-extended bits, which is
    // its value on a little-endian host), then the grid and the block.
    struct Descriptor {
      void *allocated;
      void *aligned;
      int64_t offset, size, stride;
    };
    std::vector<Descriptor> descriptors;
    descriptors.reserve(kernel.params.size());
    std::array<int64_t, tolk::kHostLaunchArgs> sizes;
    for (unsigned i = 0; i < 3; ++i) {
      sizes[i] = launch.grid[i];
      sizes[3 + i] = launch.block[i];
    }
    llvm::SmallVector<void *, 32> args;
    for (const Param &p : kernel.params) {
      if (p.kind == Param::Kind::Scalar) {
        args.push_back(&launch.scalars[p.slot]);
        continue;
      }
      std::vector<uint8_t> &bytes = launch.buffers[p.slot];
      int64_t elements =
          bytes.size() / (tolk::dtype::itemsize(p.dtype) * p.lanes);
      descriptors.push_back({bytes.data(), bytes.data(), 0, elements, 1});
      Descriptor &d = descriptors.back();
      args.append({&d.allocated, &d.aligned, &d.offset, &d.size, &d.stride});
    }
    for (int64_t &size : sizes)
      args.push_back(&size);
    auto fn = (*engine)->lookupPacked(
        tolk::getHostKernelName(kernel.module, kernel.name));
    if (!fn)
      return fn.takeError();

    RunReport report;
    report.device = llvm::sys::getHostCPUName().str();
    report.memorySafety = boundsCheck ? "bounds-checked" : "unchecked";
    report.clock = "host clock";
    auto start = std::chrono::steady_clock::now();
    if (!callKernel(*fn, args.data()))
      return llvm::createStringError(
          describeOutOfBounds(kernel, lastOutOfBounds));
    report.kernelMs = std::chrono::duration<double, std::milli>(
                          std::chrono::steady_clock::now() - start)
                          .count();
    return report;
  }

private:
  bool boundsCheck;
};

} // namespace

Backend::~Backend() = default;

std::unique_ptr<Backend> tolk::run::createHostBackend(bool boundsCheck) {
  return std::make_unique<HostBackend>(boundsCheck);
}
