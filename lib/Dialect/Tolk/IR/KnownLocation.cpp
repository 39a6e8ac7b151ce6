//===- KnownLocation.cpp - An error at an op that has no location ---------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tolk/Dialect/Tolk/IR/KnownLocation.h"

using namespace mlir;

Location tolk::getKnownLocation(Operation *op) {
  auto known = [](Operation *o) { return !isa<UnknownLoc>(o->getLoc()); };
  if (known(op))
    return op->getLoc();
  for (Operation *user : op->getUsers())
    if (known(user))
      return user->getLoc();
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (known(parent))
      return parent->getLoc();
  return op->getLoc();
}

InFlightDiagnostic
tolk::emitOpErrorAtKnownLocation(Operation *op, const llvm::Twine &message) {
  return emitError(getKnownLocation(op))
         << "'" << op->getName() << "' op " << message;
}
