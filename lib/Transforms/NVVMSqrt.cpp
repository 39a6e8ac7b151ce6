//===- NVVMSqrt.cpp - libdevice calls that are one NVPTX instruction ------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// --tolk-nvvm-sqrt: the calls of libdevice that convert-gpu-to-nvvm makes
// of math.sqrt, math.absf, math.trunc, math.floor, math.ceil, math.fma and
// math.copysign, as the LLVM intrinsics the NVPTX back end selects to one
// instruction. For sqrt it is a matter of rounding: libdevice's functions
// ask __nvvm_reflect("__CUDA_PREC_SQRT"), which MLIR's serializer leaves at
// 0, and so compile to sqrt.approx.f32, where Tolk's sqrt is the correctly
// rounded one (docs/Semantics.md#sqrt-exp2-log2); the intrinsic becomes
// sqrt.rn. The others are exact either way, but as calls they need
// libdevice, which a machine without a CUDA toolkit lacks, for what is one
// instruction (abs, cvt.rzi, cvt.rmi, cvt.rpi, fma.rn, copysign).
// convert-gpu-to-nvvm marks the intrinsics illegal, so the rewrite comes
// after it.
//
//===----------------------------------------------------------------------===//

#include "tolk/Transforms/Passes.h"

#include "tolk/Transforms/ChangeListener.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace tolk {
#define GEN_PASS_DEF_TOLKNVVMSQRT
#include "tolk/Transforms/Passes.h.inc"
} // namespace tolk

using namespace mlir;

namespace {

/// A libdevice function (f32 and f64 names) and the intrinsic it is.
struct NativeFunction {
  llvm::StringLiteral f32, f64;
  unsigned arity;
  Operation *(*build)(PatternRewriter &, Location, Type, ValueRange);
};

template <typename IntrinsicOp>
Operation *buildIntrinsic(PatternRewriter &rewriter, Location loc, Type type,
                          ValueRange operands) {
  return IntrinsicOp::create(rewriter, loc, type, operands);
}

const NativeFunction kNativeFunctions[] = {
    {"__nv_sqrtf", "__nv_sqrt", 1, buildIntrinsic<LLVM::SqrtOp>},
    {"__nv_fabsf", "__nv_fabs", 1, buildIntrinsic<LLVM::FAbsOp>},
    {"__nv_truncf", "__nv_trunc", 1, buildIntrinsic<LLVM::FTruncOp>},
    {"__nv_floorf", "__nv_floor", 1, buildIntrinsic<LLVM::FFloorOp>},
    {"__nv_ceilf", "__nv_ceil", 1, buildIntrinsic<LLVM::FCeilOp>},
    {"__nv_fmaf", "__nv_fma", 3, buildIntrinsic<LLVM::FMAOp>},
    {"__nv_copysignf", "__nv_copysign", 2, buildIntrinsic<LLVM::CopySignOp>},
};

struct LibdeviceCallToIntrinsic : OpRewritePattern<LLVM::CallOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LLVM::CallOp call,
                                PatternRewriter &rewriter) const override {
    std::optional<StringRef> callee = call.getCallee();
    if (!callee || call.getNumResults() != 1)
      return failure();
    Type type = call.getResult().getType();
    for (const NativeFunction &f : kNativeFunctions) {
      if (*callee != f.f32 && *callee != f.f64)
        continue;
      if (call.getNumOperands() != f.arity ||
          llvm::any_of(call.getOperandTypes(),
                       [&](Type t) { return t != type; }))
        return failure();
      rewriter.replaceOp(
          call, f.build(rewriter, call.getLoc(), type, call.getOperands()));
      return success();
    }
    return failure();
  }
};

struct TolkNVVMSqrtPass
    : public tolk::impl::TolkNVVMSqrtBase<TolkNVVMSqrtPass> {
  void runOnOperation() override {
    Operation *root = getOperation();
    RewritePatternSet patterns(&getContext());
    patterns.add<LibdeviceCallToIntrinsic>(&getContext());
    tolk::ChangeListener listener;
    walkAndApplyPatterns(root, std::move(patterns), &listener);
    bool changed = listener.changed;
    // A declaration nothing calls any more would still make the serializer
    // link libdevice.
    if (root->hasTrait<OpTrait::SymbolTable>())
      for (const NativeFunction &f : kNativeFunctions)
        for (StringRef name : {StringRef(f.f32), StringRef(f.f64)})
          if (auto decl = dyn_cast_or_null<LLVM::LLVMFuncOp>(
                  SymbolTable::lookupSymbolIn(root, name));
              decl && decl.isExternal() &&
              SymbolTable::symbolKnownUseEmpty(decl, root)) {
            decl.erase();
            changed = true;
          }
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace
