#!/usr/bin/env python3
# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Summarizes the JUnit reports of scripts/tinygrad-tests.sh: passed / failed /
skipped per test file and device, then each test whose outcome on a device
differs from the first device's (tinygrad's CPU device), test by test."""
import argparse
import glob
import os
import xml.etree.ElementTree as ET

def outcomes(path):
  """{test id: 'passed' | 'failed' | 'skipped'} of one JUnit report."""
  out = {}
  for case in ET.parse(path).getroot().iter("testcase"):
    name = f"{case.get('classname', '').split('.')[-1]}::{case.get('name')}"
    kinds = {c.tag for c in case}
    out[name] = "failed" if kinds & {"failure", "error"} else "skipped" if "skipped" in kinds else "passed"
  return out

def main():
  ap = argparse.ArgumentParser(description=__doc__)
  ap.add_argument("dir")
  ap.add_argument("--devices", nargs="+", required=True)
  args = ap.parse_args()
  files = sorted({os.path.basename(p).split("--", 1)[1][:-4] for p in glob.glob(os.path.join(args.dir, "*--*.xml"))})
  results = {}
  for f in files:
    for d in args.devices:
      p = os.path.join(args.dir, f"{d.replace(':', '_')}--{f}.xml")
      results[f, d] = outcomes(p) if os.path.exists(p) else None
  print("| file | device | passed | failed | skipped |")
  print("| --- | --- | --- | --- | --- |")
  for f in files:
    for d in args.devices:
      r = results[f, d]
      if r is None:
        print(f"| {f} | {d} | (no report: see its .log) | | |")
        continue
      c = {k: sum(1 for v in r.values() if v == k) for k in ("passed", "failed", "skipped")}
      print(f"| {f} | {d} | {c['passed']} | {c['failed']} | {c['skipped']} |")
  base = args.devices[0]
  for f in files:
    for d in args.devices[1:]:
      r, b = results[f, d], results[f, base]
      if r is None or b is None: continue
      worse = sorted(t for t, v in r.items() if v == "failed" and b.get(t) == "passed")
      better = sorted(t for t, v in r.items() if v == "passed" and b.get(t) == "failed")
      skipped = sorted(t for t, v in r.items() if v == "skipped" and b.get(t) == "passed")
      # e.g. the fp8 tests, which a device without those types skips
      ran = sorted(t for t, v in r.items() if v == "passed" and b.get(t) == "skipped")
      print(f"\n{f} on {d} against {base}: {len(worse)} fail that pass on {base}, "
            f"{len(skipped)} skipped that pass on {base}, {len(better)} pass that fail on {base}, "
            f"{len(ran)} pass that {base} skips")
      for t in worse: print(f"  fails: {t}")
      for t in skipped: print(f"  skipped: {t}")
      for t in better: print(f"  passes: {t}")
      for t in ran: print(f"  runs: {t}")

if __name__ == "__main__":
  main()
