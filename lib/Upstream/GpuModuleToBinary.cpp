//===- GpuModuleToBinary.cpp - gpu.module to gpu.binary, in parallel ------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// --tolk-gpu-module-to-binary: upstream's --gpu-module-to-binary, with the
// modules serialized on the context's thread pool. Upstream walks the
// modules one by one (mlir::gpu::transformGpuModulesToBinaries), and
// serialization (LLVM's optimizer and code generator) is most of a GPU
// pipeline's time: with one gpu.module per kernel, a module of many kernels
// compiled on one core. The objects are made in parallel, the gpu.binary
// ops created afterwards in the modules' order, so the output is the same
// as upstream's whatever the number of threads.
//
//===----------------------------------------------------------------------===//

#include "tolk/Upstream/Passes.h"

#include "tolk/Lowering/AMDGPULanes.h"
#include "tolk/Transforms/GPUTargetInfo.h"
#include "tolk/Transforms/LLVMDiagnostics.h"

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Threading.h"
#include "mlir/Target/LLVM/NVVM/Utils.h"
#include "mlir/Target/LLVM/ROCDL/Utils.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/CallingConv.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Target/TargetMachine.h"

#include <chrono>

namespace tolk {
#define GEN_PASS_DEF_TOLKGPUMODULETOBINARY
#include "tolk/Upstream/Passes.h.inc"
} // namespace tolk

using namespace mlir;

namespace {

/// What serializing one gpu.module gives: one object per target attribute.
struct SerializedModule {
  gpu::GPUModuleOp module;
  SmallVector<SmallVector<char, 0>> objects;
};

/// A serializer (upstream's `Base`) that keeps LLVM's errors inside MLIR
/// diagnostics (docs/Lowering.md, "LLVM's errors"): the LLVMContext of
/// the translated module gets a handler that collects what LLVM reports,
/// `checkModule` refuses, before LLVM's back end sees it, what that back end
/// would abort on, and a fatal error that still happens ends the module's
/// serialization instead of the process. Everything is reported at the
/// gpu.module, once.
template <typename Base> class CheckedSerializer : public Base {
public:
  using Base::Base;

  std::optional<SmallVector<char, 0>> run() override {
    std::optional<SmallVector<char, 0>> object;
    Location loc = this->getOperation().getLoc();
    std::string fatal;
    bool finished = tolk::runRecoveringLLVMFatalErrors(
        [&] { object = Base::run(); }, fatal);
    for (const std::string &warning : llvmDiagnostics.warnings)
      emitWarning(loc) << "LLVM's " << backendName()
                       << " back end: " << warning;
    for (const std::string &error : llvmDiagnostics.errors)
      emitError(loc) << "LLVM's " << backendName() << " back end: " << error;
    if (!finished) {
      emitError(loc) << "LLVM's " << backendName()
                     << " back end failed (an internal error of Tolk's "
                        "checks: please report it): "
                     << StringRef(fatal).trim();
      return std::nullopt;
    }
    if (refused || !llvmDiagnostics.errors.empty())
      return std::nullopt;
    return object;
  }

protected:
  /// An error at the module, without the module printed with it (the
  /// error says what in it is wrong).
  InFlightDiagnostic error() {
    return emitError(this->getOperation().getLoc());
  }

  /// An error at the function `f` of the module (at the module if it is
  /// not one of its own).
  InFlightDiagnostic error(llvm::Function &f) {
    Operation *op =
        SymbolTable::lookupSymbolIn(&this->getOperation(), f.getName());
    return emitError(op ? op->getLoc() : this->getOperation().getLoc());
  }

  /// The back end's name, for messages.
  virtual StringRef backendName() const = 0;

  /// Emits an error at the module and fails for what the translated module
  /// `m` asks of the target that LLVM's back end would abort on (or only
  /// warn about, and then abort on). May change the target features.
  virtual LogicalResult checkModule(llvm::Module &m) = 0;

  /// The first hook after the translation to LLVM IR, and before the
  /// target machine exists.
  void setDataLayoutAndTriple(llvm::Module &m) override {
    m.getContext().setDiagnosticHandler(llvmDiagnostics.makeHandler());
    if (failed(checkModule(m))) {
      refused = true;
      return;
    }
    setTargetLayout(m);
  }

  /// Gives `m` the target's data layout and triple (upstream's
  /// setDataLayoutAndTriple, which creates the serializer's target machine).
  virtual void setTargetLayout(llvm::Module &m) {
    Base::setDataLayoutAndTriple(m);
  }

  /// The first hook that can stop the serialization.
  std::optional<SmallVector<std::unique_ptr<llvm::Module>>>
  loadBitcodeFiles(llvm::Module &m) override {
    if (refused)
      return std::nullopt;
    return Base::loadBitcodeFiles(m);
  }

  /// What LLVM reported through the module's LLVMContext.
  tolk::LLVMDiagnostics llvmDiagnostics;
  /// checkModule failed: nothing more is compiled.
  bool refused = false;
};

/// An NVVM instruction whose PTX ISA version depends on the chip: LLVM's
/// NVPTX back end aborts ("Cannot select") on the intrinsic where the
/// target's version or chip lacks it.
struct PTXInstruction {
  /// The LLVM intrinsics, by name prefix.
  StringRef intrinsicPrefix;
  /// The instruction, for messages.
  StringRef ptx;
  /// The least SM version that has it, and the PTX version it needs there;
  /// from `laterSM` on, `laterPTX`.
  unsigned sm, ptxOnSM, laterSM, laterPTX;
};

/// The PTX ISA manual's cvt: the .e4m3x2/.e5m2x2 forms came with PTX ISA
/// 7.8 for sm_90, and with 8.1 for sm_89.
constexpr PTXInstruction kPTXInstructions[] = {
    {"llvm.nvvm.ff.to.e4m3x2", "cvt.rn.satfinite.e4m3x2.f32", 89, 81, 90, 78},
    {"llvm.nvvm.ff.to.e5m2x2", "cvt.rn.satfinite.e5m2x2.f32", 89, 81, 90, 78},
    {"llvm.nvvm.e4m3x2.to.f16x2", "cvt.rn.f16x2.e4m3x2", 89, 81, 90, 78},
    {"llvm.nvvm.e5m2x2.to.f16x2", "cvt.rn.f16x2.e5m2x2", 89, 81, 90, 78},
    {"llvm.nvvm.f16x2.to.e4m3x2", "cvt.rn.satfinite.e4m3x2.f16x2", 89, 81, 90,
     78},
    {"llvm.nvvm.f16x2.to.e5m2x2", "cvt.rn.satfinite.e5m2x2.f16x2", 89, 81, 90,
     78},
};

/// The target machine for `triple`, `chip` and `features`, made as
/// upstream's serializer makes its own (default options), but once per
/// thread and configuration for the process instead of once per module:
/// making one was a tenth of the NVPTX back end's time for a small kernel
/// (bench/README.md, "Compile time"). A target machine may not compile on two
/// threads at once, hence one per thread; one compiles any number of modules
/// one after the other, and the optimization level is set before each.
static llvm::TargetMachine *getThreadTargetMachine(StringRef triple,
                                                   StringRef chip,
                                                   StringRef features,
                                                   std::string &error) {
  thread_local llvm::StringMap<std::unique_ptr<llvm::TargetMachine>> machines;
  std::string key = (triple + "\n" + chip + "\n" + features).str();
  std::unique_ptr<llvm::TargetMachine> &machine = machines[key];
  if (machine)
    return machine.get();
  llvm::Triple parsed(triple);
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(parsed, error);
  if (!target)
    return nullptr;
  machine.reset(target->createTargetMachine(parsed, chip, features, {}, {}));
  if (!machine)
    error = "the target did not make a target machine";
  return machine.get();
}

/// Upstream's NVVM serializer, with three differences. The PTX ISA version is
/// the least one that the chip and the instructions of the module need,
/// unless the target's features ask for one (docs/Lowering.md, "GPU chips
/// and PTX versions"); upstream passes no version to LLVM, which takes the
/// chip's, and aborts on an instruction that needs a later one. And it
/// links the bitcode libraries (libdevice, where a CUDA toolkit is found,
/// and the target's `link` files) only into a module that declares a
/// function it does not define: upstream parses libdevice for every module,
/// and the parse was a tenth of the compile time of a small kernel
/// (bench/README.md, "Compile time"); the PTX is the same. And its target
/// machine is the thread's (getThreadTargetMachine). It makes PTX
/// (format isa) and bitcode (offloading); for the binary formats it checks
/// the module and picks the features, and upstream's serializer assembles.
class NVVMSerializer : public CheckedSerializer<NVVM::SerializeGPUModuleBase> {
public:
  NVVMSerializer(Operation &module, NVVM::NVVMTargetAttr target,
                 const gpu::TargetOptions &options)
      : CheckedSerializer(module, target, options),
        format(options.getCompilationTarget()) {}

  /// Milliseconds from LLVM IR to PTX, which upstream records on the module.
  std::optional<int64_t> isaTimeMs;

  /// The target features the module was compiled with.
  std::string effectiveFeatures;

protected:
  StringRef backendName() const override { return "NVPTX"; }

  LogicalResult checkModule(llvm::Module &m) override {
    StringRef chip = target.getChip();
    if (llvm::Error e = tolk::verifyGPUChip(tolk::GPUVendor::NVIDIA, chip))
      return error() << "the target's chip: " << llvm::toString(std::move(e));
    if (llvm::Error e =
            tolk::verifyGPUFeatures(tolk::GPUVendor::NVIDIA, features))
      return error() << "the target's features: "
                     << llvm::toString(std::move(e));

    llvm::Expected<unsigned> chipPTX = tolk::getDefaultPTXVersion(chip);
    if (!chipPTX)
      return error() << llvm::toString(chipPTX.takeError());
    std::optional<unsigned> requested = tolk::getRequestedPTXVersion(features);
    auto asked = [&] {
      return "PTX ISA " + tolk::formatPTXVersion(*requested) +
             " (features = \"" + features.str() + "\")";
    };
    if (requested && *requested < *chipPTX)
      return error() << asked() << " does not support " << chip
                     << ", which needs PTX ISA "
                     << tolk::formatPTXVersion(*chipPTX)
                     << " or later: raise the +ptx feature or leave it out";

    unsigned sm = tolk::getSMVersion(chip).value_or(0);
    unsigned needed = *chipPTX;
    bool ok = succeeded(checkWideConversions(m));
    for (llvm::Function &intrinsic : m.functions()) {
      if (!intrinsic.isIntrinsic())
        continue;
      const PTXInstruction *inst =
          llvm::find_if(kPTXInstructions, [&](const PTXInstruction &i) {
            return intrinsic.getName().starts_with(i.intrinsicPrefix);
          });
      if (inst == std::end(kPTXInstructions))
        continue;
      unsigned version = sm >= inst->laterSM ? inst->laterPTX : inst->ptxOnSM;
      needed = std::max(needed, version);
      if (sm >= inst->sm && (!requested || *requested >= version))
        continue;
      ok = false;
      // At the kernel that uses it.
      llvm::Function *user = nullptr;
      for (llvm::User *u : intrinsic.users())
        if (auto *call = dyn_cast<llvm::Instruction>(u))
          user = call->getFunction();
      InFlightDiagnostic diag = user ? error(*user) : error();
      diag << inst->ptx << " (" << intrinsic.getName() << ") needs ";
      if (sm < inst->sm)
        diag << "sm_" << inst->sm << " or later, but the target's chip is "
             << chip;
      else
        diag << "PTX ISA " << tolk::formatPTXVersion(version) << " on " << chip
             << ", but the target asks for " << asked()
             << ": raise the +ptx feature or leave it out";
    }
    if (!ok)
      return failure();
    effectiveFeatures = features.str();
    if (!requested && needed > *chipPTX)
      effectiveFeatures += (effectiveFeatures.empty() ? "+ptx" : ",+ptx") +
                           std::to_string(needed);
    // The target machine, made after this hook, takes these.
    features = effectiveFeatures;
    return success();
  }

  /// A conversion between a float and an integer of more than 64 bits
  /// (ui128, ui256) is a library call in LLVM's NVPTX back end (__fixsfti,
  /// __floatuntisf, ...), which has no library for it and aborts
  /// ("unsupported library call operation"): an error at the function.
  LogicalResult checkWideConversions(llvm::Module &m) {
    bool ok = true;
    for (llvm::Function &f : m.functions())
      for (llvm::Instruction &inst : llvm::instructions(f)) {
        bool toInt = isa<llvm::FPToUIInst, llvm::FPToSIInst>(inst);
        if (!toInt && !isa<llvm::UIToFPInst, llvm::SIToFPInst>(inst))
          continue;
        llvm::Type *intType =
            toInt ? inst.getType() : inst.getOperand(0)->getType();
        llvm::Type *floatType =
            toInt ? inst.getOperand(0)->getType() : inst.getType();
        if (intType->getScalarSizeInBits() <= 64)
          continue;
        std::string types;
        llvm::raw_string_ostream os(types);
        os << *(toInt ? floatType : intType) << " to "
           << *(toInt ? intType : floatType);
        error(f) << "function '" << f.getName() << "' converts " << types
                 << " (" << inst.getOpcodeName()
                 << "), which LLVM's NVPTX back end makes a library call "
                    "that no NVPTX library has: convert through a 64-bit "
                    "integer";
        ok = false;
        break;
      }
    return success(ok);
  }

  std::optional<SmallVector<std::unique_ptr<llvm::Module>>>
  loadBitcodeFiles(llvm::Module &module) override {
    bool external = llvm::any_of(module.functions(), [](llvm::Function &f) {
      return f.isDeclaration() && !f.isIntrinsic();
    });
    if (refused)
      return std::nullopt;
    if (!external)
      return SmallVector<std::unique_ptr<llvm::Module>>();
    // A libdevice function (math.exp2, math.log2, ... become __nv_* calls)
    // without libdevice would leave an undefined .extern in the PTX, which
    // only the driver's link step rejects: say so here, at the module.
    bool hasLibdevice = llvm::any_of(getLibrariesToLink(), [](Attribute a) {
      auto path = dyn_cast<StringAttr>(a);
      return path && path.getValue().ends_with("libdevice.10.bc");
    });
    if (!hasLibdevice)
      for (llvm::Function &f : module.functions())
        if (f.isDeclaration() && f.getName().starts_with("__nv_")) {
          error()
              << "the kernel calls libdevice's " << f.getName()
              << ", and no CUDA toolkit with nvvm/libdevice/libdevice.10.bc "
                 "was found: set CUDA_HOME (or CUDA_PATH, CUDA_ROOT) or "
                 "pass --tolk-gpu-module-to-binary's toolkit";
          return std::nullopt;
        }
    return CheckedSerializer::loadBitcodeFiles(module);
  }

  FailureOr<SmallVector<char, 0>>
  moduleToObject(llvm::Module &llvmModule) override {
    if (format == gpu::CompilationTarget::Offload)
      return ModuleToObject::moduleToObject(llvmModule);
    llvm::TargetMachine *machine = targetMachine();
    if (!machine)
      return failure();
    // After LLVM's optimizer, which would make the selects again.
    tolk::lowerNVPTXOddLaneBoolSelects(llvmModule);
    auto start = std::chrono::steady_clock::now();
    FailureOr<SmallString<0>> isa =
        translateModuleToISA(llvmModule, *machine, [&] { return error(); });
    isaTimeMs = std::chrono::duration_cast<std::chrono::milliseconds>(
                    std::chrono::steady_clock::now() - start)
                    .count();
    if (failed(isa)) {
      error() << "Failed translating the module to ISA.";
      return failure();
    }
    if (isaCallback)
      isaCallback(*isa);
    return SmallVector<char, 0>(isa->begin(), isa->end());
  }

  void setTargetLayout(llvm::Module &m) override {
    if (llvm::TargetMachine *machine = targetMachine()) {
      m.setDataLayout(machine->createDataLayout());
      m.setTargetTriple(machine->getTargetTriple());
    }
  }

  /// Upstream's optimizeModule (LLVM's pipeline for the optimization level,
  /// with the target's analyses) on the thread's target machine.
  LogicalResult optimizeModule(llvm::Module &m, int level) override {
    if (level < 0 || level > 3)
      return error() << "invalid optimization level " << level
                     << " (expected 0 to 3)";
    llvm::TargetMachine *machine = targetMachine();
    if (!machine)
      return failure();
    machine->setOptLevel(static_cast<llvm::CodeGenOptLevel>(level));
    if (llvm::Error e =
            makeOptimizingTransformer(level, /*sizeLevel=*/0, machine)(&m))
      return error() << "LLVM's optimizer failed: "
                     << llvm::toString(std::move(e));
    return success();
  }

private:
  /// The thread's target machine for the module's target (the error is
  /// reported at the module, once).
  llvm::TargetMachine *targetMachine() {
    if (machine || machineFailed)
      return machine;
    std::string message;
    machine = getThreadTargetMachine(triple, chip, features, message);
    if (!machine) {
      machineFailed = true;
      error() << "no target machine for triple " << triple << ": " << message;
    }
    return machine;
  }

  gpu::CompilationTarget format;
  llvm::TargetMachine *machine = nullptr;
  bool machineFailed = false;
};

/// Upstream's ROCDL serializer (its AMDGPUSerializer), checked.
class ROCDLSerializer
    : public CheckedSerializer<ROCDL::SerializeGPUModuleBase> {
public:
  ROCDLSerializer(Operation &module, ROCDL::ROCDLTargetAttr target,
                  const gpu::TargetOptions &options)
      : CheckedSerializer(module, target, options), options(options) {}

protected:
  StringRef backendName() const override { return "AMDGPU"; }

  LogicalResult checkModule(llvm::Module &m) override {
    if (llvm::Error e =
            tolk::verifyGPUChip(tolk::GPUVendor::AMD, target.getChip()))
      return error() << "the target's chip: " << llvm::toString(std::move(e));
    if (llvm::Error e = tolk::verifyGPUFeatures(tolk::GPUVendor::AMD, features))
      return error() << "the target's features: "
                     << llvm::toString(std::move(e));
    // A kernel with NVVM's calling convention ("LLVM ERROR: unsupported
    // calling convention"). The NVPTX back end compiles AMDGPU's as a
    // device function.
    bool ok = true;
    for (llvm::Function &f : m.functions()) {
      llvm::CallingConv::ID cc = f.getCallingConv();
      if (cc != llvm::CallingConv::PTX_Kernel &&
          cc != llvm::CallingConv::PTX_Device)
        continue;
      ok = false;
      error(f) << "function '" << f.getName()
               << "' has the calling convention of NVVM kernels "
                  "(nvvm.kernel), which LLVM's AMDGPU back end cannot "
                  "compile: a gpu.module with a #rocdl.target needs "
                  "rocdl.kernel kernels";
    }
    return success(ok);
  }

  FailureOr<SmallVector<char, 0>>
  moduleToObject(llvm::Module &llvmModule) override {
    // After LLVM's optimizer, which would merge the parts again.
    tolk::splitAMDGPUOddLaneConversions(llvmModule);
    return moduleToObjectImpl(options, llvmModule);
  }

private:
  gpu::TargetOptions options;
};

/// `target` serializing `module`, through the checked serializers for NVVM
/// and ROCDL.
std::optional<SmallVector<char, 0>>
serializeWith(gpu::TargetAttrInterface target, gpu::GPUModuleOp module,
              const gpu::TargetOptions &options) {
  if (auto rocdl = dyn_cast<ROCDL::ROCDLTargetAttr>(target)) {
    ROCDLSerializer serializer(*module, rocdl, options);
    ROCDL::SerializeGPUModuleBase::init();
    return serializer.run();
  }
  auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(target);
  if (!nvvm)
    return target.serializeToObject(module, options);
  gpu::CompilationTarget format = options.getCompilationTarget();
  bool own = format == gpu::CompilationTarget::Assembly ||
             format == gpu::CompilationTarget::Offload;
  // For the binary formats, PTX first: the checks, and the features.
  gpu::TargetOptions isaOptions(
      options.getToolkitPath(), options.getLibrariesToLink(),
      options.getCmdOptions(), options.getELFSection(),
      own ? format : gpu::CompilationTarget::Assembly);
  NVVMSerializer serializer(*module, nvvm, isaOptions);
  NVVM::SerializeGPUModuleBase::init();
  std::optional<SmallVector<char, 0>> object = serializer.run();
  // As upstream: the target's createObject copies it into the object.
  if (serializer.isaTimeMs)
    module->setAttr(
        "LLVMIRToISATimeInMs",
        Builder(module.getContext()).getI64IntegerAttr(*serializer.isaTimeMs));
  if (own || !object)
    return object;
  auto checked = NVVM::NVVMTargetAttr::get(
      nvvm.getContext(), nvvm.getO(), nvvm.getTriple(), nvvm.getChip(),
      serializer.effectiveFeatures, nvvm.getFlags(), nvvm.getLink(),
      nvvm.getVerifyTarget());
  return cast<gpu::TargetAttrInterface>(Attribute(checked))
      .serializeToObject(module, options);
}

/// Serializes `module` for each of its targets. Runs on a worker thread: it
/// reads the module (translation to LLVM IR does not change it) and writes
/// only `out`.
LogicalResult serialize(SerializedModule &out,
                        const gpu::TargetOptions &options) {
  gpu::GPUModuleOp module = out.module;
  ArrayAttr targets = module.getTargetsAttr();
  if (!targets || targets.empty())
    return module.emitError("the module has no target attributes");
  for (Attribute attr : targets) {
    auto target = dyn_cast<gpu::TargetAttrInterface>(attr);
    if (!target)
      return module.emitError("the target attribute ")
             << attr << " does not implement the GPU target interface";
    std::optional<SmallVector<char, 0>> object =
        serializeWith(target, module, options);
    if (!object)
      return emitError(module.getLoc(), "failed to serialize the module for ")
             << attr;
    out.objects.push_back(std::move(*object));
  }
  return success();
}

struct TolkGpuModuleToBinaryPass
    : public tolk::impl::TolkGpuModuleToBinaryBase<TolkGpuModuleToBinaryPass> {
  using Base::Base;

  void runOnOperation() override {
    Operation *root = getOperation();
    MLIRContext *ctx = &getContext();
    // The spellings of upstream's `format` option.
    std::optional<gpu::CompilationTarget> format =
        llvm::StringSwitch<std::optional<gpu::CompilationTarget>>(
            compilationTarget)
            .Cases({"offloading", "llvm"}, gpu::CompilationTarget::Offload)
            .Cases({"assembly", "isa"}, gpu::CompilationTarget::Assembly)
            .Cases({"binary", "bin"}, gpu::CompilationTarget::Binary)
            .Cases({"fatbinary", "fatbin"}, gpu::CompilationTarget::Fatbin)
            .Default(std::nullopt);
    if (!format) {
      root->emitError("tolk-gpu-module-to-binary: unknown format '")
          << compilationTarget << "' (expected offloading, isa, bin or fatbin)";
      return signalPassFailure();
    }

    SmallVector<SerializedModule> modules;
    for (Region &region : root->getRegions())
      for (Block &block : region)
        for (auto module : block.getOps<gpu::GPUModuleOp>())
          modules.push_back({module, {}});
    if (modules.empty())
      return;

    // The options of each module (its ELF section, if it names one). No
    // symbol table callback: building one would touch the parent from the
    // worker threads; the targets only need it to link gpu.module
    // references, which Tolk's kernels do not have.
    SmallVector<gpu::TargetOptions> options;
    options.reserve(modules.size());
    for (SerializedModule &m : modules) {
      StringRef section;
      if (auto attr = m.module->getAttrOfType<StringAttr>(gpu::elfSectionName))
        section = attr.getValue();
      options.emplace_back(toolkitPath,
                           /*librariesToLink=*/ArrayRef<Attribute>(),
                           cmdOptions, section, *format);
    }

    // Diagnostics from the workers are reported in the modules' order, as
    // the pass manager orders those of parallel passes.
    ParallelDiagnosticHandler diagnostics(ctx);
    // Every module, also after one failed: what is reported does not depend
    // on which modules the threads happened to start before the failure.
    SmallVector<char> failedModules(modules.size(), false);
    parallelFor(ctx, 0, modules.size(), [&](size_t i) {
      diagnostics.setOrderIDForThread(i);
      failedModules[i] = failed(serialize(modules[i], options[i]));
      diagnostics.eraseOrderIDForThread();
    });
    if (llvm::is_contained(failedModules, true))
      return signalPassFailure();

    // Serially: the objects (attributes) and the binaries, in order.
    for (auto [m, opts] : llvm::zip(modules, options)) {
      gpu::GPUModuleOp module = m.module;
      SmallVector<Attribute> objects;
      for (auto [attr, object] :
           llvm::zip(module.getTargetsAttr(), m.objects)) {
        Attribute created = cast<gpu::TargetAttrInterface>(attr).createObject(
            module, object, opts);
        if (!created) {
          module.emitError("failed to create the object for ") << attr;
          return signalPassFailure();
        }
        objects.push_back(created);
      }
      OpBuilder builder(module);
      builder.setInsertionPointAfter(module);
      gpu::BinaryOp::create(builder, module.getLoc(), module.getName(),
                            module.getOffloadingHandlerAttr(),
                            builder.getArrayAttr(objects));
      module->erase();
    }
  }
};

} // namespace
