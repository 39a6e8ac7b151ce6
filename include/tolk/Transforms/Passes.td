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
    `bf16` with `include-bf16`, and `tolk.saturating_truncf` (whose rules
    are the ones below), into integer operations on their storage
    bits, for targets without conversion instructions (upstream MLIR 22
    lowers the 8-bit ones neither to NVVM nor to SPIR-V, and SPIR-V has no
    bf16). The result is the folder's conversion (docs/Semantics.md#truncate,
    docs/Semantics.md#8-bit-floats), bit for bit:

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
      all falls off gets the lowest fraction bit), as `const` does
      (docs/Semantics.md#nans).
      Upstream's `arith-expand{include-bf16}` makes every NaN `0x7FC0`.
    - An extension is exact; an 8-bit NaN code gives the quiet NaN of its
      sign, and `bf16` extends by a shift, NaN payloads included.
    - `arith.sitofp`/`uitofp` to a narrow float go through f32 (up to 24
      bits) or f64, which hold the integer exactly, then round once;
      `arith.fptosi`/`fptoui` from one extend exactly to f32 first.

    An `f32` value below an 8-bit format's least normal is rounded as a
    float instead: scaled exactly by a power of two to units of the least
    subnormal, `math.roundeven` and `arith.fptosi` give the code. That is
    exact on every target (no rounding mode is involved) and takes a few
    vector instructions where the bits take about twenty.

    Scalars, vectors and tensors are rewritten alike (every op is
    elementwise). The folder agrees by construction of the tests:
    `test/Transforms/expand-float-conversions-table.mlir` compares every
    8-bit code and boundary `f32`/`f64` values with an exact model of
    docs/Semantics.md#truncate (scripts/gen-lowp-table.py).
  }];
  let options = [
    Option<"includeBf16", "include-bf16", "bool", /*default=*/"false",
           "Also expand conversions to and from bf16">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect"];
}

def TolkExpandSaturatingTruncF : Pass<"tolk-expand-saturating-truncf"> {
  let summary = "tolk.saturating_truncf as a clamp, arith.truncf and selects";
  let description = [{
    Expands each `tolk.saturating_truncf` (what `--convert-tolk-to-arith`
    emits for a conversion to an 8-bit float) into arith: the source's
    finite lanes past the format's largest finite value are clamped to it
    (a compare-and-select a side, which leaves infinities and NaNs alone),
    `arith.truncf` rounds the clamped value to nearest even, and the lanes
    where the source is not finite select the format's NaN code (`0x7F`
    in `f8E4M3FN`, `0x80` in the fnuz formats) or, in `f8E5M2`, keep the
    truncf's infinity and select the NaN of the source's sign. The
    `arith.truncf` is then exact for every lane it decides, so that
    arith's folder, or a target's own conversion, computes the op. The
    lowering pipelines do not run it: `--tolk-expand-float-conversions`
    expands `tolk.saturating_truncf` itself, without the clamp and the
    selects, which its integer expansion does not need.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def TolkNativeFloatConversions : Pass<"tolk-native-float-conversions"> {
  let summary = "8-bit float conversions with the chip's instructions, fixed "
                "up to the folder's bits";
  let description = [{
    Rewrites `tolk.saturating_truncf` and `arith.truncf` to, and
    `arith.extf` from, the 8-bit floats that `chip` converts in hardware
    into its instructions, with fix-ups that make
    the result the folder's conversion bit for bit (the one
    `--tolk-expand-float-conversions` computes in integer arithmetic):

    - NVIDIA `sm_89` and later, `f8E4M3FN` and `f8E5M2`:
      `nvvm.convert.f32x2.to.f8x2 {rnd = rn, sat = satfinite}`
      (`cvt.rn.satfinite.e4m3x2.f32`, `e5m2x2`), two lanes per instruction,
      and `nvvm.convert.f8x2.to.f16x2` (`cvt.rn.f16x2.e4m3x2`) for
      extensions. satfinite makes an infinity the largest finite value;
      Tolk wants `f8E4M3FN`'s NaN (`0x7F`) and `f8E5M2`'s infinity
      (docs/Semantics.md#8-bit-floats), and a NaN is set to its format's NaN
      code of its sign (docs/Semantics.md#nans).
    - AMD `gfx940`-`gfx942`, the fnuz formats, and `gfx950`, the OCP ones:
      `amdgpu.packed_trunc_2xfp8` and `amdgpu.ext_packed_fp8`
      (`v_cvt_pk_fp8_f32`, `v_cvt_f32_fp8`), after a clamp to the largest
      finite value (the instruction gives a NaN for a finite overflow, Tolk
      saturates); infinities, NaNs and a fnuz `-0.0` are fixed up.
    - An `f16` or `bf16` source is extended to `f32` first (exact); an `f64`
      source, which no instruction takes, is left to
      `--tolk-expand-float-conversions` so that it is rounded once. So are
      tensors and vectors of rank above one, the other formats, and every
      format on other chips (`sm_80`, `gfx90a`, ...).
    - An extension's NaN is Tolk's (docs/Semantics.md#nans: the quiet NaN
      of its code's sign in `f8E5M2`, positive otherwise), built in the
      result type.

    `emulate` (for tests) puts a model of each instruction's documented
    semantics in its place, written as arith ops that
    `--tolk-expand-float-conversions` expands, so that the folder evaluates
    the fix-ups on the CPU (`test/Transforms/native-float-conversions-*.mlir`,
    `NativeFloatConversionsTest`). An unknown chip is an error.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"\"",
           "The chip (sm_XX, gfxXXX) whose conversion instructions to use">,
    Option<"emulate", "emulate", "bool", /*default=*/"false",
           "Model each instruction in arith ops instead (for tests)">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::vector::VectorDialect",
    "::mlir::NVVM::NVVMDialect",
    "::mlir::amdgpu::AMDGPUDialect",
  ];
}

def TolkROCDLDispatchDims : Pass<"tolk-rocdl-dispatch-dims"> {
  let summary = "ROCDL block and grid sizes read from the dispatch packet";
  let description = [{
    Replaces `rocdl.workgroup.dim.{x,y,z}` and `rocdl.grid.dim.{x,y,z}`
    (what `convert-gpu-to-rocdl` makes of `gpu.block_dim` and
    `gpu.grid_dim`) by loads from the HSA kernel dispatch packet
    (`llvm.amdgcn.dispatch.ptr`): the workgroup size is the packet's
    `uint16_t` at byte 4 + 2 * dim, and the number of workgroups is the
    grid size in work-items (`uint32_t` at byte 12 + 4 * dim) divided by
    the workgroup size, rounded up.

    Upstream translates the ops into calls of ROCm's device library
    (`__ockl_get_local_size`, `__ockl_get_num_groups`), which
    `gpu-module-to-binary` links from ROCm's bitcode, so that a kernel
    whose launch size is known only at launch compiled only on a machine
    with ROCm. The library's functions read the same fields for code object
    versions before 5, and the packet is there for every version.
    Tolk's ROCDL pipeline runs this pass after `convert-gpu-to-rocdl`; a
    kernel with `known_block_size` has no such op left by then
    (`int-range-optimizations` folds it).
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def TolkROCDLMath : Pass<"tolk-rocdl-math"> {
  let summary = "ROCm device-library math calls as LLVM intrinsics, or an "
                "error at the call";
  let description = [{
    Replaces the calls of ROCm's device library (OCML) that
    `convert-gpu-to-rocdl` makes of `math.floor`, `math.ceil`, and of
    `math.exp2` and `math.log2` on `f32` and `f16`, by `llvm.intr.floor`,
    `llvm.intr.ceil`, `llvm.intr.exp2` and `llvm.intr.log2`: what those
    OCML functions are. The AMDGPU back end compiles exp2 and log2 to
    `v_exp_f32` and `v_log_f32` (`v_exp_f16`, `v_log_f16`) with its scaling
    of subnormal operands and results. It erases the declarations once
    unused.
    A call of any other OCML function (`f64` `exp2`, `log2` and `pow`, for
    which AMD GPUs have no instruction) is an error at the call: the
    pipeline links no device library, so that it needs no ROCm and behaves
    the same with it. Tolk's ROCDL pipeline runs it just after
    `convert-gpu-to-rocdl`, which marks the intrinsics illegal.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def TolkNVVMSqrt : Pass<"tolk-nvvm-sqrt"> {
  let summary = "libdevice calls that are one NVPTX instruction as LLVM "
                "intrinsics: sqrt correctly rounded, and no libdevice for "
                "abs, trunc, floor, ceil, fma and copysign";
  let description = [{
    Replaces the calls of libdevice's `__nv_sqrtf`, `__nv_fabsf`,
    `__nv_truncf`, `__nv_floorf`, `__nv_ceilf`, `__nv_fmaf` and
    `__nv_copysignf` (and their f64 forms) that `convert-gpu-to-nvvm` makes
    of the `math` ops by the LLVM intrinsics (`llvm.intr.sqrt`,
    `llvm.intr.fabs`, ...), and erases their declarations once unused.
    libdevice's sqrt compiles to `sqrt.approx.f32` unless `__CUDA_PREC_SQRT`
    is reflected as 1, and MLIR's NVVM serializer does not set it; Tolk's
    `sqrt` is the correctly rounded one, which the NVPTX back end makes of
    the intrinsic (`sqrt.rn.f32`, `sqrt.rn.f64`; `f16` is widened to `f32`
    around the call already, which rounds once in effect: 24 >= 2 * 11 + 2
    bits). The other functions are exact either way and one instruction
    each (`abs`, `cvt.rzi`, `cvt.rmi`, `cvt.rpi`, `fma.rn`, `copysign`), but
    as calls they need libdevice, and so a CUDA toolkit, which the
    float-to-integer casts would otherwise need everywhere. The intrinsics
    are illegal during `convert-gpu-to-nvvm`, so Tolk's NVVM pipeline runs
    this pass on the kernels just after it.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def TolkExpandIPowI : Pass<"tolk-expand-ipowi"> {
  let summary = "math.ipowi as a loop of squarings";
  let description = [{
    Rewrites `math.ipowi` (integer power) into square-and-multiply over the
    exponent's bits: an `scf.for` of `w - 1` iterations for a `w`-bit
    integer, on scalars and vectors alike, then selects for a negative
    exponent as `math.ipowi` defines it (1 for a base of 1, +-1 for -1, 0
    otherwise). No GPU has an instruction for it and LLVM has no intrinsic;
    upstream's `convert-math-to-funcs` outlines the same loop into a
    `func.func` of a `builtin.module`, which the `gpu.module`s of a GPU
    pipeline are not. Every Tolk pipeline runs it after
    `convert-tolk-to-gpu`.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def TolkExpandPowF : Pass<"tolk-expand-powf"> {
  let summary = "math.powf as C's pow, around a core for positive operands";
  let description = [{
    Rewrites `math.powf` on `f32` (and `f16` and `bf16`, widened to `f32`
    and rounded back) into C99's `pow` (Annex F), which the folder
    computes: selects for the special cases (`pow(x, +-0)` and `pow(1, y)`
    are 1, NaN included; a negative base with a non-integer exponent is a
    NaN; the sign of an odd integer power; zeros and infinities) around a
    core for a positive finite base and a finite exponent. With `f64-core`
    the core is `exp2(y * log2(x))` in f64 arithmetic only (+, -, *, / and
    conversions: series for log2 and exp2, no target function), within 1
    ULP of the correctly rounded `f32` result; without it, `math.powf` of
    the positive operands, left to the target.

    The ROCDL pipeline runs it with `f64-core`: AMD GPUs have no pow
    instruction, and upstream lowers `math.powf` to a function of ROCm's
    device library. The SPIR-V conversion does the same, with the core in
    f64 where the target has `Float64` (GLSL.std.450's `Pow` is undefined
    for a negative base).
  }];
  let options = [
    Option<"f64Core", "f64-core", "bool", /*default=*/"true",
           "Compute the core in f64 arithmetic">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect"];
}

def TolkExpandF64Math : Pass<"tolk-expand-f64-math"> {
  let summary = "f64 exp2, log2 and pow in f64 and i64 arithmetic";
  let description = [{
    Rewrites `math.exp2`, `math.log2` and `math.powf` on `f64` into f64
    `+`, `-`, `*`, `/`, `math.floor`, conversions and i64 bit operations,
    with double-double arithmetic where f64 alone would lose bits:
    `log2(x)` as the exponent of `x` plus `(2 / ln 2) atanh(s)` by its
    series, `exp2(x)` as `2^n` times `exp(r ln 2)` by Taylor's series,
    `pow(x, y)` as C99's `pow` (the special cases of `tolk-expand-powf`)
    around `2^(y log2(x))` with `log2(x)` and the product in
    double-double. Subnormal operands are read through their bits and
    subnormal results rounded once on their own grid, so that no float op
    sees or makes a subnormal that a target may flush but the last
    multiplication. The results are within a few hundredths of an ULP of
    the correctly rounded ones (docs/Lowering.md, "f64 exp2, log2 and
    pow", gives the measured figures). Other types are left alone.

    AMD GPUs have no f64 instruction for these, and GLSL.std.450 has them
    for 16- and 32-bit floats only: the ROCDL pipeline runs this pass, and
    the SPIR-V conversion does where the target has `Float64` and `Int64`.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect"];
}

def TolkNVVMWideConversions : Pass<"tolk-nvvm-wide-conversions"> {
  let summary = "An error at conversions between floats and integers of "
                "more than 64 bits, which NVPTX cannot compile";
  let description = [{
    Reports each `llvm.fptosi`, `llvm.fptoui`, `llvm.sitofp` and
    `llvm.uitofp` between a float and an integer wider than 64 bits (a
    `tolk.cast` to or from `ui128` or `ui256`) as an error at its location.
    The NVPTX back end lowers them to library calls that it has no library
    for, and LLVM then aborts while `gpu-module-to-binary` serializes the
    module. Tolk's NVVM pipeline runs it on the kernels after
    `convert-gpu-to-nvvm`.
  }];
}

#endif // TOLK_TRANSFORMS_PASSES
