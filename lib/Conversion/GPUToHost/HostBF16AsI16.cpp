//===- HostBF16AsI16.cpp - bf16 values as i16 in host LLVM IR -------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// --tolk-host-bf16-as-i16: after --tolk-to-llvm's lowering, bf16 is only moved
// around (the host computes it in f32, and Tolk's conversions are integer
// arithmetic), yet a bf16-typed LLVM value is not bits to LLVM's x86
// backend: one that lives across basic blocks (a gated load's phi, a value
// stored under a gate) is promoted to f32 and rounded back, with
// `vcvtneps2bf16` on AVX512-BF16 (which flushes subnormals) or
// `__truncsfbf2` (which quiets signalling NaNs). Carrying the bits as i16
// leaves the backend nothing to round (docs/Lowering.md, "Host lowering").
//
// The rewrite changes types in place. Ops that only move a value (loads,
// stores, selects, branches, returns, calls of functions defined here,
// vector element moves, constants) take the new type, and so do the
// signatures of the functions defined here; a bitcast between bf16 and i16
// disappears. Anything else that uses or makes a bf16 value (an arithmetic
// op, a call of a declaration) keeps its type behind bitcasts.
//
//===----------------------------------------------------------------------===//

#include "tolk/Conversion/GPUToHost/GPUToHost.h"

#include "tolk/Lowering/BF16AsI16.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/DenseSet.h"

namespace tolk {
#define GEN_PASS_DEF_TOLKHOSTBF16ASI16
#include "tolk/Conversion/Passes.h.inc"
} // namespace tolk

using namespace mlir;

// The type mapping and the constants' bits are the SPIR-V pipeline's too
// (tolk/Lowering/BF16AsI16.h); the rewrite is in place, since the
// LLVM dialect's ops keep their operations and only change types.
using tolk::getBF16BitsAttr;
using tolk::getBF16BitsType;

namespace {

struct HostBF16AsI16 : public tolk::impl::TolkHostBF16AsI16Base<HostBF16AsI16> {
  using TolkHostBF16AsI16Base::TolkHostBF16AsI16Base;

  void runOnOperation() override {
    // The functions defined here take and return bits: their callers are
    // here too, or tolk-run's ExecutionEngine, whose packed wrapper is
    // generated from the same signature (and passes a scalar's bits). A
    // bf16 argument would be in an xmm register, and LLVM's instcombine
    // turns `store (bitcast %arg to i16)` back into a bf16 store of the
    // argument, which the backend rounds through f32 where the store is in
    // another block than the argument.
    getOperation().walk([&](LLVM::LLVMFuncOp func) {
      if (func.isExternal())
        return;
      defined.insert(func.getSymNameAttr());
      LLVM::LLVMFunctionType type = func.getFunctionType();
      SmallVector<Type> inputs;
      for (Type t : type.getParams())
        inputs.push_back(getBF16BitsType(t) ? getBF16BitsType(t) : t);
      Type result = type.getReturnType();
      if (Type bits = getBF16BitsType(result))
        result = bits;
      func.setFunctionTypeAttr(TypeAttr::get(
          LLVM::LLVMFunctionType::get(result, inputs, type.isVarArg())));
    });
    getOperation().walk([&](LLVM::LLVMFuncOp func) {
      if (!func.isExternal())
        rewrite(func);
    });
  }

  /// Whether `op` only moves its values, so that its bf16 operands and
  /// results can become i16 without changing what it computes.
  bool movesBits(Operation *op) const {
    if (auto constant = dyn_cast<LLVM::ConstantOp>(op))
      return isa<FloatAttr, DenseElementsAttr>(constant.getValue());
    if (auto call = dyn_cast<LLVM::CallOp>(op))
      return call.getCalleeAttr() &&
             defined.contains(call.getCalleeAttr().getAttr());
    return isa<LLVM::LoadOp, LLVM::StoreOp, LLVM::SelectOp, LLVM::PoisonOp,
               LLVM::UndefOp, LLVM::ZeroOp, LLVM::FreezeOp,
               LLVM::InsertElementOp, LLVM::ExtractElementOp,
               LLVM::ShuffleVectorOp, LLVM::BrOp, LLVM::CondBrOp,
               LLVM::SwitchOp, LLVM::MaskedLoadOp, LLVM::MaskedStoreOp,
               LLVM::BitcastOp, LLVM::ReturnOp>(op);
  }

  void rewrite(LLVM::LLVMFuncOp func) {
    OpBuilder b(func.getContext());

    // The operand types of every op that keeps bf16, to restore after the
    // producers changed.
    llvm::SmallVector<std::pair<Operation *, llvm::SmallVector<Type>>> kept;
    llvm::SmallVector<Operation *> moved;
    func.walk([&](Operation *op) {
      if (op == func)
        return;
      if (movesBits(op))
        moved.push_back(op);
      else if (llvm::any_of(op->getOperandTypes(), getBF16BitsType))
        kept.push_back({op, llvm::to_vector(op->getOperandTypes())});
    });

    // Block arguments, the entry block's included (the signature is bits
    // now), are passed by branches, which move bits.
    for (Block &block : func.getBody())
      for (BlockArgument arg : block.getArguments())
        if (Type bits = getBF16BitsType(arg.getType()))
          arg.setType(bits);
    // A bf16 value made by an op that keeps it is bitcast to its bits right
    // after it, for every other user.
    func.walk([&](Operation *op) {
      if (op == func || movesBits(op))
        return;
      b.setInsertionPointAfter(op);
      for (Value v : op->getResults()) {
        Type bits = getBF16BitsType(v.getType());
        if (!bits || v.use_empty())
          continue;
        auto cast = LLVM::BitcastOp::create(b, v.getLoc(), bits, v);
        v.replaceAllUsesExcept(cast.getResult(), cast.getOperation());
      }
    });

    for (Operation *op : moved) {
      for (Value result : op->getResults())
        if (Type bits = getBF16BitsType(result.getType()))
          result.setType(bits);
      // movesBits admits only float and dense constants, which are typed.
      if (auto constant = dyn_cast<LLVM::ConstantOp>(op))
        if (isa<BFloat16Type>(getElementTypeOrSelf(
                cast<TypedAttr>(constant.getValue()).getType())))
          constant.setValueAttr(
              getBF16BitsAttr(constant.getValue(), constant.getType()));
    }
    // A bitcast between a bf16 value and its bits is now the identity.
    for (Operation *op : moved)
      if (auto cast = dyn_cast<LLVM::BitcastOp>(op))
        if (cast.getArg().getType() == cast.getType()) {
          cast.replaceAllUsesWith(cast.getArg());
          cast.erase();
        }

    // The ops that keep bf16 get it back from the bits (or from the value
    // that the bits were cast from).
    for (auto &[op, types] : kept) {
      b.setInsertionPoint(op);
      for (auto [operand, type] : llvm::zip(op->getOpOperands(), types)) {
        Value bits = operand.get();
        if (bits.getType() == type)
          continue;
        auto cast = bits.getDefiningOp<LLVM::BitcastOp>();
        if (cast && cast.getArg().getType() == type)
          operand.set(cast.getArg());
        else
          operand.set(LLVM::BitcastOp::create(b, op->getLoc(), type, bits));
      }
    }
  }

  /// The functions with a body, whose signatures carry bits.
  llvm::DenseSet<StringAttr> defined;
};

} // namespace
