//===- Passes.cpp - C API of the Tolk passes ------------------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tolk-c/Passes.h"
#include "tolk/Dialect/Tolk/Transforms/Passes.h"

#include "mlir/CAPI/Pass.h"

using namespace mlir;
// The generated definitions call registerTolkPasses(), createTolk...()
// unqualified.
using namespace tolk;

#ifdef __cplusplus
extern "C" {
#endif

#include "tolk/Dialect/Tolk/Transforms/Passes.capi.cpp.inc"

#ifdef __cplusplus
}
#endif
