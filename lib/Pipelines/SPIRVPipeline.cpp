//===- SPIRVPipeline.cpp - Tolk kernels to SPIR-V (Vulkan) ----------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// --tolk-to-spirv{version caps exts}, and the serialization of one kernel
// (docs/Rationale.md, "SPIR-V").
//
//===----------------------------------------------------------------------===//

#include "tolk/Pipelines/Pipelines.h"
#include "tolk/Target/SPIRV.h"

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
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Dialect/SPIRV/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/SPIRV/Serialization.h"
#include "mlir/Transforms/Passes.h"

#include <set>

using namespace mlir;

static SmallVector<std::string> splitList(StringRef list) {
  SmallVector<StringRef> parts;
  list.split(parts, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  SmallVector<std::string> result;
  for (StringRef p : parts)
    result.push_back(p.trim().str());
  return result;
}

namespace {
/// spirv-update-vce computes the least version from the ops alone, but from
/// SPIR-V 1.4 on spirv-lower-abi-attrs lists every global variable an entry
/// point uses in its interface, which a 1.0 module may not: such a module
/// keeps version 1.4.
struct KeepInterfaceVersion
    : public PassWrapper<KeepInterfaceVersion,
                         OperationPass<spirv::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(KeepInterfaceVersion)
  StringRef getArgument() const override {
    return "tolk-spirv-keep-interface-version";
  }
  void runOnOperation() override {
    spirv::ModuleOp module = getOperation();
    std::optional<spirv::VerCapExtAttr> vce = module.getVceTriple();
    if (!vce || vce->getVersion() >= spirv::Version::V_1_4)
      return;
    SymbolTable symbols(module);
    bool wide = false;
    for (auto entry : module.getOps<spirv::EntryPointOp>())
      for (Attribute a : entry.getInterface()) {
        auto var = symbols.lookup<spirv::GlobalVariableOp>(
            cast<FlatSymbolRefAttr>(a).getValue());
        auto ptr = var ? dyn_cast<spirv::PointerType>(var.getType()) : nullptr;
        wide |= ptr &&
                ptr.getStorageClass() != spirv::StorageClass::Input &&
                ptr.getStorageClass() != spirv::StorageClass::Output;
      }
    if (wide)
      module.setVceTripleAttr(spirv::VerCapExtAttr::get(
          Builder(&getContext())
              .getI32IntegerAttr(static_cast<uint32_t>(spirv::Version::V_1_4)),
          vce->getCapabilitiesAttr(), vce->getExtensionsAttr()));
  }
};
/// Asks every entry point to keep the sign of zeros, infinities and NaNs
/// (SPV_KHR_float_controls' SignedZeroInfNanPreserve) for each float width
/// the module computes in, where the target environment allows it. Without
/// it a Vulkan driver may treat them as fast-math does: lavapipe folds
/// `0.0 + x` into `x`, which makes `+0.0 + -0.0` negative (found by the
/// differential tests). Tolk's op descriptions define those results.
struct PreserveSignedZeroInfNan
    : public PassWrapper<PreserveSignedZeroInfNan,
                         OperationPass<spirv::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(PreserveSignedZeroInfNan)
  StringRef getArgument() const override {
    return "tolk-spirv-preserve-signed-zero-inf-nan";
  }
  void runOnOperation() override {
    spirv::ModuleOp module = getOperation();
    spirv::TargetEnv env(spirv::lookupTargetEnvOrDefault(module));
    if (!env.allows(spirv::Capability::SignedZeroInfNanPreserve) ||
        !env.allows(spirv::Extension::SPV_KHR_float_controls))
      return;
    std::set<unsigned> widths;
    module.walk([&](Operation *op) {
      for (Type t : llvm::concat<const Type>(op->getOperandTypes(),
                                             op->getResultTypes()))
        if (auto ft = dyn_cast<FloatType>(getElementTypeOrSelf(t)))
          widths.insert(ft.getWidth());
    });
    SymbolTable symbols(module);
    OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
    for (auto entry :
         llvm::to_vector(module.getOps<spirv::EntryPointOp>())) {
      auto fn = symbols.lookup<spirv::FuncOp>(entry.getFn());
      if (!fn)
        continue;
      for (unsigned w : widths)
        spirv::ExecutionModeOp::create(
            b, entry.getLoc(), fn,
            spirv::ExecutionMode::SignedZeroInfNanPreserve, {int32_t(w)});
    }
  }
};
} // namespace

void tolk::buildTolkToSPIRVPipeline(OpPassManager &pm,
                                    const TolkToSPIRVOptions &options) {
  // SPIR-V has no bf16 and no 8-bit floats: their arithmetic runs in f32,
  // rounded back once per op (TolkToArith's bf16-in-f32), and every
  // conversion to and from them is integer arithmetic on the bits, so that
  // they are only stored, as integers of their width. Vulkan has vectors of
  // 2 to 4 lanes (Vector16 is a Kernel capability), so tensor-level
  // functions are kernelized with at most 4 lanes per thread.
  buildTolkKernelPipeline(pm, /*nativeFloatChip=*/"", /*bf16InF32=*/true,
                          /*upcast=*/4);

  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  math::MathExtendToSupportedTypesOptions extend;
  extend.extraTypeStrs = {"f16"};
  extend.targetTypeStr = "f32";
  kernels.addPass(math::createMathExtendToSupportedTypes(extend));
  tolk::TolkExpandFloatConversionsOptions expand;
  expand.includeBf16 = true;
  kernels.addPass(tolk::createTolkExpandFloatConversions(expand));
  kernels.addPass(createCanonicalizerPass());

  // docs/Rationale.md, "SPIR-V": the Vulkan target environment, then the
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
  pm.addPass(tolk::createConvertTolkKernelsToSPIRV());
  OpPassManager &spirvModules = pm.nest<spirv::ModuleOp>();
  spirvModules.addPass(spirv::createSPIRVLowerABIAttributesPass());
  spirvModules.addPass(std::make_unique<PreserveSignedZeroInfNan>());
  spirvModules.addPass(spirv::createSPIRVUpdateVCEPass());
  spirvModules.addPass(std::make_unique<KeepInterfaceVersion>());
  spirvModules.addPass(createCanonicalizerPass());
}

void tolk::registerTolkToSPIRVPipeline() {
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
        if (failed(options.parseFromString(optionsStr)))
          return failure();
        if (!spirv::symbolizeVersion(options.version))
          return errorHandler("tolk-to-spirv: unknown SPIR-V version '" +
                              options.version + "' (expected e.g. v1.3)");
        SmallVector<std::string> caps = splitList(options.caps);
        for (const std::string &cap : caps)
          if (!spirv::symbolizeCapability(cap))
            return errorHandler("tolk-to-spirv: unknown SPIR-V capability '" +
                                cap + "'");
        // Every Vulkan device has Shader, and no Vulkan shader is valid
        // without it (upstream's conversion then fails on the whole
        // gpu.module).
        if (!llvm::is_contained(caps, "Shader"))
          return errorHandler("tolk-to-spirv: caps must include Shader, the "
                              "capability of every Vulkan device (got '" +
                              options.caps + "')");
        for (const std::string &ext : splitList(options.exts))
          if (!spirv::symbolizeExtension(ext))
            return errorHandler("tolk-to-spirv: unknown SPIR-V extension '" +
                                ext + "'");
        buildTolkToSPIRVPipeline(pm, options);
        return success();
      },
      [](function_ref<void(const mlir::detail::PassOptions &)> optHandler) {
        optHandler(TolkToSPIRVOptions());
      });
}

FailureOr<SmallVector<uint32_t>>
tolk::serializeSPIRVKernel(Operation *root, StringRef kernel) {
  SmallVector<spirv::ModuleOp> modules;
  root->walk([&](spirv::ModuleOp m) {
    if (kernel.empty()) {
      modules.push_back(m);
      return;
    }
    for (auto entry : m.getOps<spirv::EntryPointOp>())
      if (entry.getFn() == kernel) {
        modules.push_back(m);
        return;
      }
  });
  // At the location only: the module itself would be printed with the
  // error.
  if (modules.empty() && !kernel.empty())
    return emitError(root->getLoc(), "no spirv.module has the entry point '")
           << kernel << "'";
  if (modules.empty())
    return emitError(root->getLoc(),
                     "no spirv.module to serialize: --tolk-to-spirv makes "
                     "one for each kernel, and the input has none");
  if (modules.size() != 1)
    return emitError(root->getLoc(), "expected one spirv.module, found ")
           << modules.size() << ": name the kernel to serialize (--kernel)";
  // The workgroup size of a kernel compiled without one is a composite of
  // specialization constants, which only the binary can decorate.
  auto finish = [&](const SmallVector<uint32_t> &words)
      -> FailureOr<SmallVector<uint32_t>> {
    FailureOr<SmallVector<uint32_t>> decorated =
        decorateSpecializedWorkgroupSize(words);
    if (failed(decorated))
      return emitError(modules.front().getLoc(),
                       "the spirv.module has kernels with a known_block_size "
                       "and kernels without one, whose workgroup size is set "
                       "for the whole module: serialize one kernel at a time");
    return decorated;
  };
  SmallVector<uint32_t> words;
  if (kernel.empty()) {
    if (failed(spirv::serialize(modules.front(), words)))
      return failure();
    return finish(words);
  }

  // Only `kernel`: the other entry points of the module declare their own
  // buffers at the same bindings, which is valid SPIR-V but leaves a host
  // that reflects on the module two candidates for one binding.
  OwningOpRef<spirv::ModuleOp> copy(modules.front().clone());
  for (Operation &op : llvm::make_early_inc_range(copy->getOps())) {
    if (auto entry = dyn_cast<spirv::EntryPointOp>(op);
        entry && entry.getFn() != kernel)
      op.erase();
    else if (auto mode = dyn_cast<spirv::ExecutionModeOp>(op);
             mode && mode.getFn() != kernel)
      op.erase();
  }
  // Functions, then the variables only they used.
  for (auto cls : {0, 1}) {
    for (Operation &op : llvm::make_early_inc_range(copy->getOps())) {
      bool candidate = cls == 0 ? isa<spirv::FuncOp>(op)
                                : isa<spirv::GlobalVariableOp>(op);
      auto symbol = dyn_cast<SymbolOpInterface>(op);
      if (candidate && symbol && symbol.getName() != kernel &&
          SymbolTable::symbolKnownUseEmpty(&op, copy->getOperation()))
        op.erase();
    }
  }
  if (failed(spirv::serialize(*copy, words)))
    return failure();
  return finish(words);
}
