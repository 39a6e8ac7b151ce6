#!/usr/bin/env python3
# ===- gen-complex-table.py - Generate ComplexFoldTable.inc ----------------===#
#
# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# ===-----------------------------------------------------------------------===#
#
# The expected results of complex mul and div, not computed by lib/Dtype but
# executed: a module of complex.mul and complex.div on complex<f32> and
# complex<f64> is lowered by MLIR's own complex-to-standard (its default
# complex-range=improved) and the LLVM dialect, compiled by llc and run on
# the host: for complex<f32> over every quadruple (a, b, c, d) of six
# boundary components, and for both over a fixed pseudo-random sample of
# quadruples of wider range (overflow, subnormals, inexact quotients). The
# algorithm is the same for both widths, so complex<f64> has the sample
# only, which keeps the table small. ComplexAluTest compares the folder with
# every result: exact bits, but a NaN by class (the host makes its own NaN
# payloads; docs/ComplexAndFloat128.md).
#
#   python3 test/Unit/Dtype/gen-complex-table.py [LLVM_BIN] \
#       > test/Unit/Dtype/ComplexFoldTable.inc
#
# LLVM_BIN defaults to /usr/lib/llvm-22/bin; it must hold mlir-opt,
# mlir-translate and llc of the MLIR the project builds against.
#
# ===-----------------------------------------------------------------------===#

import os
import struct
import subprocess
import sys
import tempfile

LLVM_BIN = sys.argv[1] if len(sys.argv) > 1 else "/usr/lib/llvm-22/bin"

KERNEL = """
func.func @cx_T(%in: memref<?x4xT>, %out: memref<?x4xT>, %n: index)
    attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.load %in[%i, %c0] : memref<?x4xT>
    %b = memref.load %in[%i, %c1] : memref<?x4xT>
    %c = memref.load %in[%i, %c2] : memref<?x4xT>
    %d = memref.load %in[%i, %c3] : memref<?x4xT>
    %x = complex.create %a, %b : complex<T>
    %y = complex.create %c, %d : complex<T>
    %m = complex.mul %x, %y : complex<T>
    %q = complex.div %x, %y : complex<T>
    %mr = complex.re %m : complex<T>
    %mi = complex.im %m : complex<T>
    %qr = complex.re %q : complex<T>
    %qi = complex.im %q : complex<T>
    memref.store %mr, %out[%i, %c0] : memref<?x4xT>
    memref.store %mi, %out[%i, %c1] : memref<?x4xT>
    memref.store %qr, %out[%i, %c2] : memref<?x4xT>
    memref.store %qi, %out[%i, %c3] : memref<?x4xT>
  }
  return
}
"""

DRIVER = r"""
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
typedef struct { void *alloc, *aligned; int64_t offset, sizes[2], strides[2]; } M;
void _mlir_ciface_cx_f32(M *, M *, int64_t);
void _mlir_ciface_cx_f64(M *, M *, int64_t);
int main(int argc, char **argv) {
  int wide = argv[1][0] == '8';
  int64_t n;
  if (scanf("%ld", &n) != 1) return 1;
  size_t w = wide ? 8 : 4;
  unsigned char *in = malloc(n * 4 * w), *out = malloc(n * 4 * w);
  for (int64_t i = 0; i < n * 4; ++i) {
    unsigned long long v;
    if (scanf("%llx", &v) != 1) return 1;
    if (wide) ((uint64_t *)in)[i] = v; else ((uint32_t *)in)[i] = (uint32_t)v;
  }
  M mi = {in, in, 0, {n, 4}, {4, 1}}, mo = {out, out, 0, {n, 4}, {4, 1}};
  if (wide) _mlir_ciface_cx_f64(&mi, &mo, n); else _mlir_ciface_cx_f32(&mi, &mo, n);
  for (int64_t i = 0; i < n * 4; ++i)
    printf("%llx\n", wide ? (unsigned long long)((uint64_t *)out)[i]
                          : (unsigned long long)((uint32_t *)out)[i]);
  return 0;
}
"""


def bits32(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def bits64(x):
    return struct.unpack("<Q", struct.pack("<d", x))[0]


INF, NAN = float("inf"), float("nan")
# The product: both zeros, a one, a negative non-power of two, an infinity
# and a NaN, for every component.
PRODUCT = [0.0, -0.0, 1.0, -3.0, INF, NAN]


def extra_values(wide):
    """Components of wider range: the extremes, subnormals, inexact ones."""
    if wide:
        big, small, sub = 1.7976931348623157e308, 2.2250738585072014e-308, 5e-324
        mid = [1e200, 3e-200, 2.0**600, 2.0**-600]
    else:
        big, small, sub = 3.4028234663852886e38, 1.1754943508222875e-38, 1e-45
        mid = [1e20, 3e-20, 2.0**60, 2.0**-60]
    vals = [big, -big, small, sub, -sub, 0.1, -0.7, 7.0, -INF, 0.0] + mid
    return [bits64(v) if wide else bits32(v) for v in vals]


def extra_quads(wide, count=128):
    """A fixed sample: a linear congruential generator picks the indices."""
    vals = extra_values(wide)
    state, quads = 12345, []
    for _ in range(count):
        q = []
        for _ in range(4):
            state = (state * 6364136223846793005 + 1442695040888963407) % 2**64
            q.append(vals[(state >> 33) % len(vals)])
        quads.append(q)
    return quads


def product_quads(wide):
    vals = [bits64(v) if wide else bits32(v) for v in PRODUCT]
    return [[a, b, c, d] for a in vals for b in vals for c in vals for d in vals]


def run(tmp, exe, wide, quads):
    text = "%d\n" % len(quads) + "\n".join(
        " ".join("%x" % v for v in q) for q in quads) + "\n"
    out = subprocess.run([exe, "8" if wide else "4"], input=text,
                         capture_output=True, text=True, check=True).stdout
    words = [int(w, 16) for w in out.split()]
    return [words[4 * i:4 * i + 4] for i in range(len(quads))]


def main():
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "k.mlir")
        with open(src, "w") as f:
            f.write(KERNEL.replace("T", "f32") + KERNEL.replace("T", "f64"))
        lowered = os.path.join(tmp, "k.ll.mlir")
        subprocess.run([os.path.join(LLVM_BIN, "mlir-opt"),
                        "--convert-complex-to-standard",
                        "--convert-complex-to-llvm", "--convert-scf-to-cf",
                        "--convert-math-to-llvm",
                        "--finalize-memref-to-llvm",
                        "--convert-arith-to-llvm", "--convert-cf-to-llvm",
                        "--convert-func-to-llvm",
                        "--reconcile-unrealized-casts", src, "-o", lowered],
                       check=True)
        ll = os.path.join(tmp, "k.ll")
        subprocess.run([os.path.join(LLVM_BIN, "mlir-translate"),
                        "--mlir-to-llvmir", lowered, "-o", ll], check=True)
        obj = os.path.join(tmp, "k.o")
        subprocess.run([os.path.join(LLVM_BIN, "llc"), "-O2",
                        "-filetype=obj", ll, "-o", obj], check=True)
        drv = os.path.join(tmp, "driver.c")
        with open(drv, "w") as f:
            f.write(DRIVER)
        exe = os.path.join(tmp, "driver")
        subprocess.run(["cc", "-O1", drv, obj, "-o", exe], check=True)

        print("// Generated by test/Unit/Dtype/gen-complex-table.py from "
              "complex.mul and complex.div")
        print("// lowered by MLIR's complex-to-standard and run on the host. "
              "Do not edit.")
        print("// Per row: the result of mul (re, im), then of div (re, im).")
        print()
        for wide, ty, name in ((False, "uint32_t", "C64"),
                               (True, "uint64_t", "C128")):
            hexw = 16 if wide else 8
            fmt = lambda v: "0x%0*x" % (hexw, v)
            if not wide:
                vals = [bits32(v) for v in PRODUCT]
                print("static const %s k%sProductValues[] = {%s};" %
                      (ty, name, ", ".join(fmt(v) for v in vals)))
                print("// Rows in the order of the nested loops a, b, c, d "
                      "over the values above.")
                print("static const %s k%sProduct[][4] = {" % (ty, name))
                for r in run(tmp, exe, wide, product_quads(wide)):
                    print("    {%s}," % ", ".join(fmt(v) for v in r))
                print("};")
            print("// Rows: a, b, c, d, then the results as above.")
            print("static const %s k%sSample[][8] = {" % (ty, name))
            quads = extra_quads(wide)
            for q, r in zip(quads, run(tmp, exe, wide, quads)):
                print("    {%s}," % ", ".join(fmt(v) for v in q + r))
            print("};")
            print()


if __name__ == "__main__":
    main()
