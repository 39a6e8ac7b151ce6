//===- ChangeListener.h - Whether a rewriter changed the IR -----*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A pass that changed nothing marks all analyses preserved, and the pass
// manager then skips the verifier after it (docs/Lowering.md, "Passes that
// change nothing"). The greedy driver reports a change itself; the walk
// driver (walkAndApplyPatterns) does not, and takes this listener instead.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_TRANSFORMS_CHANGELISTENER_H
#define TOLK_TRANSFORMS_CHANGELISTENER_H

#include "mlir/IR/PatternMatch.h"

namespace tolk {

/// Notes whether a rewriter it listens to changed the IR.
struct ChangeListener : public mlir::RewriterBase::Listener {
  bool changed = false;

  void notifyOperationInserted(mlir::Operation *,
                               mlir::OpBuilder::InsertPoint) override {
    changed = true;
  }
  void notifyBlockInserted(mlir::Block *, mlir::Region *,
                           mlir::Region::iterator) override {
    changed = true;
  }
  void notifyOperationModified(mlir::Operation *) override { changed = true; }
  using mlir::RewriterBase::Listener::notifyOperationReplaced;
  void notifyOperationReplaced(mlir::Operation *, mlir::ValueRange) override {
    changed = true;
  }
  void notifyOperationErased(mlir::Operation *) override { changed = true; }
  void notifyBlockErased(mlir::Block *) override { changed = true; }
};

} // namespace tolk

#endif // TOLK_TRANSFORMS_CHANGELISTENER_H
