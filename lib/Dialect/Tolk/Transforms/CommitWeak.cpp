//===- CommitWeak.cpp - Commit weak types to their defaults ---------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// --tolk-commit-weak: `strong` (docs/Semantics.md#defaults) applied to every
// weak type left in the IR (docs/Semantics.md#weak-types). Every lowering
// runs it first, so that no target needs to know the weak types.
//
//===----------------------------------------------------------------------===//

#include "tolk/Dialect/Tolk/IR/ConstantMapping.h"
#include "tolk/Dialect/Tolk/IR/TolkOps.h"
#include "tolk/Dialect/Tolk/IR/TypeMapping.h"
#include "tolk/Dialect/Tolk/Transforms/Passes.h"
#include "tolk/Dtype/Cast.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"

namespace tolk {
#define GEN_PASS_DEF_TOLKCOMMITWEAK
#include "tolk/Dialect/Tolk/Transforms/Passes.h.inc"
} // namespace tolk

using namespace mlir;
using namespace tolk;
using dtype::DType;

namespace {

struct CommitWeak : public tolk::impl::TolkCommitWeakBase<CommitWeak> {
  using TolkCommitWeakBase::TolkCommitWeakBase;

  void runOnOperation() override;

private:
  /// The data type an option names, or the setting when the option is empty;
  /// an error at the pass's root naming the value when it is not an integer
  /// (isInt) or a float of known width.
  FailureOr<DType> resolve(StringRef option, StringRef value, bool wantInt);
  /// `type` with its weak data type committed; null if nothing changes.
  Type commit(Type type) const;

  DType intDType = DType::Int32;
  DType floatDType = DType::Float32;
};

} // namespace

FailureOr<DType> CommitWeak::resolve(StringRef option, StringRef value,
                                     bool wantInt) {
  Operation *root = getOperation();
  llvm::Expected<DType> dt =
      wantInt ? dtype::defaultInt() : dtype::defaultFloat();
  if (!value.empty()) {
    llvm::consumeError(dt.takeError());
    dt = dtype::ofString(value);
    if (!dt) {
      // Also accept the MLIR spelling users write in the IR ("si16", "f16"),
      // quietly: a value that is no type is reported once, below.
      std::optional<DType> fromType;
      ScopedDiagnosticHandler quiet(root->getContext(),
                                    [](Diagnostic &) { return success(); });
      if (Type t = parseType(value, root->getContext(), /*numRead=*/nullptr,
                             /*isKnownNullTerminated=*/false))
        fromType = getDType(t);
      if (fromType) {
        llvm::consumeError(dt.takeError());
        dt = *fromType;
      }
    }
  }
  // An option is no op's fault: the error is at the root's location, without
  // the root printed beside it.
  if (!dt) {
    emitError(root->getLoc()) << "tolk-commit-weak: " << option << "='" << value
                              << "': " << llvm::toString(dt.takeError());
    return failure();
  }
  if (dtype::mem(*dt, dtype::extensions())) {
    // A weak type commits to one of tinygrad's types (lib/Dtype's default
    // float is one), never to f128 or a complex type.
    emitError(root->getLoc())
        << "tolk-commit-weak: " << option << "='" << value << "' names "
        << dtype::toString(*dt)
        << ", which is no default type: a weak type commits to one of "
           "tinygrad's types (docs/Semantics.md#complex-numbers-and-float128)";
    return failure();
  }
  bool ok = wantInt ? dtype::isInt(*dt) : dtype::isFloat(*dt);
  if (!ok || dtype::isWeak(*dt)) {
    emitError(root->getLoc())
        << "tolk-commit-weak: " << option << "='" << value << "' is not "
        << (wantInt ? "an integer" : "a float") << " type of known width";
    return failure();
  }
  return *dt;
}

Type CommitWeak::commit(Type type) const {
  if (auto fn = dyn_cast<FunctionType>(type)) {
    auto map = [&](TypeRange types) {
      SmallVector<Type> out;
      for (Type t : types) {
        Type c = commit(t);
        out.push_back(c ? c : t);
      }
      return out;
    };
    auto committed = FunctionType::get(type.getContext(), map(fn.getInputs()),
                                       map(fn.getResults()));
    return committed == fn ? Type() : committed;
  }
  std::optional<ElementwiseType> et = classify(type);
  if (!et || !dtype::isWeak(et->dtype))
    return {};
  DType strong = et->dtype == DType::WeakInt ? intDType : floatDType;
  return withShape(et->shape, getScalarType(type.getContext(), strong));
}

/// A weak integer shifted by a negative constant count is an error
/// (docs/Semantics.md#shl-shr): the folder leaves it, and committing would
/// read the count as an unsigned one of the committed width and quietly
/// shift every bit out.
static LogicalResult checkWeakShifts(Operation *root) {
  bool bad = false;
  root->walk([&](Operation *op) {
    if (!isa<ShlOp, ShrOp>(op) || op->getNumOperands() != 2)
      return;
    std::optional<ElementwiseType> et = classify(op->getResult(0).getType());
    if (!et || et->dtype != DType::WeakInt)
      return;
    Attribute attr;
    if (!matchPattern(op->getOperand(1), m_Constant(&attr)))
      return;
    std::optional<dtype::Const> count = getConstantValue(attr);
    if (!count || count->isInvalid() || !count->value().isInt() ||
        count->value().getInt() >= 0)
      return;
    op->emitOpError("shifts a weak integer by the negative count ")
        << dtype::toDecimal(count->value().getInt())
        << ": a weak shift is exact and takes no negative count "
           "(docs/Semantics.md#shl-shr)";
    bad = true;
  });
  return failure(bad);
}

void CommitWeak::runOnOperation() {
  // The settings are read once per run: options override them without
  // touching the process-wide DEFAULT_INT / DEFAULT_FLOAT.
  FailureOr<DType> i = resolve("default-int", defaultInt, /*wantInt=*/true);
  FailureOr<DType> f =
      resolve("default-float", defaultFloat, /*wantInt=*/false);
  if (failed(i) || failed(f))
    return signalPassFailure();
  intDType = *i;
  floatDType = *f;

  Operation *root = getOperation();
  if (failed(checkWeakShifts(root)))
    return signalPassFailure();
  // The ops with a weak operand, for the diagnostic below (committing
  // changes the operands' types).
  llvm::DenseSet<Operation *> weakOperands;
  root->walk([&](Operation *op) {
    if (llvm::any_of(op->getOperandTypes(), [](Type t) {
          std::optional<ElementwiseType> et = classify(t);
          return et && dtype::isWeak(et->dtype);
        }))
      weakOperands.insert(op);
  });
  bool failedConst = false, changed = false;
  root->walk([&](Operation *op) {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          if (Type t = commit(arg.getType())) {
            arg.setType(t);
            changed = true;
          }
    if (auto fn = dyn_cast<FunctionOpInterface>(op))
      if (Type t = commit(fn.getFunctionType())) {
        fn.setType(t);
        changed = true;
      }
    for (OpResult res : op->getResults()) {
      Type t = commit(res.getType());
      if (!t)
        continue;
      if (auto cst = dyn_cast<ConstOp>(op)) {
        // Dtype.const in the committed type: integers wrap, a weak float
        // (held as a double) rounds once.
        DType to = classify(t)->dtype;
        llvm::Expected<dtype::Const> v =
            dtype::makeConst(to, cst.getValue().getValue());
        if (!v) {
          cst.emitOpError("cannot commit the weak constant to ")
              << t << ": " << llvm::toString(v.takeError());
          failedConst = true;
          continue;
        }
        cst.setValueAttr(ConstAttr::get(op->getContext(), *v));
      }
      res.setType(t);
      changed = true;
    }
  });
  if (failedConst)
    return signalPassFailure();
  // Nothing weak: nothing to check either, and nothing for the verifier.
  if (!changed)
    return markAllAnalysesPreserved();

  // A weak operand that an op's promotion absorbed (its result was strong)
  // changes the op's type once committed; changing the result too would
  // change the program, so it is an error.
  bool inconsistent = false;
  root->walk([&](InferTypeOpInterface op) {
    if (!isa<TolkDialect>(op->getDialect()))
      return;
    SmallVector<Type, 1> inferred;
    Operation *o = op.getOperation();
    if (succeeded(op.inferReturnTypes(
            o->getContext(), std::nullopt, o->getOperands(),
            o->getRawDictionaryAttrs(), o->getPropertiesStorage(),
            o->getRegions(), inferred)) &&
        TypeRange(inferred) == o->getResultTypes())
      return;
    // Either a weak operand was absorbed (si8 + weakint is si8, but si8 +
    // si32 is not), or strong operands promote to a weak type (si64 + ui64
    // is weakfloat), which committing the result alone cannot follow.
    InFlightDiagnostic diag =
        weakOperands.contains(o)
            ? op->emitOpError("a weak operand would change this op's "
                              "promoted type once committed")
            : op->emitOpError("the operands promote to a weak type, which "
                              "committing the result alone would not change");
    if (!inferred.empty())
      diag << " (the committed operands give " << inferred.front() << ", not "
           << o->getResult(0).getType() << ")";
    diag << "; run --canonicalize first, which makes the promotion explicit";
    inconsistent = true;
  });
  if (inconsistent)
    signalPassFailure();
}
