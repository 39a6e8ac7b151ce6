//===- tolk-lsp-server.cpp - MLIR's language server with Tolk ------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// mlir-lsp-server with the dialects tolk-opt registers (InitAllDialects.h),
// so that every file tolk-opt reads opens here too, and an editor
// shows diagnostics, hovers and definitions in .mlir files with Tolk ops.
// Point the editor's MLIR extension at this binary (VS Code:
// "mlir.server_path"). It runs on a large stack, behind a guard that keeps
// messages and documents within the tools' nesting limit
// (tolk/Upstream/LspNestingGuard.h).
//
//===----------------------------------------------------------------------===//

#include "tolk/Upstream/LspNestingGuard.h"
#include "tolk/Upstream/ToolGuards.h"

#include "tolk/InitAllDialects.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"
#include "llvm/ADT/StringRef.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  tolk::registerAllDialects(registry);
  // The server's own options, read here only to frame the messages as it
  // does: -lit-test is -input-style=delimited and -pretty.
  // --help and --version print to stdout, which is no LSP message.
  bool delimited = false, pretty = false, serve = true;
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg = llvm::StringRef(argv[i]).ltrim('-');
    delimited |= arg == "lit-test" || arg == "input-style=delimited";
    pretty |= arg == "lit-test" || arg == "pretty";
    serve &= !arg.starts_with("help") && arg != "version";
  }
  auto server = [&] {
    return mlir::failed(mlir::MlirLspServerMain(argc, argv, registry)) ? 1 : 0;
  };
  return tolk::runWithLargeStack([&] {
    return serve ? tolk::runBehindNestingGuard(server, delimited, pretty)
                 : server();
  });
}
