//===- TolkCanonicalize.cpp - Canonicalization of the elementwise ops -----===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Promotion materialization (DESIGN.md, "Promotion: checked by the verifier,
// materialized by the canonicalizer"): every operand whose data type differs
// from the one its op promotes to is converted, a constant by Dtype.const and
// any other value by tolk.cast, so that lowering meets homogeneous ops only.
// The rewrite is the same for every op, so it is one C++ pattern rather than
// DRR, which would need a pattern per op and per operand count.
//
//===----------------------------------------------------------------------===//

#include "tolk/Dialect/Tolk/OperandPromotion.h"
#include "tolk/Dialect/Tolk/TolkOps.h"
#include "tolk/Dialect/Tolk/TypeMapping.h"
#include "tolk/Dtype/Cast.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace tolk;
using dtype::DType;

namespace {

/// The promotion of `op`, or failure if an operand has no data type or the
/// types do not promote (invalid IR, which the verifier reports).
static FailureOr<OperandPromotion> getPromotion(Operation *op) {
  SmallVector<DType, 3> dtypes;
  for (Type t : op->getOperandTypes()) {
    std::optional<ElementwiseType> et = classify(t);
    if (!et)
      return failure();
    dtypes.push_back(et->dtype);
  }
  llvm::Expected<OperandPromotion> p =
      promoteOperands(dtypes, getPromotionKind(op));
  if (!p) {
    llvm::consumeError(p.takeError());
    return failure();
  }
  return std::move(*p);
}

/// Converts each operand of an elementwise op to the data type the op
/// promotes to, keeping the operand's own shape (broadcasting stays the op's
/// business).
struct MaterializePromotion : public RewritePattern {
  MaterializePromotion(MLIRContext *ctx, StringRef opName)
      : RewritePattern(opName, /*benefit=*/1, ctx) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    FailureOr<OperandPromotion> p = getPromotion(op);
    if (failed(p))
      return failure();
    Type targetScalar = getScalarType(op->getContext(), p->target);

    // Compute every replacement before changing anything, so that a constant
    // Dtype.const rejects leaves the op untouched.
    struct Change {
      unsigned index;
      Type type;
      std::optional<dtype::Const> constant;
    };
    SmallVector<Change, 3> changes;
    for (unsigned i : p->operands) {
      Value v = op->getOperand(i);
      std::optional<ElementwiseType> et = classify(v.getType());
      if (et->dtype == p->target)
        continue;
      Change c{i, withShape(et->shape, targetScalar), std::nullopt};
      if (auto cst = v.getDefiningOp<ConstOp>()) {
        llvm::Expected<dtype::Const> value =
            dtype::makeConst(p->target, cst.getValue().getValue());
        if (!value) {
          llvm::consumeError(value.takeError());
          return failure();
        }
        c.constant = *value;
      }
      changes.push_back(std::move(c));
    }
    if (changes.empty())
      return failure();

    rewriter.setInsertionPoint(op);
    SmallVector<Value, 3> replacements;
    for (const Change &c : changes) {
      Value v = op->getOperand(c.index);
      if (c.constant)
        replacements.push_back(
            ConstOp::create(rewriter, v.getLoc(), c.type, *c.constant));
      else
        replacements.push_back(CastOp::create(rewriter, v.getLoc(), c.type, v));
    }
    rewriter.modifyOpInPlace(op, [&] {
      for (auto [c, r] : llvm::zip(changes, replacements))
        op->setOperand(c.index, r);
    });
    return success();
  }
};

} // namespace

#define TOLK_ELEMENTWISE(OP)                                                   \
  void OP::getCanonicalizationPatterns(RewritePatternSet &results,             \
                                       MLIRContext *ctx) {                     \
    results.add<MaterializePromotion>(ctx, OP::getOperationName());            \
  }
#include "tolk/Dialect/Tolk/TolkOpList.def"
