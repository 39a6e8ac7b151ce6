//===- TolkCanonicalize.cpp - Canonicalization of the elementwise ops -----===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// No patterns yet. Promotion materialization and the algebraic identities
// follow.
//
//===----------------------------------------------------------------------===//

#include "tolk/Dialect/Tolk/TolkOps.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace tolk;

#define TOLK_ELEMENTWISE(OP)                                                   \
  void OP::getCanonicalizationPatterns(RewritePatternSet &, MLIRContext *) {}
#include "tolk/Dialect/Tolk/TolkOpList.def"
