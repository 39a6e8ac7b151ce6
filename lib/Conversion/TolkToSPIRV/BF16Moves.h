//===- BF16Moves.h - The ops that only move bf16 bits -----------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The SPIR-V pipeline computes bf16 in f32, so the only ops left on bf16
// when it stores the type as i16 move its bits. tolk-spirv-check-kernels
// refuses any other on bf16, and tolk-spirv-bf16-as-i16 (run on its own)
// refuses to retype one: both ask this.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_LIB_CONVERSION_TOLKTOSPIRV_BF16MOVES_H
#define TOLK_LIB_CONVERSION_TOLKTOSPIRV_BF16MOVES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace tolk {

/// Whether `op` only moves the bits of its bf16 values (a load, a store, a
/// select, a bit cast, a constant, a vector move, a view), so that it means
/// the same on their i16 bits.
inline bool movesBF16Bits(mlir::Operation *op) {
  using namespace mlir;
  return isa<arith::BitcastOp, arith::ConstantOp, arith::SelectOp,
             memref::LoadOp, memref::StoreOp, vector::LoadOp, vector::StoreOp,
             vector::BroadcastOp, vector::ExtractOp, vector::InsertOp,
             vector::FromElementsOp, vector::ShuffleOp, scf::YieldOp, scf::IfOp,
             memref::AllocaOp, memref::CastOp, memref::ReinterpretCastOp,
             memref::ExtractStridedMetadataOp>(op);
}

} // namespace tolk

#endif // TOLK_LIB_CONVERSION_TOLKTOSPIRV_BF16MOVES_H
