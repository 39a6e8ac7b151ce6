//===- TolkToSPIRV.cpp - gpu.modules of Tolk kernels to SPIR-V ------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// --tolk-gpu-to-spirv, as upstream's convert-gpu-to-spirv: each gpu.module
// is kept for the host's launches, and a copy of it becomes a spirv.module
// beside it. The copies are prepared by a pass pipeline (`prepare`, the
// tolk-spirv-* steps) where upstream maps memory spaces to storage classes
// inside its pass, and are converted in parallel (bench/README.md,
// "Parallel compilation of GPU kernels").
//
//===----------------------------------------------------------------------===//

#include "tolk/Conversion/TolkToSPIRV/TolkToSPIRV.h"

#include "mlir/Conversion/ArithToSPIRV/ArithToSPIRV.h"
#include "mlir/Conversion/ComplexToSPIRV/ComplexToSPIRV.h"
#include "mlir/Conversion/FuncToSPIRV/FuncToSPIRV.h"
#include "mlir/Conversion/GPUToSPIRV/GPUToSPIRV.h"
#include "mlir/Conversion/MathToSPIRV/MathToSPIRV.h"
#include "mlir/Conversion/MemRefToSPIRV/MemRefToSPIRV.h"
#include "mlir/Conversion/SCFToSPIRV/SCFToSPIRV.h"
#include "mlir/Conversion/UBToSPIRV/UBToSPIRV.h"
#include "mlir/Conversion/VectorToSPIRV/VectorToSPIRV.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/Transforms/SPIRVConversion.h"
#include "mlir/IR/Threading.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

namespace tolk {
#define GEN_PASS_DEF_TOLKGPUTOSPIRV
#include "tolk/Conversion/Passes.h.inc"
} // namespace tolk

using namespace mlir;

void tolk::addSPIRVPreparePasses(OpPassManager &kernels) {
  kernels.addPass(createTolkSPIRVRebaseBuffers());
  kernels.addPass(createTolkSPIRVScalarizeVectorAccesses());
  kernels.addPass(createTolkSPIRVExpandMath());
  kernels.addPass(createTolkSPIRVExactFloatConversions());
  kernels.addPass(createTolkSPIRVBF16AsI16());
  kernels.addPass(createTolkSPIRVSetABIAttrs());
}

spirv::TargetEnvAttr tolk::getSPIRVTargetEnv(gpu::GPUModuleOp module) {
  if (ArrayAttr targets = module.getTargetsAttr())
    for (Attribute target : targets)
      if (auto env = dyn_cast<spirv::TargetEnvAttr>(target))
        return env;
  return spirv::lookupTargetEnvOrDefault(module);
}

/// The copy of `gpuModule` converted to a spirv.module, which the
/// conversion inserts before it in its module.
static LogicalResult convertToSPIRV(gpu::GPUModuleOp gpuModule,
                                    spirv::TargetEnvAttr targetAttr) {
  MLIRContext *ctx = gpuModule.getContext();
  std::unique_ptr<ConversionTarget> target =
      SPIRVConversionTarget::get(targetAttr);
  SPIRVConversionOptions options;
  // tolk-spirv-check-kernels reports what the target lacks: never widen an
  // 8- or 16-bit value silently, whose arithmetic would then not wrap.
  options.emulateLT32BitScalarTypes = false;
  SPIRVTypeConverter typeConverter(targetAttr, options);
  RewritePatternSet patterns(ctx);
  populateGPUToSPIRVPatterns(typeConverter, patterns);
  ScfToSPIRVContext scfContext;
  populateSCFToSPIRVPatterns(typeConverter, scfContext, patterns);
  arith::populateArithToSPIRVPatterns(typeConverter, patterns);
  // What complex-to-standard leaves of a complex number (complex.create, re,
  // im, constant) on the two-lane vector the type converter makes of it.
  populateComplexToSPIRVPatterns(typeConverter, patterns);
  populateMathToSPIRVPatterns(typeConverter, patterns);
  populateMemRefToSPIRVPatterns(typeConverter, patterns);
  populateVectorToSPIRVPatterns(typeConverter, patterns);
  populateFuncToSPIRVPatterns(typeConverter, patterns);
  ub::populateUBToSPIRVConversionPatterns(typeConverter, patterns);
  tolk::populateTolkToSPIRVPatterns(typeConverter, patterns);
  return applyFullConversion(gpuModule, *target, std::move(patterns));
}

namespace {
struct TolkGPUToSPIRV : public tolk::impl::TolkGPUToSPIRVBase<TolkGPUToSPIRV> {
  using TolkGPUToSPIRVBase::TolkGPUToSPIRVBase;

  /// `prepare` nested on the gpu.modules of a builtin.module. The default
  /// steps are built rather than parsed, so that a client that registers no
  /// pass by name (tolk-run, the C API's pipelines) can run the pass.
  LogicalResult parsePrepare(OpPassManager &pm) const {
    OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
    if (prepare.empty()) {
      tolk::addSPIRVPreparePasses(kernels);
      return success();
    }
    return parsePassPipeline(prepare, kernels, llvm::errs());
  }

  void getDependentDialects(DialectRegistry &registry) const override {
    TolkGPUToSPIRVBase::getDependentDialects(registry);
    OpPassManager pm(ModuleOp::getOperationName());
    if (succeeded(parsePrepare(pm)))
      pm.getDependentDialects(registry);
  }

  LogicalResult initialize(MLIRContext *) override {
    preparePipeline = OpPassManager(ModuleOp::getOperationName());
    return parsePrepare(preparePipeline);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<gpu::GPUModuleOp> gpuModules(
        module.getBody()->getOps<gpu::GPUModuleOp>());

    // The copies, in a module of their own inside this one (so that
    // `prepare` runs on them as a nested pipeline), each with its target
    // environment where upstream's patterns look it up.
    struct Work {
      gpu::GPUModuleOp original;
      spirv::TargetEnvAttr targetAttr;
      gpu::GPUModuleOp copy;
      OwningOpRef<ModuleOp> scratch;
    };
    SmallVector<Work> work;
    OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
    auto copies = ModuleOp::create(builder, module.getLoc());
    builder.setInsertionPointToEnd(copies.getBody());
    for (gpu::GPUModuleOp gpuModule : gpuModules) {
      Work w;
      w.original = gpuModule;
      w.targetAttr = tolk::getSPIRVTargetEnv(gpuModule);
      w.copy = cast<gpu::GPUModuleOp>(builder.clone(*gpuModule));
      w.copy->setAttr(spirv::getTargetEnvAttrName(), w.targetAttr);
      work.push_back(std::move(w));
    }
    if (failed(runPipeline(preparePipeline, copies))) {
      copies.erase();
      return signalPassFailure();
    }

    // The conversion inserts the spirv.module beside the op it converts:
    // each copy is converted in a module of its own, then the results are
    // moved here in the order of the gpu.modules. Diagnostics come in that
    // order too, whichever thread reports.
    for (Work &w : work) {
      w.scratch = ModuleOp::create(w.original.getLoc());
      w.copy->moveBefore(w.scratch->getBody(), w.scratch->getBody()->end());
    }
    copies.erase();
    MLIRContext *ctx = &getContext();
    ParallelDiagnosticHandler diagnostics(ctx);
    LogicalResult converted =
        failableParallelForEach(ctx, work, [&](Work &w) -> LogicalResult {
          diagnostics.setOrderIDForThread(&w - work.data());
          LogicalResult r = convertToSPIRV(w.copy, w.targetAttr);
          diagnostics.eraseOrderIDForThread();
          return r;
        });
    if (failed(converted))
      return signalPassFailure();
    for (Work &w : work)
      for (Operation &op :
           llvm::make_early_inc_range(w.scratch->getBody()->getOperations()))
        op.moveBefore(w.original);

    // Copied from the gpu.func, whose attributions the preparation removed.
    module.walk([](spirv::FuncOp func) {
      func->removeAttr(gpu::GPUFuncOp::getNumWorkgroupAttributionsAttrName());
    });
  }

  OpPassManager preparePipeline;
};
} // namespace
