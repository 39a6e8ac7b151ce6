//===- tolk-consumer.cpp - A tool built against installed Tolk ------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// How a program uses Tolk as a library: register the dialects, parse a
// module, run --canonicalize (which makes promotion explicit) and
// --tolk-commit-weak (which commits weak types) with a PassManager, print
// the result, and count the tolk.cast ops that promotion made.
//
//   tolk-consumer input.mlir [default-int]
//
// reads input.mlir ("-" for stdin); default-int, if given, is the integer
// type weak integers commit to ("int16", "si64", ...).
//
//===----------------------------------------------------------------------===//

#include "tolk/Config/Version.h"
#include "tolk/Dialect/Tolk/Transforms/Passes.h"
#include "tolk/Dialect/Tolk/IR/TolkDialect.h"
#include "tolk/Dialect/Tolk/IR/TolkOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  if (argc < 2 || argc > 3) {
    llvm::errs() << "usage: " << argv[0] << " input.mlir [default-int]\n"
                 << "(built against Tolk-MLIR " TOLK_VERSION_STRING ")\n";
    return 2;
  }

  mlir::DialectRegistry registry;
  registry.insert<tolk::TolkDialect, mlir::func::FuncDialect>();
  mlir::MLIRContext context(registry);

  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> input =
      mlir::openInputFile(argv[1], &error);
  if (!input) {
    llvm::errs() << error << "\n";
    return 1;
  }
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(input), llvm::SMLoc());
  // Parse errors and pass failures are reported against the input.
  mlir::SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr, &context);
  if (!module)
    return 1;

  // The C++ API builds the same pipeline as
  //   tolk-opt --canonicalize --tolk-commit-weak="default-int=..."
  mlir::PassManager pm(&context);
  pm.addPass(mlir::createCanonicalizerPass());
  tolk::TolkCommitWeakOptions options;
  if (argc == 3)
    options.defaultInt = argv[2];
  pm.addPass(tolk::createTolkCommitWeak(options));
  if (mlir::failed(pm.run(*module)))
    return 1;

  module->print(llvm::outs());
  // The op classes are there too (TolkOps.h brings lib/Dtype's Const.h, and
  // with it GMP, which is why Tolk's targets carry -fexceptions).
  unsigned casts = 0;
  module->walk([&](tolk::CastOp) { ++casts; });
  llvm::outs() << "// tolk.cast ops: " << casts << "\n";
  return 0;
}
