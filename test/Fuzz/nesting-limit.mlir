// No nesting depth crashes a tool: each reads at most 1000 levels of
// brackets (docs/Rationale.md, "Limits"), on a stack large enough for them
// in every pass, and refuses a deeper input with an error where it first
// nests too deep. 5000 nested tolk.range overflowed the parser's stack.
// RUN: %python %S/Inputs/nest.py range 998 > %t.ok.mlir
// RUN: tolk-opt %t.ok.mlir --canonicalize | FileCheck %s --check-prefix=OK
// RUN: tolk-opt %t.ok.mlir --tolk-decompose --cse --canonicalize --mlir-print-op-generic -o /dev/null
// RUN: tolk-opt %t.ok.mlir --emit-bytecode | tolk-opt --canonicalize -o /dev/null
// RUN: %python %S/Inputs/nest.py range 1000 > %t.deep.mlir
// RUN: not tolk-opt %t.deep.mlir 2>&1 | FileCheck %s --check-prefix=DEEP
// RUN: not tolk-translate --launch-json %t.deep.mlir 2>&1 | FileCheck %s --check-prefix=DEEP
// RUN: not tolk-run %t.deep.mlir --kernel deep 2>&1 | FileCheck %s --check-prefix=DEEP
// RUN: %python %S/Inputs/nest.py range 5000 > %t.deeper.mlir
// RUN: not tolk-opt %t.deeper.mlir 2>&1 | FileCheck %s --check-prefix=DEEP
// An LSP session: a JSON message 100000 deep is dropped (the server went
// on), a document 5000 deep gets the error as its diagnostics.
// RUN: %python %S/Inputs/nest.py json 100000 | tolk-lsp-server -lit-test 2> %t.lsp.err | FileCheck %s --check-prefix=LSP
// RUN: FileCheck %s --check-prefix=LSP-LOG < %t.lsp.err

// OK: tolk.range %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : si32 {
// DEEP: deep{{(er)?}}.mlir:1003:47: error: the input nests deeper than 1000 levels of brackets, the most a Tolk tool reads (docs/Rationale.md, "Limits")
// DEEP-NEXT: tolk.range %i999 = %c0 to %c1 step %c1 : si32 {
// DEEP-NEXT: {{^ +}}^

// LSP: "id": 0,
// LSP: "method": "textDocument/publishDiagnostics",
// LSP-NEXT: "params": {
// LSP-NEXT:   "diagnostics": [
// LSP-NEXT:     {
// LSP-NEXT:       "category": "Parse Error",
// LSP-NEXT:       "message": "the input nests deeper than 1000 levels of brackets, the most a Tolk tool reads (docs/Rationale.md, \"Limits\")",
// LSP-NEXT:       "range": {
// LSP-NEXT:         "end": {
// LSP-NEXT:           "character": 47,
// LSP-NEXT:           "line": 1002
// LSP-NEXT:         },
// LSP-NEXT:         "start": {
// LSP-NEXT:           "character": 46,
// LSP-NEXT:           "line": 1002
// LSP-NEXT:         }
// LSP-NEXT:       },
// LSP-NEXT:       "severity": 1,
// LSP-NEXT:       "source": "tolk-lsp-server"
// LSP-NEXT:     }
// LSP-NEXT:   ],
// LSP-NEXT:   "uri": "test:///deep.mlir",
// LSP-NEXT:   "version": 1
// The document, three deep after the change, is the server's again.
// LSP: "method": "textDocument/publishDiagnostics",
// LSP-NEXT: "params": {
// LSP-NEXT:   "diagnostics": [],
// LSP-NEXT:   "uri": "test:///deep.mlir",
// LSP-NEXT:   "version": 2
// LSP: "id": 1,
// LSP-NEXT: "jsonrpc": "2.0",
// LSP-NEXT: "result": {
// LSP: "id": 2,
// LSP-LOG: tolk-lsp-server: dropped a message nested deeper than 1000 levels
