//===- ScalarizeVectorAccesses.cpp - Vector accesses lane by lane ---------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tolk/Conversion/TolkToSPIRV/TolkToSPIRV.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace tolk {
#define GEN_PASS_DEF_TOLKSPIRVSCALARIZEVECTORACCESSES
#include "tolk/Conversion/Passes.h.inc"
} // namespace tolk

using namespace mlir;

/// Vector loads and stores of a buffer of scalars as one access per lane:
/// upstream lowers them to a bitcast of the element pointer to a vector
/// pointer, which logical addressing (Vulkan) forbids.
static void scalarizeVectorAccesses(gpu::GPUFuncOp func) {
  OpBuilder builder(func.getContext());
  auto laneIndex = [&](Location loc, Value base, int64_t lane) -> Value {
    if (lane == 0)
      return base;
    return arith::AddIOp::create(
        builder, loc, base, arith::ConstantIndexOp::create(builder, loc, lane));
  };
  SmallVector<Operation *> accesses;
  func.walk([&](Operation *op) {
    if (isa<vector::LoadOp, vector::StoreOp>(op))
      accesses.push_back(op);
  });
  // An access to a whole vector element (a buffer of lanes) stays one
  // access, without its alignment: upstream's SPIR-V conversion takes an
  // explicit alignment only through PhysicalStorageBuffer pointers and fails
  // to legalize the access otherwise, and in logical addressing the
  // buffer's layout aligns every element anyway.
  func.walk([&](Operation *op) {
    if (auto load = dyn_cast<memref::LoadOp>(op))
      load.removeAlignmentAttr();
    else if (auto store = dyn_cast<memref::StoreOp>(op))
      store.removeAlignmentAttr();
  });
  for (Operation *op : accesses) {
    builder.setInsertionPoint(op);
    Location loc = op->getLoc();
    if (auto load = dyn_cast<vector::LoadOp>(op)) {
      VectorType type = load.getVectorType();
      if (isa<VectorType>(load.getMemRefType().getElementType()) ||
          type.getRank() != 1 || load.getIndices().size() != 1)
        continue;
      SmallVector<Value> lanes;
      for (int64_t i = 0, e = type.getNumElements(); i < e; ++i)
        lanes.push_back(memref::LoadOp::create(
            builder, loc, load.getBase(),
            ValueRange{laneIndex(loc, load.getIndices()[0], i)}));
      load.replaceAllUsesWith(
          vector::FromElementsOp::create(builder, loc, type, lanes)
              .getResult());
      load.erase();
      continue;
    }
    auto store = cast<vector::StoreOp>(op);
    VectorType type = store.getVectorType();
    if (isa<VectorType>(store.getMemRefType().getElementType()) ||
        type.getRank() != 1 || store.getIndices().size() != 1)
      continue;
    for (int64_t i = 0, e = type.getNumElements(); i < e; ++i) {
      Value lane =
          vector::ExtractOp::create(builder, loc, store.getValueToStore(), i);
      memref::StoreOp::create(
          builder, loc, lane, store.getBase(),
          ValueRange{laneIndex(loc, store.getIndices()[0], i)});
    }
    store.erase();
  }
}

namespace {
struct ScalarizeVectorAccesses
    : public tolk::impl::TolkSPIRVScalarizeVectorAccessesBase<
          ScalarizeVectorAccesses> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<gpu::GPUFuncOp>())
      if (func.isKernel())
        scalarizeVectorAccesses(func);
  }
};
} // namespace
