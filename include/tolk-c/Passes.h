/*===- tolk-c/Passes.h - C API of the Tolk passes -----------------*- C -*-===*\
|*                                                                            *|
|* Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM     *|
|* Exceptions. See LICENSE for license information.                           *|
|* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception                    *|
|*                                                                            *|
|*===----------------------------------------------------------------------===*|
|*                                                                            *|
|* Registering Tolk's passes and pipelines, so that mlirParsePassPipeline     *|
|* knows them, creating one pass, and running a textual pipeline on an        *|
|* operation. The per-pass functions are generated from the Passes.td files   *|
|* (mlir-tblgen -gen-pass-capi-header), one group per file:                   *|
|*                                                                            *|
|*   mlirRegisterTolkPasses()            --tolk-commit-weak, --tolk-decompose,*|
|*                                       --tolk-kernelize                     *|
|*   mlirRegisterTolkConversionPasses()  --convert-tolk-to-arith, ...         *|
|*   mlirRegisterTolkTransformsPasses()  --tolk-expand-float-conversions, ... *|
|*                                                                            *|
|* and mlirCreateTolk<Pass>(), mlirRegisterTolk<Pass>() for each pass.        *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TOLK_C_PASSES_H
#define TOLK_C_PASSES_H

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Support.h"

#include "tolk-c/ConversionPasses.capi.h.inc"
#include "tolk-c/TransformsPasses.capi.h.inc"
#include "tolk-c/UpstreamPasses.capi.h.inc"
#include "tolk/Dialect/Tolk/Transforms/Passes.capi.h.inc"

#ifdef __cplusplus
extern "C" {
#endif

/// Registers the named pipelines: tolk-to-nvvm, tolk-to-rocdl, tolk-to-spirv
/// and tolk-to-llvm. Once per process (a pipeline registered twice is a
/// fatal error); tolkRegisterAllPasses calls it.
MLIR_CAPI_EXPORTED void tolkRegisterPipelines(void);

/// Registers every Tolk pass and pipeline, the list tolk-opt has; calling it
/// again does nothing.
MLIR_CAPI_EXPORTED void tolkRegisterAllPasses(void);

/// Parses `pipeline` and runs it on `op`: a textual pipeline with its anchor
/// ("builtin.module(canonicalize,tolk-commit-weak)") or without one, then
/// nested in `op`'s name ("tolk-to-nvvm{chip=sm_90}"). The passes must be
/// registered (tolkRegisterAllPasses) and, for a named pipeline, the context
/// must hold what tolkRegisterAllDialects adds. A pipeline that does not
/// parse calls `errorCallback` with the parser's message; a pass that fails
/// reports through the context's diagnostic handlers. Returns failure in
/// both cases.
MLIR_CAPI_EXPORTED MlirLogicalResult
tolkRunPassPipeline(MlirOperation op, MlirStringRef pipeline,
                    MlirStringCallback errorCallback, void *userData);

#ifdef __cplusplus
}
#endif

#endif // TOLK_C_PASSES_H
