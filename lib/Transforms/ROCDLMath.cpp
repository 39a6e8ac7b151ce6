//===- ROCDLMath.cpp - ROCDL math without ROCm's device library -----------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// --tolk-rocdl-math: the calls of ROCm's device library (OCML) that
// convert-gpu-to-rocdl makes of math ops, as the LLVM intrinsics the
// library's own functions are: OCML's floor and ceil are __builtin_floor
// and __builtin_ceil, its exp2 and log2 on f32 and f16 __builtin_exp2f and
// __builtin_log2f (llvm.exp2 and llvm.log2, which the AMDGPU back end
// compiles to v_exp/v_log with its scaling of subnormals).
// gpu-module-to-binary links the library only where ROCm is installed, so
// a call left to it fails there with a message about a missing directory
// and the whole module printed; any other OCML function is an error at the
// call here, naming it.
//
//===----------------------------------------------------------------------===//

#include "tolk/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringSwitch.h"

namespace tolk {
#define GEN_PASS_DEF_TOLKROCDLMATH
#include "tolk/Transforms/Passes.h.inc"
} // namespace tolk

using namespace mlir;

namespace {

enum class Intrinsic { None, Exp2, Log2, Floor, Ceil };

/// The intrinsic an OCML function `__ocml_<name>_<type>` is: floor and ceil
/// on every type (__builtin_floor, __builtin_ceil), exp2 and log2 on f32
/// and f16 (their f64 versions are software).
Intrinsic intrinsicOf(StringRef callee) {
  StringRef name = callee;
  if (!name.consume_front("__ocml_"))
    return Intrinsic::None;
  auto [op, type] = name.rsplit('_');
  bool narrow = type == "f32" || type == "f16";
  if (!narrow && type != "f64")
    return Intrinsic::None;
  return llvm::StringSwitch<Intrinsic>(op)
      .Case("floor", Intrinsic::Floor)
      .Case("ceil", Intrinsic::Ceil)
      .Case("exp2", narrow ? Intrinsic::Exp2 : Intrinsic::None)
      .Case("log2", narrow ? Intrinsic::Log2 : Intrinsic::None)
      .Default(Intrinsic::None);
}

/// The intrinsic `which` of `x`.
Value createIntrinsic(OpBuilder &b, Location loc, Intrinsic which, Value x) {
  switch (which) {
  case Intrinsic::Exp2:
    return LLVM::Exp2Op::create(b, loc, x);
  case Intrinsic::Log2:
    return LLVM::Log2Op::create(b, loc, x);
  case Intrinsic::Floor:
    return LLVM::FFloorOp::create(b, loc, x);
  case Intrinsic::Ceil:
    return LLVM::FCeilOp::create(b, loc, x);
  case Intrinsic::None:
    break;
  }
  llvm_unreachable("not an intrinsic");
}

struct TolkROCDLMathPass
    : public tolk::impl::TolkROCDLMathBase<TolkROCDLMathPass> {
  void runOnOperation() override {
    Operation *root = getOperation();
    bool failed = false;
    // One error per function and op: the lanes of a vector op are one
    // call each.
    llvm::DenseSet<std::pair<Location, StringRef>> reported;
    bool changed = false;
    root->walk([&](LLVM::CallOp call) {
      std::optional<StringRef> callee = call.getCallee();
      if (!callee || !callee->starts_with("__ocml_"))
        return;
      Intrinsic which = intrinsicOf(*callee);
      if (which == Intrinsic::None || call.getNumOperands() != 1 ||
          call.getNumResults() != 1) {
        failed = true;
        if (!reported.insert({call.getLoc(), *callee}).second)
          return;
        // At the location only: the op would print the call.
        emitError(call.getLoc())
            << "calls " << *callee
            << " of ROCm's device library, which the ROCDL pipeline does not "
               "link: the chip has no instruction for it, and Tolk no "
               "expansion";
        return;
      }
      OpBuilder b(call);
      call.getResult().replaceAllUsesWith(
          createIntrinsic(b, call.getLoc(), which, call.getOperand(0)));
      call.erase();
      changed = true;
    });
    if (failed)
      return signalPassFailure();
    // A declaration nothing calls any more would still make the serializer
    // look for the library.
    if (root->hasTrait<OpTrait::SymbolTable>())
      for (auto decl : llvm::make_early_inc_range(
               root->getRegion(0).getOps<LLVM::LLVMFuncOp>()))
        if (decl.isExternal() && decl.getName().starts_with("__ocml_") &&
            SymbolTable::symbolKnownUseEmpty(decl, root)) {
          decl.erase();
          changed = true;
        }
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace
