//===- Registration.cpp - Tolk's named pipelines --------------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Every pipeline's registration (--tolk-to-nvvm, --tolk-to-rocdl,
// --tolk-to-spirv, --tolk-to-llvm), with the checks
// of their options at parse time, and the dialect extensions that their last
// steps look up in the context.
//
//===----------------------------------------------------------------------===//

#include "tolk/Pipelines/Pipelines.h"

#include "tolk/Upstream/CanonicalizerCache.h"

#include "tolk/Conversion/Passes.h"
#include "tolk/Transforms/GPUTargetInfo.h"

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
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVM/ROCDL/Target.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/ROCDL/ROCDLToLLVMIRTranslation.h"

using namespace mlir;

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
  PassPipelineRegistration<TolkToLLVMOptions>(
      "tolk-to-llvm",
      "Lower Tolk kernels to LLVM dialect host functions that loop over the "
      "grid and the block (for MLIR's ExecutionEngine)",
      [](OpPassManager &pm, const TolkToLLVMOptions &options) {
        buildTolkToLLVMPipeline(pm, options);
      });
  // Registered by hand to reject an unknown version, capability or
  // extension while the pipeline is parsed: spirv-attach-target drops them
  // with no diagnostic.
  registerPassPipeline(
      "tolk-to-spirv",
      "Lower Tolk kernels to Vulkan spirv.modules (serialize them with "
      "tolk-translate --serialize-spirv)",
      [](OpPassManager &pm, StringRef optionsStr,
         function_ref<LogicalResult(const Twine &)> errorHandler) {
        TolkToSPIRVOptions options;
        if (failed(options.parseFromString(optionsStr)) ||
            failed(verifyTolkToSPIRVOptions(options, errorHandler)))
          return failure();
        buildTolkToSPIRVPipeline(pm, options);
        return success();
      },
      [](function_ref<void(const mlir::detail::PassOptions &)> optHandler) {
        optHandler(TolkToSPIRVOptions());
      });
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
