//===- SerializeSPIRV.cpp - SPIR-V binaries of lowered Tolk kernels -------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The binary of one kernel of a module that --tolk-to-spirv lowered, for
// tolk-run and tolk-translate --serialize-spirv (docs/Lowering.md,
// "SPIR-V").
//
//===----------------------------------------------------------------------===//

#include "tolk/Target/SPIRV.h"

#include "tolk/Conversion/TolkToSPIRV/TolkToSPIRV.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Target/SPIRV/Serialization.h"

using namespace mlir;

FailureOr<SmallVector<uint32_t>> tolk::serializeSPIRVKernel(Operation *root,
                                                            StringRef kernel) {
  SmallVector<spirv::ModuleOp> modules;
  root->walk([&](spirv::ModuleOp m) {
    if (kernel.empty()) {
      modules.push_back(m);
      return;
    }
    for (auto entry : m.getOps<spirv::EntryPointOp>())
      if (entry.getFn() == kernel) {
        modules.push_back(m);
        return;
      }
  });
  // At the location only: the module itself would be printed with the
  // error.
  if (modules.empty() && !kernel.empty())
    return emitError(root->getLoc(), "no spirv.module has the entry point '")
           << kernel << "'";
  if (modules.empty())
    return emitError(root->getLoc(),
                     "no spirv.module to serialize: --tolk-to-spirv makes "
                     "one for each kernel, and the input has none");
  if (modules.size() != 1)
    return emitError(root->getLoc(), "expected one spirv.module, found ")
           << modules.size() << ": name the kernel to serialize (--kernel)";
  // The workgroup size of a kernel compiled without one is a composite of
  // specialization constants, which only the binary can decorate.
  auto finish = [&](const SmallVector<uint32_t> &words)
      -> FailureOr<SmallVector<uint32_t>> {
    FailureOr<SmallVector<uint32_t>> decorated =
        decorateSpecializedWorkgroupSize(words);
    if (failed(decorated))
      return emitError(modules.front().getLoc(),
                       "the spirv.module has kernels with a known_block_size "
                       "and kernels without one, whose workgroup size is set "
                       "for the whole module: serialize one kernel at a time");
    return decorated;
  };
  SmallVector<uint32_t> words;
  if (kernel.empty()) {
    if (failed(spirv::serialize(modules.front(), words)))
      return failure();
    return finish(words);
  }

  // Only `kernel`: the other entry points of the module declare their own
  // buffers at the same bindings, which is valid SPIR-V but leaves a host
  // that reflects on the module two candidates for one binding.
  OwningOpRef<spirv::ModuleOp> copy(modules.front().clone());
  for (Operation &op : llvm::make_early_inc_range(copy->getOps())) {
    if (auto entry = dyn_cast<spirv::EntryPointOp>(op);
        entry && entry.getFn() != kernel)
      op.erase();
    else if (auto mode = dyn_cast<spirv::ExecutionModeOp>(op);
             mode && mode.getFn() != kernel)
      op.erase();
  }
  // Functions, then the variables only they used.
  for (auto cls : {0, 1}) {
    for (Operation &op : llvm::make_early_inc_range(copy->getOps())) {
      bool candidate =
          cls == 0 ? isa<spirv::FuncOp>(op) : isa<spirv::GlobalVariableOp>(op);
      auto symbol = dyn_cast<SymbolOpInterface>(op);
      if (candidate && symbol && symbol.getName() != kernel &&
          SymbolTable::symbolKnownUseEmpty(&op, copy->getOperation()))
        op.erase();
    }
  }
  if (failed(spirv::serialize(*copy, words)))
    return failure();
  return finish(words);
}
