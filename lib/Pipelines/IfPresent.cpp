//===- IfPresent.cpp - A pass run only on a module that has its ops -------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Upstream's conversion passes do their set-up (a type converter, a pattern
// set frozen in every run) and walk the whole module even when it has none
// of their ops, and never mark analyses preserved, so the pass manager
// verifies the module after each. On a Tolk kernel most of the GPU
// pipelines' conversions (scf, affine, complex, index, math) have nothing
// to do; the pass manager has no way to skip a pass by what the IR holds,
// so this wrapper asks first.
//
//===----------------------------------------------------------------------===//

#include "tolk/Pipelines/IfPresent.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

using namespace mlir;

namespace {

class IfPresentPass
    : public PassWrapper<IfPresentPass, OperationPass<ModuleOp>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(IfPresentPass)

  IfPresentPass(std::unique_ptr<Pass> pass, ArrayRef<StringRef> triggers)
      : name(("IfPresent(" + pass->getName() + ")").str()),
        inner(ModuleOp::getOperationName()) {
    llvm::raw_string_ostream os(textual);
    pass->printAsTextualPipeline(os);
    inner.addPass(std::move(pass));
    for (StringRef trigger : triggers)
      (trigger.contains('.') ? opNames : dialects).push_back(trigger.str());
  }
  IfPresentPass(const IfPresentPass &) = default;

  StringRef getName() const override { return name; }
  // The pass as it prints itself, options and all (the pass manager prints
  // a pass as its argument followed by its own options, of which the
  // wrapper has none): a pipeline printed with the wrapper (a crash
  // reproducer, say) runs the pass unconditionally, which gives the same
  // module.
  StringRef getArgument() const override { return textual; }
  StringRef getDescription() const override {
    return "Run a conversion only on a module that holds its ops";
  }

  void getDependentDialects(DialectRegistry &registry) const override {
    inner.getDependentDialects(registry);
  }

  void runOnOperation() override {
    bool present =
        getOperation()
            ->walk([&](Operation *op) {
              OperationName opName = op->getName();
              return llvm::is_contained(dialects,
                                        opName.getDialectNamespace()) ||
                             llvm::is_contained(opNames, opName.getStringRef())
                         ? WalkResult::interrupt()
                         : WalkResult::advance();
            })
            .wasInterrupted();
    if (present && failed(runPipeline(inner, getOperation())))
      return signalPassFailure();
    // Either nothing changed, or the nested pipeline has already run the
    // verifier after the pass (where the pass manager verifies) and dropped
    // from the cache (the same analysis manager's) the analyses the pass
    // did not preserve.
    markAllAnalysesPreserved();
  }

private:
  std::string name, textual;
  OpPassManager inner;
  llvm::SmallVector<std::string, 2> dialects, opNames;
};

} // namespace

std::unique_ptr<Pass>
tolk::createIfPresentPass(std::unique_ptr<Pass> pass,
                          ArrayRef<StringRef> triggers) {
  return std::make_unique<IfPresentPass>(std::move(pass), triggers);
}
