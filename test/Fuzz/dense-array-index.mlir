// MLIR 22's parser crashes on a dense array of index (it asks index for a
// bit width; LLVM 23's parser refuses one). Every tool refuses it before
// parsing, at the element type (docs/Rationale.md, "Limits"); in a string
// or a comment it is only text.
// RUN: not tolk-opt %s 2>&1 | FileCheck %s
// RUN: not tolk-translate --launch-json %s 2>&1 | FileCheck %s
// RUN: not tolk-run %s --kernel f 2>&1 | FileCheck %s
// RUN: %python %S/Inputs/nest.py json-file %s | tolk-lsp-server -lit-test | FileCheck %s --check-prefix=LSP
// RUN: echo 'func.func private @f() attributes {a = array<i64: 1>, s = "array<index: 1>"} // array<index: 1>' | tolk-opt | FileCheck %s --check-prefix=OK
// A type alias of index is the same type.
// RUN: printf '!idx = index\nfunc.func private @g() attributes {a = array<!idx: 1>}\n' | not tolk-opt 2>&1 | FileCheck %s --check-prefix=ALIAS
// ALIAS: <stdin>:2:46: error: a dense array of index

// CHECK: dense-array-index.mlir:[[# @LINE + 6]]:47: error: a dense array of index, which MLIR 22's parser crashes on (index has no fixed width): use array<i64: ...> (docs/Rationale.md, "Limits")
// LSP: "message": "a dense array of index, which MLIR 22's parser crashes on (index has no fixed width): use array<i64: ...> (docs/Rationale.md, \"Limits\")",
// LSP: "character": 46,
// LSP-NEXT: "line": [[# @LINE + 2]]
// LSP: "id": 1,
// OK: attributes {a = array<i64: 1>, s = "array<index: 1>"}
func.func private @f() attributes {a = array< index: 1, 2>}
