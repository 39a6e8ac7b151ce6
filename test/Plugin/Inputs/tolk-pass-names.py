# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Prints the passes and pipelines of a tool's --help (read from stdin), one
a line: the reference list that the plugin and C API tests check against,
taken from tolk-opt's registry so that a new pass is in it.

    tolk-opt --help | python3 tolk-pass-names.py [--passes|--pipelines]
                                                 [--exclude HELP]

--exclude leaves out the names that the --help text in the file HELP lists
too (upstream mlir-opt's: what remains is Tolk's own).
"""
import argparse
import re
import sys


def entries(lines):
    """(section, name) for each entry of the "Passes:" and "Pass Pipelines:"
    sections of a --help text."""
    section, depth = None, None
    for line in lines:
        stripped = line.strip()
        if stripped in ("Passes:", "Pass Pipelines:"):
            section = "passes" if stripped == "Passes:" else "pipelines"
            depth = None
            continue
        # Blank lines, and the values of an enum option (`=disabled`), which
        # MLIR indents less than the option itself.
        if section is None or not stripped.startswith("--"):
            continue
        indent = len(line) - len(line.lstrip())
        if depth is None:
            depth = indent  # The section's entries; their options are deeper.
        if indent < depth:
            section = None  # The next option category.
            continue
        if indent == depth:
            yield section, re.match(r"--([a-z0-9-]+)", stripped).group(1)


ap = argparse.ArgumentParser()
ap.add_argument("--passes", action="store_true")
ap.add_argument("--pipelines", action="store_true")
ap.add_argument("--exclude")
args = ap.parse_args()
excluded = set()
if args.exclude:
    with open(args.exclude) as f:
        excluded = {name for _, name in entries(f)}
count = 0
for section, name in entries(sys.stdin):
    if name in excluded:
        continue
    if (args.passes and section != "passes") or (
            args.pipelines and section != "pipelines"):
        continue
    print(name)
    count += 1
if count == 0:
    sys.exit("tolk-pass-names.py: no pass found in the --help text")
