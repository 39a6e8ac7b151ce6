# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Runs a command once for each name of a file (one a line), with `{}` in
the command replaced by the name, and prints `ok NAME` or the failure; then
how many ran. Exits 1 if any failed.

    run-each.py NAMES -- COMMAND ARG...
"""
import subprocess
import sys

sep = sys.argv.index("--")
names_file, command = sys.argv[1], sys.argv[sep + 1:]
with open(names_file) as f:
    names = [line.strip() for line in f if line.strip()]
failed = 0
for name in names:
    argv = [a.replace("{}", name) for a in command]
    p = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       text=True)
    if p.returncode == 0:
        print("ok", name)
    else:
        failed += 1
        print("FAILED", name, "(exit %d):" % p.returncode)
        print(p.stderr)
print("%d ran, %d failed" % (len(names), failed))
sys.exit(1 if failed else 0)
