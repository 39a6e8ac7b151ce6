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
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Threading.h"

#include "llvm/ADT/StringSwitch.h"

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
        target.serializeToObject(module, options);
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
