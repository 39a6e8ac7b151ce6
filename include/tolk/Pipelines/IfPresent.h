//===- IfPresent.h - A pass run only on a module that has its ops -*- C++ -*-===//
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
std::unique_ptr<mlir::Pass> createIfPresentPass(
    std::unique_ptr<mlir::Pass> pass, llvm::ArrayRef<llvm::StringRef> triggers);

} // namespace tolk

#endif // TOLK_PIPELINES_IFPRESENT_H
