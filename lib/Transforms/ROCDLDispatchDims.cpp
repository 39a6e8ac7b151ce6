//===- ROCDLDispatchDims.cpp - ROCDL launch sizes from the dispatch packet ===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// --tolk-rocdl-dispatch-dims: the block and grid sizes of a ROCDL kernel read
// from the HSA kernel dispatch packet, where upstream translates them to calls
// of ROCm's device library (__ockl_get_local_size, __ockl_get_num_groups),
// which gpu-module-to-binary can link only on a machine with ROCm
// (docs/Lowering.md, "Lowering kernels to ROCDL"). No library function does
// this without the library itself, and the packet's layout is part of the HSA
// ABI, so the few loads are written here.
//
//===----------------------------------------------------------------------===//

#include "tolk/Transforms/Passes.h"

#include "tolk/Transforms/ChangeListener.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace tolk {
#define GEN_PASS_DEF_TOLKROCDLDISPATCHDIMS
#include "tolk/Transforms/Passes.h.inc"
} // namespace tolk

using namespace mlir;

namespace {

/// Byte offsets in hsa_kernel_dispatch_packet_t (HSA Platform System
/// Architecture Specification, "Kernel Dispatch Packet"): the workgroup
/// size is three uint16_t from byte 4, the grid size, in work-items, three
/// uint32_t from byte 12.
constexpr int64_t kWorkgroupSizeOffset = 4;
constexpr int64_t kGridSizeOffset = 12;

/// The dispatch packet is in the constant address space.
constexpr unsigned kConstantAddressSpace = 4;

/// The field of `type` at `offset` bytes into the dispatch packet, zero
/// extended to i32. The packet does not change while the kernel runs, so
/// the load is invariant and LLVM may hoist and merge it.
Value loadPacketField(PatternRewriter &rewriter, Location loc, IntegerType type,
                      int64_t offset) {
  MLIRContext *ctx = rewriter.getContext();
  auto ptrType = LLVM::LLVMPointerType::get(ctx, kConstantAddressSpace);
  Value packet =
      LLVM::CallIntrinsicOp::create(
          rewriter, loc, ptrType,
          rewriter.getStringAttr("llvm.amdgcn.dispatch.ptr"), ValueRange{})
          .getResult(0);
  Value field =
      LLVM::GEPOp::create(rewriter, loc, ptrType, rewriter.getI8Type(), packet,
                          ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(offset)},
                          LLVM::GEPNoWrapFlags::inbounds);
  Value value = LLVM::LoadOp::create(rewriter, loc, type, field,
                                     /*alignment=*/type.getWidth() / 8,
                                     /*isVolatile=*/false,
                                     /*isNonTemporal=*/false,
                                     /*isInvariant=*/true);
  auto i32 = rewriter.getI32Type();
  if (type.getWidth() < 32)
    value = LLVM::ZExtOp::create(rewriter, loc, i32, value);
  return value;
}

/// `value` (i32) as the integer type the dimension op gives.
Value toResultType(PatternRewriter &rewriter, Location loc, Value value,
                   IntegerType type) {
  if (type.getWidth() > 32)
    return LLVM::ZExtOp::create(rewriter, loc, type, value);
  if (type.getWidth() < 32)
    return LLVM::TruncOp::create(rewriter, loc, type, value);
  return value;
}

/// The packet's workgroup size in dimension `dim`, as i32.
Value workgroupSize(PatternRewriter &rewriter, Location loc, int dim) {
  return loadPacketField(rewriter, loc, rewriter.getI16Type(),
                         kWorkgroupSizeOffset + 2 * dim);
}

/// rocdl.workgroup.dim.{x,y,z}: the packet's workgroup size.
template <typename DimOp, int Dim>
struct BlockDimFromPacket : OpRewritePattern<DimOp> {
  using OpRewritePattern<DimOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(DimOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<IntegerType>(op.getType());
    if (!type)
      return failure();
    Location loc = op.getLoc();
    rewriter.replaceOp(
        op,
        toResultType(rewriter, loc, workgroupSize(rewriter, loc, Dim), type));
    return success();
  }
};

/// rocdl.grid.dim.{x,y,z}: the number of workgroups. The packet gives the
/// grid in work-items, which need not be a multiple of the workgroup size
/// (the last workgroup is partial), so the quotient is rounded up, as
/// __ockl_get_num_groups does.
template <typename DimOp, int Dim>
struct GridDimFromPacket : OpRewritePattern<DimOp> {
  using OpRewritePattern<DimOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(DimOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<IntegerType>(op.getType());
    if (!type)
      return failure();
    Location loc = op.getLoc();
    auto i32 = rewriter.getI32Type();
    Value items =
        loadPacketField(rewriter, loc, i32, kGridSizeOffset + 4 * Dim);
    Value block = workgroupSize(rewriter, loc, Dim);
    Value groups = LLVM::UDivOp::create(rewriter, loc, items, block);
    Value rest = LLVM::URemOp::create(rewriter, loc, items, block);
    Value zero = LLVM::ConstantOp::create(rewriter, loc, i32, 0);
    Value partial = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ne,
                                         rest, zero);
    Value extra = LLVM::ZExtOp::create(rewriter, loc, i32, partial);
    groups = LLVM::AddOp::create(rewriter, loc, groups, extra,
                                 LLVM::IntegerOverflowFlags::nuw);
    rewriter.replaceOp(op, toResultType(rewriter, loc, groups, type));
    return success();
  }
};

struct TolkROCDLDispatchDimsPass
    : public tolk::impl::TolkROCDLDispatchDimsBase<TolkROCDLDispatchDimsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<BlockDimFromPacket<ROCDL::BlockDimXOp, 0>,
                 BlockDimFromPacket<ROCDL::BlockDimYOp, 1>,
                 BlockDimFromPacket<ROCDL::BlockDimZOp, 2>,
                 GridDimFromPacket<ROCDL::GridDimXOp, 0>,
                 GridDimFromPacket<ROCDL::GridDimYOp, 1>,
                 GridDimFromPacket<ROCDL::GridDimZOp, 2>>(&getContext());
    // One rewrite per op and no folding: the walk driver is enough.
    tolk::ChangeListener listener;
    walkAndApplyPatterns(getOperation(), std::move(patterns), &listener);
    if (!listener.changed)
      markAllAnalysesPreserved();
  }
};

} // namespace
