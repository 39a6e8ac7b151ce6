#!/usr/bin/env python3
# ===- gen-bitcast-table.py - Generate fold-bitcast-table.mlir -------------===#
#
# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# ===-----------------------------------------------------------------------===#
#
# Emits one function per ordered pair of distinct data types of the same
# itemsize (1: i1, si8, ui8 and the 8-bit floats; 2: si16, ui16, f16, bf16;
# 4: si32, ui32, f32; 8: si64, ui64, f64), folding tolk.bitcast of a few bit
# patterns. The expected constants follow `bitcast`
# (docs/Semantics.md#bitcast), with the float formats of gen-lowp-table.py,
# independently of lib/Dtype: the bits are kept exactly, NaN payloads and
# signalling NaNs included, except that an 8-bit float reads each of its NaN
# codes as its one NaN (of the code's
# sign in Fp8e5m2), and that Bool holds only the bits 0 and 1 (a bitcast of
# other bits into i1 is an error, not folded here).
#
#   python3 scripts/gen-bitcast-table.py > test/Dialect/Tolk/fold-bitcast-table.mlir
#
# ===-----------------------------------------------------------------------===#

import importlib.util
import os

_spec = importlib.util.spec_from_file_location(
    "lowp_table", os.path.join(os.path.dirname(__file__), "gen-lowp-table.py"))
lp = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(lp)

FORMATS = lp.FORMATS

# The integer types (INTS) and wrap-around are gen-fold-table.py's.
_spec = importlib.util.spec_from_file_location(
    "fold_table", os.path.join(os.path.dirname(__file__), "gen-fold-table.py"))
ft = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ft)
INTS = ft.INTS
GROUPS = [
    ["i1", "si8", "ui8"] + lp.FP8,
    ["si16", "ui16", "f16", "bf16"],
    ["si32", "ui32", "f32"],
    ["si64", "ui64", "f64"],
]
# Bit patterns by itemsize: zero and one, each sign bit, all ones, the
# formats' 1.0, infinities and NaNs (quiet, signalling, with payloads).
PATTERNS = {
    1: [0x00, 0x01, 0x38, 0x3C, 0x7B, 0x7C, 0x7E, 0x7F, 0x80, 0xFC, 0xFD,
        0xFF],
    2: [0x0000, 0x0001, 0x3C00, 0x3F80, 0x7BFF, 0x7C00, 0x7C01, 0x7E00,
        0x7F80, 0x7F81, 0x7FC0, 0x8000, 0xFC00, 0xFE01, 0xFFFF],
    4: [0x00000000, 0x00000001, 0x3F800000, 0x7F7FFFFF, 0x7F800000,
        0x7F800001, 0x7FC00000, 0x80000000, 0xFFC12345, 0xFFFFFFFF],
    8: [0x0000000000000000, 0x0000000000000001, 0x3FF0000000000000,
        0x7FF0000000000000, 0x7FF0000000000001, 0x7FF8000000000000,
        0x8000000000000000, 0xFFF8000000000123, 0xFFFFFFFFFFFFFFFF],
}


def width(ty):
    if ty == "i1":
        return 8  # Bool is stored in a byte.
    if ty in INTS:
        return INTS[ty][0]
    return FORMATS[ty].width


def value(ty, bits):
    """The ty value that the bits store (from_storage_scalar)."""
    if ty == "i1":
        return bool(bits)
    if ty in INTS:
        n, signed = INTS[ty]
        return bits - (1 << n) if signed and bits >> (n - 1) else bits
    return lp.decode(FORMATS[ty], bits)


def storage(ty, v):
    """The bits that store the ty value v (to_storage_scalar)."""
    if ty == "i1":
        return int(v)
    if ty in INTS:
        return v & ((1 << INTS[ty][0]) - 1)
    return lp.encode(FORMATS[ty], v)


def literal(v, ty):
    if ty == "i1":
        return "true" if v else "false"
    return lp.literal(v, ty)


def main():
    em = lp.Emitter(lp.header("gen-bitcast-table.py", "fold-bitcast-table.mlir", [
        "tolk.bitcast between every pair of data types of the same itemsize on",
        "a few bit patterns: the bits are kept, NaN payloads and signalling NaNs",
        "included, and an 8-bit float reads its NaN codes as its one NaN; the",
        "expected constants are computed by the script from",
        "docs/Semantics.md#bitcast, independently of lib/Dtype."]))
    for group in GROUPS:
        for src in group:
            for dst in group:
                if src == dst:
                    continue
                rows, seen = [], set()
                for bits in PATTERNS[width(src) // 8]:
                    if src == "i1" and bits > 1:
                        continue  # Bool stores only 0 and 1.
                    v = value(src, bits)
                    stored = storage(src, v)  # What the constant holds.
                    if stored in seen:
                        continue  # 0xFF and 0x7F are one e4m3 NaN, ...
                    if dst == "i1" and stored > 1:
                        continue  # Not a Bool: an error, not a fold.
                    seen.add(stored)
                    rows.append(((v,), value(dst, stored)))

                def body(i, operands, src=src, dst=dst):
                    return ["%%a%d = tolk.const %s : %s" % (i, literal(operands[0], src), src),
                            "%%r%d = tolk.bitcast %%a%d : %s to %s" % (i, i, src, dst)]
                em.function("bitcast_%s_%s" % (src, dst), rows,
                            lambda _, dst=dst: dst, body)
    em.write()


if __name__ == "__main__":
    main()
