//===- GPUPipelines.cpp - Tolk kernels to PTX and AMDGCN ------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// --tolk-to-nvvm and --tolk-to-rocdl: the kernel pipeline, then upstream's
// passes to each target's LLVM dialect and binary (docs/Lowering.md).
//
//===----------------------------------------------------------------------===//

#include "tolk/Pipelines/Pipelines.h"

#include "tolk/Conversion/Passes.h"
#include "tolk/Transforms/Passes.h"
#include "tolk/Upstream/IfPresent.h"
#include "tolk/Upstream/Passes.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ComplexToLLVM/ComplexToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/GPUToNVVM/GPUToNVVM.h"
#include "mlir/Conversion/GPUToROCDL/GPUToROCDLPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

/// The target half of the NVVM and ROCDL pipelines, in the order of
/// upstream's gpu::buildLowerToNVVMPassPipeline: the host and common
/// lowerings, the target attribute, the kernels to the target's LLVM
/// dialect, the host's gpu ops, then the binaries. Three steps differ from
/// upstream's: the conversions of ops a kernel seldom has (vector
/// transfers and prints, scf, affine, complex, index, math, and the casts
/// left to reconcile) run only on a module that has them, and gpu-to-llvm
/// only on one with an op it might change (tolk::createIfPresentPass, for
/// the compile time: docs/Lowering.md, "Upstream conversions with nothing
/// to convert"); the binaries are serialized by --tolk-gpu-module-to-binary,
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
  pm.addPass(tolk::createIfPresentPass(
      createConvertVectorToSCFPass(),
      {"vector.transfer_read", "vector.transfer_write", "vector.print"}));
  pm.addPass(tolk::createIfPresentPass(createSCFToControlFlowPass(), {"scf"}));
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  attachTarget(pm);
  pm.addPass(tolk::createIfPresentPass(createLowerAffinePass(), {"affine"}));
  pm.addPass(tolk::createIfPresentPass(tolk::createComplexAsFolderPass(),
                                       {"complex"}));
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(
      tolk::createIfPresentPass(createConvertComplexToLLVMPass(), {"complex"}));
  pm.addPass(
      tolk::createIfPresentPass(createConvertIndexToLLVMPass(), {"index"}));
  pm.addPass(canon.create());
  pm.addPass(createCSEPass());

  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  kernels.addPass(arith::createIntRangeOptimizationsPass());
  lowerKernels(kernels);
  kernels.addPass(canon.create());
  kernels.addPass(createCSEPass());
  kernels.addPass(createReconcileUnrealizedCastsPass());

  pm.addPass(tolk::createGpuToLLVMIfPresentPass());
  tolk::TolkGpuModuleToBinaryOptions binary;
  binary.compilationTarget = "isa";
  pm.addPass(tolk::createTolkGpuModuleToBinary(binary));
  pm.addPass(
      tolk::createIfPresentPass(createConvertMathToLLVMPass(), {"math"}));
  pm.addPass(canon.create());
  pm.addPass(createCSEPass());
  pm.addPass(tolk::createIfPresentPass(createReconcileUnrealizedCastsPass(),
                                       {"builtin.unrealized_conversion_cast"}));
}

void tolk::buildTolkToNVVMPipeline(OpPassManager &pm,
                                   const TolkToNVVMOptions &options) {
  CanonicalizerGroup canon;
  TolkKernelPipelineOptions kernelOptions;
  kernelOptions.chip = options.chip;
  // Images are CUDA surface objects (docs/Semantics.md#images).
  kernelOptions.images = ImageLowering::nvvm;
  buildTolkKernelPipeline(pm, kernelOptions, canon);
  pm.nest<gpu::GPUModuleOp>().addPass(
      tolk::createCheckGPUDataTypesPass("NVVM"));
  pm.nest<gpu::GPUModuleOp>().addPass(tolk::createCheckGPUTargetInputPass(
      "NVVM", TypeID::get<NVVM::NVVMTargetAttr>()));
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
  TolkKernelPipelineOptions kernelOptions;
  kernelOptions.chip = options.chip;
  // Images are pointers to image resource descriptors, on chips with image
  // instructions (docs/Semantics.md#images).
  kernelOptions.images = ImageLowering::rocdl;
  buildTolkKernelPipeline(pm, kernelOptions, canon);
  pm.nest<gpu::GPUModuleOp>().addPass(
      tolk::createCheckGPUDataTypesPass("ROCDL"));
  pm.nest<gpu::GPUModuleOp>().addPass(tolk::createCheckGPUTargetInputPass(
      "ROCDL", TypeID::get<ROCDL::ROCDLTargetAttr>()));
  // pow is a function of ROCm's device library: C's pow around a core in
  // f64 arithmetic instead.
  pm.nest<gpu::GPUModuleOp>().addPass(tolk::createTolkExpandPowF());
  // So are f64 exp2 and log2 (the chip has f32 instructions only).
  pm.nest<gpu::GPUModuleOp>().addPass(tolk::createTolkExpandF64Math());
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
