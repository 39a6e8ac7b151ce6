//===- LspNestingGuard.h - The LSP server's limit on nesting ----*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// MLIR's language server parses every JSON message and every document it is
// sent, recursively, with no limit on their nesting. The guard sits between
// the client and the server, on their two pipes, and keeps both within the
// tools' limit (ToolGuards.h):
//   - a message nested deeper is dropped (and logged), as the server drops
//     a message that is not JSON;
//   - a document nested deeper, or with a dense array of index (on which
//     MLIR 22's parser crashes: tolk::findUnreadable), reaches the server
//     empty, and the client gets, in the server's next diagnostics for it,
//     one error at the place.
// Everything else passes through unchanged.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_LSP_SERVER_NESTINGGUARD_H
#define TOLK_LSP_SERVER_NESTINGGUARD_H

#include "llvm/ADT/STLFunctionalExtras.h"

namespace tolk {

/// Runs `server` (which reads stdin and writes stdout, as MlirLspServerMain
/// does) behind the guard, and returns what it returns. `delimited` is the
/// server's input style (`-lit-test`: messages separated by `// -----`
/// lines), `pretty` whether it pretty-prints its output.
int runBehindNestingGuard(llvm::function_ref<int()> server, bool delimited,
                          bool pretty);

} // namespace tolk

#endif // TOLK_LSP_SERVER_NESTINGGUARD_H
