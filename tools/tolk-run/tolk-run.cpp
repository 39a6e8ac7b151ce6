//===- tolk-run.cpp - Run one Tolk kernel on .npy buffers -----------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// tolk-run FILE.mlir --kernel NAME --backend host|vulkan|cuda
//          [--grid X[,Y[,Z]]] [--block X[,Y[,Z]]] [--arg VALUE]...
//          [--repeat N] [--warmup K] [--threads N]
//          IN.npy... -o OUT.npy[:SHAPE]...
//
// Reads a Tolk module, finds the kernel, binds its buffers to .npy files and
// its by-value scalars to --arg values, runs it on the backend, writes the
// outputs and prints one line that says what ran (docs/Runtime.md,
// "tolk-run"). Everything that is wrong with the input is a message that
// names the file or the parameter and a non-zero exit, and no output file is
// written unless the run succeeded.
//
//===----------------------------------------------------------------------===//

#include "Binding.h"
#include "Launch.h"
#include "Summary.h"
#include "tolk/Upstream/ToolGuards.h"

#include "tolk/Dialect/Tolk/IR/TolkOps.h"
#include "tolk/Dialect/Tolk/IR/TolkTypes.h"
#include "tolk/Dialect/Tolk/IR/TypeMapping.h"
#include "tolk/Dialect/Tolk/Transforms/Passes.h"
#include "tolk/Dtype/Cast.h"
#include "tolk/Dtype/Const.h"
#include "tolk/InitAllDialects.h"
#include "tolk/Pipelines/Pipelines.h"
#include "tolk/Runtime/Devices.h"
#include "tolk/Runtime/Npy.h"
#include "tolk/Transforms/GPUTargetInfo.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <cstdlib>
#include <new>

using namespace mlir;
using namespace tolk::run;
namespace dt = tolk::dtype;

static const char *const kOverview = R"(Runs one Tolk kernel on .npy buffers

  tolk-run FILE.mlir --kernel NAME [--backend host|vulkan|cuda]
           [--grid X[,Y[,Z]]] [--block X[,Y[,Z]]] [--arg VALUE]...
           [--quiet | --json] [--no-bounds-check]
           [--repeat N] [--warmup K] [--threads N]
           IN.npy... -o OUT.npy[:SHAPE]...

NAME is a gpu.func kernel (MODULE::KERNEL when the name is in more than one
gpu.module) or a tensor-level function, which --tolk-kernelize fuses into a
kernel first. The grid and the block are the kernel's known_grid_size and
known_block_size; --grid and --block give those it lacks (a different one is
an error: the kernel is compiled for its launch).

Buffers are .npy files of the kernel's element type, stored as tinygrad
stores it: bool as |b1, bf16 as uint16 (<u2), the 8-bit floats as uint8
(|u1). Which file binds to which parameter:
  - A kernelized function: one IN.npy per tensor argument of rank 1 or
    more, in order, of the argument's dtype and shape (an argument marked
    tolk.image, an image parameter, too); a rank-0 tensor argument, like a
    scalar one, is a by-value parameter that --arg gives; one OUT.npy per
    result, with the result's shape (the kernel's tolk.args and
    tolk.results).
  - A hand-written kernel: the IN.npy files bind, in parameter order, to the
    global pointer parameters the kernel loads from (or does not access);
    the OUT.npy files, in parameter order, to those it stores to. A
    parameter both loaded and stored takes an IN.npy and writes an OUT.npy
    of the same shape. An output-only buffer starts zeroed, of the pointer
    type's element count; a pointer type without one takes the shape from
    the command line: -o OUT.npy:1000 or -o OUT.npy:4x250.
An image parameter (imageh or imagef of shape HxWx4) binds like a buffer to
a .npy of shape (H, W, 4) of its texels: <f2 for imageh, <f4 for imagef
(the host backend: a buffer; vulkan: a storage image of format
R16G16B16A16_SFLOAT or R32G32B32A32_SFLOAT; cuda: a 2-D CUDA array of
format HALF or FLOAT, 4 channels, passed as its surface object).
The --arg values bind to the by-value (alu) parameters in order: an
integer (decimal, or 0x hex), true/false, or a float (C's strtod: decimal,
hex float, inf, nan) rounded once to the parameter's type; a tolk.bounds
range is checked.

On the host, every access through a buffer is checked against the buffer's
size: the first one out of bounds stops the run with an error that names
it, and nothing is written (--no-bounds-check: unchecked, for benchmarks).
Vulkan confines such an access to the buffer (robustBufferAccess2 where the
device has it: reads give zero, writes are dropped), so a result may be
short or a read silently zero: the run's report of a hand-written kernel
notes that; CUDA does not check it.

On the host, the workgroups of the launch run on --threads N threads (one
per core by default, at most one per workgroup); the results are the same
for every N.

The kernel is compiled once and run K + N times (--warmup K untimed, then
--repeat N timed; 0 and 1 by default), each run from the same inputs (a
buffer the kernel reads and writes is restored in between). Its time is
the host's clock around the launch, Vulkan's timestamps around the
dispatch, or CUDA's events around the launch: compiling, copying and file
I/O are not in it.

A run that succeeds prints one line: the kernel, the backend and device,
the grid and block, the files written with their shapes and types, and the
kernel's time: with --repeat, the median and the fastest of the timed runs
and the bandwidth (the bytes of the input and output files over the fastest
time) (--quiet: nothing; --json: the same as a JSON object).
)";

static llvm::cl::OptionCategory category("tolk-run options");
static llvm::cl::list<std::string>
    positional(llvm::cl::Positional, llvm::cl::desc("FILE.mlir IN.npy..."),
               llvm::cl::cat(category));
static llvm::cl::opt<std::string>
    kernelName("kernel", llvm::cl::desc("The kernel or function to run"),
               llvm::cl::value_desc("NAME"), llvm::cl::cat(category));
static llvm::cl::opt<std::string>
    backendName("backend", llvm::cl::desc("host (default), vulkan or cuda"),
                llvm::cl::init("host"), llvm::cl::cat(category));
static llvm::cl::opt<std::string>
    gridOpt("grid", llvm::cl::desc("Workgroups in x, y, z"),
            llvm::cl::value_desc("X[,Y[,Z]]"), llvm::cl::cat(category));
static llvm::cl::opt<std::string>
    blockOpt("block", llvm::cl::desc("Threads per workgroup in x, y, z"),
             llvm::cl::value_desc("X[,Y[,Z]]"), llvm::cl::cat(category));
static llvm::cl::list<std::string>
    argValues("arg", llvm::cl::desc("The next by-value (alu) parameter"),
              llvm::cl::value_desc("VALUE"), llvm::cl::cat(category));
static llvm::cl::opt<std::string>
    cudaChip("cuda-chip",
             llvm::cl::desc("The NVIDIA chip to compile for (cuda backend)"),
             llvm::cl::init("sm_90"), llvm::cl::cat(category));
// Where the cuda backend opens the driver: tests point it at a missing file
// to test the no-driver path on machines that have one.
static llvm::cl::opt<std::string> cudaDriver("cuda-driver-library",
                                             llvm::cl::Hidden,
                                             llvm::cl::init("libcuda.so.1"),
                                             llvm::cl::cat(category));
static llvm::cl::list<std::string>
    outputOpt("o",
              llvm::cl::desc("Output .npy files (-o A.npy B.npy:SHAPE ...)"),
              llvm::cl::value_desc("OUT.npy[:SHAPE]"), llvm::cl::cat(category));
static llvm::cl::opt<bool>
    quietOpt("quiet", llvm::cl::desc("Print nothing when the run succeeds"),
             llvm::cl::cat(category));
static llvm::cl::opt<bool>
    jsonOpt("json", llvm::cl::desc("Print the run's summary as a JSON object"),
            llvm::cl::cat(category));
static llvm::cl::opt<bool> noBoundsCheck(
    "no-bounds-check",
    llvm::cl::desc("Leave the host backend's buffer accesses unchecked (the "
                   "pipeline's bounds-check=false)"),
    llvm::cl::cat(category));
static llvm::cl::opt<unsigned>
    repeatOpt("repeat",
              llvm::cl::desc("Timed runs of the kernel (the summary gives "
                             "their median and minimum)"),
              llvm::cl::value_desc("N"), llvm::cl::init(1),
              llvm::cl::cat(category));
static llvm::cl::opt<unsigned>
    warmupOpt("warmup",
              llvm::cl::desc("Untimed runs of the kernel before the timed "
                             "ones"),
              llvm::cl::value_desc("K"), llvm::cl::init(0),
              llvm::cl::cat(category));
// libLLVM registers a hidden --threads of its own (ThinLTO's code
// generator's, which tolk-run never runs), before this file's options: it
// gives way to tolk-run's.
[[maybe_unused]] static const bool ltoThreadsRemoved = [] {
  if (llvm::cl::Option *lto =
          llvm::cl::getRegisteredOptions().lookup("threads"))
    lto->removeArgument();
  return true;
}();
static llvm::cl::opt<unsigned> threadsOpt(
    "threads",
    llvm::cl::desc("Threads that run the workgroups on the host (default: "
                   "one per core)"),
    llvm::cl::value_desc("N"), llvm::cl::init(0), llvm::cl::cat(category));

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

/// "X[,Y[,Z]]" as three positive sizes.
static llvm::Expected<std::array<uint32_t, 3>> parseSize(StringRef text,
                                                         StringRef option) {
  std::array<uint32_t, 3> size = {1, 1, 1};
  SmallVector<StringRef> parts;
  text.split(parts, ',');
  if (parts.size() > 3)
    return fail("--" + option + " '" + text + "': at most three sizes");
  for (auto [i, part] : llvm::enumerate(parts)) {
    uint64_t v;
    if (part.trim().getAsInteger(10, v) || v == 0 || v > UINT32_MAX)
      return fail("--" + option + " '" + text +
                  "': expected X[,Y[,Z]], positive integers");
    size[i] = v;
  }
  return size;
}

//===----------------------------------------------------------------------===//
// The run
//===----------------------------------------------------------------------===//

/// The device that the options choose, after the checks of the options that
/// need no kernel.
static llvm::Expected<std::shared_ptr<tolk::runtime::Device>> openDevice() {
  if (kernelName.empty())
    return fail("no --kernel NAME given");
  if (quietOpt && jsonOpt)
    return fail("--quiet and --json: give one (--json prints the summary, "
                "--quiet prints none)");
  if (repeatOpt == 0)
    return fail("--repeat 0: the kernel runs at least once");
  if (threadsOpt.getNumOccurrences() && threadsOpt == 0)
    return fail("--threads 0: the host needs at least one thread");
  if (threadsOpt.getNumOccurrences() && backendName != "host")
    return fail("--threads is for --backend host (a device runs the "
                "workgroups itself)");
  tolk::runtime::DeviceOptions options;
  if (backendName == "host") {
    options.backend = tolk::runtime::BackendKind::Host;
    options.hostBoundsCheck = !noBoundsCheck;
    options.hostThreads = threadsOpt;
  } else if (backendName == "vulkan") {
    options.backend = tolk::runtime::BackendKind::Vulkan;
  } else if (backendName == "cuda") {
    if (llvm::Error e = tolk::verifyGPUChip(tolk::GPUVendor::NVIDIA, cudaChip))
      return fail("--cuda-chip: " + llvm::toString(std::move(e)));
    options.backend = tolk::runtime::BackendKind::Cuda;
    options.chip = cudaChip;
    options.cudaDriverLibrary = cudaDriver;
  } else {
    return fail("unknown --backend '" + backendName +
                "' (expected host, vulkan or cuda)");
  }
  return tolk::runtime::openDevice(options);
}

/// The module of FILE.mlir, its tensor-level functions kernelized as the
/// pipelines do (kernels already there are left alone), so that NAME may
/// name either; `maxLanes` is the backend's.
static llvm::Expected<OwningOpRef<ModuleOp>>
readModule(MLIRContext &ctx, llvm::SourceMgr &sourceMgr, int64_t maxLanes) {
  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> file =
      openInputFile(positional.front(), &errorMessage);
  if (!file)
    return fail(errorMessage);
  unsigned bufferID = sourceMgr.AddNewSourceBuffer(std::move(file), SMLoc());
  if (tolk::reportUnreadable(sourceMgr, bufferID, ctx.getDialectRegistry()))
    return fail("cannot read '" + positional.front() + "'");
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&ctx));
  if (!module)
    return fail("cannot read '" + positional.front() + "'");
  PassManager kernelize(&ctx);
  tolk::buildTolkKernelizePipeline(kernelize, maxLanes);
  if (failed(kernelize.run(*module)))
    return fail("--tolk-kernelize failed on '" + positional.front() + "'");
  return std::move(module);
}

/// The launch's grid or block (`name`) size: `opt`'s, which must be the
/// kernel's `known` one where it has one, or that one.
static llvm::Error launchSize(const Kernel &kernel,
                              llvm::cl::opt<std::string> &opt, StringRef name,
                              std::optional<ArrayRef<int32_t>> known,
                              std::array<uint32_t, 3> &size) {
  std::optional<std::array<uint32_t, 3>> knownSize;
  if (known) {
    knownSize = {1, 1, 1};
    for (unsigned d = 0; d < 3 && d < known->size(); ++d)
      (*knownSize)[d] = (*known)[d];
  }
  if (opt.empty()) {
    if (!knownSize)
      return fail("kernel '" + kernel.name + "' has no known_" + name +
                  "_size: give --" + name);
    size = *knownSize;
    return llvm::Error::success();
  }
  llvm::Expected<std::array<uint32_t, 3>> parsed = parseSize(opt, name);
  if (!parsed)
    return parsed.takeError();
  // A kernel is compiled for its known launch (upstream folds the ids'
  // bounds and gpu.block_dim to it, kernelization leaves out the gates
  // when the launch fits the size exactly): another one could access
  // memory out of bounds.
  if (knownSize && *parsed != *knownSize)
    return fail("--" + name + " " + opt + " differs from the known_" + name +
                "_size " + std::to_string((*knownSize)[0]) + "," +
                std::to_string((*knownSize)[1]) + "," +
                std::to_string((*knownSize)[2]) + " of kernel '" + kernel.name +
                "', the launch it is compiled for");
  size = *parsed;
  return llvm::Error::success();
}

/// A module of `kernel` alone, which `kernel.op` then points into: the
/// backend lowers only it, since another kernel of the file that its
/// target cannot lower is none of this run's business, and is not compiled
/// for nothing.
static OwningOpRef<ModuleOp> isolateKernel(ModuleOp module, Kernel &kernel) {
  OwningOpRef<ModuleOp> alone = ModuleOp::create(module.getLoc());
  (*alone)->setAttrs(module.getOperation()->getAttrDictionary());
  auto gpuModule = cast<gpu::GPUModuleOp>(
      kernel.op->getParentOfType<gpu::GPUModuleOp>()->clone());
  alone->push_back(gpuModule);
  for (auto other :
       llvm::make_early_inc_range(gpuModule.getOps<gpu::GPUFuncOp>()))
    if (other.getName() != kernel.name)
      other.erase();
  kernel.op = gpuModule.lookupSymbol<gpu::GPUFuncOp>(kernel.name);
  return alone;
}

/// Where the backend does not stop at an access out of bounds, one that a
/// hand-written kernel makes goes unnoticed: the note that says so. A
/// buffer whose size no pointer type fixes is as large as a file or the
/// command line says, so a result written past its end is short; a sized
/// one is as large as its type, and the device's robust access hides an
/// access past its end (a read gives zero where the host stops with the
/// access's element and thread).
static std::optional<std::string> outOfBoundsNote(const Kernel &kernel,
                                                  StringRef memorySafety) {
  if (backendName == "host")
    return std::nullopt;
  SmallVector<std::string> unsized;
  for (auto [i, p] : llvm::enumerate(kernel.params))
    if (p.isBuffer() && p.count < 0)
      unsized.push_back("#" + std::to_string(i));
  std::string what;
  if (memorySafety == "robustBufferAccess2")
    what = " confines accesses to the buffers (robustBufferAccess2: a "
           "read past a buffer's end gives zero, a write there is "
           "dropped)";
  else if (memorySafety == "robustBufferAccess")
    what = " confines accesses to the buffers (robustBufferAccess: one "
           "past a buffer's end stays inside it)";
  else
    what = " does not check accesses: one past a buffer's end is "
           "undefined behaviour";
  bool confined = StringRef(memorySafety).starts_with("robustBufferAccess");
  if (!unsized.empty()) {
    if (memorySafety == "robustBufferAccess2")
      what += ", so a result written past a buffer's end is short";
    else if (confined)
      what += ", so a result written past a buffer's end is short or wrong";
    return "kernel '" + kernel.name + "' has buffers of no declared size (" +
           llvm::join(unsized, ", ") + ") and " + backendName + what +
           "; --backend host stops at the first access out of bounds";
  }
  if (!confined)
    return std::nullopt;
  return "kernel '" + kernel.name + "' ran on " + backendName + ", which" +
         what + ", so it may have hidden an access out of bounds; --backend " +
         "host stops at the first one, with its element and thread";
}

/// The kernel's time in each timed run.
struct Timings {
  SmallVector<double, 1> kernelMs;
};

/// Runs `kernel` of `module` on `device` as `launch` says, `warmup` +
/// `repeat` times, each run from the same inputs (an in-place buffer is
/// written again before every run but the first); `launch`'s buffers hold
/// the results of the last run afterwards.
static llvm::Expected<Timings> runOnDevice(tolk::runtime::Device &device,
                                           ModuleOp module,
                                           const Kernel &kernel, Launch &launch,
                                           unsigned warmup, unsigned repeat) {
  using tolk::runtime::LaunchArg;
  llvm::Expected<std::shared_ptr<tolk::runtime::Program>> program =
      device.compile(module);
  if (!program)
    return program.takeError();
  llvm::Expected<unsigned> index =
      (*program)->findKernel(kernel.module + "::" + kernel.name);
  if (!index)
    return index.takeError();
  SmallVector<std::shared_ptr<tolk::runtime::Buffer>> buffers;
  for (std::vector<uint8_t> &bytes : launch.buffers) {
    llvm::Expected<std::shared_ptr<tolk::runtime::Buffer>> buffer =
        device.allocate(bytes.size());
    if (!buffer)
      return buffer.takeError();
    if (llvm::Error e = device.write(**buffer, 0, bytes))
      return std::move(e);
    buffers.push_back(std::move(*buffer));
  }
  SmallVector<LaunchArg> args;
  for (const Param &p : kernel.params)
    args.push_back(p.isBuffer() ? LaunchArg::of(buffers[p.slot])
                                : LaunchArg::scalar(launch.scalars[p.slot]));
  Timings timings;
  for (unsigned run = 0; run < warmup + repeat; ++run) {
    if (run > 0)
      for (auto [slot, inPlace] : llvm::enumerate(launch.inPlace))
        if (inPlace)
          if (llvm::Error e =
                  device.write(*buffers[slot], 0, launch.buffers[slot]))
            return std::move(e);
    double ms = 0;
    if (llvm::Error e = device.launch(**program, *index, launch.grid,
                                      launch.block, args, &ms))
      return std::move(e);
    if (run >= warmup)
      timings.kernelMs.push_back(ms);
  }
  for (auto [slot, bytes] : llvm::enumerate(launch.buffers))
    if (llvm::Error e = device.read(*buffers[slot], 0, bytes))
      return std::move(e);
  return timings;
}

static llvm::Error runTool(MLIRContext &ctx, llvm::SourceMgr &sourceMgr,
                           ArrayRef<std::string> inputs,
                           ArrayRef<std::string> outputArgs) {
  llvm::Expected<std::shared_ptr<tolk::runtime::Device>> device = openDevice();
  if (!device)
    return device.takeError();
  SmallVector<OutputArg> outputs;
  for (const std::string &text : outputArgs) {
    llvm::Expected<OutputArg> out = parseOutput(text);
    if (!out)
      return out.takeError();
    outputs.push_back(std::move(*out));
  }
  llvm::Expected<OwningOpRef<ModuleOp>> module =
      readModule(ctx, sourceMgr, (*device)->maxLanes());
  if (!module)
    return module.takeError();

  llvm::Expected<ResolvedKernel> resolved = resolveKernel(**module, kernelName);
  if (!resolved)
    return resolved.takeError();
  llvm::Expected<Kernel> described = describeKernel(resolved->kernel);
  if (!described)
    return described.takeError();
  Kernel &kernel = *described;
  RunSummary summary;
  Launch launch;
  llvm::Expected<SmallVector<Output>> bound = bindParameters(
      *resolved, kernel, inputs, outputs,
      SmallVector<std::string>(argValues.begin(), argValues.end()), launch,
      summary);
  if (!bound)
    return bound.takeError();
  if (llvm::Error e = launchSize(kernel, gridOpt, "grid",
                                 kernel.op.getKnownGridSize(), launch.grid))
    return e;
  if (llvm::Error e = launchSize(kernel, blockOpt, "block",
                                 kernel.op.getKnownBlockSize(), launch.block))
    return e;

  OwningOpRef<ModuleOp> alone = isolateKernel(**module, kernel);
  llvm::Expected<Timings> timings =
      runOnDevice(**device, *alone, kernel, launch, warmupOpt, repeatOpt);
  if (!timings) {
    // The host's bounds check stopped the run: nothing is written.
    std::string message = llvm::toString(timings.takeError());
    if (StringRef(message).contains(": out of bounds, so launch"))
      message += "; tolk-run wrote no output (--no-bounds-check leaves "
                 "accesses unchecked)";
    return fail(message);
  }
  if (llvm::Error e = writeOutputs(*bound, kernel, launch, summary))
    return e;

  tolk::runtime::Device &dev = **device;
  // A kernelized function's buffers are all of its tensors' sizes.
  if (!resolved->function)
    if (std::optional<std::string> note =
            outOfBoundsNote(kernel, dev.memorySafety()))
      summary.notes.push_back(*note);
  summary.kernel = kernel.module + "::" + kernel.name;
  if (resolved->function)
    summary.function = resolved->function.getName().str();
  summary.backend = backendName;
  summary.device = dev.name().str();
  summary.memorySafety = dev.memorySafety().str();
  summary.grid = launch.grid;
  summary.block = launch.block;
  // The host runs a launch on as many threads as it has workgroups, at most
  // its pool's.
  uint64_t groups = uint64_t(launch.grid[0]) * launch.grid[1] * launch.grid[2];
  summary.threads =
      dev.hostThreads()
          ? unsigned(std::min<uint64_t>(dev.hostThreads(), groups))
          : 0;
  summary.time = summarizeTimes(timings->kernelMs, warmupOpt, dev.clock());
  if (jsonOpt) {
    printSummaryJSON(llvm::outs(), summary);
  } else if (!quietOpt) {
    printSummary(llvm::outs(), summary);
    for (const std::string &note : summary.notes)
      llvm::errs() << "tolk-run: note: " << note << "\n";
  }
  return llvm::Error::success();
}

static int toolMain(int argc, char **argv) {
  // `-o A.npy B.npy` gives several outputs after one -o; llvm::cl would
  // take B.npy as an input, so the outputs are taken out first.
  SmallVector<std::string> outputs;
  SmallVector<char *> rest;
  for (int i = 0; i < argc; ++i) {
    StringRef a = argv[i];
    if (i > 0 && (a == "-o" || a == "--o")) {
      while (i + 1 < argc && !StringRef(argv[i + 1]).starts_with("-"))
        outputs.push_back(argv[++i]);
      continue;
    }
    rest.push_back(argv[i]);
  }
  llvm::cl::HideUnrelatedOptions(category);
  llvm::cl::ParseCommandLineOptions(rest.size(), rest.data(), kOverview);
  outputs.append(outputOpt.begin(), outputOpt.end());
  if (positional.empty()) {
    llvm::errs() << "tolk-run: error: no FILE.mlir given (see --help)\n";
    return 1;
  }

  DialectRegistry registry;
  tolk::registerAllDialects(registry);
  tolk::registerTolkPipelineExtensions(registry);
  MLIRContext ctx(registry);
  ctx.printOpOnDiagnostic(false);
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &ctx);
  SmallVector<std::string> inputs(positional.begin() + 1, positional.end());
  if (llvm::Error e = runTool(ctx, sourceMgr, inputs, outputs)) {
    llvm::errs() << "tolk-run: error: " << llvm::toString(std::move(e)) << "\n";
    return 1;
  }
  return 0;
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  return tolk::runWithLargeStack([&] { return toolMain(argc, argv); });
}
