//===- ExpandSaturatingTruncF.cpp - tolk.saturating_truncf in arith -------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// --tolk-expand-saturating-truncf: each tolk.saturating_truncf becomes the
// generic expansion of lib/Lowering/SaturatingTruncF.cpp, in place
// (a walk, not a greedy rewrite: nothing else is folded or moved).
//
//===----------------------------------------------------------------------===//

#include "tolk/Transforms/Passes.h"

#include "tolk/Dialect/Tolk/IR/TolkOps.h"
#include "tolk/Lowering/SaturatingTruncF.h"

#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/TypeUtilities.h"

namespace tolk {
#define GEN_PASS_DEF_TOLKEXPANDSATURATINGTRUNCF
#include "tolk/Transforms/Passes.h.inc"
} // namespace tolk

using namespace mlir;

namespace {
struct ExpandSaturatingTruncF
    : public tolk::impl::TolkExpandSaturatingTruncFBase<
          ExpandSaturatingTruncF> {
  void runOnOperation() override {
    bool changed = false;
    getOperation()->walk([&](tolk::SaturatingTruncFOp op) {
      changed = true;
      ImplicitLocOpBuilder b(op.getLoc(), op);
      auto dst = cast<FloatType>(getElementTypeOrSelf(op.getType()));
      op.replaceAllUsesWith(tolk::expandSaturatingTruncF(b, op.getIn(), dst));
      op.erase();
    });
    if (!changed)
      markAllAnalysesPreserved();
  }
};
} // namespace
