//===- KernelCompileBench.cpp - In-process compile time to PTX ------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// tolk-kernel-compile-bench FILE...: the in-process time from a tensor-level
// function to PTX (parse, then --tolk-to-nvvm: kernelization, Tolk's
// lowering, upstream's NVVM pipeline and the LLVM NVPTX back end), per
// file, without the process start-up, the context's dialect loading and the
// back end's one-time initialization that a tool pays once: a first,
// untimed run warms them up, as a compiler serving many kernels would be.
// Prints one line per file: its name, then the median, minimum and maximum
// milliseconds over --repeat runs (wall time, or with --cpu-time the
// thread's CPU time). bench/kernel-quality.py drives it.
//
//===----------------------------------------------------------------------===//

#include "tolk/InitAllDialects.h"
#include "tolk/Pipelines/Pipelines.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <optional>
#include <time.h>
#include <vector>

using namespace mlir;

static llvm::cl::list<std::string> inputs(llvm::cl::Positional,
                                          llvm::cl::desc("<file.mlir>..."),
                                          llvm::cl::OneOrMore);
static llvm::cl::opt<unsigned>
    repeat("repeat", llvm::cl::desc("Timed runs per file"), llvm::cl::init(21));
static llvm::cl::opt<std::string> chip("chip", llvm::cl::desc("NVIDIA chip"),
                                       llvm::cl::init("sm_90"));
static llvm::cl::opt<std::string> features("features",
                                           llvm::cl::desc("PTX features"),
                                           llvm::cl::init("+ptx80"));
// LLVM's optimization level for the kernels (the pipeline's opt-level).
static llvm::cl::opt<int> optLevel("opt-level",
                                   llvm::cl::desc("LLVM optimization level"),
                                   llvm::cl::init(2));
// On a machine shared with other jobs, a run's wall time includes the time
// other processes held the core; the thread's CPU time does not, so it is
// the steadier figure to compare two builds under load.
static llvm::cl::opt<bool>
    cpuTime("cpu-time",
            llvm::cl::desc("Measure the thread's CPU time, not wall time"),
            llvm::cl::init(false));

// A compiler serving many kernels builds its pass manager once: with this,
// the pipeline is built and initialized (the canonicalizers' pattern sets
// frozen) in the untimed run only.
static llvm::cl::opt<bool> reusePassManager(
    "reuse-pass-manager",
    llvm::cl::desc("Build the pass manager once, not once per run"),
    llvm::cl::init(false));

// The pass manager verifies the module after every pass (as tolk-opt does,
// and the tests rely on); a compiler that trusts its passes verifies its
// input and its output only. Without --verify-each the module is verified
// once, after the pipeline, inside the timed region.
static llvm::cl::opt<bool>
    verifyEach("verify-each",
               llvm::cl::desc("Verify the module after every pass (default), "
                              "or only the input and the output"),
               llvm::cl::init(true));

// Where the time goes: MLIR's pass timing summed over the timed runs (not
// the warm-up), printed to stderr at the end, to profile against.
static llvm::cl::opt<bool>
    passTiming("pass-timing",
               llvm::cl::desc("Print the passes' time over the timed runs"),
               llvm::cl::init(false));

/// Milliseconds on the clock --cpu-time selects.
static double nowMs() {
  struct timespec ts;
  clock_gettime(cpuTime ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/// One compilation of `source`: parse, then the pipeline (`pm`, or a new
/// one when null). Fails on a parse or pipeline error, or when no PTX came
/// out.
static LogicalResult compileOnce(MLIRContext &ctx, StringRef source,
                                 const tolk::TolkToNVVMOptions &options,
                                 PassManager *pm,
                                 TimingScope *timing = nullptr) {
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(source, &ctx);
  if (!module)
    return failure();
  std::optional<PassManager> fresh;
  if (!pm) {
    fresh.emplace(&ctx);
    fresh->enableVerifier(verifyEach);
    tolk::buildTolkToNVVMPipeline(*fresh, options);
    pm = &*fresh;
    if (timing)
      pm->enableTiming(*timing);
  }
  if (failed(pm->run(*module)))
    return failure();
  if (!verifyEach && failed(verify(*module)))
    return failure();
  bool ptx = false;
  module->walk([&](gpu::BinaryOp binary) { ptx = true; });
  return success(ptx);
}

int main(int argc, char **argv) {
  llvm::cl::ParseCommandLineOptions(argc, argv,
                                    "In-process compile time to PTX\n");
  DialectRegistry registry;
  tolk::registerAllDialects(registry);
  tolk::registerTolkPipelineExtensions(registry);
  MLIRContext ctx(registry);
  // One thread: the time of one kernel's compilation, not of the machine's
  // spare cores.
  ctx.disableMultithreading();
  ctx.loadAllAvailableDialects();

  if (repeat == 0) {
    llvm::errs() << "--repeat must be at least 1\n";
    return 1;
  }
  tolk::TolkToNVVMOptions options;
  options.chip = chip;
  options.features = features;
  options.optLevel = optLevel;
  std::optional<PassManager> shared;
  if (reusePassManager) {
    shared.emplace(&ctx);
    shared->enableVerifier(verifyEach);
    tolk::buildTolkToNVVMPipeline(*shared, options);
  }
  PassManager *pm = shared ? &*shared : nullptr;
  DefaultTimingManager timing;
  timing.setEnabled(passTiming);
  // One line per pass, summed: each run nests its own pass manager.
  timing.setDisplayMode(DefaultTimingManager::DisplayMode::List);
  TimingScope root = timing.getRootScope();
  TimingScope *timed = passTiming && !shared ? &root : nullptr;

  for (const std::string &path : inputs) {
    auto file = llvm::MemoryBuffer::getFile(path);
    if (!file) {
      llvm::errs() << path << ": " << file.getError().message() << "\n";
      return 1;
    }
    StringRef source = (*file)->getBuffer();
    if (failed(compileOnce(ctx, source, options, pm))) {
      llvm::errs() << path << ": did not compile to PTX\n";
      return 1;
    }
    std::vector<double> ms;
    for (unsigned i = 0; i < repeat; ++i) {
      double start = nowMs();
      LogicalResult result = compileOnce(ctx, source, options, pm, timed);
      double end = nowMs();
      if (failed(result))
        return 1;
      ms.push_back(end - start);
    }
    std::sort(ms.begin(), ms.end());
    llvm::outs() << path << " " << ms[ms.size() / 2] << " " << ms.front() << " "
                 << ms.back() << "\n";
  }
  root.stop();
  return 0;
}
