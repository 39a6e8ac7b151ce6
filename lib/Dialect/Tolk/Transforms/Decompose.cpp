//===- Decompose.cpp - Derived elementwise ops into primitives ------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// --tolk-decompose: every derived op becomes its definition in primitives
// (DerivedOpInterface, DerivedDefinitions.h), so that lowering knows
// primitives only (tolk.neg and tolk.div of a complex type are primitives
// there, and stay). Integer pow by a constant weak exponent becomes
// multiplications, the one weak operand --tolk-commit-weak could not commit.
// An op on a weak value that is not a literal waits for the commit (the
// pipelines decompose again after it).
//
// A pattern driver would add nothing here: each op is replaced once by ops
// that never match again, so the pass is one walk.
//
//===----------------------------------------------------------------------===//

#include "tolk/Dialect/Tolk/IR/TolkOps.h"
#include "tolk/Dialect/Tolk/IR/TypeMapping.h"
#include "tolk/Dialect/Tolk/Transforms/Passes.h"
#include "tolk/Dialect/Tolk/Utils/ElementwiseBuilder.h"

namespace tolk {
#define GEN_PASS_DEF_TOLKDECOMPOSE
#include "tolk/Dialect/Tolk/Transforms/Passes.h.inc"
} // namespace tolk

using namespace mlir;
using namespace tolk;
using dtype::Const;
using dtype::DType;

namespace {

struct Decompose : public tolk::impl::TolkDecomposeBase<Decompose> {
  using TolkDecomposeBase::TolkDecomposeBase;
  void runOnOperation() override;
};

/// The exponent `n` (>= 0) reduced for a base of `width` bits: x^n and
/// x^reduced agree for every x modulo 2^width. An even x gives 0 once n >=
/// width; an odd x has an order dividing 2^(width-2) (the unit group modulo
/// 2^width, width >= 3). So any n >= width may be replaced by the number
/// congruent to it modulo 2^(width-2) in [width, width + 2^(width-2)).
static llvm::DynamicAPInt reduceExponent(const llvm::DynamicAPInt &n,
                                         unsigned width) {
  if (n < width || width < 3)
    return n;
  llvm::DynamicAPInt period =
      dtype::fromAPInt(llvm::APInt::getOneBitSet(width - 1, width - 2),
                       /*isSigned=*/false);
  llvm::DynamicAPInt r = n % period;
  while (r < width)
    r += period;
  return r;
}

/// pow(x, n) of an integer x by a constant weak exponent, by squaring and
/// multiplying in x's type (integer multiplication wraps exactly as the
/// exact power does). Nothing when the op is not that case; failure after a
/// diagnostic for a negative exponent.
static FailureOr<Value> expandIntegerPow(ElementwiseBuilder &eb, PowOp op) {
  DType base = ElementwiseBuilder::getDType(op.getLhs());
  if (!dtype::isInt(base) || dtype::isWeak(base) ||
      ElementwiseBuilder::getDType(op.getRhs()) != DType::WeakInt)
    return Value();
  auto cst = op.getRhs().getDefiningOp<ConstOp>();
  if (!cst)
    return Value(); // --tolk-commit-weak reports the weak exponent.
  const Const &c = cst.getValue().getValue();
  if (c.isInvalid())
    return Value();
  const llvm::DynamicAPInt &exponent = c.value().getInt();
  if (exponent < 0)
    return op.emitOpError("pow of an integer by a negative exponent (")
           << dtype::toDecimal(exponent) << ") has no integer result";

  llvm::DynamicAPInt n = reduceExponent(exponent, dtype::bitsize(base));
  // The constant 1 of the result type also gives x's value the result's
  // shape, where the exponent's shape broadcast it.
  Value result = eb.constant(op.getType(), Const::ofInt(int64_t(1)));
  Value square = op.getLhs();
  // n's bits from the lowest: one squaring a bit past the first, one
  // multiplication a set bit.
  for (size_t bit = 0; n != 0; n /= 2, ++bit) {
    if (bit != 0)
      square = eb.mul(square, square);
    if (n % 2 != 0)
      result = eb.mul(result, square);
  }
  return result;
}

/// Whether `op` computes a weak value from one that is not a literal (a
/// weak value a strong one made, or a weak argument): its value is one of
/// the type --tolk-commit-weak chooses (docs/Semantics.md#weak-types), so it
/// is decomposed after the commit. Decomposed before, the parts of its
/// definition that read literals only (the reciprocal of a weak divisor)
/// would fold in binary64.
static bool waitsForCommit(Operation *op) {
  return op->getNumResults() == 1 &&
         dtype::isWeak(ElementwiseBuilder::getDType(op->getResult(0))) &&
         llvm::any_of(op->getOperands(),
                      [](Value v) { return !v.getDefiningOp<ConstOp>(); });
}

} // namespace

void Decompose::runOnOperation() {
  SmallVector<Operation *> worklist;
  getOperation()->walk([&](Operation *op) {
    if ((isDerivedOp(op) || isa<PowOp>(op)) && !waitsForCommit(op))
      worklist.push_back(op);
  });
  if (worklist.empty())
    return markAllAnalysesPreserved();

  OpBuilder builder(&getContext());
  bool failedAny = false;
  for (Operation *op : worklist) {
    builder.setInsertionPoint(op);
    FailureOr<Value> replacement = Value();
    if (auto derived = dyn_cast<DerivedOpInterface>(op)) {
      replacement = derived.buildDefinition(builder);
    } else {
      ElementwiseBuilder eb(builder, op->getLoc());
      replacement = expandIntegerPow(eb, cast<PowOp>(op));
    }
    if (failed(replacement)) {
      failedAny = true;
      continue;
    }
    if (!*replacement)
      continue;
    // The definitions compute in the promoted type, which is the op's
    // inferred result type: a difference is a bug in the definition.
    if (replacement->getType() != op->getResult(0).getType()) {
      op->emitOpError("decomposes to a value of type ")
          << replacement->getType() << ", not the op's "
          << op->getResult(0).getType();
      failedAny = true;
      continue;
    }
    op->getResult(0).replaceAllUsesWith(*replacement);
    op->erase();
  }
  if (failedAny)
    signalPassFailure();
}
