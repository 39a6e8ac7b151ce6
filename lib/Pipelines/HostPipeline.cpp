//===- HostPipeline.cpp - Tolk kernels for the CPU ------------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// --tolk-to-llvm: the kernels of the GPU pipelines, lowered for the CPU so
// that they run without a GPU (tolk-run --backend host, docs/Lowering.md,
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
#include "mlir/Conversion/ComplexToLLVM/ComplexToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVMPass.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void tolk::buildTolkToLLVMPipeline(OpPassManager &pm) {
  buildTolkToLLVMPipeline(pm, TolkToLLVMOptions());
}

void tolk::buildTolkToLLVMPipeline(OpPassManager &pm,
                                   const TolkToLLVMOptions &options) {
  // Results bit for bit equal to the folder's: bf16 arithmetic in f32,
  // rounded back once per op by Tolk's conversion (LLVM's own bf16 rounding
  // makes its own NaNs, and AVX512-BF16's flushes subnormals; upstream's
  // arith-emulate-unsupported-floats lets the canonicalizer drop the
  // rounding between two ops), and every bf16 conversion in integer
  // arithmetic, as the 8-bit ones already are.
  // Images are row-major texel buffers (docs/Semantics.md#images).
  CanonicalizerGroup canon;
  TolkKernelPipelineOptions kernelOptions;
  kernelOptions.bf16InF32 = true;
  kernelOptions.images = ImageLowering::buffers;
  buildTolkKernelPipeline(pm, kernelOptions, canon);

  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  tolk::TolkExpandFloatConversionsOptions expand;
  expand.includeBf16 = true;
  kernels.addPass(tolk::createTolkExpandFloatConversions(expand));
  kernels.addPass(canon.create());

  tolk::TolkGPUToHostOptions toHost;
  toHost.boundsCheck = options.boundsCheck;
  pm.addPass(tolk::createTolkGPUToHost(toHost));
  // From here on, each pass that works function by function is nested on
  // the functions, so that the pass manager runs them in parallel
  // (bench/README.md, "Parallel compilation of GPU kernels"); the module
  // passes between them (vector-to-llvm, memref and func to LLVM) keep
  // their order. The result is the same as with every pass on
  // the module.
  OpPassManager &hostFuncs = pm.nest<func::FuncOp>();
  // What the complex expansion leaves (complex.create, re, im) is
  // convert-complex-to-llvm's.
  hostFuncs.addPass(tolk::createComplexAsFolderPass());
  hostFuncs.addPass(canon.create());
  hostFuncs.addPass(createCSEPass());

  // Upstream's CPU lowering, in the order of its own execution tests.
  OpPassManager &toCF = pm.nest<func::FuncOp>();
  toCF.addPass(createSCFToControlFlowPass());
  toCF.addPass(memref::createExpandStridedMetadataPass());
  toCF.addPass(createLowerAffinePass());
  pm.addPass(createConvertVectorToLLVMPass());
  OpPassManager &toLLVM = pm.nest<func::FuncOp>();
  toLLVM.addPass(createArithToLLVMConversionPass());
  toLLVM.addPass(createConvertMathToLLVMPass());
  toLLVM.addPass(createConvertComplexToLLVMPass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createConvertFuncToLLVMPass());
  // convert-cf-to-llvm is a module pass upstream.
  pm.addPass(createConvertControlFlowToLLVMPass());
  OpPassManager &llvmFuncs = pm.nest<LLVM::LLVMFuncOp>();
  llvmFuncs.addPass(createConvertIndexToLLVMPass());
  llvmFuncs.addPass(createUBToLLVMConversionPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  // bf16 as i16 bits: LLVM's x86 backend rounds a bf16 value that crosses
  // basic blocks through f32 (docs/Lowering.md, "Host lowering").
  pm.addPass(tolk::createTolkHostBF16AsI16());
  pm.nest<LLVM::LLVMFuncOp>().addPass(canon.create());
}
