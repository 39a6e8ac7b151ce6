//===- Pipelines.cpp - Tolk's lowering pipelines --------------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tolk/Pipelines/Pipelines.h"

#include "tolk/Conversion/Passes.h"
#include "tolk/Dialect/Tolk/Passes.h"
#include "tolk/Transforms/Passes.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/GPUToNVVM/GPUToNVVM.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Pipelines/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void tolk::buildTolkToNVVMPipeline(OpPassManager &pm,
                                   const TolkToNVVMOptions &options) {
  // A tensor-level function becomes a kernel beside it (issue 5: the
  // pipelines take tensor-level Tolk); kernels already there are left alone.
  pm.addPass(tolk::createTolkKernelize());
  // The input contract of the value-op lowering (docs/Rationale.md,
  // "Lowering to arith"), on the kernels only: nested on each gpu.module, so
  // that the pass manager spreads the kernels over threads, and so that a
  // host function that --tolk-kernelize left beside its kernel (tensor-level
  // Tolk, with broadcasts only a kernel can lower) stays as it is.
  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  kernels.addPass(createCanonicalizerPass());
  kernels.addPass(tolk::createTolkDecompose());
  kernels.addPass(createCanonicalizerPass());
  kernels.addPass(tolk::createTolkCommitWeak());
  kernels.addPass(tolk::createConvertTolkToGPU());
  // NVVM lowers no 8-bit float conversion (TOOLCHAIN.md, "GPU lowering").
  kernels.addPass(tolk::createTolkExpandFloatConversions());
  kernels.addPass(createCanonicalizerPass());

  // Upstream's pipeline owns the order of the memref, scf, gpu and LLVM
  // lowerings; only its target and output format are ours.
  gpu::GPUToNVVMPipelineOptions nvvm;
  nvvm.cubinChip = options.chip;
  nvvm.cubinFeatures = options.features;
  nvvm.cubinFormat = "isa";
  nvvm.optLevel = options.optLevel;
  gpu::buildLowerToNVVMPassPipeline(pm, nvvm);
}

void tolk::registerTolkPipelines() {
  PassPipelineRegistration<TolkToNVVMOptions>(
      "tolk-to-nvvm",
      "Lower Tolk kernels to gpu.binary ops holding PTX (format isa)",
      buildTolkToNVVMPipeline);
}

void tolk::registerTolkPipelineExtensions(DialectRegistry &registry) {
  // Without these, convert-gpu-to-nvvm and the translation leave casts or
  // unknown ops behind (TOOLCHAIN.md, "GPU lowering").
  arith::registerConvertArithToLLVMInterface(registry);
  cf::registerConvertControlFlowToLLVMInterface(registry);
  registerConvertFuncToLLVMInterface(registry);
  index::registerConvertIndexToLLVMInterface(registry);
  registerConvertMathToLLVMInterface(registry);
  registerConvertMemRefToLLVMInterface(registry);
  ub::registerConvertUBToLLVMInterface(registry);
  vector::registerConvertVectorToLLVMInterface(registry);
  registerConvertNVVMToLLVMInterface(registry);
  NVVM::registerConvertGpuToNVVMInterface(registry);
  NVVM::registerNVVMTargetInterfaceExternalModels(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
  registerGPUDialectTranslation(registry);
}
