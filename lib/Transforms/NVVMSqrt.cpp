//===- NVVMSqrt.cpp - Correctly rounded sqrt on NVVM -----------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// --tolk-nvvm-sqrt: the calls of libdevice's __nv_sqrtf and __nv_sqrt that
// convert-gpu-to-nvvm makes of math.sqrt, as LLVM's sqrt intrinsic. The
// libdevice functions ask __nvvm_reflect("__CUDA_PREC_SQRT"), which MLIR's
// serializer leaves at 0, and so compile to sqrt.approx.f32; Tolk's sqrt is
// the correctly rounded one (seed 003). The NVPTX back end makes
// sqrt.rn.f32 / sqrt.rn.f64 of the intrinsic. (convert-gpu-to-nvvm marks
// the intrinsic illegal, so the rewrite comes after it.)
//
//===----------------------------------------------------------------------===//

#include "tolk/Transforms/Passes.h"

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

constexpr llvm::StringLiteral kLibdeviceSqrt[] = {"__nv_sqrtf", "__nv_sqrt"};

/// `llvm.call @__nv_sqrtf(x)` (or `@__nv_sqrt`) as `llvm.intr.sqrt(x)`.
struct LibdeviceSqrtToIntrinsic : OpRewritePattern<LLVM::CallOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LLVM::CallOp call,
                                PatternRewriter &rewriter) const override {
    std::optional<StringRef> callee = call.getCallee();
    if (!callee || !llvm::is_contained(kLibdeviceSqrt, *callee) ||
        call.getNumOperands() != 1 || call.getNumResults() != 1 ||
        call.getResult().getType() != call.getOperand(0).getType())
      return failure();
    rewriter.replaceOpWithNewOp<LLVM::SqrtOp>(call, call.getResult().getType(),
                                              call.getOperand(0));
    return success();
  }
};

struct TolkNVVMSqrtPass
    : public tolk::impl::TolkNVVMSqrtBase<TolkNVVMSqrtPass> {
  void runOnOperation() override {
    Operation *root = getOperation();
    RewritePatternSet patterns(&getContext());
    patterns.add<LibdeviceSqrtToIntrinsic>(&getContext());
    walkAndApplyPatterns(root, std::move(patterns));
    // A declaration nothing calls any more would still make the serializer
    // link libdevice.
    if (!root->hasTrait<OpTrait::SymbolTable>())
      return;
    for (StringRef name : kLibdeviceSqrt)
      if (auto decl = dyn_cast_or_null<LLVM::LLVMFuncOp>(
              SymbolTable::lookupSymbolIn(root, name));
          decl && decl.isExternal() &&
          SymbolTable::symbolKnownUseEmpty(decl, root))
        decl.erase();
  }
};

} // namespace
