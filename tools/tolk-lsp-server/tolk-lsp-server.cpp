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
// "mlir.server_path").
//
//===----------------------------------------------------------------------===//

#include "tolk/InitAllDialects.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  tolk::registerAllDialects(registry);
  return mlir::failed(mlir::MlirLspServerMain(argc, argv, registry));
}
