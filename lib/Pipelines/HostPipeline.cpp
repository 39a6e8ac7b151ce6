//===- HostPipeline.cpp - Tolk kernels for the CPU ------------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// --tolk-to-llvm: the kernels of the GPU pipelines, lowered for the CPU so
// that they run without a GPU (tolk-run --backend host, docs/Rationale.md,
// "Host lowering"). Tolk's part is the GPU pipelines' own; then each kernel
// becomes a host function looping over the launch (--tolk-gpu-to-host) and
// upstream's passes take it to the LLVM dialect.
//
//===----------------------------------------------------------------------===//

#include "tolk/Pipelines/Pipelines.h"

#include "tolk/Conversion/Passes.h"
#include "tolk/Transforms/Passes.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToFuncs/MathToFuncs.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVMPass.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void tolk::buildTolkToLLVMPipeline(OpPassManager &pm) {
  // Results bit for bit equal to the folder's: bf16 arithmetic in f32,
  // rounded back once per op by Tolk's conversion (LLVM's own bf16 rounding
  // makes its own NaNs, and AVX512-BF16's flushes subnormals; upstream's
  // arith-emulate-unsupported-floats lets the canonicalizer drop the
  // rounding between two ops), and every bf16 conversion in integer
  // arithmetic, as the 8-bit ones already are.
  buildTolkKernelPipeline(pm, /*nativeFloatChip=*/"", /*bf16InF32=*/true);

  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  tolk::TolkExpandFloatConversionsOptions expand;
  expand.includeBf16 = true;
  kernels.addPass(tolk::createTolkExpandFloatConversions(expand));
  kernels.addPass(createCanonicalizerPass());

  pm.addPass(tolk::createTolkGPUToHost());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());

  // Upstream's CPU lowering, in the order of its own execution tests.
  // math.ipowi (integer pow) has no LLVM intrinsic: a loop in a function.
  pm.addPass(createConvertMathToFuncs());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createConvertVectorToLLVMPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createUBToLLVMConversionPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createCanonicalizerPass());
}

void tolk::registerTolkToLLVMPipeline() {
  PassPipelineRegistration<>(
      "tolk-to-llvm",
      "Lower Tolk kernels to LLVM dialect host functions that loop over the "
      "grid and the block (for MLIR's ExecutionEngine)",
      buildTolkToLLVMPipeline);
}
