//===- HostBackend.cpp - tolk-run on this CPU -----------------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--backend host`: the module through --tolk-to-llvm, then MLIR's
// ExecutionEngine (LLVM's ORC JIT for this CPU). The kernel's host function
// runs a range of the launch's workgroups; the launch is split into ranges
// that a pool of threads runs (GridRunner).
//
// With the bounds check (the default), the lowered kernel calls
// tolk_host_out_of_bounds instead of making an access past a buffer's end;
// the runner's definition records the access and longjmps back out of the
// kernel, so the first such access ends the run before any memory outside
// the buffers is touched. The frames it unwinds are the JIT's code only
// (no C++ object lives in them), which is what longjmp allows, and each
// thread has its own jump buffer: it returns to its own call.
//
//===----------------------------------------------------------------------===//

#include "Backend.h"

#include "tolk/Conversion/GPUToHost/GPUToHost.h"
#include "tolk/Pipelines/Pipelines.h"
#include "tolk/Transforms/LLVMDiagnostics.h"

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"

#include <atomic>
#include <chrono>
#include <csetjmp>
#include <mutex>

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
/// the call, and the setjmp is on the calling thread: the longjmp unwinds
/// only that thread's frames of the kernel.
bool callKernel(void (*fn)(void **), void **args) {
  if (setjmp(outOfBoundsReturn) != 0)
    return false;
  fn(args);
  return true;
}

/// One launch of a host function over its workgroups, split into chunks of
/// consecutive workgroups (in the launch's linear order) that the threads
/// take in order, the calling thread among them. Workgroups are independent
/// by the kernel model, so the results do not depend on the split.
///
/// An access out of bounds ends the chunk it is in, and no chunk starts
/// after the earliest workgroup that made one; the chunks before it all
/// run. So the access reported is the first in the launch's order, the one
/// a single thread stops at, whatever the number of threads.
class GridRunner {
public:
  /// `args`: the host function's packed arguments up to the workgroup
  /// range, which each thread appends for its chunks.
  GridRunner(void (*fn)(void **), llvm::ArrayRef<void *> args,
             std::array<uint32_t, 3> grid, uint64_t groups, unsigned threads)
      : fn(fn), args(args), grid(grid), groups(groups) {
    // Several chunks a thread, so that a thread that loses its core to
    // another process does not hold up the launch.
    chunks = threads <= 1 ? 1
                          : std::max<uint64_t>(
                                1, std::min<uint64_t>(groups, threads * 16ull));
    chunkSize = llvm::divideCeil(groups, chunks);
    workers = std::min<uint64_t>(threads, chunks);
    if (workers > 1)
      pool = std::make_unique<llvm::DefaultThreadPool>(
          llvm::hardware_concurrency(workers - 1));
  }

  /// The threads that run workgroups.
  unsigned threads() const { return workers; }

  /// Runs every workgroup once; false when an access was out of bounds
  /// (firstOutOfBounds says which).
  bool run() {
    nextChunk = 0;
    firstBadGroup = UINT64_MAX;
    for (unsigned i = 1; i < workers; ++i)
      pool->async([this] { work(); });
    work();
    if (pool)
      pool->wait();
    return firstBadGroup == UINT64_MAX;
  }

  const OutOfBounds &firstOutOfBounds() const { return first; }

private:
  void work() {
    llvm::SmallVector<void *, 32> callArgs(args.begin(), args.end());
    int64_t range[2];
    callArgs.append({&range[0], &range[1]});
    for (;;) {
      uint64_t chunk = nextChunk.fetch_add(1, std::memory_order_relaxed);
      if (chunk >= chunks)
        return;
      uint64_t begin = chunk * chunkSize;
      // Chunks are taken in order: every later one starts later still.
      if (begin > firstBadGroup.load(std::memory_order_relaxed))
        return;
      range[0] = begin;
      range[1] = std::min(begin + chunkSize, groups);
      if (callKernel(fn, callArgs.data()))
        continue;
      const OutOfBounds &oob = lastOutOfBounds;
      uint64_t at = uint64_t(oob.block[0]) +
                    grid[0] * (uint64_t(oob.block[1]) +
                               grid[1] * uint64_t(oob.block[2]));
      std::lock_guard<std::mutex> lock(mutex);
      if (at < firstBadGroup) {
        firstBadGroup = at;
        first = oob;
      }
      return;
    }
  }

  void (*fn)(void **);
  llvm::ArrayRef<void *> args;
  std::array<uint32_t, 3> grid;
  uint64_t groups, chunks, chunkSize;
  unsigned workers;
  std::unique_ptr<llvm::DefaultThreadPool> pool;
  std::atomic<uint64_t> nextChunk{0};
  /// The linear id of the earliest workgroup that accessed memory out of
  /// bounds, UINT64_MAX while none did; written under `mutex`.
  std::atomic<uint64_t> firstBadGroup{UINT64_MAX};
  std::mutex mutex;
  OutOfBounds first = {};
};

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
  HostBackend(bool boundsCheck, unsigned threads)
      : boundsCheck(boundsCheck), threads(threads) {}

  // A thread's lanes are one SIMD vector on the CPU: 16 lanes (kernelize's
  // most) fill a 512-bit register with f32, where the GPUs' 128-bit choice
  // left three quarters of it idle (and LLVM does not vectorize across the
  // thread loop, whose iterations are already vectors).
  unsigned maxLanes() const override { return 16; }

  llvm::Expected<RunReport> run(ModuleOp module, const Kernel &kernel,
                                Launch &launch,
                                const Repetitions &repetitions) override {
    // The host function's workgroup range is an `index`.
    int64_t groups = 1;
    for (uint32_t size : launch.grid)
      if (llvm::MulOverflow(groups, int64_t(size), groups))
        return llvm::createStringError(llvm::formatv(
            "a grid of {0}x{1}x{2} workgroups is more than the host runs "
            "(at most 2^63 - 1)",
            launch.grid[0], launch.grid[1], launch.grid[2]));

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
    // O3 for the kernel's loops: the JIT's own default does not optimize.
    // The passes get this CPU's target machine, without which the
    // vectorizers see no vector registers and leave the loops scalar.
    // `ExecutionEngineOptions::transformer` is a function_ref, so the
    // std::function it refers to must outlive ExecutionEngine::create: bound
    // to a temporary, it dangled and the JIT compiled the module unoptimized
    // (docs/Lowering.md, "Host lowering").
    llvm::Expected<llvm::orc::JITTargetMachineBuilder> host =
        llvm::orc::JITTargetMachineBuilder::detectHost();
    if (!host)
      return host.takeError();
    host->setCodeGenOptLevel(llvm::CodeGenOptLevel::Aggressive);
    llvm::Expected<std::unique_ptr<llvm::TargetMachine>> machine =
        host->createTargetMachine();
    if (!machine)
      return machine.takeError();
    std::function<llvm::Error(llvm::Module *)> optimize =
        makeOptimizingTransformer(/*optLevel=*/3, /*sizeLevel=*/0,
                                  machine->get());
    // LLVM's errors in the JIT's own LLVMContext are collected, not printed
    // without a location with exit(1) (tolk/Transforms/LLVMDiagnostics.h).
    tolk::LLVMDiagnostics diagnostics;
    std::function<llvm::Error(llvm::Module *)> transformer =
        [&](llvm::Module *m) {
          m->getContext().setDiagnosticHandler(diagnostics.makeHandler());
          return optimize(m);
        };
    options.transformer = transformer;
    options.jitCodeGenOptLevel = llvm::CodeGenOptLevel::Aggressive;
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
    // its value on a little-endian host), then the grid and the block, and
    // the workgroup range, which GridRunner gives each chunk.
    struct Descriptor {
      void *allocated;
      void *aligned;
      int64_t offset, size, stride;
    };
    std::vector<Descriptor> descriptors;
    descriptors.reserve(kernel.params.size());
    std::array<int64_t, 6> sizes;
    static_assert(tolk::kHostLaunchArgs == 6 + 2,
                  "the grid, the block, the workgroup range");
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
    // The JIT compiles the module at the lookup.
    if (!diagnostics.errors.empty()) {
      if (!fn)
        llvm::consumeError(fn.takeError());
      return llvm::createStringError("LLVM's JIT failed on kernel '" +
                                     kernel.name +
                                     "': " + diagnostics.errors.front());
    }
    if (!fn)
      return fn.takeError();

    GridRunner grid(*fn, args, launch.grid, groups,
                    threads ? threads
                            : llvm::hardware_concurrency().compute_thread_count());
    RunReport report;
    report.device = llvm::sys::getHostCPUName().str();
    report.memorySafety = boundsCheck ? "bounds-checked" : "unchecked";
    report.clock = "host clock";
    report.threads = grid.threads();
    unsigned runs = repetitions.warmup + repetitions.repeat;
    std::vector<std::vector<uint8_t>> original(launch.buffers.size());
    for (auto [slot, inPlace] : llvm::enumerate(launch.inPlace))
      if (inPlace && runs > 1)
        original[slot] = launch.buffers[slot];
    for (unsigned run = 0; run < runs; ++run) {
      if (run > 0)
        for (auto [slot, bytes] : llvm::enumerate(original))
          if (!bytes.empty())
            std::copy(bytes.begin(), bytes.end(),
                      launch.buffers[slot].begin());
      auto start = std::chrono::steady_clock::now();
      if (!grid.run())
        return llvm::createStringError(
            describeOutOfBounds(kernel, grid.firstOutOfBounds()));
      double ms = std::chrono::duration<double, std::milli>(
                      std::chrono::steady_clock::now() - start)
                      .count();
      if (run >= repetitions.warmup)
        report.kernelMs.push_back(ms);
    }
    return report;
  }

private:
  bool boundsCheck;
  unsigned threads;
};

} // namespace

Backend::~Backend() = default;

std::unique_ptr<Backend> tolk::run::createHostBackend(bool boundsCheck,
                                                      unsigned threads) {
  return std::make_unique<HostBackend>(boundsCheck, threads);
}
