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
  Location loc = getKnownLocation(op);
  InFlightDiagnostic diag = emitError(loc);
  tolk::OriginAttr origin = findOrigin(loc);
  if (!origin || origin.getOpName() == op->getName().getStringRef())
    return std::move(diag << "'" << op->getName() << "' op " << message);
  // The op the user wrote, then what its lowering made.
  return std::move(diag << "'" << origin.getOpName().getValue()
                        << "' op of type " << origin.getType()
                        << ", lowered to '" << op->getName() << "', "
                        << message);
}

tolk::OriginAttr tolk::findOrigin(Location loc) {
  tolk::OriginAttr origin;
  loc->walk([&](Location l) {
    if (auto fused = dyn_cast<FusedLoc>(l))
      origin = dyn_cast_or_null<tolk::OriginAttr>(fused.getMetadata());
    return origin ? WalkResult::interrupt() : WalkResult::advance();
  });
  return origin;
}
