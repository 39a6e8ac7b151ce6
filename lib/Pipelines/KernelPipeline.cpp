//===- KernelPipeline.cpp - Tolk's part of every pipeline -----------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// From Tolk (tensor-level functions or kernels) to gpu.func kernels over
// gpu, memref, vector, scf and arith, which each target's pipeline
// (GPUPipelines.cpp, SPIRVPipeline.cpp, HostPipeline.cpp) takes from there.
//
//===----------------------------------------------------------------------===//

#include "tolk/Pipelines/KernelPipeline.h"

#include "tolk/Conversion/Passes.h"
#include "tolk/Dialect/Tolk/Transforms/Passes.h"
#include "tolk/Pipelines/Pipelines.h"
#include "tolk/Transforms/Passes.h"

#include "mlir/Conversion/ComplexToStandard/ComplexToStandard.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

using namespace mlir;

/// Promotion made explicit, derived ops decomposed and weak types committed
/// (--tolk-commit-weak needs the first, and the second for pow's weak
/// exponent): the input contract of the value-op lowering. A derived op on a
/// weak value that is not a literal is decomposed after the commit, in the
/// committed type (docs/Semantics.md#weak-types).
static void addExplicitPrimitives(OpPassManager &pm,
                                  const tolk::CanonicalizerGroup &canon) {
  pm.addPass(canon.create());
  pm.addPass(tolk::createTolkDecompose());
  pm.addPass(canon.create());
  pm.addPass(tolk::createTolkCommitWeak());
  pm.addPass(tolk::createTolkDecompose());
  pm.addPass(canon.create());
}

static void buildKernelizePipeline(OpPassManager &pm, int64_t upcast,
                                   const tolk::CanonicalizerGroup &canon) {
  // A weak type has no width to pass a buffer or scalar with, so the
  // functions' weak types are committed first, as the kernels' are in
  // buildTolkKernelPipeline; a function that still cannot be kernelized is
  // an error at it rather than left for the host.
  addExplicitPrimitives(pm.nest<func::FuncOp>(), canon);
  tolk::TolkKernelizeOptions kernelize;
  kernelize.upcast = upcast;
  kernelize.strict = true;
  pm.addPass(tolk::createTolkKernelize(kernelize));
}

void tolk::buildTolkKernelizePipeline(OpPassManager &pm, int64_t upcast) {
  buildKernelizePipeline(pm, upcast, CanonicalizerGroup());
}

void tolk::buildTolkKernelPipeline(OpPassManager &pm,
                                   const TolkKernelPipelineOptions &options) {
  buildTolkKernelPipeline(pm, options, CanonicalizerGroup());
}

void tolk::buildTolkKernelPipeline(OpPassManager &pm,
                                   const TolkKernelPipelineOptions &options,
                                   const CanonicalizerGroup &canon) {
  pm.addPass(tolk::createCheckPipelineInputPass());
  // A tensor-level function becomes a kernel beside it (the pipelines take
  // tensor-level Tolk); kernels already there are left alone.
  buildKernelizePipeline(pm, options.upcast, canon);
  // The input contract of the value-op lowering (docs/Lowering.md,
  // "Lowering to arith"), on the kernels only: nested on each gpu.module, so
  // that the pass manager spreads the kernels over threads, and so that a
  // host function that --tolk-kernelize left beside its kernel (tensor-level
  // Tolk, with broadcasts only a kernel can lower) stays as it is.
  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  addExplicitPrimitives(kernels, canon);
  tolk::ConvertTolkToGPUOptions toGPU;
  toGPU.bf16InF32 = options.bf16InF32;
  toGPU.images = options.images;
  toGPU.chip = options.chip;
  kernels.addPass(tolk::createConvertTolkToGPU(toGPU));
  // Integer pow has no instruction on any target, nor an LLVM intrinsic.
  kernels.addPass(tolk::createTolkExpandIPowI());
  // NVVM lowers no 8-bit float conversion, and ROCDL only the fnuz ones on
  // gfx942: the chip's own instructions where it has them, with fix-ups to
  // the folder's results (docs/Lowering.md, "Native fp8 conversions"), and
  // integer arithmetic for the rest.
  if (!options.chip.empty()) {
    tolk::TolkNativeFloatConversionsOptions native;
    native.chip = options.chip;
    kernels.addPass(tolk::createTolkNativeFloatConversions(native));
  }
  // The conversions no instruction took, tolk.saturating_truncf included:
  // the integer expansion already saturates and gives the non-finite codes,
  // so the clamp and selects of --tolk-expand-saturating-truncf would only
  // add work to every lane.
  kernels.addPass(tolk::createTolkExpandFloatConversions());
  kernels.addPass(canon.create());
}

std::unique_ptr<Pass> tolk::createComplexAsFolderPass() {
  ConvertComplexToStandardPassOptions options;
  options.complexRange = complex::ComplexRangeFlags::improved;
  return createConvertComplexToStandardPass(options);
}
