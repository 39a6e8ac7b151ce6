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

#include "../common/ToolMain.h"
#include "Backend.h"
#include "Summary.h"

#include "tolk/Dialect/Tolk/Transforms/Passes.h"
#include "tolk/Dialect/Tolk/IR/Images.h"
#include "tolk/Dialect/Tolk/IR/TolkOps.h"
#include "tolk/Dialect/Tolk/IR/TolkTypes.h"
#include "tolk/Dialect/Tolk/IR/TypeMapping.h"
#include "tolk/Dtype/Cast.h"
#include "tolk/Dtype/Const.h"
#include "tolk/InitAllDialects.h"
#include "tolk/Pipelines/Pipelines.h"
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
  - A kernelized function: one IN.npy per tensor argument, in order, of the
    argument's dtype and shape; one OUT.npy per result, with the result's
    shape (the kernel's tolk.args and tolk.results).
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
R16G16B16A16_SFLOAT or R32G32B32A32_SFLOAT).
The --arg values bind to the by-value (alu) parameters in order: an
integer (decimal, or 0x hex), true/false, or a float (C's strtod: decimal,
hex float, inf, nan) rounded once to the parameter's type; a tolk.bounds
range is checked.

On the host, every access through a buffer is checked against the buffer's
size: the first one out of bounds stops the run with an error that names
it, and nothing is written (--no-bounds-check: unchecked, for benchmarks).
Vulkan confines such an access to the buffer (robustBufferAccess2 where the
device has it: reads give zero, writes are dropped), so a result may be
short; CUDA does not check it.

On the host, the workgroups of the launch run on --threads N threads (one
per core by default); the results are the same for every N.

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
static llvm::cl::opt<std::string>
    cudaDriver("cuda-driver-library", llvm::cl::Hidden,
               llvm::cl::init("libcuda.so.1"), llvm::cl::cat(category));
static llvm::cl::list<std::string>
    outputOpt("o",
              llvm::cl::desc("Output .npy files (-o A.npy B.npy:SHAPE ...)"),
              llvm::cl::value_desc("OUT.npy[:SHAPE]"), llvm::cl::cat(category));
static llvm::cl::opt<bool>
    quietOpt("quiet", llvm::cl::desc("Print nothing when the run succeeds"),
          llvm::cl::cat(category));
static llvm::cl::opt<bool>
    jsonOpt("json",
         llvm::cl::desc("Print the run's summary as a JSON object"),
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

static llvm::Error fail(const llvm::Twine &message) {
  return llvm::createStringError(message);
}

//===----------------------------------------------------------------------===//
// Finding the kernel
//===----------------------------------------------------------------------===//

namespace {
struct Resolved {
  gpu::GPUFuncOp kernel;
  /// The tensor-level function of a kernelized kernel.
  func::FuncOp function;
};
} // namespace

static llvm::Expected<Resolved> resolveKernel(ModuleOp module,
                                              StringRef name) {
  auto [moduleName, funcName] = name.split("::");
  if (!funcName.empty()) {
    auto gpuModule = module.lookupSymbol<gpu::GPUModuleOp>(moduleName);
    if (!gpuModule)
      return fail("no gpu.module named '" + moduleName + "'");
    auto kernel = gpuModule.lookupSymbol<gpu::GPUFuncOp>(funcName);
    if (!kernel || !kernel.isKernel())
      return fail("gpu.module '" + moduleName + "' has no kernel named '" +
                  funcName + "'");
    return Resolved{kernel, {}};
  }
  if (auto function = module.lookupSymbol<func::FuncOp>(name)) {
    SymbolRefAttr ref = module.getContext()
                            ->getOrLoadDialect<tolk::TolkDialect>()
                            ->getKernelAttrHelper()
                            .getAttr(function);
    if (!ref)
      return fail("function '" + name +
                  "' is not a kernel and --tolk-kernelize did not make one of "
                  "it (it takes tensor-level elementwise functions of static "
                  "shapes and non-weak types; docs/Rationale.md, "
                  "\"Kernelization\")");
    auto kernel = dyn_cast_or_null<gpu::GPUFuncOp>(
        SymbolTable::lookupSymbolIn(module, ref));
    if (!kernel)
      return fail("function '" + name + "' names a missing kernel");
    return Resolved{kernel, function};
  }
  SmallVector<gpu::GPUFuncOp> found;
  for (auto gpuModule : module.getOps<gpu::GPUModuleOp>())
    if (auto kernel = gpuModule.lookupSymbol<gpu::GPUFuncOp>(name))
      if (kernel.isKernel())
        found.push_back(kernel);
  if (found.empty())
    return fail("no kernel or function named '" + name + "'");
  if (found.size() > 1) {
    std::string modules;
    for (gpu::GPUFuncOp k : found)
      modules += " '" +
                 k->getParentOfType<gpu::GPUModuleOp>().getName().str() +
                 "'";
    return fail("kernel name '" + name + "' is in more than one gpu.module (" +
                StringRef(modules).ltrim() + "): give MODULE::" + name);
  }
  return Resolved{found.front(), {}};
}

static std::string printed(Type type) {
  std::string s;
  llvm::raw_string_ostream(s) << type;
  return s;
}

/// The parameters of `kernel`, in order.
static llvm::Expected<Kernel> describeKernel(gpu::GPUFuncOp op) {
  Kernel kernel;
  kernel.op = op;
  kernel.name = op.getName().str();
  kernel.module = op->getParentOfType<gpu::GPUModuleOp>().getName().str();
  unsigned buffers = 0, scalars = 0;
  for (auto [i, type] : llvm::enumerate(op.getArgumentTypes())) {
    auto ptr = dyn_cast<tolk::PtrType>(type);
    auto where = [&, i = i] {
      return "parameter #" + std::to_string(i) + " of kernel '" +
             kernel.name + "'";
    };
    if (!ptr)
      return fail(where() + " has type " + printed(type) +
                  ": tolk-run runs Tolk kernels, whose parameters are "
                  "!tolk.ptr<T, global> buffers and !tolk.ptr<T, alu> "
                  "scalars");
    // An image binds to its texels: a (h, w, 4) array of f16 or f32.
    Type element =
        ptr.getImage() ? tolk::getTexelStorageType(ptr) : ptr.getElementType();
    int64_t lanes = 1;
    if (auto vector = dyn_cast<VectorType>(element)) {
      lanes = vector.getNumElements();
      element = vector.getElementType();
    }
    std::optional<dt::DType> dtype = tolk::getDType(element);
    bool stored = dtype && !dt::isWeak(*dtype) && *dtype != dt::DType::Void;
    if (stored) {
      llvm::Expected<std::string> descr = tolk::npy::descrOf(*dtype);
      stored = bool(descr);
      if (!descr)
        llvm::consumeError(descr.takeError());
    }
    if (!stored)
      return fail(where() + " has the element type " +
                  printed(element) + ", which no .npy file holds");
    Param p;
    p.dtype = *dtype;
    p.lanes = lanes;
    p.elementType = printed(ptr.getImage() ? Type(ptr) : ptr.getElementType());
    p.imageShape.assign(ptr.getImageShape().begin(),
                        ptr.getImageShape().end());
    if (ptr.getAddrSpace() == tolk::AddrSpace::alu) {
      if (lanes != 1)
        return fail(where() + " is a by-value vector, which --arg cannot give");
      if (dt::isComplex(*dtype) || *dtype == dt::DType::Float128)
        return fail(where() + " is a by-value " + printed(element) +
                    ", which --arg cannot give (pass a buffer of one element)");
      p.kind = Param::Kind::Scalar;
      p.slot = scalars++;
    } else if (ptr.getAddrSpace() == tolk::AddrSpace::global) {
      p.kind = Param::Kind::Buffer;
      p.count = ptr.getSize() < 0 ? -1 : ptr.getSize() * lanes;
      p.slot = buffers++;
    } else {
      return fail(where() + " is a pointer to " +
                  tolk::stringifyAddrSpace(ptr.getAddrSpace()) +
                  " memory; only global buffers and alu scalars are "
                  "parameters");
    }
    kernel.params.push_back(p);
  }
  return kernel;
}

/// Whether the kernel loads from (bit 0) and stores to (bit 1) each
/// parameter, through any chain of tolk.index.
static SmallVector<unsigned> accessesOf(gpu::GPUFuncOp kernel) {
  SmallVector<unsigned> access(kernel.getNumArguments(), 0);
  auto mark = [&](Value ptr, unsigned bit) {
    while (auto index = ptr.getDefiningOp<tolk::IndexOp>())
      ptr = index.getBase();
    auto arg = dyn_cast<BlockArgument>(ptr);
    if (arg && arg.getOwner()->getParentOp() == kernel.getOperation() &&
        arg.getArgNumber() < access.size())
      access[arg.getArgNumber()] |= bit;
  };
  kernel.walk([&](Operation *op) {
    if (auto load = dyn_cast<tolk::LoadOp>(op))
      mark(load.getPtr(), 1);
    else if (auto store = dyn_cast<tolk::StoreOp>(op))
      mark(store.getPtr(), 2);
    else if (auto load = dyn_cast<tolk::ImageLoadOp>(op))
      mark(load.getImage(), 1);
    else if (auto store = dyn_cast<tolk::ImageStoreOp>(op))
      mark(store.getImage(), 2);
  });
  return access;
}

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

/// A data type as a Tolk module spells it ("si8", "ui8", "i1", "bf16").
static std::string typeName(MLIRContext *ctx, dt::DType dtype) {
  return printed(tolk::getScalarType(ctx, dtype));
}

/// The bits of `text` as a value of `dtype`, checked against `bounds`.
static llvm::Expected<uint64_t> parseScalar(StringRef text, dt::DType dtype,
                                            DenseI64ArrayAttr bounds,
                                            const std::string &where,
                                            StringRef type) {
  auto bad = [&](const Twine &why) {
    return fail("--arg '" + text + "' for " + where + " (" + type +
                "): " + why);
  };
  dt::Value value = dt::Value::ofBool(false);
  if (dt::isBool(dtype)) {
    if (text == "true" || text == "1")
      value = dt::Value::ofBool(true);
    else if (text != "false" && text != "0")
      return bad("expected true, false, 1 or 0");
  } else if (dt::isInt(dtype)) {
    mpz_class i;
    StringRef digits = text;
    bool negative = digits.consume_front("-");
    if (!negative)
      digits.consume_front("+");
    int base = digits.consume_front_insensitive("0x") ? 16 : 10;
    if (digits.empty() || i.set_str(digits.str(), base) != 0)
      return bad("expected an integer");
    if (negative)
      i = -i;
    if (i < dt::min(dtype).getInt() || i > dt::max(dtype).getInt())
      return bad("out of the type's range");
    if (bounds && bounds.size() == 2 &&
        (i < mpz_class(std::to_string(bounds[0])) ||
         i > mpz_class(std::to_string(bounds[1]))))
      return bad("outside the parameter's " +
                 tolk::TolkDialect::BoundsAttrHelper::getNameStr().str() +
                 " [" + std::to_string(bounds[0]) + ", " +
                 std::to_string(bounds[1]) + "]");
    value = dt::Value::ofInt(i);
  } else {
    std::string s = text.str();
    char *end = nullptr;
    errno = 0;
    double d = std::strtod(s.c_str(), &end);
    if (s.empty() || *end != '\0')
      return bad("expected a float");
    llvm::Expected<dt::Const> c = dt::makeConst(dtype, dt::Const::ofDouble(d));
    if (!c)
      return bad(llvm::toString(c.takeError()));
    value = c->value();
  }
  llvm::Expected<llvm::APInt> bits = dt::toBits(dtype, value);
  if (!bits)
    return bad(llvm::toString(bits.takeError()));
  return bits->getZExtValue();
}

/// "X[,Y[,Z]]" as three positive sizes.
static llvm::Expected<std::array<uint32_t, 3>>
parseSize(StringRef text, StringRef option) {
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

/// "OUT.npy" or "OUT.npy:4x250": the file and the shape it is given.
struct OutputArg {
  std::string path;
  std::optional<SmallVector<int64_t, 4>> shape;
};

static llvm::Expected<OutputArg> parseOutput(StringRef text) {
  OutputArg out{text.str(), std::nullopt};
  auto [path, shapeText] = text.rsplit(':');
  if (!shapeText.empty() && path != text &&
      shapeText.find_first_not_of("0123456789x") == StringRef::npos) {
    SmallVector<StringRef> dims;
    shapeText.split(dims, 'x');
    SmallVector<int64_t, 4> shape;
    int64_t elements = 1;
    for (StringRef d : dims) {
      int64_t v;
      if (d.getAsInteger(10, v) || v <= 0)
        return fail("output '" + text + "': the shape after ':' is N or "
                    "AxB..., positive integers");
      // 2^48 elements is more than any machine holds: a bound that keeps
      // the byte count of every dtype from overflowing.
      if (llvm::MulOverflow(elements, v, elements) || elements > (1ll << 48))
        return fail("output '" + text + "': the shape after ':' has more "
                    "elements than a buffer can hold");
      shape.push_back(v);
    }
    out.path = path.str();
    out.shape = shape;
  }
  if (!StringRef(out.path).ends_with(".npy"))
    return fail("output '" + out.path + "' is not a .npy file name");
  return out;
}


//===----------------------------------------------------------------------===//
// The run
//===----------------------------------------------------------------------===//

namespace {
/// An output file and what goes into it.
struct Output {
  std::string path;
  unsigned param;
  SmallVector<int64_t, 4> shape;
  /// The data type of the file when it is not the buffer's: a kernelized
  /// function's Bool tensor is a ui8 buffer in its kernel (the same bytes,
  /// LLVM packs vector<N x i1> into bits), and a .npy of Bool.
  std::optional<dt::DType> fileDType = std::nullopt;
  /// The shape the command line gave (-o OUT.npy:SHAPE).
  std::optional<SmallVector<int64_t, 4>> given = std::nullopt;
};
} // namespace

static llvm::Error runTool(MLIRContext &ctx, llvm::SourceMgr &sourceMgr,
                           ArrayRef<std::string> inputs,
                           ArrayRef<std::string> outputArgs) {
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
  std::unique_ptr<Backend> backend;
  if (backendName == "host")
    backend = createHostBackend(/*boundsCheck=*/!noBoundsCheck, threadsOpt);
  else if (backendName == "vulkan")
    backend = createVulkanBackend();
  else if (backendName == "cuda") {
    if (llvm::Error e = tolk::verifyGPUChip(tolk::GPUVendor::NVIDIA, cudaChip))
      return fail("--cuda-chip: " + llvm::toString(std::move(e)));
    backend = createCudaBackend(cudaChip, cudaDriver);
  } else
    return fail("unknown --backend '" + backendName +
                "' (expected host, vulkan or cuda)");
  SmallVector<OutputArg> outputs;
  for (const std::string &text : outputArgs) {
    llvm::Expected<OutputArg> out = parseOutput(text);
    if (!out)
      return out.takeError();
    outputs.push_back(std::move(*out));
  }

  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> file =
      openInputFile(positional.front(), &errorMessage);
  if (!file)
    return fail(errorMessage);
  unsigned bufferID = sourceMgr.AddNewSourceBuffer(std::move(file), SMLoc());
  if (tolk::reportNestingPast(sourceMgr, bufferID, ctx.getDialectRegistry()))
    return fail("cannot read '" + positional.front() + "'");
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&ctx));
  if (!module)
    return fail("cannot read '" + positional.front() + "'");
  // A tensor-level function becomes a kernel as the pipelines make it
  // (kernels already there are left alone), so that NAME may name either.
  PassManager kernelize(&ctx);
  tolk::buildTolkKernelizePipeline(kernelize, backend->maxLanes());
  if (failed(kernelize.run(*module)))
    return fail("--tolk-kernelize failed on '" + positional.front() + "'");

  llvm::Expected<Resolved> resolved = resolveKernel(*module, kernelName);
  if (!resolved)
    return resolved.takeError();
  llvm::Expected<Kernel> described = describeKernel(resolved->kernel);
  if (!described)
    return described.takeError();
  Kernel &kernel = *described;
  gpu::GPUFuncOp op = kernel.op;
  auto paramName = [&](unsigned i) {
    return "parameter #" + std::to_string(i) + " of kernel '" + kernel.name +
           "'";
  };
  auto dtypeName = [&](dt::DType dtype) { return typeName(&ctx, dtype); };

  // Which parameter each file binds to, with the shape it must have (empty
  // for "any shape of the parameter's element count").
  struct Input {
    unsigned param;
    std::optional<SmallVector<int64_t, 4>> shape;
    std::optional<dt::DType> fileDType = std::nullopt; // As Output's.
  };
  SmallVector<Input> bindIn;
  SmallVector<Output> bindOut;
  if (resolved->function) {
    FunctionType type = resolved->function.getFunctionType();
    auto *tolk = ctx.getOrLoadDialect<tolk::TolkDialect>();
    DenseI64ArrayAttr args = tolk->getArgsAttrHelper().getAttr(op);
    DenseI64ArrayAttr results = tolk->getResultsAttrHelper().getAttr(op);
    if (!args || !results || args.size() != (int64_t)type.getNumInputs() ||
        results.size() != (int64_t)type.getNumResults())
      return fail("kernel '" + kernel.name + "' lacks the " +
                  tolk->getArgsAttrHelper().getName().str() + " and " +
                  tolk->getResultsAttrHelper().getName().str() +
                  " of its function");
    for (auto [i, param] : llvm::enumerate(args.asArrayRef())) {
      if (kernel.params[param].kind != Param::Kind::Buffer)
        continue;
      auto tensor = cast<RankedTensorType>(type.getInput(i));
      bindIn.push_back(
          {(unsigned)param, SmallVector<int64_t, 4>(tensor.getShape()),
           tolk::getDType(tensor.getElementType())});
    }
    for (auto [i, param] : llvm::enumerate(results.asArrayRef())) {
      auto tensor = cast<RankedTensorType>(type.getResult(i));
      bindOut.push_back({"", (unsigned)param,
                         SmallVector<int64_t, 4>(tensor.getShape()),
                         tolk::getDType(tensor.getElementType())});
    }
  } else {
    SmallVector<unsigned> access = accessesOf(op);
    for (auto [i, p] : llvm::enumerate(kernel.params)) {
      if (p.kind != Param::Kind::Buffer)
        continue;
      if (access[i] != 2)
        bindIn.push_back({(unsigned)i, std::nullopt});
      if (access[i] & 2)
        bindOut.push_back({"", (unsigned)i, {}});
    }
  }

  auto describeList = [&](auto &list) {
    std::string s;
    for (auto &b : list)
      s += (s.empty() ? "" : ", ") + std::string("#") +
           std::to_string(b.param) + " " +
           kernel.params[b.param].elementType;
    return s.empty() ? std::string("none") : s;
  };
  if (inputs.size() != bindIn.size())
    return fail("kernel '" + kernel.name + "' takes " +
                std::to_string(bindIn.size()) + " input .npy file(s) (" +
                describeList(bindIn) + "), but " +
                std::to_string(inputs.size()) + " were given");
  if (outputs.size() != bindOut.size())
    return fail("kernel '" + kernel.name + "' writes " +
                std::to_string(bindOut.size()) + " output .npy file(s) (" +
                describeList(bindOut) + "), but -o gave " +
                std::to_string(outputs.size()));
  unsigned numScalars = llvm::count_if(kernel.params, [](const Param &p) {
    return p.kind == Param::Kind::Scalar;
  });
  if (argValues.size() != numScalars)
    return fail("kernel '" + kernel.name + "' takes " +
                std::to_string(numScalars) +
                " by-value (alu) parameter(s), but --arg gave " +
                std::to_string(argValues.size()));

  RunSummary summary;
  Launch launch;
  unsigned numBuffers = kernel.params.size() - numScalars;
  launch.buffers.resize(numBuffers);
  launch.inPlace.resize(numBuffers);
  launch.scalars.resize(numScalars);
  SmallVector<std::optional<SmallVector<int64_t, 4>>> bufferShape(numBuffers);
  for (auto [input, path] : llvm::zip(bindIn, inputs)) {
    const Param &p = kernel.params[input.param];
    dt::DType fileDType = input.fileDType.value_or(p.dtype);
    llvm::Expected<tolk::npy::Array> array = tolk::npy::read(path);
    if (!array)
      return array.takeError();
    llvm::Expected<std::string> descr = tolk::npy::descrOf(fileDType);
    if (!descr)
      return descr.takeError();
    if (array->descr != *descr)
      return fail("input '" + path + "' holds '" + array->descr + "', but " +
                  paramName(input.param) + " is a buffer of " +
                  dtypeName(fileDType) + ", stored as '" + *descr + "'");
    if (input.shape && array->shape != *input.shape)
      return fail("input '" + path + "' has the shape " +
                  shapeString(array->shape) + ", but " +
                  paramName(input.param) + " is the function's argument of " +
                  "shape " + shapeString(*input.shape));
    if (!p.imageShape.empty() && array->shape != p.imageShape)
      return fail("input '" + path + "' has the shape " +
                  shapeString(array->shape) + ", but " +
                  paramName(input.param) + " is the image " + p.elementType +
                  " of shape " + shapeString(p.imageShape));
    if (!input.shape && p.count >= 0 && array->numElements() != p.count)
      return fail("input '" + path + "' holds " +
                  std::to_string(array->numElements()) + " elements, but " +
                  paramName(input.param) + " is a buffer of " +
                  std::to_string(p.count));
    if (array->numElements() % p.lanes != 0)
      return fail("input '" + path + "' holds " +
                  std::to_string(array->numElements()) + " elements, but " +
                  paramName(input.param) + " is a buffer of " +
                  p.elementType + ", " + std::to_string(p.lanes) +
                  " elements each");
    summary.inputs.push_back({path, dtypeName(fileDType),
                              array->shape, array->data.size()});
    bufferShape[p.slot] = array->shape;
    launch.buffers[p.slot] = std::move(array->data);
  }
  // An output's shape is the kernel's: the function's result, the pointer
  // type's element count, or the input of an in-place buffer. Only a
  // pointer type without a count takes it from the command line; a buffer
  // too small for the kernel would be read and written past its end.
  for (auto [output, out] : llvm::zip(bindOut, outputs)) {
    output.path = out.path;
    output.given = out.shape;
    const Param &p = kernel.params[output.param];
    // An input binds it too: a repeated run restores it.
    launch.inPlace[p.slot] = bufferShape[p.slot].has_value();
    std::string what = "output '" + out.path + "' (" +
                       paramName(output.param) + ", of " + p.elementType +
                       ")";
    if (resolved->function) {
      if (out.shape && *out.shape != output.shape)
        return fail(what + " is given the shape " + shapeString(*out.shape) +
                    ", but the function's result has the shape " +
                    shapeString(output.shape));
    } else if (bufferShape[p.slot]) {
      output.shape = *bufferShape[p.slot];
      if (out.shape && *out.shape != output.shape)
        return fail(what + " is given the shape " + shapeString(*out.shape) +
                    ", but the kernel also reads it, from an input of the "
                    "shape " +
                    shapeString(output.shape));
    } else if (!p.imageShape.empty()) {
      output.shape.assign(p.imageShape.begin(), p.imageShape.end());
      if (out.shape && *out.shape != output.shape)
        return fail(what + " is given the shape " + shapeString(*out.shape) +
                    ", but the image has the shape " +
                    shapeString(output.shape));
    } else if (p.count >= 0) {
      output.shape = out.shape ? *out.shape : SmallVector<int64_t, 4>{p.count};
      if (ShapedType::getNumElements(output.shape) != p.count)
        return fail(what + " is given the shape " + shapeString(*out.shape) +
                    " of " + std::to_string(ShapedType::getNumElements(output.shape)) +
                    " elements, but the pointer type holds " +
                    std::to_string(p.count));
    } else if (out.shape) {
      output.shape = *out.shape;
      if (ShapedType::getNumElements(output.shape) % p.lanes != 0)
        return fail(what + " is given the shape " + shapeString(*out.shape) +
                    ", which is not a whole number of " + p.elementType);
    } else {
      return fail("the size of " + what +
                  " is unknown: its pointer type has no element count, so "
                  "give the shape as -o " + out.path + ":N (or :AxB...)");
    }
    if (!bufferShape[p.slot]) {
      size_t bytes =
          ShapedType::getNumElements(output.shape) * dt::itemsize(p.dtype);
      // The size comes from the command line: an allocation that fails is
      // an error, not LLVM's out-of-memory handler's abort.
      std::new_handler llvmHandler = std::set_new_handler(nullptr);
      bool allocated = true;
      try {
        launch.buffers[p.slot].assign(bytes, 0);
      } catch (const std::bad_alloc &) {
        allocated = false;
      }
      std::set_new_handler(llvmHandler);
      if (!allocated)
        return fail("cannot allocate the " + std::to_string(bytes) +
                    " bytes of " + what);
      bufferShape[p.slot] = output.shape;
    }
  }

  unsigned nextArg = 0;
  for (auto [i, p] : llvm::enumerate(kernel.params)) {
    if (p.kind != Param::Kind::Scalar)
      continue;
    auto bounds = op.getArgAttrOfType<DenseI64ArrayAttr>(
        i, ctx.getOrLoadDialect<tolk::TolkDialect>()
               ->getBoundsAttrHelper()
               .getName());
    llvm::Expected<uint64_t> bits =
        parseScalar(argValues[nextArg++], p.dtype, bounds, paramName(i),
                    dtypeName(p.dtype));
    if (!bits)
      return bits.takeError();
    launch.scalars[p.slot] = *bits;
  }

  auto launchSize = [&](llvm::cl::opt<std::string> &opt, StringRef name,
                        std::optional<ArrayRef<int32_t>> known,
                        std::array<uint32_t, 3> &size) -> llvm::Error {
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
      return fail("--" + name + " " + opt + " differs from kernel '" +
                  kernel.name + "''s known_" + name + "_size " +
                  std::to_string((*knownSize)[0]) + "," +
                  std::to_string((*knownSize)[1]) + "," +
                  std::to_string((*knownSize)[2]) +
                  ", the launch it is compiled for");
    size = *parsed;
    return llvm::Error::success();
  };
  if (llvm::Error e =
          launchSize(gridOpt, "grid", op.getKnownGridSize(), launch.grid))
    return e;
  if (llvm::Error e =
          launchSize(blockOpt, "block", op.getKnownBlockSize(), launch.block))
    return e;

  // The backend lowers the kernel alone: another kernel of the file that
  // its target cannot lower is none of this run's business, and is not
  // compiled for nothing.
  OwningOpRef<ModuleOp> alone = ModuleOp::create(module->getLoc());
  (*alone)->setAttrs(module->getOperation()->getAttrDictionary());
  auto gpuModule = cast<gpu::GPUModuleOp>(
      op->getParentOfType<gpu::GPUModuleOp>()->clone());
  alone->push_back(gpuModule);
  for (auto other :
       llvm::make_early_inc_range(gpuModule.getOps<gpu::GPUFuncOp>()))
    if (other.getName() != kernel.name)
      other.erase();
  kernel.op = gpuModule.lookupSymbol<gpu::GPUFuncOp>(kernel.name);
  llvm::Expected<RunReport> report = backend->run(
      *alone, kernel, launch, Repetitions{warmupOpt, repeatOpt});
  if (!report)
    return report.takeError();

  // Every output or none: a failure removes the files already written.
  SmallVector<std::string> written;
  for (const Output &output : bindOut) {
    const Param &p = kernel.params[output.param];
    dt::DType fileDType = output.fileDType.value_or(p.dtype);
    tolk::npy::Array array;
    array.descr = *tolk::npy::descrOf(fileDType);
    array.shape = output.shape;
    array.data = std::move(launch.buffers[p.slot]);
    summary.outputs.push_back(
        {output.path, dtypeName(fileDType), output.shape, array.data.size()});
    if (llvm::Error e = tolk::npy::write(output.path, array)) {
      for (const std::string &path : written)
        llvm::sys::fs::remove(path);
      return e;
    }
    written.push_back(output.path);
  }

  // A buffer whose size no pointer type fixes is as large as a file or the
  // command line says; where the backend does not check the accesses, one
  // the kernel makes past its end goes unnoticed.
  SmallVector<std::string> unsized;
  if (!resolved->function)
    for (auto [i, p] : llvm::enumerate(kernel.params))
      if (p.kind == Param::Kind::Buffer && p.count < 0)
        unsized.push_back("#" + std::to_string(i));
  if (!unsized.empty() && backendName != "host") {
    std::string what;
    if (report->memorySafety == "robustBufferAccess2")
      what = " confines accesses to the buffers (robustBufferAccess2: a "
             "read past a buffer's end gives zero, a write there is "
             "dropped), so a result written past a buffer's end is short";
    else if (report->memorySafety == "robustBufferAccess")
      what = " confines accesses to the buffers (robustBufferAccess: one "
             "past a buffer's end stays inside it), so a result written "
             "past a buffer's end is short or wrong";
    else
      what = " does not check accesses: one past a buffer's end is "
             "undefined behaviour";
    summary.notes.push_back("kernel '" + kernel.name +
                            "' has buffers of no declared size (" +
                            llvm::join(unsized, ", ") + ") and " +
                            backendName + what +
                            "; --backend host stops at the first access out "
                            "of bounds");
  }

  summary.kernel = kernel.module + "::" + kernel.name;
  if (resolved->function)
    summary.function = resolved->function.getName().str();
  summary.backend = backendName;
  summary.device = report->device;
  summary.memorySafety = report->memorySafety;
  summary.grid = launch.grid;
  summary.block = launch.block;
  summary.threads = report->threads;
  summary.time = summarizeTimes(report->kernelMs, warmupOpt, report->clock);
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
    llvm::errs() << "tolk-run: error: " << llvm::toString(std::move(e))
                 << "\n";
    return 1;
  }
  return 0;
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  return tolk::runWithLargeStack([&] { return toolMain(argc, argv); });
}
