# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Prints an input nested DEPTH levels deep, for the tools' nesting limit.

  nest.py range DEPTH   a function of DEPTH nested tolk.range (one bracket
                        level each, inside the function's two)
  nest.py module DEPTH  DEPTH nested builtin.module (no Tolk op)
  nest.py json DEPTH    an LSP session (-lit-test framing) whose second
                        message is a JSON array nested DEPTH deep, then a
                        document of DEPTH nested tolk.range, then a hover
  nest.py json-file PATH  the same session without the JSON array, with
                        PATH's text as the document first opened
"""
import json
import sys


def ranges(depth):
    lines = ["func.func @deep(%p: !tolk.ptr<f32, reg, 1>) {",
             "  %c0 = tolk.const 0 : si32", "  %c1 = tolk.const 1 : si32"]
    lines += ["tolk.range %%i%d = %%c0 to %%c1 step %%c1 : si32 {" % k
              for k in range(depth)]
    lines += ["  %v = tolk.load %p : !tolk.ptr<f32, reg, 1> -> f32",
              "  tolk.store %p, %v : !tolk.ptr<f32, reg, 1>, f32"]
    lines += ["}"] * depth + ["  return", "}"]
    return "\n".join(lines) + "\n"


def session(depth, text=None):
    msgs = [
        {"jsonrpc": "2.0", "id": 0, "method": "initialize",
         "params": {"processId": 1, "rootUri": "test:///w",
                    "capabilities": {}, "trace": "off"}},
        "[" * depth + "]" * depth,
        {"jsonrpc": "2.0", "method": "textDocument/didOpen",
         "params": {"textDocument": {"uri": "test:///deep.mlir",
                                     "languageId": "mlir", "version": 1,
                                     "text": text or ranges(depth)}}},
        {"jsonrpc": "2.0", "method": "textDocument/didChange",
         "params": {"textDocument": {"uri": "test:///deep.mlir",
                                     "version": 2},
                    "contentChanges": [{"text": ranges(3)}]}},
        {"jsonrpc": "2.0", "id": 1, "method": "textDocument/hover",
         "params": {"textDocument": {"uri": "test:///deep.mlir"},
                    "position": {"line": 1, "character": 3}}},
        {"jsonrpc": "2.0", "id": 2, "method": "shutdown"},
        {"jsonrpc": "2.0", "method": "exit"}]
    if text is not None:
        del msgs[1]
    return "\n// -----\n".join(m if isinstance(m, str) else json.dumps(m)
                               for m in msgs) + "\n"


kind = sys.argv[1]
depth = 0 if kind == "json-file" else int(sys.argv[2])
if kind == "range":
    sys.stdout.write(ranges(depth))
elif kind == "module":
    sys.stdout.write("module {\n" * depth + "}\n" * depth)
elif kind == "json-file":
    with open(sys.argv[2]) as f:
        sys.stdout.write(session(3, f.read()))
else:
    sys.stdout.write(session(depth))
