//===- BF16AsI16.cpp - bf16 stored as i16 on SPIR-V -----------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// --tolk-spirv-bf16-as-i16: SPIR-V has no bf16, and the SPIR-V pipeline only
// moves it (its arithmetic is f32's), so each kernel that holds bf16 carries
// it as i16 (lib/Conversion/Utils/BF16AsI16.cpp).
//
//===----------------------------------------------------------------------===//

#include "tolk/Conversion/TolkToSPIRV/TolkToSPIRV.h"

#include "tolk/Conversion/Utils/BF16AsI16.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"

namespace tolk {
#define GEN_PASS_DEF_TOLKSPIRVBF16ASI16
#include "tolk/Conversion/Passes.h.inc"
} // namespace tolk

using namespace mlir;

static LogicalResult storeBF16AsI16(gpu::GPUFuncOp func) {
  bool any = false;
  func.walk([&](Operation *op) {
    any |= llvm::any_of(op->getResultTypes(), tolk::holdsBF16) ||
           llvm::any_of(op->getOperandTypes(), tolk::holdsBF16);
  });
  any |= llvm::any_of(func.getArgumentTypes(), tolk::holdsBF16);
  if (!any)
    return success();

  MLIRContext *ctx = func.getContext();
  tolk::BF16AsI16TypeConverter converter;
  RewritePatternSet patterns(ctx);
  tolk::populateBF16AsI16Patterns(converter, patterns);
  ConversionTarget target(*ctx);
  scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                       target);
  target.markUnknownOpDynamicallyLegal(
      [&](Operation *op) { return converter.isLegal(op); });
  target.addDynamicallyLegalOp<gpu::GPUFuncOp>([&](gpu::GPUFuncOp op) {
    return converter.isLegal(op.getArgumentTypes());
  });
  return applyPartialConversion(func, target, std::move(patterns));
}

namespace {
struct BF16AsI16 : public tolk::impl::TolkSPIRVBF16AsI16Base<BF16AsI16> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<gpu::GPUFuncOp>())
      if (func.isKernel() && failed(storeBF16AsI16(func)))
        return signalPassFailure();
  }
};
} // namespace
