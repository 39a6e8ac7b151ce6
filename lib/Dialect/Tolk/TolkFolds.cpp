//===- TolkFolds.cpp - Constant folding of the elementwise ops ------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Not folded yet: every op's folder declines. Folding through lib/Dtype's
// Alu follows.
//
//===----------------------------------------------------------------------===//

#include "tolk/Dialect/Tolk/TolkOps.h"

using namespace mlir;
using namespace tolk;

#define TOLK_ELEMENTWISE(OP)                                                   \
  OpFoldResult OP::fold(FoldAdaptor) { return {}; }
#include "tolk/Dialect/Tolk/TolkOpList.def"
