/*===- tolk-c/Passes.h - C API of the Tolk passes -----------------*- C -*-===*\
|*                                                                            *|
|* Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM     *|
|* Exceptions. See LICENSE for license information.                           *|
|* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception                    *|
|*                                                                            *|
|*===----------------------------------------------------------------------===*|
|*                                                                            *|
|* Generated from Passes.td (mlir-tblgen -gen-pass-capi-header): register    *|
|* every Tolk pass (mlirRegisterTolkPasses), so that mlirParsePassPipeline    *|
|* knows them, or create one (mlirCreateTolkTolkDecompose, ...).             *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TOLK_C_PASSES_H
#define TOLK_C_PASSES_H

#include "mlir-c/Pass.h"

#include "tolk/Dialect/Tolk/Transforms/Passes.capi.h.inc"

#endif // TOLK_C_PASSES_H
