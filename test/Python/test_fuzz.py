# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""A short seeded run of the runtime's fuzzer (scripts/fuzz-runtime.py):
random calls of the C API and the package, with bad handles, arguments and
sizes, and no crash, hang, unexplained error or lost buffer contents. The
long campaign is the same script with --minutes."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

def test_seeded_fuzz_run():
  script = os.path.join(ROOT, "scripts", "fuzz-runtime.py")
  p = subprocess.run([sys.executable, script, "--seed", "1", "--seeds", "2", "--calls", "1500", "--timeout", "240"],
                     capture_output=True, text=True, timeout=600)
  assert p.returncode == 0, p.stdout + p.stderr
  assert "0 findings" in p.stdout, p.stdout
