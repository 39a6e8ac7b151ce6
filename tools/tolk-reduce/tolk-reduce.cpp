//===- tolk-reduce.cpp - Tolk test case reducer ---------------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// mlir-reduce with the dialects, passes and pipelines of tolk-opt:
//
//   tolk-reduce bug.mlir --reduction-tree='traversal-mode=0 test=check.sh'
//   tolk-reduce bug.mlir --opt-reduction-pass='opt-pass=canonicalize test=...'
//
// keeps the smallest variant of bug.mlir for which the interestingness
// script `check.sh FILE` exits with 1 (docs/Reducing.md).
//
// The reduction tree erases functions and ops while the script finds the
// result interesting, folding what it can, and then applies each dialect's
// reduction patterns; --opt-reduction-pass keeps a pass's result where it is
// smaller and still interesting. The tolk dialect's pattern, added here,
// replaces a value op by one of its operands, or else by a zero constant, so
// that a chain of elementwise ops shortens around the op that matters.
//
// The pattern asks the script first and rewrites only what stays
// interesting. MLIR 22's reduction tree applies the patterns to every op of
// a region at once, and reads that variant again after discarding it if it
// is no longer interesting (a crash): a pattern must never make a test case
// uninteresting.
//
//===----------------------------------------------------------------------===//

#include "tolk/Config/Version.h"
#include "tolk/Dialect/Tolk/IR/TolkDialect.h"
#include "tolk/Dialect/Tolk/IR/TolkOps.h"
#include "tolk/Dialect/Tolk/IR/TypeMapping.h"
#include "tolk/InitAllDialects.h"
#include "tolk/InitAllPasses.h"
#include "tolk/Pipelines/Pipelines.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Reducer/ReductionPatternInterface.h"
#include "mlir/Reducer/Tester.h"
#include "mlir/Tools/mlir-reduce/MlirReduceMain.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace {
/// A tolk value op replaced by its first operand of the result's type whose
/// replacement the script still finds interesting, or else by a zero
/// constant of its type (`%r = tolk.add %x, %y : si8` becomes `%x`, `%y` or
/// `tolk.const 0 : si8`).
struct SimplifyValueOp : RewritePattern {
  SimplifyValueOp(MLIRContext *ctx, const Tester &tester)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, ctx),
        tester(tester) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isa<tolk::TolkDialect>(op->getDialect()) || isa<tolk::ConstOp>(op) ||
        op->getNumResults() != 1 || op->getNumRegions() != 0 ||
        op->getNumOperands() == 0)
      return failure();
    Type type = op->getResult(0).getType();
    for (Value operand : op->getOperands()) {
      if (operand.getType() != type ||
          !stillInteresting(op,
                            [&](OpBuilder &, Operation *copy, IRMapping &map) {
                              return map.lookup(operand);
                            }))
        continue;
      rewriter.replaceOp(op, operand);
      return success();
    }
    std::optional<tolk::dtype::Const> zero = zeroOf(type);
    if (!zero ||
        !stillInteresting(
            op, [&](OpBuilder &b, Operation *copy, IRMapping &) -> Value {
              return tolk::ConstOp::create(b, copy->getLoc(), type, *zero);
            }))
      return failure();
    rewriter.replaceOpWithNewOp<tolk::ConstOp>(op, type, *zero);
    return success();
  }

private:
  /// 0, false or 0.0 for a value type with a static shape.
  static std::optional<tolk::dtype::Const> zeroOf(Type type) {
    if (auto shaped = dyn_cast<ShapedType>(type);
        shaped && !shaped.hasStaticShape())
      return std::nullopt;
    std::optional<tolk::ElementwiseType> et = tolk::classify(type);
    if (!et)
      return std::nullopt; // A pointer, or index.
    if (tolk::dtype::isBool(et->dtype))
      return tolk::dtype::Const::ofBool(false);
    if (tolk::dtype::isFloat(et->dtype))
      return tolk::dtype::Const::ofDouble(0.0);
    return tolk::dtype::Const::ofInt(0);
  }

  /// Whether the module of `op`, with `op`'s result replaced by what
  /// `replacement` builds in a copy, is still interesting.
  template <typename Fn>
  bool stillInteresting(Operation *op, Fn replacement) const {
    auto module = op->getParentOfType<ModuleOp>();
    while (auto outer = module->getParentOfType<ModuleOp>())
      module = outer;
    IRMapping map;
    OwningOpRef<ModuleOp> copy(cast<ModuleOp>(module->clone(map)));
    Operation *copied = map.lookup(op);
    OpBuilder b(copied);
    Value with = replacement(b, copied, map);
    copied->getResult(0).replaceAllUsesWith(with);
    copied->erase();
    return tester.isInteresting(*copy).first == Tester::Interestingness::True;
  }

  const Tester &tester;
};

struct TolkReductionPatterns : DialectReductionPatternInterface {
  explicit TolkReductionPatterns(Dialect *dialect)
      : DialectReductionPatternInterface(dialect) {}

  void populateReductionPatterns(RewritePatternSet &) const final {}
  void populateReductionPatternsWithTester(RewritePatternSet &patterns,
                                           Tester &tester) const final {
    patterns.add<SimplifyValueOp>(patterns.getContext(), tester);
  }
};
} // namespace

/// mlir-reduce exits 1 without a word when the script does not find the
/// input interesting (there is nothing to reduce then): say so, with the
/// script's verdict, when the reduction's `test=` option names a script.
static void explainUninteresting(int argc, char **argv) {
  std::string script, input;
  std::vector<std::string> scriptArgs;
  for (int i = 1; i < argc; ++i) {
    StringRef arg(argv[i]);
    if (arg == "-o") {
      ++i;
      continue;
    }
    if (!arg.starts_with("-")) {
      if (input.empty())
        input = arg.str();
      continue;
    }
    if (!arg.contains("reduction"))
      continue;
    SmallVector<StringRef> words;
    arg.split(words, ' ', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
    for (StringRef word : words) {
      word = word.trim("'\"{}");
      if (word.consume_front("test="))
        script = word.str();
      else if (word.consume_front("test-arg="))
        scriptArgs.push_back(word.str());
    }
  }
  if (script.empty() || input.empty())
    return;
  if (Tester(script, scriptArgs).isInteresting(input) ==
      Tester::Interestingness::True)
    return;
  llvm::errs() << "tolk-reduce: error: the input '" << input
               << "' is not interesting: '" << script
               << "' does not exit with 1 on it, so there is nothing to "
                  "reduce (docs/Reducing.md)\n";
}

int main(int argc, char **argv) {
  DialectRegistry registry;
  tolk::registerAllDialects(registry);
  tolk::registerTolkPipelineExtensions(registry);
  registry.addExtension(+[](MLIRContext *, tolk::TolkDialect *dialect) {
    dialect->addInterfaces<TolkReductionPatterns>();
  });

  // What --opt-reduction-pass may run: the passes and pipelines of tolk-opt.
  registerTransformsPasses();
  tolk::registerAllPasses();

  llvm::cl::AddExtraVersionPrinter([](llvm::raw_ostream &os) {
    os << "Tolk-MLIR version " TOLK_VERSION_STRING "\n";
  });

  MLIRContext context(registry);
  if (succeeded(mlirReduceMain(argc, argv, context)))
    return 0;
  explainUninteresting(argc, argv);
  return 1;
}
