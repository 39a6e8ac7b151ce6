//===- TolkLoweringOps.td - Ops between Tolk and arith -----*- tablegen -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Ops that --convert-tolk-to-arith emits where arith has no op of Tolk's
// semantics, on arith's types, for a later pass to expand in arith or to map
// to a target's instruction.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_LOWERING_OPS_TD
#define TOLK_LOWERING_OPS_TD

include "tolk/Dialect/Tolk/IR/TolkDialect.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/OpBase.td"

def Tolk_SaturatingTruncFSource : TypeOrValueSemanticsContainer<
    AnyTypeOf<[F16, BF16, F32, F64]>, "f16, bf16, f32 or f64">;
def Tolk_SaturatingTruncFResult : TypeOrValueSemanticsContainer<
    AnyTypeOf<[F8E4M3FN, F8E5M2, F8E4M3FNUZ, F8E5M2FNUZ]>,
    "f8E4M3FN, f8E5M2, f8E4M3FNUZ or f8E5M2FNUZ">;

def Tolk_SaturatingTruncFOp : Tolk_Op<"saturating_truncf", [Pure,
    SameOperandsAndResultShape, ElementwiseMappable]> {
  let summary = "float truncation to an 8-bit float, saturating a finite "
                "overflow";
  let description = [{
    Rounds each lane of `in` (`f16`, `bf16`, `f32` or `f64`; a scalar, a
    vector or a tensor) once to the 8-bit float of the result, as
    `truncate` does (docs/Semantics.md#truncate,
    docs/Semantics.md#8-bit-floats), where `arith.truncf` leaves a finite
    overflow and the non-finite values to the format:

    - a finite value rounds to nearest, ties to even; one past the largest
      finite value of the format (after rounding) is that value, of its
      sign, in all four formats, `f8E5M2` included;
    - an infinity is itself in `f8E5M2`, and the format's NaN in the
      others;
    - a NaN is `0x7F` or `0xFF` by its sign in `f8E5M2`, `0x7F` in
      `f8E4M3FN` (of either sign), `0x80` in the fnuz formats, whose
      negative values that round to zero are `+0.0`.

    `--tolk-native-float-conversions` maps it to a chip's conversion
    instruction, and `--tolk-expand-float-conversions` expands the rest in
    integer arithmetic, as the lowering pipelines do;
    `--tolk-expand-saturating-truncf` expands it into a clamp, an
    `arith.truncf` and selects instead. Constant operands fold
    (by canonicalization, to `arith.constant`) with the folder's
    `truncate`.

    ```mlir
    %r = tolk.saturating_truncf %x : vector<4xf32> to vector<4xf8E4M3FN>
    ```
  }];
  let arguments = (ins Tolk_SaturatingTruncFSource:$in);
  let results = (outs Tolk_SaturatingTruncFResult:$out);
  let assemblyFormat = "$in attr-dict `:` type($in) `to` type($out)";
  let hasCanonicalizer = 1;
}

#endif // TOLK_LOWERING_OPS_TD
