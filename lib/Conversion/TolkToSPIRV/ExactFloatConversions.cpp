//===- ExactFloatConversions.cpp - Float conversions as the folder's ------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// --tolk-spirv-exact-float-conversions: Vulkan's OpFConvert may make a NaN
// canonical and may round f64 to f16 twice; the conversions between f16,
// f32 and f64 are built so that neither happens.
//
//===----------------------------------------------------------------------===//

#include "tolk/Conversion/TolkToSPIRV/TolkToSPIRV.h"

#include "tolk/Lowering/LaneArith.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVEnums.h"
#include "mlir/IR/TypeUtilities.h"

namespace tolk {
#define GEN_PASS_DEF_TOLKSPIRVEXACTFLOATCONVERSIONS
#include "tolk/Conversion/Passes.h.inc"
} // namespace tolk

using namespace mlir;
using tolk::LaneArith;

/// arith.truncf and arith.extf between f16, f32 and f64 with the folder's
/// NaN: the source's sign and the top of its payload (narrowing) or all of
/// it (widening), quiet bit set (lib/Dtype's narrowNaN). Vulkan's
/// OpFConvert may make a NaN canonical (lavapipe turns f32 0x7fffffff into
/// f16 0x7e00, the folder keeps 0x7fff). The NaN bits are integer
/// arithmetic on the source's bits, selected on an unordered compare; a
/// conversion whose integer types the target lacks (f64 without Int64, f16
/// without Int16) is left as it is.
static void keepConversionNaNs(gpu::GPUFuncOp func,
                               const spirv::TargetEnv &env) {
  auto intAllowed = [&](unsigned width) {
    return width == 32 ||
           (width == 16 && env.allows(spirv::Capability::Int16)) ||
           (width == 64 && env.allows(spirv::Capability::Int64));
  };
  auto native = [](Type t) { return t.isF16() || t.isF32() || t.isF64(); };
  SmallVector<Operation *> conversions;
  func.walk([&](Operation *op) {
    if (!isa<arith::TruncFOp, arith::ExtFOp>(op))
      return;
    Type src = getElementTypeOrSelf(op->getOperand(0).getType());
    Type dst = getElementTypeOrSelf(op->getResult(0).getType());
    if (native(src) && native(dst) && intAllowed(src.getIntOrFloatBitWidth()) &&
        intAllowed(dst.getIntOrFloatBitWidth()))
      conversions.push_back(op);
  });
  for (Operation *op : conversions) {
    ImplicitLocOpBuilder b(op->getLoc(), op->getContext());
    b.setInsertionPointAfter(op);
    Value x = op->getOperand(0);
    LaneArith la(b, x.getType());
    auto src = cast<FloatType>(getElementTypeOrSelf(x.getType()));
    auto dst =
        cast<FloatType>(getElementTypeOrSelf(op->getResult(0).getType()));
    unsigned sw = src.getWidth(), dw = dst.getWidth();
    unsigned sm = src.getFPMantissaWidth() - 1,
             dm = dst.getFPMantissaWidth() - 1;
    Type si = b.getIntegerType(sw), di = b.getIntegerType(dw);
    Value bits = la.bitcast(x, si);
    // Sign and payload moved to their places in the destination's bits.
    Value sign, payload;
    if (sw > dw) {
      auto narrow = [&](Value v) { return la.convert<arith::TruncIOp>(v, di); };
      sign = narrow(la.shrui(bits, la.intConst(si, sw - dw)));
      payload = narrow(la.shrui(bits, la.intConst(si, sm - dm)));
    } else {
      Value wide = la.convert<arith::ExtUIOp>(bits, di);
      sign = la.shli(wide, la.intConst(di, dw - sw));
      payload = la.shli(wide, la.intConst(di, dm - sm));
    }
    APInt signMask = APInt::getSignMask(dw);
    APInt fracMask = APInt::getLowBitsSet(dw, dm);
    // Exponent all ones and the quiet bit.
    APInt nanBase = APInt::getBitsSet(dw, dm - 1, dw - 1);
    Value nanBits = la.ori(la.ori(la.andi(sign, la.intConst(di, signMask)),
                                  la.andi(payload, la.intConst(di, fracMask))),
                           la.intConst(di, nanBase));
    Value isNaN = la.cmpf(arith::CmpFPredicate::UNO, x, x);
    Value converted = op->getResult(0);
    Value r = la.select(isNaN, la.bitcast(nanBits, dst), converted);
    converted.replaceAllUsesExcept(r, r.getDefiningOp());
  }
}

/// arith.truncf from f64 to f16 as two conversions that round once: to f32
/// rounded to odd (to nearest, then, when that was inexact, the one of the
/// two f32 around the value whose last bit is set), then to f16. f32 has
/// 24 bits, at least f16's 11 plus 2, so the second rounding gives the f16
/// nearest the f64 (the argument of the integer conversions' round to odd,
/// lib/Transforms/ExpandFloatConversions.cpp). Vulkan's OpFConvert from f64
/// to f16 may round twice: lavapipe converts through f32, rounding to
/// nearest both times. Runs after keepConversionNaNs, whose select gives a
/// NaN its bits, so only the numbers take this path.
static void roundF64ToF16Once(gpu::GPUFuncOp func) {
  SmallVector<arith::TruncFOp> truncs;
  func.walk([&](arith::TruncFOp op) {
    if (getElementTypeOrSelf(op.getIn().getType()).isF64() &&
        getElementTypeOrSelf(op.getType()).isF16())
      truncs.push_back(op);
  });
  for (arith::TruncFOp op : truncs) {
    ImplicitLocOpBuilder b(op.getLoc(), op);
    Value x = op.getIn();
    LaneArith la(b, x.getType());
    Type f32 = b.getF32Type(), f64 = b.getF64Type();
    Type i32 = b.getI32Type();
    Value nearest = la.convert<arith::TruncFOp>(x, f32);
    Value back = la.convert<arith::ExtFOp>(nearest, f64);
    // Ordered: false for NaN; an infinity converts exactly.
    Value inexact = la.cmpf(arith::CmpFPredicate::ONE, back, x);
    Value away =
        la.cmpf(arith::CmpFPredicate::OGT, math::AbsFOp::create(b, back),
                math::AbsFOp::create(b, x));
    // In sign and magnitude, the f32 next to `nearest` towards zero is one
    // code lower (an overflow to infinity becomes the largest finite).
    Value bits = la.bitcast(nearest, i32);
    Value towardZero = la.select(away, la.subi(bits, la.i32(1)), bits);
    Value odd = la.select(inexact, la.ori(towardZero, la.i32(1)), bits);
    Value r = arith::TruncFOp::create(b, op.getType(), la.bitcast(odd, f32));
    op.replaceAllUsesWith(r);
    op.erase();
  }
}

namespace {
struct ExactFloatConversions
    : public tolk::impl::TolkSPIRVExactFloatConversionsBase<
          ExactFloatConversions> {
  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    spirv::TargetEnv env(tolk::getSPIRVTargetEnv(module));
    for (auto func : module.getOps<gpu::GPUFuncOp>()) {
      if (!func.isKernel())
        continue;
      keepConversionNaNs(func, env);
      roundF64ToF16Once(func);
    }
  }
};
} // namespace
