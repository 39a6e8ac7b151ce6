//===- Pipelines.cpp - Tolk's lowering pipelines --------------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tolk/Pipelines/Pipelines.h"

#include "CanonicalizerCache.h"

#include "tolk/Conversion/Passes.h"
#include "tolk/Dialect/Tolk/Transforms/Passes.h"
#include "tolk/Transforms/GPUTargetInfo.h"
#include "tolk/Transforms/Passes.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ComplexToLLVM/ComplexToLLVM.h"
#include "mlir/Conversion/ComplexToStandard/ComplexToStandard.h"
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
#include "mlir/Dialect/Func/IR/FuncOps.h"
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

using namespace mlir;

/// Tolk's part of every GPU pipeline: from Tolk (tensor-level functions or
/// kernels) to gpu.func kernels over gpu, memref, vector, scf and arith, which
/// the targets' upstream passes take from there. `nativeFloatChip`, when set,
/// is the chip whose 8-bit float conversion instructions to use; with
/// `bf16InF32`, bf16 arithmetic is computed in f32 and rounded once per op.
/// Promotion made explicit, derived ops decomposed and weak types committed
/// (--tolk-commit-weak needs the first, and the second for pow's weak
/// exponent): the input contract of the value-op lowering.
static void addExplicitPrimitives(OpPassManager &pm,
                                  const tolk::CanonicalizerGroup &canon) {
  pm.addPass(canon.create());
  pm.addPass(tolk::createTolkDecompose());
  pm.addPass(canon.create());
  pm.addPass(tolk::createTolkCommitWeak());
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
                                   StringRef nativeFloatChip, bool bf16InF32,
                                   int64_t upcast, bool imagesAsBuffers,
                                   bool imagesAsSPIRV) {
  buildTolkKernelPipeline(pm, nativeFloatChip, bf16InF32, upcast,
                          CanonicalizerGroup(), imagesAsBuffers, imagesAsSPIRV);
}

void tolk::buildTolkKernelPipeline(OpPassManager &pm,
                                   StringRef nativeFloatChip, bool bf16InF32,
                                   int64_t upcast,
                                   const CanonicalizerGroup &canon,
                                   bool imagesAsBuffers, bool imagesAsSPIRV) {
  pm.addPass(tolk::createCheckPipelineInputPass());
  // A tensor-level function becomes a kernel beside it (the pipelines take
  // tensor-level Tolk); kernels already there are left alone.
  buildKernelizePipeline(pm, upcast, canon);
  // The input contract of the value-op lowering (docs/Lowering.md,
  // "Lowering to arith"), on the kernels only: nested on each gpu.module, so
  // that the pass manager spreads the kernels over threads, and so that a
  // host function that --tolk-kernelize left beside its kernel (tensor-level
  // Tolk, with broadcasts only a kernel can lower) stays as it is.
  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  addExplicitPrimitives(kernels, canon);
  tolk::ConvertTolkToGPUOptions toGPU;
  toGPU.bf16InF32 = bf16InF32;
  toGPU.imagesAsBuffers = imagesAsBuffers;
  toGPU.imagesAsSPIRV = imagesAsSPIRV;
  kernels.addPass(tolk::createConvertTolkToGPU(toGPU));
  // Integer pow has no instruction on any target, nor an LLVM intrinsic.
  kernels.addPass(tolk::createTolkExpandIPowI());
  // NVVM lowers no 8-bit float conversion, and ROCDL only the fnuz ones on
  // gfx942: the chip's own instructions where it has them, with fix-ups to
  // the folder's results (docs/Lowering.md, "Native fp8 conversions"), and
  // integer arithmetic for the rest.
  if (!nativeFloatChip.empty()) {
    tolk::TolkNativeFloatConversionsOptions native;
    native.chip = nativeFloatChip.str();
    kernels.addPass(tolk::createTolkNativeFloatConversions(native));
  }
  // The saturating conversions to an 8-bit float that no instruction took.
  kernels.addPass(tolk::createTolkExpandSaturatingTruncF());
  kernels.addPass(tolk::createTolkExpandFloatConversions());
  kernels.addPass(canon.create());
}

/// The target half of the NVVM and ROCDL pipelines, in the order of
/// upstream's gpu::buildLowerToNVVMPassPipeline: the host and common
/// lowerings, the target attribute, the kernels to the target's LLVM
/// dialect, the host's gpu ops, then the binaries. Two steps differ from
/// upstream's: the binaries are serialized by --tolk-gpu-module-to-binary,
/// which compiles the gpu.modules (one per kernel) in parallel where
/// upstream compiles one after the other (docs/Lowering.md, "Serializing
/// GPU modules in parallel"); and the integer range analysis runs on the
/// kernels first, so that a kernel's known_block_size replaces its
/// gpu.block_dim by a constant (NVVM then reads no %ntid, and ROCDL calls
/// no __ockl_get_local_size, which would need ROCm's device library:
/// docs/Lowering.md, "Lowering kernels to ROCDL").
static void
buildTargetPipeline(OpPassManager &pm, const tolk::CanonicalizerGroup &canon,
                    function_ref<void(OpPassManager &)> attachTarget,
                    function_ref<void(OpPassManager &)> lowerKernels) {
  pm.addPass(createGpuKernelOutliningPass());
  pm.addPass(createConvertVectorToSCFPass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  attachTarget(pm);
  pm.addPass(createLowerAffinePass());
  // Complex arithmetic as on the host (HostPipeline.cpp): complex-to-
  // standard's expansion with Smith's division, the folder's algorithm.
  ConvertComplexToStandardPassOptions complexOptions;
  complexOptions.complexRange = complex::ComplexRangeFlags::improved;
  pm.addPass(createConvertComplexToStandardPass(complexOptions));
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertComplexToLLVMPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(canon.create());
  pm.addPass(createCSEPass());

  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  kernels.addPass(arith::createIntRangeOptimizationsPass());
  lowerKernels(kernels);
  kernels.addPass(canon.create());
  kernels.addPass(createCSEPass());
  kernels.addPass(createReconcileUnrealizedCastsPass());

  pm.addPass(createGpuToLLVMConversionPass());
  tolk::TolkGpuModuleToBinaryOptions binary;
  binary.compilationTarget = "isa";
  pm.addPass(tolk::createTolkGpuModuleToBinary(binary));
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(canon.create());
  pm.addPass(createCSEPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void tolk::buildTolkToNVVMPipeline(OpPassManager &pm,
                                   const TolkToNVVMOptions &options) {
  CanonicalizerGroup canon;
  buildTolkKernelPipeline(pm, options.chip, /*bf16InF32=*/false,
                          /*upcast=*/0, canon);
  pm.nest<gpu::GPUModuleOp>().addPass(
      tolk::createCheckGPUDataTypesPass("NVVM", /*complexLowered=*/true));
  buildTargetPipeline(
      pm, canon,
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
        // LLVM aborts on these (tolk.cast to and from ui128 and ui256).
        kernels.addPass(tolk::createTolkNVVMWideConversions());
      });
}

void tolk::buildTolkToROCDLPipeline(OpPassManager &pm,
                                    const TolkToROCDLOptions &options) {
  CanonicalizerGroup canon;
  buildTolkKernelPipeline(pm, options.chip, /*bf16InF32=*/false,
                          /*upcast=*/0, canon);
  pm.nest<gpu::GPUModuleOp>().addPass(
      tolk::createCheckGPUDataTypesPass("ROCDL", /*complexLowered=*/true));
  // pow is a function of ROCm's device library: C's pow around a core in
  // f64 arithmetic instead.
  pm.nest<gpu::GPUModuleOp>().addPass(tolk::createTolkExpandPowF());
  buildTargetPipeline(
      pm, canon,
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
        // exp2 and log2 as the intrinsics the library's functions are.
        kernels.addPass(tolk::createTolkROCDLMath());
        // A launch size known only at launch, from the dispatch packet
        // rather than ROCm's device library.
        kernels.addPass(tolk::createTolkROCDLDispatchDims());
      });
}

/// Registers the GPU pipeline `name` of `vendor`, which checks its chip and
/// features against LLVM's back end while the pipeline is parsed: with an
/// unknown chip the back end only warns and then aborts in instruction
/// selection (or, for an empty one, upstream's target attribute crashes).
template <typename Options>
static void registerGPUPipeline(StringRef name, StringRef description,
                                tolk::GPUVendor vendor,
                                void (*build)(OpPassManager &,
                                              const Options &)) {
  registerPassPipeline(
      name, description,
      [name, vendor,
       build](OpPassManager &pm, StringRef optionsStr,
              function_ref<LogicalResult(const Twine &)> errorHandler) {
        Options options;
        if (failed(options.parseFromString(optionsStr)))
          return failure();
        if (llvm::Error e = tolk::verifyGPUChip(vendor, options.chip))
          return errorHandler(name + ": chip: " + llvm::toString(std::move(e)));
        if (llvm::Error e = tolk::verifyGPUFeatures(vendor, options.features))
          return errorHandler(name +
                              ": features: " + llvm::toString(std::move(e)));
        build(pm, options);
        return success();
      },
      [](function_ref<void(const mlir::detail::PassOptions &)> optHandler) {
        optHandler(Options());
      });
}

void tolk::registerTolkPipelines() {
  registerTolkToLLVMPipeline();
  registerTolkToSPIRVPipeline();
  registerGPUPipeline<TolkToNVVMOptions>(
      "tolk-to-nvvm",
      "Lower Tolk kernels to gpu.binary ops holding PTX (format isa)",
      GPUVendor::NVIDIA, buildTolkToNVVMPipeline);
  registerGPUPipeline<TolkToROCDLOptions>(
      "tolk-to-rocdl",
      "Lower Tolk kernels to gpu.binary ops holding AMDGCN assembly "
      "(format isa)",
      GPUVendor::AMD, buildTolkToROCDLPipeline);
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
  // Not a lowering: the canonicalizers' patterns, collected once per context.
  tolk::registerCanonicalizerCache(registry);
}
