//===- IfPresent.cpp - A pass run only on a module that has its ops -------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Upstream's conversion passes do their set-up (a type converter, a pattern
// set frozen in every run) and walk the whole module even when it has none
// of their ops, and never mark analyses preserved, so the pass manager
// verifies the module after each. On a Tolk kernel most of the GPU
// pipelines' conversions (scf, affine, complex, index, math) have nothing
// to do; the pass manager has no way to skip a pass by what the IR holds,
// so this wrapper asks first. gpu-to-llvm, whose work is not one dialect's
// ops, gets a finder of its own.
//
//===----------------------------------------------------------------------===//

#include "tolk/Upstream/IfPresent.h"

#include "tolk/Dialect/Tolk/IR/TolkDialect.h"

#include "mlir/Conversion/GPUCommon/GPUCommonPass.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

using namespace mlir;

namespace {

class IfPresentPass
    : public PassWrapper<IfPresentPass, OperationPass<ModuleOp>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(IfPresentPass)

  IfPresentPass(std::unique_ptr<Pass> pass, tolk::PassWorkFinder findWork)
      : name(("IfPresent(" + pass->getName() + ")").str()),
        inner(ModuleOp::getOperationName()), findWork(std::move(findWork)) {
    llvm::raw_string_ostream os(textual);
    pass->printAsTextualPipeline(os);
    inner.addPass(std::move(pass));
  }
  IfPresentPass(const IfPresentPass &) = default;

  StringRef getName() const override { return name; }
  // The pass as it prints itself, options and all (the pass manager prints
  // a pass as its argument followed by its own options, of which the
  // wrapper has none): a pipeline printed with the wrapper (a crash
  // reproducer, say) runs the pass unconditionally, which gives the same
  // module.
  StringRef getArgument() const override { return textual; }
  StringRef getDescription() const override {
    return "Run a conversion only on a module that holds its ops";
  }

  void getDependentDialects(DialectRegistry &registry) const override {
    inner.getDependentDialects(registry);
  }

  void runOnOperation() override {
    bool present = getOperation()
                       ->walk<WalkOrder::PreOrder>([&](Operation *op) {
                         switch (findWork(op)) {
                         case tolk::PassWork::here:
                           return WalkResult::interrupt();
                         case tolk::PassWork::notHere:
                           return WalkResult::advance();
                         case tolk::PassWork::notWithin:
                           return WalkResult::skip();
                         }
                         llvm_unreachable("unknown PassWork");
                       })
                       .wasInterrupted();
    if (present && failed(runPipeline(inner, getOperation())))
      return signalPassFailure();
    // Either nothing changed, or the nested pipeline has already run the
    // verifier after the pass (where the pass manager verifies) and dropped
    // from the cache (the same analysis manager's) the analyses the pass
    // did not preserve.
    markAllAnalysesPreserved();
  }

private:
  std::string name, textual;
  OpPassManager inner;
  tolk::PassWorkFinder findWork;
};

} // namespace

std::unique_ptr<Pass> tolk::createIfPresentPass(std::unique_ptr<Pass> pass,
                                                ArrayRef<StringRef> triggers) {
  llvm::SmallVector<std::string, 2> dialects, opNames;
  for (StringRef trigger : triggers)
    (trigger.contains('.') ? opNames : dialects).push_back(trigger.str());
  return createIfPresentPass(
      std::move(pass), [dialects, opNames](Operation *op) {
        OperationName opName = op->getName();
        return llvm::is_contained(dialects, opName.getDialectNamespace()) ||
                       llvm::is_contained(opNames, opName.getStringRef())
                   ? PassWork::here
                   : PassWork::notHere;
      });
}

std::unique_ptr<Pass> tolk::createIfPresentPass(std::unique_ptr<Pass> pass,
                                                PassWorkFinder findWork) {
  return std::make_unique<IfPresentPass>(std::move(pass), std::move(findWork));
}

/// Whether `op` has a tensor among its operand and result types, or (a
/// function) among its arguments and results.
static bool hasTensorType(Operation *op) {
  auto isTensor = [](Type type) { return isa<TensorType>(type); };
  if (auto function = dyn_cast<FunctionOpInterface>(op))
    return llvm::any_of(function.getArgumentTypes(), isTensor) ||
           llvm::any_of(function.getResultTypes(), isTensor);
  return llvm::any_of(op->getOperandTypes(), isTensor) ||
         llvm::any_of(op->getResultTypes(), isTensor);
}

// gpu-to-llvm greedily lowers vector transfers, then converts with the
// patterns of every loaded dialect that has an LLVM conversion interface,
// the LLVM dialect and unrealized casts legal, gpu.module and gpu.binary
// kept. Both drivers also fold, which the pipelines' canonicalizers do too.
// So an op is no work for it where it is legal, where none of those
// patterns can apply: an op of a dialect without the interface (Tolk,
// ROCDL), an NVVM op that the NVVM dialect's patterns (which lower the ops
// with a PTX builder to inline assembly) do not match, or an op with a
// tensor type (the LLVM type converter converts none, so no pattern's
// operands or results convert) other than a vector op. Anything else counts as
// work, so what this does not know runs the pass.
// test/Unit/Transforms/UnchangedIRTest.cpp checks that gpu-to-llvm indeed
// leaves such a module unchanged.
tolk::PassWork tolk::gpuToLLVMWork(Operation *op) {
  if (isa<gpu::BinaryOp>(op))
    return PassWork::notWithin;
  if (isa<ModuleOp, gpu::GPUModuleOp, UnrealizedConversionCastOp>(op))
    return PassWork::notHere;
  Dialect *dialect = op->getDialect();
  if (!dialect)
    return PassWork::here;
  if (isa<LLVM::LLVMDialect, ROCDL::ROCDLDialect, TolkDialect>(dialect))
    return PassWork::notHere;
  // The transfer lowering's patterns are not the conversion's: a vector op
  // counts whatever its types.
  if (isa<vector::VectorDialect>(dialect))
    return PassWork::here;
  if (isa<NVVM::NVVMDialect>(dialect))
    return isa<NVVM::BasicPtxBuilderInterface>(op) ? PassWork::here
                                                   : PassWork::notHere;
  return hasTensorType(op) ? PassWork::notHere : PassWork::here;
}

std::unique_ptr<Pass> tolk::createGpuToLLVMIfPresentPass() {
  return createIfPresentPass(createGpuToLLVMConversionPass(), gpuToLLVMWork);
}
