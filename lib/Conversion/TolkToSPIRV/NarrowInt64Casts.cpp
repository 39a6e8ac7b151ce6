//===- NarrowInt64Casts.cpp - Float-to-integer casts without Int64 --------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// --tolk-spirv-narrow-int64-casts: on a target without Int64, the i64 of
// TolkToArith's float-to-integer casts is replaced by 32-bit arithmetic.
//
//===----------------------------------------------------------------------===//

#include "tolk/Conversion/TolkToSPIRV/TolkToSPIRV.h"

#include "tolk/Conversion/TolkToArith/TolkToArith.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVEnums.h"
#include "mlir/IR/TypeUtilities.h"

namespace tolk {
#define GEN_PASS_DEF_TOLKSPIRVNARROWINT64CASTS
#include "tolk/Conversion/Passes.h.inc"
} // namespace tolk

using namespace mlir;

/// Without Int64, the float-to-integer casts that TolkToArith builds from a
/// conversion to i64 and a truncation to 32 bits or fewer (arith.fptosi to
/// i64 of a value below 2^63 in magnitude, then arith.trunci) take the
/// low 32 bits from tolk::truncFloatModulo instead, in f32 or f64 and i32
/// arithmetic. Done on the gpu.module before it is checked, so that the
/// i64 the target lacks is gone.
static void narrowFloatToInt64(gpu::GPUModuleOp module,
                               const spirv::TargetEnv &env) {
  if (env.allows(spirv::Capability::Int64))
    return;
  SmallVector<arith::FPToSIOp> conversions;
  module.walk([&](arith::FPToSIOp op) {
    if (!getElementTypeOrSelf(op.getType()).isInteger(64) || op->use_empty())
      return;
    bool truncated = llvm::all_of(op->getUsers(), [](Operation *user) {
      auto trunc = dyn_cast<arith::TruncIOp>(user);
      return trunc &&
             getElementTypeOrSelf(trunc.getType()).getIntOrFloatBitWidth() <=
                 32;
    });
    if (truncated)
      conversions.push_back(op);
  });
  for (arith::FPToSIOp op : conversions) {
    OpBuilder builder(op);
    Value low = tolk::truncFloatModulo(builder, op.getLoc(), op.getIn(), 32);
    for (Operation *user : llvm::make_early_inc_range(op->getUsers())) {
      auto trunc = cast<arith::TruncIOp>(user);
      Value r = low;
      if (r.getType() != trunc.getType()) {
        builder.setInsertionPoint(trunc);
        r = arith::TruncIOp::create(builder, trunc.getLoc(), trunc.getType(),
                                    low);
      }
      trunc.replaceAllUsesWith(r);
      trunc.erase();
    }
    op.erase();
  }
}

namespace {
struct NarrowInt64Casts
    : public tolk::impl::TolkSPIRVNarrowInt64CastsBase<NarrowInt64Casts> {
  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    narrowFloatToInt64(module,
                       spirv::TargetEnv(tolk::getSPIRVTargetEnv(module)));
  }
};
} // namespace
