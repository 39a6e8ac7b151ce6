//===- RecordOrigins.cpp - Each Tolk op's name and types in its location --===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// --tolk-record-origins: a location is what lowerings pass on from an op to
// the ops they make of it, so it is where a diagnostic after lowering can
// find the op the user wrote (#tolk.origin, KnownLocation.h's findOrigin):
// a Tolk op, or the function whose tensors --tolk-kernelize turned into
// buffers.
//
//===----------------------------------------------------------------------===//

#include "tolk/Dialect/Tolk/IR/TolkDialect.h"
#include "tolk/Dialect/Tolk/Transforms/Passes.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace tolk {
#define GEN_PASS_DEF_TOLKRECORDORIGINS
#include "tolk/Dialect/Tolk/Transforms/Passes.h.inc"
} // namespace tolk

using namespace mlir;
using namespace tolk;

namespace {
struct RecordOrigins : public tolk::impl::TolkRecordOriginsBase<RecordOrigins> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    auto *dialect = ctx->getLoadedDialect<TolkDialect>();
    getOperation()->walk([&](Operation *op) {
      if (isa<UnknownLoc>(op->getLoc()))
        return;
      // A function too: --tolk-kernelize gives the loads, stores and
      // conversions of its tensors the function's location.
      auto function = dyn_cast<FunctionOpInterface>(op);
      if (op->getDialect() != dialect && !function)
        return;
      auto type = function ? dyn_cast<FunctionType>(function.getFunctionType())
                           : FunctionType::get(ctx, op->getOperandTypes(),
                                               op->getResultTypes());
      if (!type)
        return;
      auto origin = OriginAttr::get(
          ctx, StringAttr::get(ctx, op->getName().getStringRef()), type);
      op->setLoc(FusedLoc::get(ctx, {op->getLoc()}, origin));
    });
    markAllAnalysesPreserved();
  }
};
} // namespace
