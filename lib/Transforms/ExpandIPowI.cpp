//===- ExpandIPowI.cpp - Integer powers as a loop of squarings
//-------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// --tolk-expand-ipowi: math.ipowi as square-and-multiply in an scf.for over
// the exponent's bits. No target has an instruction for it and LLVM has no
// intrinsic, so the ops reached the GPU translations ("missing
// LLVMTranslationDialectInterface registration") and SPIR-V had no lowering.
// Upstream's convert-math-to-funcs outlines the same loop into a func.func,
// but it runs on a builtin.module only, not on the gpu.modules of a GPU
// pipeline, and a loop of a fixed trip count needs no call: every lane of a
// vector takes the same path.
//
//===----------------------------------------------------------------------===//

#include "tolk/Transforms/Passes.h"

#include "tolk/Transforms/ChangeListener.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace tolk {
#define GEN_PASS_DEF_TOLKEXPANDIPOWI
#include "tolk/Transforms/Passes.h.inc"
} // namespace tolk

using namespace mlir;

namespace {

/// x^n, as math.ipowi defines it: for n >= 0, the power modulo 2^w; for
/// n < 0, 1 / x^-n rounded towards zero (1 for x = 1, +-1 for x = -1, and 0
/// otherwise, including the undefined x = 0).
struct IPowIAsLoop : OpRewritePattern<math::IPowIOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(math::IPowIOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = op.getType();
    Type element = getElementTypeOrSelf(type);
    unsigned width = element.getIntOrFloatBitWidth();
    Value x = op.getLhs(), n = op.getRhs();
    Value zero = createScalarOrSplatConstant(rewriter, loc, type, 0);
    Value one = createScalarOrSplatConstant(rewriter, loc, type, 1);
    using P = arith::CmpIPredicate;

    // Bool (i1): x^n is x, or 1 for n = 0; n is -1 or 0 as a signed i1.
    if (width == 1) {
      Value nZero = arith::CmpIOp::create(rewriter, loc, P::eq, n, zero);
      rewriter.replaceOpWithNewOp<arith::OrIOp>(op, x, nZero);
      return success();
    }

    // The magnitude's bits, one per iteration: result *= base where the
    // bit is set, base squared. A negative exponent takes the selects
    // below, so it loops on 0.
    Value negative = arith::CmpIOp::create(rewriter, loc, P::slt, n, zero);
    Value e = arith::SelectOp::create(rewriter, loc, negative, zero, n);
    Value lb = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value ub = arith::ConstantIndexOp::create(rewriter, loc, width - 1);
    Value step = arith::ConstantIndexOp::create(rewriter, loc, 1);
    auto loop = scf::ForOp::create(
        rewriter, loc, lb, ub, step, ValueRange{one, x, e},
        [&](OpBuilder &b, Location loc, Value, ValueRange iter) {
          Value result = iter[0], base = iter[1], bits = iter[2];
          Value low = arith::AndIOp::create(b, loc, bits, one);
          Value set = arith::CmpIOp::create(b, loc, P::ne, low, zero);
          Value product = arith::MulIOp::create(b, loc, result, base);
          Value next = arith::SelectOp::create(b, loc, set, product, result);
          Value square = arith::MulIOp::create(b, loc, base, base);
          Value shifted = arith::ShRUIOp::create(b, loc, bits, one);
          scf::YieldOp::create(b, loc, ValueRange{next, square, shifted});
        });
    Value power = loop.getResult(0);

    // n < 0: 1 for x = 1; for x = -1, -1 when n is odd; else 0.
    Value minusOne = createScalarOrSplatConstant(rewriter, loc, type, -1);
    Value xOne = arith::CmpIOp::create(rewriter, loc, P::eq, x, one);
    Value xMinusOne = arith::CmpIOp::create(rewriter, loc, P::eq, x, minusOne);
    Value odd = arith::CmpIOp::create(
        rewriter, loc, P::ne, arith::AndIOp::create(rewriter, loc, n, one),
        zero);
    Value unit = arith::SelectOp::create(
        rewriter, loc, xMinusOne,
        arith::SelectOp::create(rewriter, loc, odd, minusOne, one), zero);
    Value reciprocal = arith::SelectOp::create(rewriter, loc, xOne, one, unit);
    rewriter.replaceOpWithNewOp<arith::SelectOp>(op, negative, reciprocal,
                                                 power);
    return success();
  }
};

struct TolkExpandIPowIPass
    : public tolk::impl::TolkExpandIPowIBase<TolkExpandIPowIPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<IPowIAsLoop>(&getContext());
    tolk::ChangeListener listener;
    walkAndApplyPatterns(getOperation(), std::move(patterns), &listener);
    if (!listener.changed)
      markAllAnalysesPreserved();
  }
};

} // namespace
