//===- tolk-opt.cpp - Tolk optimizer driver -------------------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// mlir-opt with the dialects and passes Tolk pipelines use
// (tolk/InitAllDialects.h says which, and why not all of MLIR's).
//
//===----------------------------------------------------------------------===//

#include "tolk/Config/Version.h"
#include "tolk/Conversion/Passes.h"
#include "tolk/Dialect/Tolk/Transforms/Passes.h"
#include "tolk/InitAllDialects.h"
#include "tolk/Pipelines/Pipelines.h"
#include "tolk/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  tolk::registerAllDialects(registry);
  tolk::registerTolkPipelineExtensions(registry);

  // Canonicalize, CSE, inliner, ...: the generic passes every pipeline uses.
  mlir::registerTransformsPasses();
  tolk::registerTolkPasses();
  tolk::registerTolkConversionPasses();
  tolk::registerTolkTransformsPasses();
  tolk::registerTolkPipelines();

  // --version prints LLVM's text (the MLIR the tool runs on) and then ours.
  llvm::cl::AddExtraVersionPrinter([](llvm::raw_ostream &os) {
    os << "Tolk-MLIR version " TOLK_VERSION_STRING "\n";
  });

  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "Tolk optimizer driver\n", registry));
}
