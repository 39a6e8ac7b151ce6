//===- Passes.td - Tolk conversion passes ------------------*- tablegen -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_CONVERSION_PASSES
#define TOLK_CONVERSION_PASSES

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// TolkToArith
//===----------------------------------------------------------------------===//

def ConvertTolkToArith : Pass<"convert-tolk-to-arith"> {
  let summary = "Lower Tolk's homogeneous value ops to arith and math";
  let description = [{
    Rewrites the primitive elementwise ops of seed 003, `tolk.const`,
    `tolk.cast` and `tolk.bitcast` into `arith` and `math` ops on signless
    integers and builtin floats, computing the bits the folder computes
    (docs/Rationale.md, "Lowering to arith"). Signed and unsigned Tolk types
    become signless integers; the Tolk type chooses the signed or unsigned
    arith op. Function signatures, calls and returns are converted too.

    The input must be what `--canonicalize --tolk-decompose --canonicalize
    --tolk-commit-weak` gives: primitive ops whose operands have one data
    type. The pass reports, at the op, a weak type (run `--tolk-commit-weak`
    first), a derived op (run `--tolk-decompose` first), operands of mixed
    data types (run `--canonicalize` first), and a tensor operand that would
    have to broadcast (broadcast tensors are lowered by kernelization); a
    scalar operand beside lanes or a tensor is splat.

    Arithmetic on the 8-bit floats happens in f32 and is rounded back once,
    with the seed's saturation; a conversion to an 8-bit float saturates a
    finite overflow and maps infinities and NaNs as seed 000 does.
    Float-to-integer casts saturate (NaN gives 0): DESIGN rule 2's exception.

    ```mlir
    %r = tolk.shr %x, %n : si8
    // becomes
    %c7 = arith.constant 7 : i8
    %n7 = arith.minui %n, %c7 : i8
    %r = arith.shrsi %x, %n7 : i8
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::math::MathDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::vector::VectorDialect",
  ];
}

#endif // TOLK_CONVERSION_PASSES
