//===- IfPresent.h - A pass run only on a module that has its ops -*- C++
//-*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_PIPELINES_IFPRESENT_H
#define TOLK_PIPELINES_IFPRESENT_H

#include "mlir/Pass/Pass.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <functional>
#include <memory>

namespace tolk {

/// `pass` (a conversion of some dialects' ops), run on a module only where
/// the module holds an op it converts: an op named by one of `triggers`,
/// a dialect's namespace ("scf") or an op's name
/// ("builtin.unrealized_conversion_cast"). On any other module the wrapper
/// leaves the module as it is and preserves all analyses, so that neither
/// the conversion (its patterns built and frozen, a walk of the module) nor
/// the verifier after it runs (docs/Lowering.md, "Upstream conversions with
/// nothing to convert"). Where the pass runs, it runs as a nested pipeline,
/// verified as any other pass. In a printed pipeline the wrapper is the
/// pass, with its options.
std::unique_ptr<mlir::Pass>
createIfPresentPass(std::unique_ptr<mlir::Pass> pass,
                    llvm::ArrayRef<llvm::StringRef> triggers);

/// What one op of a module holds for a wrapped pass.
enum class PassWork {
  /// Something to convert: the pass runs.
  here,
  /// Nothing on the op itself; the ops in its regions are asked in turn.
  notHere,
  /// Nothing on the op or anywhere in its regions.
  notWithin,
};

/// What `findWork` says of an op, asked of every op of a module in a
/// pre-order walk that stops at the first PassWork::here.
using PassWorkFinder = std::function<PassWork(mlir::Operation *)>;

/// `pass`, run on a module only where `findWork` finds work in it, for a
/// pass whose work is not the ops of some dialects; otherwise as above.
std::unique_ptr<mlir::Pass>
createIfPresentPass(std::unique_ptr<mlir::Pass> pass, PassWorkFinder findWork);

/// Upstream's gpu-to-llvm, run only on a module with an op it might change
/// (gpuToLLVMWork); on the kernels of --tolk-kernelize, whose host side is
/// Tolk's tensor-level function and whose gpu.modules are lowered to the
/// LLVM and NVVM or ROCDL dialects by then, it has none (docs/Lowering.md,
/// "Upstream conversions with nothing to convert").
std::unique_ptr<mlir::Pass> createGpuToLLVMIfPresentPass();

/// Whether gpu-to-llvm might change `op`: not where the op is legal to its
/// conversion target (the LLVM dialect, unrealized casts, gpu.module and
/// gpu.binary), belongs to a dialect with no conversion patterns in it
/// (Tolk, ROCDL, and NVVM but for the ops it lowers to inline PTX), or is
/// no vector op and has a tensor type (which has no LLVM type).
PassWork gpuToLLVMWork(mlir::Operation *op);

} // namespace tolk

#endif // TOLK_PIPELINES_IFPRESENT_H
