//===- tolk-plugin.cpp - Tolk as an mlir-opt plugin -----------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The entry points through which an MLIR tool loads Tolk at run time:
//
//   mlir-opt --load-dialect-plugin=TolkPlugin.so \
//            --load-pass-plugin=TolkPlugin.so \
//            --pass-pipeline='builtin.module(canonicalize,tolk-commit-weak)'
//
// The dialect plugin adds the tolk dialect and the extensions the named
// pipelines' last steps look up (target attributes, LLVM IR translations);
// both plugins register every Tolk pass and pipeline (tolk/InitAllPasses.h,
// the list tolk-opt registers), so that either is enough.
//
// The module links the same shared libMLIR.so and libLLVM.so as the tool, so
// that the process holds one copy of MLIR: a second, static copy would give
// the dialect's types other TypeIDs and other uniquers than the tool's. This
// only works with tools that link libMLIR.so themselves (Debian's do); see
// docs/Linking.md.
//
//===----------------------------------------------------------------------===//

#include "tolk/Config/Version.h"
#include "tolk/Dialect/Tolk/TolkDialect.h"
#include "tolk/InitAllPasses.h"
#include "tolk/Pipelines/Pipelines.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Support/Compiler.h"

#include <mutex>

/// Registers the passes and pipelines once, whichever plugin entry point the
/// tool calls first: a pipeline registered twice is a fatal error.
static void registerPassesOnce() {
  static std::once_flag once;
  std::call_once(once, [] { tolk::registerAllPasses(); });
}

extern "C" LLVM_ATTRIBUTE_WEAK mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "Tolk", TOLK_VERSION_STRING,
          [](mlir::DialectRegistry *registry) {
            registry->insert<tolk::TolkDialect>();
            tolk::registerTolkPipelineExtensions(*registry);
            registerPassesOnce();
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "TolkPasses", TOLK_VERSION_STRING,
          registerPassesOnce};
}
