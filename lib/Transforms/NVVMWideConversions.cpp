//===- NVVMWideConversions.cpp - Float conversions of wide integers -------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// --tolk-nvvm-wide-conversions: an error at each conversion between a float
// and an integer of more than 64 bits (tolk.cast to and from ui128 and
// ui256). The NVPTX back end lowers them to library calls it has no
// library for, and LLVM aborts ("unsupported library call operation")
// while gpu-module-to-binary serializes the module.
//
//===----------------------------------------------------------------------===//

#include "tolk/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/TypeUtilities.h"

namespace tolk {
#define GEN_PASS_DEF_TOLKNVVMWIDECONVERSIONS
#include "tolk/Transforms/Passes.h.inc"
} // namespace tolk

using namespace mlir;

namespace {

/// The widest integer NVPTX converts to and from a float.
constexpr unsigned kWidestConverted = 64;

struct TolkNVVMWideConversionsPass
    : public tolk::impl::TolkNVVMWideConversionsBase<
          TolkNVVMWideConversionsPass> {
  void runOnOperation() override {
    // A check: the pass manager need not verify the IR again after it.
    markAllAnalysesPreserved();
    bool failed = false;
    getOperation()->walk([&](Operation *op) {
      if (!isa<LLVM::FPToSIOp, LLVM::FPToUIOp, LLVM::SIToFPOp, LLVM::UIToFPOp>(
              op))
        return;
      Type from = getElementTypeOrSelf(op->getOperand(0).getType());
      Type to = getElementTypeOrSelf(op->getResult(0).getType());
      Type integer = isa<IntegerType>(from) ? from : to;
      if (integer.getIntOrFloatBitWidth() <= kWidestConverted)
        return;
      // At the location only: the op would print itself.
      emitError(op->getLoc())
          << "converts " << from << " to " << to
          << ", which the NVPTX back end cannot compile (no instruction "
             "converts between a float and an integer of more than "
          << kWidestConverted << " bits)";
      failed = true;
    });
    if (failed)
      signalPassFailure();
  }
};

} // namespace
