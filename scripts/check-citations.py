#!/usr/bin/env python3
# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Checks that the repository stands alone.

    check-citations.py [--source DIR] [--not-yet-swept DIR,...]

Reads every file git tracks in DIR (every file outside build directories
where DIR is no git checkout) and fails, naming file and line, where one

  - cites a document that is not in the repository: the specification files
    the project was written from (by name, by their rule and reading
    numbers, or as "the seed"), an issue number, or the names of the
    specification's OCaml modules and exceptions;
  - tells the history of the work ("former gaps", "used before"), which
    belongs in CHANGELOG.md and commit messages;
  - cites a section of a document of docs/ that it does not have:
    `docs/X.md#anchor` must be one of X.md's headings by GitHub's anchor of
    it (scripts/doc-test.py's rule), and `docs/X.md, "Heading"` one of its
    headings by name (or the part of one before its colon, or the bold
    lead-in of a list item).

Random-number seeds are no citation: "seed" with a number is one only with
the three digits 000 to 004, and "the seed" only where it is not a random
one (RANDOM_SEED below). A citation is stated instead as a section of
docs/Semantics.md, docs/Rationale.md or the op's own description.
"""

import argparse
import importlib.util
import os
import re
import subprocess
import sys

# This checker and its test spell out what they look for.
SELF = ("scripts/check-citations.py", "test/Docs/citations.test")

# A comment continued on the next line: the line break, then the next line's
# comment marker (C++, TableGen, shell, Python, MLIR).
BREAK = r"(?:[ \t]*\n[ \t]*(?://+|#+|\*|;+)?)?[ \t]*"

SPEC_SEED = "the specification seed"

OUTSIDE = [
    ("a specification file outside the repository",
     re.compile(r"\b(?:DESIGN|TOOLCHAIN|LAYOUT)\b")),
    ("a numbered specification seed",
     re.compile(r"\b[Ss]eeds?[ \t-]*" + BREAK + r"00[0-4]\b")),
    (SPEC_SEED,
     re.compile(r"\b[Tt]he" + BREAK + r"seeds?\b(?!" + BREAK + r"alone\b)"
                r"|\bseed's\b"
                r"|\bseed (?:constants?|data types?|rules?|semantics)\b")),
    ("a numbered reading of the specification",
     re.compile(r"\breadings? [1-7]\b")),
    ("the specification's OCaml names",
     re.compile(r"\bInvalid_argument\b|\bTolk_uop\b|\bTolk\.Dtype\b"
                r"|\bOps\.Elementwise\b")),
    ("an issue number",
     re.compile(r"\b[Ii]ssues?" + BREAK + r"#?[0-9]+\b")),
]

HISTORY = [
    ("the history of the work",
     re.compile(r"\b[Ff]ormer gaps?\b|\bused before\b|\bbefore/after\b")),
]

# "the seed" of a random-number generator.
RANDOM_SEED = re.compile(r"random|--seed|\bseed (?:[0-9]+|N)\b|rng", re.I)

SECTION_ANCHOR = re.compile(r"\bdocs/(\w+\.md)#([\w-]+)")
SECTION_NAME = re.compile(
    r"\bdocs/(\w+\.md),?" + BREAK + r"\"([^\"\s][^\"]*)\"")
# A bold lead-in of a list item, which docs cite as they cite a heading.
POINT = re.compile(r"^\s*[-*] \*\*(.+?)\.?\*\*")
COMMENT_BREAK = re.compile(r"[ \t]*\n[ \t]*(?://+|#+|\*|;+)?[ \t]*")


def load_doc_test(source):
    """scripts/doc-test.py, for its `anchors` (GitHub's heading anchors)."""
    path = os.path.join(source, "scripts", "doc-test.py")
    spec = importlib.util.spec_from_file_location("doc_test", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def tracked_files(source):
    try:
        out = subprocess.run(["git", "-C", source, "ls-files", "-z"],
                             check=True, capture_output=True).stdout
        return sorted(p for p in out.decode().split("\0") if p)
    except (OSError, subprocess.CalledProcessError):
        files = []
        for root, dirs, names in os.walk(source):
            dirs[:] = [d for d in dirs if not d.startswith((".", "build"))
                       and d != "__pycache__"]
            files += [os.path.relpath(os.path.join(root, n), source)
                      for n in names]
        return sorted(files)


def headings(doc_test, path):
    """The headings (and list items' bold lead-ins) of a Markdown document
    by name, and its headings by anchor."""
    names = set()
    in_fence = False
    with open(path, encoding="utf-8") as f:
        for line in f:
            if doc_test.FENCE.match(line):
                in_fence = not in_fence
                continue
            point = POINT.match(line)
            if point and not in_fence:
                names.add(re.sub(r"`", "", point.group(1)))
            m = doc_test.HEADING.match(line)
            if m and not in_fence:
                name = re.sub(r"`|\*\*", "", m.group(1))
                names.add(name)
                names.add(name.split(":")[0])
    return names, doc_test.anchors(path)


def line_of(text, offset):
    return text.count("\n", 0, offset) + 1


def check(source, not_yet_swept):
    doc_test = load_doc_test(source)
    docs = {}

    def doc(name):
        if name not in docs:
            path = os.path.join(source, "docs", name)
            docs[name] = headings(doc_test, path) if os.path.exists(
                path) else None
        return docs[name]

    problems, checked = [], 0
    for rel in tracked_files(source):
        if rel in SELF:
            continue
        try:
            with open(os.path.join(source, rel), encoding="utf-8") as f:
                text = f.read()
        except (UnicodeDecodeError, IsADirectoryError, FileNotFoundError):
            continue
        checked += 1
        swept = not rel.startswith(not_yet_swept)
        rules = list(OUTSIDE) if swept else []
        if swept and rel != "CHANGELOG.md":
            rules += HISTORY
        lines = text.split("\n")
        found = []
        for what, pattern in rules:
            for m in pattern.finditer(text):
                n = line_of(text, m.start())
                if what == SPEC_SEED and RANDOM_SEED.search(lines[n - 1]):
                    continue
                found.append((n, "%s:%d: %s: %r" % (
                    rel, n, what, " ".join(m.group(0).split()))))
        problems += [p for _, p in sorted(found)]
        for m in SECTION_ANCHOR.finditer(text):
            d = doc(m.group(1))
            if d is None or m.group(2) not in d[1]:
                problems.append("%s:%d: docs/%s has no section #%s" % (
                    rel, line_of(text, m.start()), m.group(1), m.group(2)))
        for m in SECTION_NAME.finditer(text):
            name = " ".join(COMMENT_BREAK.sub(" ", m.group(2)).split())
            d = doc(m.group(1))
            if d is None or name not in d[0]:
                problems.append("%s:%d: docs/%s has no section \"%s\"" % (
                    rel, line_of(text, m.start()), m.group(1), name))
    return checked, problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--source", default=os.path.dirname(
        os.path.dirname(os.path.abspath(__file__))), help="the source tree")
    ap.add_argument("--not-yet-swept", default="", metavar="DIR,...",
                    help="directories not checked for outside citations and "
                    "history (their docs/ sections are checked)")
    args = ap.parse_args()
    skip = tuple(d.rstrip("/") + "/" for d in args.not_yet_swept.split(",")
                 if d)
    checked, problems = check(os.path.abspath(args.source), skip)
    for p in problems:
        print(p)
    if problems:
        print("check-citations: %d problems in %d files" % (
            len(problems), checked))
        return 1
    print("check-citations: %d files stand alone" % checked)
    return 0


if __name__ == "__main__":
    sys.exit(main())
