//===- Passes.td - Tolk's passes on upstream dialects ------*- tablegen -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_TRANSFORMS_PASSES
#define TOLK_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def TolkExpandFloatConversions : Pass<"tolk-expand-float-conversions"> {
  let summary = "Narrow float conversions as integer arithmetic on their bits";
  let description = [{
    Rewrites `arith.extf` from and `arith.truncf` to the 8-bit float types
    (`f8E4M3FN`, `f8E5M2`, `f8E4M3FNUZ`, `f8E5M2FNUZ`), and to and from
    `bf16` with `include-bf16`, into integer operations on their storage
    bits, for targets without conversion instructions (upstream MLIR 22
    lowers the 8-bit ones neither to NVVM nor to SPIR-V, and SPIR-V has no
    bf16). The result is seed 000's conversion, bit for bit:

    - A truncation rounds the source value once, to nearest even, directly
      from `f32` or `f64` (an `f16` or `bf16` source is first extended to
      `f32`, which is exact): never through an intermediate format.
    - A finite value beyond the format's range saturates to its largest
      finite value of the same sign.
    - An infinity becomes `f8E5M2`'s infinity, or the NaN of a format
      without one; a NaN becomes the format's NaN (`0x7F`, or `0xFF` for a
      negative NaN in `f8E5M2`; `0x80` in the fnuz formats), and the fnuz
      formats have no `-0.0`.
    - `bf16` overflows to an infinity, and a NaN keeps its sign and the top
      of its payload (a signalling NaN stays signalling; one whose payload
      all falls off gets the lowest fraction bit), as `Dtype.const` does.
      Upstream's `arith-expand{include-bf16}` makes every NaN `0x7FC0`.
    - An extension is exact; an 8-bit NaN code gives the quiet NaN of its
      sign, and `bf16` extends by a shift, NaN payloads included.

    Scalars, vectors and tensors are rewritten alike (every op is
    elementwise). The folder agrees by construction of the tests:
    `test/Transforms/expand-float-conversions-table.mlir` compares every
    8-bit code and boundary `f32`/`f64` values with seed 000's model.
  }];
  let options = [
    Option<"includeBf16", "include-bf16", "bool", /*default=*/"false",
           "Also expand conversions to and from bf16">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

#endif // TOLK_TRANSFORMS_PASSES
