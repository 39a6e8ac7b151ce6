//===- TolkCanonicalize.cpp - Canonicalization of the elementwise ops -----===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Promotion materialization (docs/Semantics.md#operand-promotion and
// docs/PromotionAndFolding.md#--canonicalize-makes-promotion-explicit): every
// operand whose data type differs from the one its op promotes to is converted,
// a constant by makeConst and any other value by tolk.cast, so that lowering
// meets homogeneous ops only. The rewrite is the same for every op, so it is
// one C++ pattern on the ElementwiseOpInterface, the dialect's canonicalization
// pattern, rather than DRR, which would need a pattern per op and per operand
// count.
// The algebraic identities that build a new op (where(c, false, true), a
// max or minimum under the compare of its operands, a cast of a lossless
// cast) are DRR patterns (TolkCanonicalization.td); the
// ones that give an existing value or a constant are folders
// (TolkFolds.cpp).
//
//===----------------------------------------------------------------------===//

#include "tolk/Dialect/Tolk/IR/ConstantMapping.h"
#include "tolk/Dialect/Tolk/IR/OperandPromotion.h"
#include "tolk/Dialect/Tolk/IR/TolkOps.h"
#include "tolk/Dialect/Tolk/IR/TypeMapping.h"
#include "tolk/Dialect/Tolk/IR/WeakFloatCommit.h"
#include "tolk/Dtype/Cast.h"
#include "tolk/Dtype/DType.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"

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
struct MaterializePromotion
    : public OpInterfaceRewritePattern<ElementwiseOpInterface> {
  using OpInterfaceRewritePattern::OpInterfaceRewritePattern;

  LogicalResult matchAndRewrite(ElementwiseOpInterface elementwise,
                                PatternRewriter &rewriter) const override {
    Operation *op = elementwise.getOperation();
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
      // A strong constant that converts to a weak type is cast, as the
      // cast's folder leaves it until the commit (convertsAtCommit).
      auto cst = v.getDefiningOp<ConstOp>();
      if (cst && !convertsAtCommit(et->dtype, p->target)) {
        llvm::Expected<dtype::Const> value =
            convertOperand(*p, cst.getValue().getValue());
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
      if (c.constant) {
        replacements.push_back(
            ConstOp::create(rewriter, v.getLoc(), c.type, *c.constant));
        continue;
      }
      // Through the promoted type where the target differs from it (div's
      // float), as convertOperand converts a constant.
      std::optional<ElementwiseType> et = classify(v.getType());
      if (p->promoted != p->target && et->dtype != p->promoted)
        v = CastOp::create(
            rewriter, v.getLoc(),
            withShape(et->shape, getScalarType(op->getContext(), p->promoted)),
            v);
      replacements.push_back(CastOp::create(rewriter, v.getLoc(), c.type, v));
    }
    rewriter.modifyOpInPlace(op, [&] {
      for (auto [c, r] : llvm::zip(changes, replacements))
        op->setOperand(c.index, r);
    });
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Algebraic identities (DRR)
//===----------------------------------------------------------------------===//

/// `outer` = cast(`inner` = cast(`x` : A -> B) : B -> C) equals cast(x : A ->
/// C) for every x. The data types: A -> B is lossless (can_lossless_cast,
/// docs/Semantics.md#lossless-casts), so B holds x's value exactly and the
/// outer cast converts that value (makeConst depends on the value only: an
/// integer, a float or a Bool of one value converts alike). The shapes: each
/// cast keeps a shape or follows the lane rules of
/// docs/Semantics.md#lanes-and-shapes, so the direct cast must change x's
/// shape as the two do together: it does when one of them keeps the shape,
/// and scalar -> lanes -> scalar is the scalar again; lanes -> scalar ->
/// lanes broadcasts lane 0, which no direct cast does.
static bool isLosslessCastChain(Value x, Value inner, Value outer) {
  std::optional<ElementwiseType> a = classify(x.getType());
  std::optional<ElementwiseType> b = classify(inner.getType());
  std::optional<ElementwiseType> c = classify(outer.getType());
  if (!a || !b || !c || a->dtype == DType::Void || c->dtype == DType::Void)
    return false;
  if (!dtype::canLosslessCast(a->dtype, b->dtype))
    return false;
  auto scalar = ValueShape::Kind::Scalar;
  return a->shape == b->shape || b->shape == c->shape ||
         (a->shape.kind == scalar && c->shape.kind == scalar);
}

/// Whether `v`'s data type is an integer (weak included) or Bool.
static bool isIntOrBool(Value v) {
  std::optional<ElementwiseType> et = classify(v.getType());
  return et && (dtype::isInt(et->dtype) || dtype::isBool(et->dtype));
}

/// Whether `v`'s data type is Bool.
static bool isBool(Value v) {
  std::optional<ElementwiseType> et = classify(v.getType());
  return et && dtype::isBool(et->dtype);
}

#include "tolk/Dialect/Tolk/IR/TolkCanonicalization.inc"

//===----------------------------------------------------------------------===//
// Ranges that run no iteration
//===----------------------------------------------------------------------===//

/// The integer a constant bound or step reads as, in its own type (an
/// unsigned one is never negative); nothing for any other value.
static std::optional<llvm::DynamicAPInt> getCountConstant(Value v) {
  Attribute attr;
  if (!matchPattern(v, m_Constant(&attr)))
    return std::nullopt;
  if (auto intAttr = dyn_cast<IntegerAttr>(attr))
    return dtype::fromAPInt(intAttr.getValue(),
                            !intAttr.getType().isUnsignedInteger());
  if (std::optional<dtype::Const> c = getConstantValue(attr))
    if (!c->isInvalid() && c->value().isInt())
      return c->value().getInt();
  return std::nullopt;
}

/// A range that runs no iteration (docs/Semantics.md#ranges): a constant
/// step that is not positive, or constant bounds with lb >= ub, read as
/// their type reads them, so one comparison serves signed, unsigned and
/// weak bounds.
struct EraseEmptyRange : public OpRewritePattern<RangeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(RangeOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<llvm::DynamicAPInt> step = getCountConstant(op.getStep());
    std::optional<llvm::DynamicAPInt> lb = getCountConstant(op.getLowerBound());
    std::optional<llvm::DynamicAPInt> ub = getCountConstant(op.getUpperBound());
    if (!(step && *step <= 0) && !(lb && ub && *lb >= *ub))
      return rewriter.notifyMatchFailure(op, "may run an iteration");
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void TolkDialect::getCanonicalizationPatterns(
    RewritePatternSet &results) const {
  results.add<MaterializePromotion, EraseEmptyRange>(getContext());
}

void WhereOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                          MLIRContext *ctx) {
  results
      .add<Tolk_WhereFalseTrue, Tolk_WhereLtMax, Tolk_WhereLtMaxSwapped,
           Tolk_WhereLtMinimum, Tolk_WhereLtMinimumSwapped, Tolk_WhereNotLtMax,
           Tolk_WhereNotLtMaxSwapped, Tolk_WhereNotLtMinimum,
           Tolk_WhereNotLtMinimumSwapped, Tolk_WhereNotSwap,
           Tolk_WhereEqFalseSwap, Tolk_WhereFalseArmAnd, Tolk_WhereTrueArmOr,
           Tolk_WhereSameCondTrue, Tolk_WhereSameCondFalse>(ctx);
}

void SubOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                        MLIRContext *ctx) {
  results.add<Tolk_SubOfNeg>(ctx);
}

void CastOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                         MLIRContext *ctx) {
  results.add<Tolk_CastOfLosslessCast>(ctx);
}

namespace {

/// tolk.saturating_truncf of a constant: each lane as the folder's truncate
/// makes it, stored as tolk.const's lowering stores it, in an arith.constant.
/// A pattern rather than a folder: a folder's result would materialize
/// through this dialect, as a tolk.const, where the op's users are arith's.
struct FoldSaturatingTruncF : public OpRewritePattern<SaturatingTruncFOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(SaturatingTruncFOp op,
                                PatternRewriter &rewriter) const override {
    // arith's constants only (whose dialect is then loaded): the op's
    // operands are arith's values.
    auto constant = op.getIn().getDefiningOp<arith::ConstantOp>();
    if (!constant)
      return failure();
    Attribute in = constant.getValue();
    auto srcElt =
        cast<FloatType>(mlir::getElementTypeOrSelf(op.getIn().getType()));
    auto dstElt = cast<FloatType>(mlir::getElementTypeOrSelf(op.getType()));
    dtype::DType dt = classify(dstElt)->dtype;
    auto lane = [&](const APFloat &x) -> std::optional<APFloat> {
      std::optional<dtype::Const> c =
          getConstantValue(FloatAttr::get(srcElt, x));
      if (!c || !c->getValue())
        return std::nullopt;
      llvm::Expected<dtype::Value> v = dtype::truncate(dt, c->value());
      if (!v) {
        llvm::consumeError(v.takeError());
        return std::nullopt;
      }
      llvm::Expected<APInt> bits = dtype::toBits(dt, *v);
      if (!bits) {
        llvm::consumeError(bits.takeError());
        return std::nullopt;
      }
      return APFloat(dstElt.getFloatSemantics(), *bits);
    };
    TypedAttr result;
    if (auto f = dyn_cast<FloatAttr>(in)) {
      std::optional<APFloat> r = lane(f.getValue());
      if (!r)
        return failure();
      result = FloatAttr::get(dstElt, *r);
    } else if (auto dense = dyn_cast<DenseFPElementsAttr>(in)) {
      SmallVector<APFloat> lanes;
      for (const APFloat &x : dense.getValues<APFloat>()) {
        std::optional<APFloat> r = lane(x);
        if (!r)
          return failure();
        lanes.push_back(*r);
      }
      result = DenseElementsAttr::get(cast<ShapedType>(op.getType()), lanes);
    } else {
      return failure();
    }
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, result);
    return success();
  }
};

} // namespace

void SaturatingTruncFOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                     MLIRContext *ctx) {
  results.add<FoldSaturatingTruncF>(ctx);
}
