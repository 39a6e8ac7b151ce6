#!/usr/bin/env python3
# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Runs the fenced code blocks of README.md and docs/*.md as written.

    doc-test.py --build BUILD [--jobs N] [DOC.md ...]

Without DOC arguments it tests README.md and every docs/*.md. Each document
runs in a fresh temporary directory that holds a link to every top-level
entry of the source tree (examples/, scripts/, ...) and `build` -> BUILD, with
HOME set to that directory and BUILD/bin first on PATH, so that a command
written as `build/bin/tolk-opt examples/elementwise.mlir` or as `tolk-opt
...` runs as a reader would run it after the README's setup. The blocks of
one document run in order and share the directory: a file one block writes,
a later one reads.

The rules (docs/GettingStarted.md, "The documentation is tested"):

  ```sh         run by bash (set -euo pipefail); must exit 0.
  ```mlir       must parse and verify (`tolk-opt FILE`).
  other tags    not run (C, C++, CMake, JSON, plain text).

An HTML comment on the line before a block changes what happens to it:

  <!-- doc-test: file NAME -->      write the block to NAME instead of
                                     running it (any language).
  <!-- doc-test: run CMD -->        the block is an input: write it to
                                     in.mlir and run CMD on it (`%s` in CMD
                                     is the file; otherwise it is appended).
  <!-- doc-test: run-fails CMD -->  the same, but CMD must exit non-zero.
  <!-- doc-test: output -->         the block is what the runnable block
                                     before it prints (stdout, and stderr
                                     for run/run-fails).
  <!-- doc-test: requires TOOL -->  run only where TOOL is on PATH (or is an
                                     existing path); otherwise reported as
                                     skipped. Combines with the others:
                                     `requires ptxas; output`.
  <!-- doc-test: uninstrumented -->  run only in a build without sanitizers
                                     (the block loads Tolk's plugin into
                                     Debian's mlir-opt, which the sanitizers'
                                     runtime refuses); otherwise reported as
                                     skipped. Combines like `requires`.
  <!-- doc-test: skip REASON -->    not run; the reason is required and is
                                     printed. For illustrative fragments only.

Links to a section (`[x](#anchor)`, `[x](Other.md#anchor)`) must name a
heading of that document, by GitHub's anchor of it, so that a section that
code or another doc cites cannot be renamed away.

An output block matches when its text, split into whitespace-separated
tokens, is a contiguous run of the actual output's tokens; a line `...`
stands for any number of tokens, so a block may show an excerpt. In an
`mlir` output block, a `//` comment at the end of a line is the doc's
annotation and is not matched.
"""

import argparse
import concurrent.futures
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile

FENCE = re.compile(r"^(\s*)(```+)\s*([\w+-]*)\s*$")
MARKER = re.compile(r"^\s*<!--\s*doc-test:\s*(.*?)\s*-->\s*$")
RUNNABLE = {"sh", "mlir"}
TIMEOUT_S = 300


class Block:
    def __init__(self, doc, line, lang, text, directives):
        self.doc, self.line, self.lang, self.text = doc, line, lang, text
        self.directives = directives  # [(name, argument)]

    def directive(self, name):
        for n, arg in self.directives:
            if n == name:
                return arg if arg is not None else ""
        return None

    def where(self):
        return "%s:%d" % (self.doc, self.line)


def parse_directives(text):
    out = []
    for part in text.split(";"):
        part = part.strip()
        if not part:
            continue
        name, _, arg = part.partition(" ")
        out.append((name, arg.strip() or None))
    return out


def read_blocks(path, display):
    blocks = []
    pending = []
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = 0
    while i < len(lines):
        m = MARKER.match(lines[i])
        if m:
            pending += parse_directives(m.group(1))
            i += 1
            continue
        m = FENCE.match(lines[i])
        if not m:
            if lines[i].strip():
                pending = []  # A marker applies to the block right after it.
            i += 1
            continue
        indent, fence, lang = m.group(1), m.group(2), m.group(3)
        start = i + 1
        body = []
        i += 1
        while i < len(lines) and not (lines[i].strip() == fence):
            line = lines[i]
            body.append(line[len(indent):] if line.startswith(indent) else line)
            i += 1
        i += 1  # The closing fence.
        blocks.append(Block(display, start, lang, "\n".join(body) + "\n",
                            pending))
        pending = []
    return blocks


def tokens(text, lang):
    out = []
    for line in text.split("\n"):
        if lang == "mlir":
            line = re.sub(r"\s//.*$", "", line)
            if line.lstrip().startswith("//"):
                continue
        if line.strip() == "...":
            out.append(None)  # A gap.
            continue
        out += line.split()
    return out


def matches(expected, actual):
    """True iff the expected tokens (None: a gap) are contiguous runs of the
    actual tokens, in order."""
    runs, run = [], []
    for t in expected:
        if t is None:
            if run:
                runs.append(run)
            run = []
        else:
            run.append(t)
    if run:
        runs.append(run)
    pos = 0
    for r in runs:
        n = len(r)
        while pos + n <= len(actual) and actual[pos:pos + n] != r:
            pos += 1
        if pos + n > len(actual):
            return False
        pos += n
    return True


def have_tool(tool, env):
    if os.sep in tool:
        return os.path.exists(tool)
    return shutil.which(tool, path=env["PATH"]) is not None


def sanitizer_flags(build):
    """The build's CMAKE_CXX_FLAGS where they name a sanitizer, else ''."""
    try:
        with open(os.path.join(build, "CMakeCache.txt")) as f:
            for line in f:
                if line.startswith("CMAKE_CXX_FLAGS:"):
                    flags = line.split("=", 1)[1].strip()
                    return flags if "-fsanitize" in flags else ""
    except OSError:
        pass
    return ""


HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")
LINK = re.compile(r"\]\(([\w./-]*\.md)?#([^)\s]+)\)")


def anchors(path):
    """GitHub's anchors of a document's headings: lower case, punctuation
    other than `-` and `_` dropped, spaces as `-`, repeats numbered."""
    seen, out = {}, set()
    in_fence = False
    with open(path, encoding="utf-8") as f:
        for line in f:
            if FENCE.match(line):
                in_fence = not in_fence
                continue
            m = HEADING.match(line)
            if in_fence or not m:
                continue
            text = re.sub(r"`|\*\*|\[|\]\([^)]*\)", "", m.group(1)).lower()
            a = re.sub(r"[^\w\- ]", "", text).replace(" ", "-")
            n = seen.get(a, 0)
            seen[a] = n + 1
            out.add(a if n == 0 else "%s-%d" % (a, n))
    return out


def check_links(source_root, doc):
    """The section links of `doc` that name no heading."""
    path = os.path.join(source_root, doc)
    bad = []
    with open(path, encoding="utf-8") as f:
        text = f.read()
    in_fence = False
    for lineno, line in enumerate(text.split("\n"), 1):
        if FENCE.match(line):
            in_fence = not in_fence
        if in_fence:
            continue
        # A link written as code (`[x](#anchor)`) is an example, not a link.
        for target, anchor in LINK.findall(re.sub(r"`[^`]*`", "", line)):
            other = (os.path.normpath(os.path.join(os.path.dirname(path),
                                                   target))
                     if target else path)
            if not os.path.exists(other) or anchor not in anchors(other):
                bad.append("%s:%d: no section #%s in %s" % (
                    doc, lineno, anchor, target or doc))
    return bad


class DocRun:
    def __init__(self, source_root, build, doc):
        self.source_root, self.build, self.doc = source_root, build, doc
        self.log = []
        self.failures = 0
        self.counts = {"run": 0, "checked": 0, "skipped": 0}

    def setup(self, workdir):
        for entry in os.listdir(self.source_root):
            if entry in ("build", ".git"):
                continue
            os.symlink(os.path.join(self.source_root, entry),
                       os.path.join(workdir, entry))
        os.symlink(self.build, os.path.join(workdir, "build"))
        env = dict(os.environ)
        env["HOME"] = workdir
        path = [os.path.join(self.build, "bin")]
        # The docs' python3 is Debian's, whose numpy and matplotlib the setup
        # installs (scripts/install-deps.sh); one that comes first on PATH
        # from elsewhere (pyenv, a virtualenv) would not see them.
        if os.path.exists("/usr/bin/python3"):
            shim = os.path.join(workdir, ".doc-test-bin")
            os.mkdir(shim)
            os.symlink("/usr/bin/python3", os.path.join(shim, "python3"))
            path.append(shim)
        env["PATH"] = os.pathsep.join(path + [env["PATH"]])
        # lavapipe asks for it, and warns without it.
        env.setdefault("XDG_RUNTIME_DIR", workdir)
        # A build with sanitizers (scripts/sanitize.sh) installs instrumented
        # static libraries, which a program links only with the same flags:
        # CMake takes CXXFLAGS and LDFLAGS as the first configure's flags, so
        # a block that builds against the install (docs/Linking.md) runs as
        # written, instrumented too.
        flags = sanitizer_flags(self.build)
        if flags:
            env["CXXFLAGS"] = (env.get("CXXFLAGS", "") + " " + flags).strip()
            env["LDFLAGS"] = (env.get("LDFLAGS", "") + " " + flags).strip()
        return env

    def fail(self, block, message, output=None):
        self.failures += 1
        self.log.append("FAIL %s (%s block): %s" % (block.where(), block.lang,
                                                   message))
        if output is not None:
            self.log.append("  output was:\n" +
                            "\n".join("    " + l for l in output.split("\n")))

    def skip(self, block, reason):
        self.counts["skipped"] += 1
        self.log.append("skip %s: %s" % (block.where(), reason))

    def execute(self, command, workdir, env):
        # In a session of its own, so that a timeout ends the command's
        # children too, not only bash.
        p = subprocess.Popen(["bash", "-c", "set -euo pipefail\n" + command],
                             cwd=workdir, env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True,
                             start_new_session=True)
        try:
            out, _ = p.communicate(timeout=TIMEOUT_S)
            return p.returncode, out
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            out, _ = p.communicate()
            return 124, (out or "") + "\n[timed out after %d s]" % TIMEOUT_S

    def run(self):
        path = os.path.join(self.source_root, self.doc)
        for bad in check_links(self.source_root, self.doc):
            self.failures += 1
            self.log.append("FAIL " + bad)
        blocks = read_blocks(path, self.doc)
        with tempfile.TemporaryDirectory(prefix="tolk-doc-test-") as workdir:
            env = self.setup(workdir)
            last_output = None  # The output of the last runnable block.
            last_ran = False
            for b in blocks:
                is_output = b.directive("output") is not None
                skip = b.directive("skip")
                if skip is not None:
                    if not skip:
                        self.fail(b, "`skip` needs a reason")
                    else:
                        self.skip(b, skip)
                    if not is_output:
                        last_ran = False
                    continue
                if (b.directive("uninstrumented") is not None
                        and sanitizer_flags(self.build)):
                    self.skip(b, "an instrumented build")
                    if not is_output:
                        last_ran = False
                    continue
                req = b.directive("requires")
                if req is not None:
                    missing = [t for t in req.split() if not have_tool(t, env)]
                    if missing:
                        self.skip(b, "needs " + ", ".join(missing))
                        if not is_output:
                            last_ran = False
                        continue
                if is_output:
                    if not last_ran:
                        self.fail(b, "an output block follows no block that ran")
                        continue
                    self.counts["checked"] += 1
                    if not matches(tokens(b.text, b.lang),
                                   tokens(last_output, "")):
                        self.fail(b, "the output does not match the block",
                                  last_output)
                    continue
                name = b.directive("file")
                if name is not None:
                    with open(os.path.join(workdir, name), "w") as f:
                        f.write(b.text)
                    last_ran = False
                    continue
                run = b.directive("run")
                run_fails = b.directive("run-fails")
                command = run if run is not None else run_fails
                if command is not None:
                    with open(os.path.join(workdir, "in.mlir"), "w") as f:
                        f.write(b.text)
                    command = (command.replace("%s", "in.mlir")
                               if "%s" in command else command + " in.mlir")
                elif b.lang == "sh":
                    command = b.text
                elif b.lang == "mlir":
                    with open(os.path.join(workdir, "in.mlir"), "w") as f:
                        f.write(b.text)
                    command = "tolk-opt in.mlir > /dev/null"
                else:
                    last_ran = False
                    continue
                self.counts["run"] += 1
                rc, out = self.execute(command, workdir, env)
                if run_fails is not None:
                    if rc == 0:
                        self.fail(b, "`%s` succeeded, but the doc says it "
                                  "fails" % command, out)
                elif rc != 0:
                    self.fail(b, "`%s` exited with %d" % (command.strip(), rc),
                              out)
                last_output, last_ran = out, True
        return self


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", required=True, help="the build directory")
    ap.add_argument("--source", default=os.path.dirname(
        os.path.dirname(os.path.abspath(__file__))), help="the source tree")
    ap.add_argument("--jobs", "-j", type=int, default=2)
    ap.add_argument("docs", nargs="*", help="documents, relative to --source")
    args = ap.parse_args()
    docs = args.docs or ["README.md"] + sorted(
        os.path.join("docs", d) for d in os.listdir(
            os.path.join(args.source, "docs")) if d.endswith(".md"))
    build = os.path.abspath(args.build)
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        runs = list(pool.map(
            lambda d: DocRun(os.path.abspath(args.source), build, d).run(),
            docs))
    failures = 0
    for r in runs:
        print("%s: %d blocks run, %d outputs checked, %d skipped%s" % (
            r.doc, r.counts["run"], r.counts["checked"], r.counts["skipped"],
            ", %d FAILED" % r.failures if r.failures else ""))
        for line in r.log:
            print("  " + line)
        failures += r.failures
    if failures:
        print("doc-test: %d failures" % failures)
        return 1
    print("doc-test: every block of %d documents passed" % len(runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
