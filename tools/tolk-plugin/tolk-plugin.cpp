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
//            --load-pass-plugin=TolkPlugin.so --canonicalize --tolk-commit-weak
//
// The module links the same shared libMLIR.so and libLLVM.so as the tool, so
// that the process holds one copy of MLIR: a second, static copy would give
// the dialect's types other TypeIDs and other uniquers than the tool's. This
// only works with tools that link libMLIR.so themselves (Debian's do); see
// docs/Linking.md.
//
//===----------------------------------------------------------------------===//

#include "tolk/Config/Version.h"
#include "tolk/Conversion/Passes.h"
#include "tolk/Dialect/Tolk/Transforms/Passes.h"
#include "tolk/Dialect/Tolk/IR/TolkDialect.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Support/Compiler.h"

/// Registers the tolk dialect. The passes are registered here too, so that
/// --load-dialect-plugin alone is enough to run them (as upstream's
/// standalone plugin does); registering a pass twice is harmless.
extern "C" LLVM_ATTRIBUTE_WEAK mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "Tolk", TOLK_VERSION_STRING,
          [](mlir::DialectRegistry *registry) {
            registry->insert<tolk::TolkDialect>();
            tolk::registerTolkPasses();
            tolk::registerTolkConversionPasses();
          }};
}

/// Registers the Tolk passes (--tolk-commit-weak, ...).
extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "TolkPasses", TOLK_VERSION_STRING,
          []() {
            tolk::registerTolkPasses();
            tolk::registerTolkConversionPasses();
          }};
}
