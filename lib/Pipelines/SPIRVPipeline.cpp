//===- SPIRVPipeline.cpp - Tolk kernels to SPIR-V (Vulkan) ----------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// --tolk-to-spirv{version caps exts} (docs/Lowering.md, "SPIR-V").
//
//===----------------------------------------------------------------------===//

#include "tolk/Pipelines/Pipelines.h"

#include "tolk/Conversion/Passes.h"
#include "tolk/Conversion/TolkToSPIRV/TolkToSPIRV.h"
#include "tolk/Dialect/Tolk/Transforms/Passes.h"
#include "tolk/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/Dialect/SPIRV/Transforms/Passes.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

static SmallVector<std::string> splitList(StringRef list) {
  SmallVector<StringRef> parts;
  list.split(parts, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  SmallVector<std::string> result;
  for (StringRef p : parts)
    result.push_back(p.trim().str());
  return result;
}

void tolk::buildTolkKernelsToSPIRVPipeline(OpPassManager &pm) {
  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  kernels.addPass(tolk::createTolkSPIRVNarrowInt64Casts());
  kernels.addPass(tolk::createTolkSPIRVCheckKernels());
  pm.addPass(tolk::createTolkGPUToSPIRV());
  pm.nest<spirv::ModuleOp>().addPass(tolk::createTolkSPIRVLowerPushConstants());
  pm.nest<spirv::ModuleOp>().addPass(tolk::createTolkSPIRVLowerImageBindings());
}

void tolk::buildTolkToSPIRVPipeline(OpPassManager &pm,
                                    const TolkToSPIRVOptions &options) {
  // SPIR-V has no bf16 and no 8-bit floats: their arithmetic runs in f32,
  // rounded back once per op (TolkToArith's bf16-in-f32), and every
  // conversion to and from them is integer arithmetic on the bits, so that
  // they are only stored, as integers of their width. Vulkan has vectors of
  // 2 to 4 lanes (Vector16 is a Kernel capability), so tensor-level
  // functions are kernelized with at most 4 lanes per thread. Images are
  // storage images (docs/Semantics.md#images).
  // A capability the target lacks is found on lowered ops: their locations
  // name the Tolk op they were made from.
  pm.addPass(tolk::createTolkRecordOrigins());
  TolkKernelPipelineOptions kernelOptions;
  kernelOptions.bf16InF32 = true;
  kernelOptions.upcast = 4;
  kernelOptions.images = ImageLowering::spirv;
  buildTolkKernelPipeline(pm, kernelOptions);

  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  // SPIR-V has no binary128, and Tolk has no soft-float library for it.
  kernels.addPass(tolk::createCheckGPUDataTypesPass("SPIR-V"));
  // What the complex expansion leaves (the loads, stores, selects,
  // complex.create, re and im) becomes, in the SPIR-V conversion, the
  // two-lane vector of the parts that upstream's type converter makes of a
  // complex number, so that a buffer of them is numpy's <c8 or <c16
  // (docs/Lowering.md, "SPIR-V").
  kernels.addPass(tolk::createComplexAsFolderPass());
  math::MathExtendToSupportedTypesOptions extend;
  extend.extraTypeStrs = {"f16"};
  extend.targetTypeStr = "f32";
  kernels.addPass(math::createMathExtendToSupportedTypes(extend));
  tolk::TolkExpandFloatConversionsOptions expand;
  expand.includeBf16 = true;
  kernels.addPass(tolk::createTolkExpandFloatConversions(expand));
  kernels.addPass(createCanonicalizerPass());

  // The Vulkan target environment, then the
  // conversion (Tolk's, for the ABI; upstream's patterns), then the ABI
  // attributes become variables and the module gets its minimal
  // version, capabilities and extensions.
  GpuSPIRVAttachTargetOptions target;
  target.spirvVersion = options.version;
  target.spirvCapabilities = splitList(options.caps);
  target.spirvExtensions = splitList(options.exts);
  target.clientApi = "Vulkan";
  target.deviceId = spirv::TargetEnvAttr::kUnknownDeviceID;
  pm.addPass(createGpuSPIRVAttachTarget(target));
  buildTolkKernelsToSPIRVPipeline(pm);
  OpPassManager &spirvModules = pm.nest<spirv::ModuleOp>();
  spirvModules.addPass(spirv::createSPIRVLowerABIAttributesPass());
  spirvModules.addPass(tolk::createTolkSPIRVPreserveSignedZeroInfNan());
  spirvModules.addPass(spirv::createSPIRVUpdateVCEPass());
  spirvModules.addPass(tolk::createTolkSPIRVKeepInterfaceVersion());
  spirvModules.addPass(createCanonicalizerPass());
}

LogicalResult tolk::verifyTolkToSPIRVOptions(
    const TolkToSPIRVOptions &options,
    function_ref<LogicalResult(const Twine &)> error) {
  if (!spirv::symbolizeVersion(options.version))
    return error("tolk-to-spirv: unknown SPIR-V version '" + options.version +
                 "' (expected e.g. v1.3)");
  SmallVector<std::string> caps = splitList(options.caps);
  for (const std::string &cap : caps)
    if (!spirv::symbolizeCapability(cap))
      return error("tolk-to-spirv: unknown SPIR-V capability '" + cap + "'");
  // Every Vulkan device has Shader, and no Vulkan shader is valid without it
  // (upstream's conversion then fails on the whole gpu.module).
  if (!llvm::is_contained(caps, "Shader"))
    return error("tolk-to-spirv: caps must include Shader, the capability of "
                 "every Vulkan device (got '" +
                 options.caps + "')");
  for (const std::string &ext : splitList(options.exts))
    if (!spirv::symbolizeExtension(ext))
      return error("tolk-to-spirv: unknown SPIR-V extension '" + ext + "'");
  return success();
}
