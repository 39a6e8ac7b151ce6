//===- tolk-opt.cpp - Tolk optimizer driver -------------------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// mlir-opt with the dialects and passes Tolk pipelines use
// (tolk/InitAllDialects.h says which, and why not all of MLIR's), run on a
// large stack and refusing inputs nested past its limit (../common/
// tolk/Upstream/ToolGuards.h).
//
//===----------------------------------------------------------------------===//

#include "tolk/Upstream/ToolGuards.h"

#include "tolk/Config/Version.h"
#include "tolk/Conversion/Passes.h"
#include "tolk/Dialect/Tolk/Transforms/Passes.h"
#include "tolk/InitAllDialects.h"
#include "tolk/Pipelines/Pipelines.h"
#include "tolk/Transforms/Passes.h"
#include "tolk/Upstream/Passes.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

/// The command-line argument that names the pipeline or pass of an option
/// error: the error handler of MlirOptMain's pass-pipeline options reports at
/// an unknown location, and every Tolk pipeline's option errors start with
/// the pipeline's name. `--NAME[=...]`, else an argument that contains NAME
/// (`--pass-pipeline=...`); empty where none does.
static llvm::StringRef findPassArgument(int argc, char **argv,
                                        llvm::StringRef message) {
  llvm::StringRef name = message.split(':').first;
  llvm::StringRef containing;
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg = argv[i];
    llvm::StringRef bare = arg.ltrim('-');
    if (arg.starts_with("-") && bare.consume_front(name) &&
        (bare.empty() || bare.starts_with("=")))
      return arg;
    if (containing.empty() && !name.empty() && arg.contains(name))
      containing = arg;
  }
  return containing;
}

/// MlirOptMain's pipeline set-up, with an error of the pass-pipeline options
/// printed at the argument that names the pipeline, `ARG: error: MESSAGE`,
/// rather than at `<unknown>:0`.
static void locateOptionErrors(mlir::MlirOptMainConfig &config, int argc,
                               char **argv) {
  mlir::MlirOptMainConfig upstream = config;
  config.setPassPipelineSetupFn([upstream, argc, argv](mlir::PassManager &pm) {
    mlir::ScopedDiagnosticHandler handler(
        pm.getContext(), [&](mlir::Diagnostic &diag) {
          if (!llvm::isa<mlir::UnknownLoc>(diag.getLocation()) ||
              diag.getSeverity() != mlir::DiagnosticSeverity::Error)
            return mlir::failure();
          std::string message = diag.str();
          llvm::StringRef arg = findPassArgument(argc, argv, message);
          llvm::SMDiagnostic located(arg.empty() ? "tolk-opt" : arg,
                                     llvm::SourceMgr::DK_Error, message);
          located.print(nullptr, llvm::errs());
          return mlir::success();
        });
    return upstream.setupPassPipeline(pm);
  });
}

static int toolMain(int argc, char **argv, mlir::DialectRegistry &registry) {
  auto [inputFilename, outputFilename] = mlir::registerAndParseCLIOptions(
      argc, argv, "Tolk optimizer driver\n", registry);
  mlir::MlirOptMainConfig config =
      mlir::MlirOptMainConfig::createFromCLOptions();
  locateOptionErrors(config, argc, argv);
  // What reads no input is MlirOptMain's own business.
  if (config.shouldShowDialects() || config.shouldListPasses())
    return mlir::asMainReturnCode(
        mlir::MlirOptMain(argc, argv, inputFilename, outputFilename, registry));

  // MlirOptMain's file handling, with the depth check between reading the
  // input and parsing it.
  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> file =
      mlir::openInputFile(inputFilename, &errorMessage);
  if (!file) {
    llvm::errs() << errorMessage << "\n";
    return 1;
  }
  {
    llvm::SourceMgr sourceMgr;
    unsigned id = sourceMgr.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBuffer(file->getMemBufferRef(),
                                         /*RequiresNullTerminator=*/false),
        llvm::SMLoc());
    if (tolk::reportUnreadable(sourceMgr, id, registry))
      return 1;
  }
  std::unique_ptr<llvm::ToolOutputFile> output =
      mlir::openOutputFile(outputFilename, &errorMessage);
  if (!output) {
    llvm::errs() << errorMessage << "\n";
    return 1;
  }
  if (mlir::failed(
          mlir::MlirOptMain(output->os(), std::move(file), registry, config)))
    return 1;
  output->keep();
  return 0;
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  mlir::DialectRegistry registry;
  tolk::registerAllDialects(registry);
  tolk::registerTolkPipelineExtensions(registry);

  // Canonicalize, CSE, inliner, ...: the generic passes every pipeline uses.
  mlir::registerTransformsPasses();
  tolk::registerTolkPasses();
  tolk::registerTolkConversionPasses();
  tolk::registerTolkTransformsPasses();
  tolk::registerTolkUpstreamPasses();
  tolk::registerTolkPipelines();

  // --version prints LLVM's text (the MLIR the tool runs on) and then ours.
  llvm::cl::AddExtraVersionPrinter([](llvm::raw_ostream &os) {
    os << "Tolk-MLIR version " TOLK_VERSION_STRING "\n";
  });

  return tolk::runWithLargeStack(
      [&] { return toolMain(argc, argv, registry); });
}
