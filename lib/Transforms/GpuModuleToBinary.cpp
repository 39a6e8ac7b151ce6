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

#include "tolk/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Threading.h"
#include "mlir/Target/LLVM/NVVM/Utils.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Module.h"

#include <chrono>

namespace tolk {
#define GEN_PASS_DEF_TOLKGPUMODULETOBINARY
#include "tolk/Transforms/Passes.h.inc"
} // namespace tolk

using namespace mlir;

namespace {

/// What serializing one gpu.module gives: one object per target attribute.
struct SerializedModule {
  gpu::GPUModuleOp module;
  SmallVector<SmallVector<char, 0>> objects;
};

/// Upstream's NVVM serializer for PTX (format isa), except that it links the
/// bitcode libraries (libdevice, where a CUDA toolkit is found, and the
/// target's `link` files) only into a module that declares a function it
/// does not define. Upstream parses libdevice for every module; linking only
/// what a module references, it adds nothing to one without such a
/// declaration, and the parse was a tenth of the compile time of a small
/// kernel (bench/README.md, "Compile time"). The PTX is the same.
class NVVMAssemblySerializer : public NVVM::SerializeGPUModuleBase {
public:
  using SerializeGPUModuleBase::SerializeGPUModuleBase;

  /// Milliseconds from LLVM IR to PTX, which upstream records on the module.
  std::optional<int64_t> isaTimeMs;

protected:
  std::optional<SmallVector<std::unique_ptr<llvm::Module>>>
  loadBitcodeFiles(llvm::Module &module) override {
    bool external = llvm::any_of(module.functions(), [](llvm::Function &f) {
      return f.isDeclaration() && !f.isIntrinsic();
    });
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
          getOperation().emitError()
              << "the kernel calls libdevice's " << f.getName()
              << ", and no CUDA toolkit with nvvm/libdevice/libdevice.10.bc "
                 "was found: set CUDA_HOME (or CUDA_PATH, CUDA_ROOT) or "
                 "pass --tolk-gpu-module-to-binary's toolkit";
          return std::nullopt;
        }
    return SerializeGPUModuleBase::loadBitcodeFiles(module);
  }

  FailureOr<SmallVector<char, 0>>
  moduleToObject(llvm::Module &llvmModule) override {
    FailureOr<llvm::TargetMachine *> machine = getOrCreateTargetMachine();
    if (failed(machine)) {
      getOperation().emitError() << "Target Machine unavailable for triple "
                                 << triple << ", can't optimize with LLVM";
      return failure();
    }
    auto start = std::chrono::steady_clock::now();
    FailureOr<SmallString<0>> isa = translateModuleToISA(
        llvmModule, **machine, [&] { return getOperation().emitError(); });
    isaTimeMs = std::chrono::duration_cast<std::chrono::milliseconds>(
                    std::chrono::steady_clock::now() - start)
                    .count();
    if (failed(isa)) {
      getOperation().emitError() << "Failed translating the module to ISA.";
      return failure();
    }
    if (isaCallback)
      isaCallback(*isa);
    return SmallVector<char, 0>(isa->begin(), isa->end());
  }
};

/// `target` serializing `module`: NVVM to PTX with NVVMAssemblySerializer,
/// everything else with the target's own serializer.
std::optional<SmallVector<char, 0>>
serializeWith(gpu::TargetAttrInterface target, gpu::GPUModuleOp module,
              const gpu::TargetOptions &options) {
  auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(target);
  if (!nvvm ||
      options.getCompilationTarget() != gpu::CompilationTarget::Assembly)
    return target.serializeToObject(module, options);
  NVVMAssemblySerializer serializer(*module, nvvm, options);
  NVVM::SerializeGPUModuleBase::init();
  std::optional<SmallVector<char, 0>> object = serializer.run();
  // As upstream: the target's createObject copies it into the object.
  if (serializer.isaTimeMs)
    module->setAttr(
        "LLVMIRToISATimeInMs",
        Builder(module.getContext()).getI64IntegerAttr(*serializer.isaTimeMs));
  return object;
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
      return module.emitError("failed to serialize the module for ") << attr;
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
          << compilationTarget
          << "' (expected offloading, isa, bin or fatbin)";
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
      options.emplace_back(toolkitPath, /*librariesToLink=*/ArrayRef<Attribute>(),
                           cmdOptions, section, *format);
    }

    // Diagnostics from the workers are reported in the modules' order, as
    // the pass manager orders those of parallel passes.
    ParallelDiagnosticHandler diagnostics(ctx);
    LogicalResult serialized = failableParallelForEachN(
        ctx, 0, modules.size(), [&](size_t i) {
          diagnostics.setOrderIDForThread(i);
          LogicalResult r = serialize(modules[i], options[i]);
          diagnostics.eraseOrderIDForThread();
          return r;
        });
    if (failed(serialized))
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
