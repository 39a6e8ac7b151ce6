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
// it as i16 (lib/Lowering/BF16AsI16.cpp).
//
//===----------------------------------------------------------------------===//

#include "tolk/Conversion/TolkToSPIRV/TolkToSPIRV.h"

#include "tolk/Dialect/Tolk/IR/KnownLocation.h"
#include "tolk/Lowering/BF16AsI16.h"

#include "BF16Moves.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"

namespace tolk {
#define GEN_PASS_DEF_TOLKSPIRVBF16ASI16
#include "tolk/Conversion/Passes.h.inc"
} // namespace tolk

using namespace mlir;

static LogicalResult storeBF16AsI16(gpu::GPUFuncOp func) {
  // Any other op on bf16 would become the same op on i16, which is another
  // op or none: in the pipeline --tolk-spirv-check-kernels has refused it
  // already; run on its own, this pass refuses the kernel's first.
  bool any = false;
  WalkResult walk = func.walk([&](Operation *op) {
    if (!llvm::any_of(op->getResultTypes(), tolk::holdsBF16) &&
        !llvm::any_of(op->getOperandTypes(), tolk::holdsBF16))
      return WalkResult::advance();
    any = true;
    if (tolk::movesBF16Bits(op))
      return WalkResult::advance();
    emitError(tolk::getKnownLocation(op))
        << "'" << op->getName()
        << "' op has a bf16 value, which --tolk-spirv-bf16-as-i16 carries "
           "as i16 bits only through the arith, memref, vector and scf ops "
           "that move it (the SPIR-V pipeline computes bf16 in f32 first)";
    return WalkResult::interrupt();
  });
  if (walk.wasInterrupted())
    return failure();
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
