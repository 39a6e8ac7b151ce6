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

//===----------------------------------------------------------------------===//
// TolkToGPU
//===----------------------------------------------------------------------===//

def ConvertTolkToGPU : Pass<"convert-tolk-to-gpu"> {
  let summary = "Lower Tolk kernels to gpu, memref, vector and scf";
  let description = [{
    Rewrites the kernel ops of a Tolk kernel (a `gpu.func` in a
    `gpu.module`) and its value ops (with the patterns of
    `--convert-tolk-to-arith`, whose input contract applies) into upstream
    ops that `convert-gpu-to-nvvm`, `-rocdl` and `-spirv` lower
    (docs/Rationale.md, "Lowering kernels to NVVM").

    A pointer `!tolk.ptr<T, s[, n]>` becomes a rank-1 memref of the
    converted `T` with layout `strided<[1], offset: ?>` in the gpu address
    space of `s`: a buffer plus an element offset. `tolk.index` adds to the
    offset (`memref.reinterpret_cast`), `tolk.load`/`tolk.store` access
    element 0 (`vector.load`/`vector.store` for a vector width), a gate
    becomes an `scf.if`. An `alu` pointer argument becomes the scalar, and
    its load that scalar. `tolk.define_local` becomes a workgroup
    attribution of the `gpu.func`, `tolk.define_reg` a private
    `memref.alloca`, `tolk.special` the gpu id ops with an
    `arith.index_cast`, `tolk.range` an `scf.for`.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::math::MathDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::vector::VectorDialect",
  ];
}

#endif // TOLK_CONVERSION_PASSES
