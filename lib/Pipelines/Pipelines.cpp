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
#include "mlir/Conversion/GPUToROCDL/GPUToROCDLPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVM/ROCDL/Target.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/ROCDL/ROCDLToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/TargetParser/TargetParser.h"

using namespace mlir;

/// Tolk's part of every GPU pipeline: from Tolk (tensor-level functions or
/// kernels) to gpu.func kernels over gpu, memref, vector, scf and arith, which
/// the targets' upstream passes take from there. `nativeFloatChip`, when set,
/// is the chip whose 8-bit float conversion instructions to use; with
/// `bf16InF32`, bf16 arithmetic is computed in f32 and rounded once per op.
void tolk::buildTolkKernelPipeline(OpPassManager &pm,
                                   StringRef nativeFloatChip, bool bf16InF32) {
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
  tolk::ConvertTolkToGPUOptions toGPU;
  toGPU.bf16InF32 = bf16InF32;
  kernels.addPass(tolk::createConvertTolkToGPU(toGPU));
  // NVVM lowers no 8-bit float conversion, and ROCDL only the fnuz ones on
  // gfx942: the chip's own instructions where it has them, with fix-ups to
  // the folder's results (docs/Rationale.md, "Native fp8 conversions"), and
  // integer arithmetic for the rest.
  if (!nativeFloatChip.empty()) {
    tolk::TolkNativeFloatConversionsOptions native;
    native.chip = nativeFloatChip.str();
    kernels.addPass(tolk::createTolkNativeFloatConversions(native));
  }
  kernels.addPass(tolk::createTolkExpandFloatConversions());
  kernels.addPass(createCanonicalizerPass());
}

/// The target half of the NVVM and ROCDL pipelines, in the order of
/// upstream's gpu::buildLowerToNVVMPassPipeline: the host and common
/// lowerings, the target attribute, the kernels to the target's LLVM
/// dialect, the host's gpu ops, then the binaries. Two steps differ from
/// upstream's: the binaries are serialized by --tolk-gpu-module-to-binary,
/// which compiles the gpu.modules (one per kernel) in parallel where
/// upstream compiles one after the other (docs/Rationale.md, "Serializing
/// GPU modules in parallel"); and the integer range analysis runs on the
/// kernels first, so that a kernel's known_block_size replaces its
/// gpu.block_dim by a constant (NVVM then reads no %ntid, and ROCDL calls
/// no __ockl_get_local_size, which would need ROCm's device library:
/// docs/Rationale.md, "Lowering kernels to ROCDL").
static void
buildTargetPipeline(OpPassManager &pm,
                    function_ref<void(OpPassManager &)> attachTarget,
                    function_ref<void(OpPassManager &)> lowerKernels) {
  pm.addPass(createGpuKernelOutliningPass());
  pm.addPass(createConvertVectorToSCFPass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  attachTarget(pm);
  pm.addPass(createLowerAffinePass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());

  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  kernels.addPass(arith::createIntRangeOptimizationsPass());
  lowerKernels(kernels);
  kernels.addPass(createCanonicalizerPass());
  kernels.addPass(createCSEPass());
  kernels.addPass(createReconcileUnrealizedCastsPass());

  pm.addPass(createGpuToLLVMConversionPass());
  tolk::TolkGpuModuleToBinaryOptions binary;
  binary.compilationTarget = "isa";
  pm.addPass(tolk::createTolkGpuModuleToBinary(binary));
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void tolk::buildTolkToNVVMPipeline(OpPassManager &pm,
                                   const TolkToNVVMOptions &options) {
  buildTolkKernelPipeline(pm, options.chip);
  buildTargetPipeline(
      pm,
      [&](OpPassManager &pm) {
        GpuNVVMAttachTargetOptions target;
        target.chip = options.chip;
        target.features = options.features;
        target.optLevel = options.optLevel;
        pm.addPass(createGpuNVVMAttachTarget(target));
      },
      [](OpPassManager &kernels) {
        kernels.addPass(createConvertGpuOpsToNVVMOps());
        // libdevice's __nv_sqrtf is sqrt.approx.f32.
        kernels.addPass(tolk::createTolkNVVMSqrt());
      });
}

void tolk::buildTolkToROCDLPipeline(OpPassManager &pm,
                                    const TolkToROCDLOptions &options) {
  buildTolkKernelPipeline(pm, options.chip);
  buildTargetPipeline(
      pm,
      [&](OpPassManager &pm) {
        GpuROCDLAttachTargetOptions target;
        target.chip = options.chip;
        target.features = options.features;
        target.optLevel = options.optLevel;
        pm.addPass(createGpuROCDLAttachTarget(target));
      },
      [&](OpPassManager &kernels) {
        ConvertGpuOpsToROCDLOpsOptions rocdl;
        rocdl.chipset = options.chip;
        kernels.addPass(createConvertGpuOpsToROCDLOps(rocdl));
        // A launch size known only at launch, from the dispatch packet
        // rather than ROCm's device library.
        kernels.addPass(tolk::createTolkROCDLDispatchDims());
      });
}

void tolk::registerTolkPipelines() {
  registerTolkToLLVMPipeline();
  registerTolkToSPIRVPipeline();
  PassPipelineRegistration<TolkToNVVMOptions>(
      "tolk-to-nvvm",
      "Lower Tolk kernels to gpu.binary ops holding PTX (format isa)",
      buildTolkToNVVMPipeline);
  // Registered by hand, not with PassPipelineRegistration, to reject an
  // unknown chip while the pipeline is parsed: LLVM's AMDGPU backend only
  // warns about one and then aborts in instruction selection.
  registerPassPipeline(
      "tolk-to-rocdl",
      "Lower Tolk kernels to gpu.binary ops holding AMDGCN assembly "
      "(format isa)",
      [](OpPassManager &pm, StringRef optionsStr,
         function_ref<LogicalResult(const Twine &)> errorHandler) {
        TolkToROCDLOptions options;
        if (failed(options.parseFromString(optionsStr)))
          return failure();
        if (llvm::AMDGPU::parseArchAMDGCN(options.chip) ==
            llvm::AMDGPU::GK_NONE)
          return errorHandler("tolk-to-rocdl: unknown AMD GPU chip '" +
                              options.chip + "' (expected e.g. gfx942)");
        buildTolkToROCDLPipeline(pm, options);
        return success();
      },
      [](function_ref<void(const detail::PassOptions &)> optHandler) {
        optHandler(TolkToROCDLOptions());
      });
}

void tolk::registerTolkPipelineExtensions(DialectRegistry &registry) {
  // Without these, convert-gpu-to-nvvm and the translation leave casts or
  // unknown ops behind.
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
  ROCDL::registerROCDLTargetInterfaceExternalModels(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
  registerROCDLDialectTranslation(registry);
  registerGPUDialectTranslation(registry);
}
