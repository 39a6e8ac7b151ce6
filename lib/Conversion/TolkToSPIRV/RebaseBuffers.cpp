//===- RebaseBuffers.cpp - Memref views folded into their accesses --------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// --tolk-spirv-rebase-buffers: SPIR-V's logical addressing has no pointer
// with an offset, so every access through a view of a buffer becomes an
// access of the buffer, the offset in the index (and then in the access
// chain).
//
//===----------------------------------------------------------------------===//

#include "tolk/Conversion/TolkToSPIRV/TolkToSPIRV.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVEnums.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinTypes.h"

namespace tolk {
#define GEN_PASS_DEF_TOLKSPIRVREBASEBUFFERS
#include "tolk/Conversion/Passes.h.inc"
} // namespace tolk

using namespace mlir;

namespace {
/// A memref as --convert-tolk-to-gpu builds it: a buffer (a kernel argument
/// or an allocation, offset 0) and an element offset into it.
struct Buffer {
  Value root;
  OpFoldResult offset;
};
} // namespace

static FailureOr<Buffer> resolveBuffer(Value m) {
  Builder b(m.getContext());
  if (isa<BlockArgument>(m))
    return Buffer{m, b.getIndexAttr(0)};
  Operation *def = m.getDefiningOp();
  if (isa<memref::AllocOp, memref::AllocaOp>(def))
    return Buffer{m, b.getIndexAttr(0)};
  if (auto cast = dyn_cast<memref::CastOp>(def))
    return resolveBuffer(cast.getSource());
  if (auto meta = dyn_cast<memref::ExtractStridedMetadataOp>(def)) {
    // The base buffer of a view is its root.
    FailureOr<Buffer> source = resolveBuffer(meta.getSource());
    if (failed(source))
      return failure();
    return Buffer{source->root, b.getIndexAttr(0)};
  }
  if (auto view = dyn_cast<memref::ReinterpretCastOp>(def)) {
    // Its offset counts from the start of the source's buffer, which is
    // the root's start.
    FailureOr<Buffer> source = resolveBuffer(view.getSource());
    if (failed(source))
      return failure();
    return Buffer{source->root, view.getMixedOffsets()[0]};
  }
  return failure();
}

static Attribute storageClass(MLIRContext *ctx, Attribute space) {
  auto gpuSpace = dyn_cast_or_null<gpu::AddressSpaceAttr>(space);
  spirv::StorageClass sc = spirv::StorageClass::StorageBuffer;
  if (gpuSpace && gpuSpace.getValue() == gpu::AddressSpace::Workgroup)
    sc = spirv::StorageClass::Workgroup;
  else if (gpuSpace && gpuSpace.getValue() == gpu::AddressSpace::Private)
    sc = spirv::StorageClass::Function;
  return spirv::StorageClassAttr::get(ctx, sc);
}

/// The identity-layout memref of the storage class of `type`'s space.
static MemRefType rootType(MemRefType type) {
  return MemRefType::get(
      type.getShape(), type.getElementType(), MemRefLayoutAttrInterface(),
      storageClass(type.getContext(), type.getMemorySpace()));
}

/// Workgroup attributions become workgroup allocations, which upstream
/// lowers to Workgroup variables.
static void allocateWorkgroupAttributions(gpu::GPUFuncOp func) {
  OpBuilder builder(func.getContext());
  builder.setInsertionPointToStart(&func.getBody().front());
  while (func.getNumWorkgroupAttributions()) {
    BlockArgument arg = func.getWorkgroupAttributions().front();
    auto type = cast<MemRefType>(arg.getType());
    Value alloc = memref::AllocOp::create(builder, arg.getLoc(), type);
    arg.replaceAllUsesWith(alloc);
    func.getBody().front().eraseArgument(arg.getArgNumber());
    func->setAttr(
        func.getNumWorkgroupAttributionsAttrName(),
        builder.getI64IntegerAttr(func.getNumWorkgroupAttributions() - 1));
  }
}

/// Points every offset of a view's metadata, and every access, at the
/// buffer the view starts in (its root), the view's offset added to the
/// index. Fails, after a diagnostic, where a view cannot be traced.
static LogicalResult rebaseAccesses(gpu::GPUFuncOp func) {
  OpBuilder builder(func.getContext());
  bool ok = true;
  func.walk([&](memref::ExtractStridedMetadataOp meta) {
    if (meta.getOffset().use_empty())
      return;
    FailureOr<Buffer> buffer = resolveBuffer(meta.getSource());
    if (failed(buffer)) {
      meta.emitOpError("views a buffer that the SPIR-V lowering cannot trace");
      ok = false;
      return;
    }
    builder.setInsertionPoint(meta);
    meta.getOffset().replaceAllUsesWith(getValueOrCreateConstantIndexOp(
        builder, meta.getLoc(), buffer->offset));
  });

  // The memref operand and its index of every access: rank 1, as Tolk's
  // pointers are.
  auto rebase = [&](Operation *op, unsigned memIndex) {
    Value mem = op->getOperand(memIndex);
    if (op->getNumOperands() != memIndex + 2) {
      op->emitOpError("accesses a memref of rank other than 1, which Tolk "
                      "kernels do not have");
      ok = false;
      return;
    }
    FailureOr<Buffer> buffer = resolveBuffer(mem);
    if (failed(buffer)) {
      op->emitOpError("accesses a buffer that the SPIR-V lowering cannot "
                      "trace");
      ok = false;
      return;
    }
    if (buffer->root == mem)
      return;
    builder.setInsertionPoint(op);
    Value index = op->getOperand(memIndex + 1);
    std::optional<int64_t> constant = getConstantIntValue(buffer->offset);
    if (!constant || *constant != 0)
      index = arith::AddIOp::create(builder, op->getLoc(),
                                    getValueOrCreateConstantIndexOp(
                                        builder, op->getLoc(), buffer->offset),
                                    index);
    op->setOperand(memIndex, buffer->root);
    op->setOperand(memIndex + 1, index);
  };
  func.walk([&](Operation *op) {
    if (isa<memref::LoadOp, vector::LoadOp>(op))
      rebase(op, 0);
    else if (isa<memref::StoreOp, vector::StoreOp>(op))
      rebase(op, 1);
  });
  return success(ok);
}

/// Erases the views, dead once every access is rebased; fails, after a
/// diagnostic, on a view that is still used.
static LogicalResult eraseViews(gpu::GPUFuncOp func) {
  bool erased = true;
  while (erased) {
    erased = false;
    SmallVector<Operation *> dead;
    func.walk([&](Operation *op) {
      if (isa<memref::CastOp, memref::ReinterpretCastOp,
              memref::ExtractStridedMetadataOp>(op) &&
          op->use_empty())
        dead.push_back(op);
    });
    for (Operation *op : dead)
      op->erase();
    erased = !dead.empty();
  }
  WalkResult left = func.walk([&](Operation *op) {
    if (isa<memref::CastOp, memref::ReinterpretCastOp,
            memref::ExtractStridedMetadataOp, memref::SubViewOp>(op)) {
      op->emitOpError("is a view that the SPIR-V lowering cannot fold into "
                      "its accesses");
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(left.wasInterrupted());
}

/// Identity layouts and storage classes for the buffers.
static void setBufferTypes(gpu::GPUFuncOp func) {
  SmallVector<Type> inputs;
  for (BlockArgument arg : func.getArguments()) {
    if (auto mem = dyn_cast<MemRefType>(arg.getType()))
      arg.setType(rootType(mem));
    inputs.push_back(arg.getType());
  }
  func.setFunctionType(
      FunctionType::get(func.getContext(), inputs, func.getResultTypes()));
  func.walk([&](Operation *op) {
    if (isa<memref::AllocOp, memref::AllocaOp>(op))
      op->getResult(0).setType(
          rootType(cast<MemRefType>(op->getResult(0).getType())));
  });
}

/// Rebases every access of `func` onto its buffer, so that no view is left,
/// and gives the buffers identity layouts and SPIR-V storage classes.
static LogicalResult rebaseBuffers(gpu::GPUFuncOp func) {
  allocateWorkgroupAttributions(func);
  if (failed(rebaseAccesses(func)) || failed(eraseViews(func)))
    return failure();
  setBufferTypes(func);
  return success();
}

namespace {
struct RebaseBuffers
    : public tolk::impl::TolkSPIRVRebaseBuffersBase<RebaseBuffers> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<gpu::GPUFuncOp>())
      if (func.isKernel() && failed(rebaseBuffers(func)))
        return signalPassFailure();
  }
};
} // namespace
