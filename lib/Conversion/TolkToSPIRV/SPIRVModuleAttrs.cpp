//===- SPIRVModuleAttrs.cpp - Execution modes and version of a module -----===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// What a lowered spirv.module declares about itself beside upstream's
// spirv-update-vce: the float controls that keep Tolk's signed zeros,
// infinities and NaNs (--tolk-spirv-preserve-signed-zero-inf-nan), and the
// version its entry points' interfaces need
// (--tolk-spirv-keep-interface-version).
//
//===----------------------------------------------------------------------===//

#include "tolk/Conversion/TolkToSPIRV/TolkToSPIRV.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/TypeUtilities.h"

#include <set>

namespace tolk {
#define GEN_PASS_DEF_TOLKSPIRVPRESERVESIGNEDZEROINFNAN
#define GEN_PASS_DEF_TOLKSPIRVKEEPINTERFACEVERSION
#include "tolk/Conversion/Passes.h.inc"
} // namespace tolk

using namespace mlir;

namespace {
/// spirv-update-vce computes the least version from the ops alone, but from
/// SPIR-V 1.4 on spirv-lower-abi-attrs lists every global variable an entry
/// point uses in its interface, which a 1.0 module may not: such a module
/// keeps version 1.4.
struct KeepInterfaceVersion
    : public tolk::impl::TolkSPIRVKeepInterfaceVersionBase<
          KeepInterfaceVersion> {
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
        wide |= ptr && ptr.getStorageClass() != spirv::StorageClass::Input &&
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
    : public tolk::impl::TolkSPIRVPreserveSignedZeroInfNanBase<
          PreserveSignedZeroInfNan> {
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
    for (auto entry : llvm::to_vector(module.getOps<spirv::EntryPointOp>())) {
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
