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
// there, and stay; so is tolk.pow but on an integer base with a weak
// exponent, which becomes multiplications). An op on a weak value that is not a
// literal waits for the commit (the pipelines decompose again after it).
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

namespace {

struct Decompose : public tolk::impl::TolkDecomposeBase<Decompose> {
  using TolkDecomposeBase::TolkDecomposeBase;
  void runOnOperation() override;
};

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
    if (isDerivedOp(op) && !waitsForCommit(op))
      worklist.push_back(op);
  });
  if (worklist.empty())
    return markAllAnalysesPreserved();

  OpBuilder builder(&getContext());
  bool failedAny = false;
  for (Operation *op : worklist) {
    builder.setInsertionPoint(op);
    FailureOr<Value> replacement =
        cast<DerivedOpInterface>(op).buildDefinition(builder);
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
