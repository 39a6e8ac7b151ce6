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
    Rewrites the primitive elementwise ops, `tolk.const`,
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
    with Tolk's saturation (bf16 too with `bf16-in-f32`: upstream's
    `arith-emulate-unsupported-floats` marks its conversions `contract`,
    which lets the canonicalizer drop the rounding between two ops); a conversion to an 8-bit float saturates a
    finite overflow and maps infinities and NaNs as the folder does.
    Float-to-integer casts wrap modulo 2^bitsize as the folder does (NaN
    gives 0, an infinity the least or greatest value): a conversion to a
    wider integer and a truncation where that holds every value, float
    arithmetic beyond. An 8-bit float NaN that a bitcast, an identity cast
    or a where reads or makes is its format's NaN code.

    ```mlir
    %r = tolk.shr %x, %n : si8
    // becomes
    %c7 = arith.constant 7 : i8
    %n7 = arith.minui %n, %c7 : i8
    %r = arith.shrsi %x, %n7 : i8
    ```
  }];
  let options = [
    Option<"bf16InF32", "bf16-in-f32", "bool", /*default=*/"false",
           "Compute bf16 arithmetic in f32, rounding each result back once "
           "(for targets without bf16 arithmetic)">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::complex::ComplexDialect",
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
  let options = [
    Option<"bf16InF32", "bf16-in-f32", "bool", /*default=*/"false",
           "Compute bf16 arithmetic in f32, rounding each result back once "
           "(for targets without bf16 arithmetic)">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::complex::ComplexDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::math::MathDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::vector::VectorDialect",
  ];
}

//===----------------------------------------------------------------------===//
// GPUToHost
//===----------------------------------------------------------------------===//

def TolkGPUToHost : Pass<"tolk-gpu-to-host", "::mlir::ModuleOp"> {
  let summary = "Rewrite lowered gpu.func kernels into host functions that "
                "loop over the grid and the block";
  let description = [{
    Turns each `gpu.func` kernel of the module's `gpu.module`s (after
    `--convert-tolk-to-gpu`: upstream `gpu`, `memref`, `vector`, `scf` and
    `arith` ops) into a `func.func @"<module>.<kernel>"` that runs a range
    of the launch's workgroups on one CPU thread (docs/Rationale.md, "Host
    lowering"). The function takes the kernel's arguments, then the grid
    (x, y, z), the block (x, y, z) and the workgroups to run, `[first,
    end)` in the launch's linear order (x fastest), as `index` values, so
    that a launcher chooses them and can run disjoint ranges of one launch
    on several threads (workgroups are independent); the kernel's
    `known_block_size`/`known_grid_size`, `tolk.args` and `tolk.results`
    are kept on it as `tolk.known_block_size`, `tolk.known_grid_size`,
    `tolk.args` and `tolk.results`.

    The body loops over the workgroups of the range, each linear id split
    into its x, y and z, and, in each, over the threads (z, y, x). A
    `gpu.barrier` at the kernel's top level splits the
    thread loop (loop fission, as PoCL does): every thread runs up to the
    barrier before any runs past it. A value that a later part uses is
    recomputed there when that is free (constants, ids, views of memory) and
    otherwise kept per thread in an array indexed by the thread's linear id;
    a private allocation (`tolk.define_reg`) used across a barrier becomes
    the thread's part of one array with room for every thread's.
    Workgroup attributions become one allocation, reused by each workgroup
    in turn; memory spaces are dropped. A barrier inside a loop or a branch,
    and gpu ops without a host meaning (subgroups, shuffles), are
    diagnostics. Functions that `--tolk-kernelize` kernelized (`tolk.kernel`)
    are removed: their kernel is their lowering.

    With `bounds-check` (the default), every load and store through a
    buffer parameter is checked against the element count of the memref
    descriptor the launcher passes (a static size in the kernel's type is
    taken from the descriptor too: the host function takes `memref<?xT>`).
    An access out of bounds is not made (a load gives zero); it calls
    `void tolk_host_out_of_bounds(int64_t param, int64_t is_store,
    int64_t index, int64_t count, int64_t size, int64_t thread_x,
    int64_t thread_y, int64_t thread_z, int64_t block_x, int64_t block_y,
    int64_t block_z)`, which the launcher defines: `param` is the kernel
    parameter's position, `index` the first element accessed, `count` how
    many, `size` the buffer's element count (docs/Rationale.md, "Host
    lowering"). `bounds-check=false` gives the unchecked loops.
  }];
  let options = [
    Option<"boundsCheck", "bounds-check", "bool", /*default=*/"true",
           "Check every access through a buffer parameter against the "
           "buffer's element count">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::complex::ComplexDialect",
    "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
  ];
}

def TolkHostBf16Bits : Pass<"tolk-host-bf16-bits", "::mlir::ModuleOp"> {
  let summary = "Carry bf16 values of LLVM dialect functions as i16 bits";
  let description = [{
    The last step of `--tolk-to-llvm`: every bf16 value (and vector of
    bf16) that is only moved (loaded, stored, selected, passed between
    blocks, to or from a function defined in the module, inserted into or
    extracted from a vector, a constant) becomes an i16 (a vector of i16)
    with the same bits, as do the signatures of the functions defined in
    the module, and bitcasts between the two disappear. The host computes
    bf16 in f32 with Tolk's own conversions, so nothing is left that needs
    the type, and LLVM's x86 backend moves a bf16 value between basic blocks
    through f32: `vcvtneps2bf16` (AVX512-BF16) flushes subnormals to zero
    and `__truncsfbf2` quiets signalling NaNs (docs/Rationale.md, "Host
    lowering"). Any other op on bf16 (arithmetic, a call of a declaration)
    keeps its type, with bitcasts around it.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

//===----------------------------------------------------------------------===//
// TolkToSPIRV
//===----------------------------------------------------------------------===//

def ConvertTolkKernelsToSPIRV
    : Pass<"convert-tolk-kernels-to-spirv", "::mlir::ModuleOp"> {
  let summary = "Lower Tolk kernels (after --convert-tolk-to-gpu) to Vulkan "
                "spirv.modules with Tolk's kernel ABI";
  let description = [{
    For each `gpu.module`, checks its kernels against the module's
    `spirv.target_env` (as `spirv-attach-target` sets it) and adds beside it
    a `spirv.module` of GLCompute entry points, as upstream's
    `convert-gpu-to-spirv` does, with Tolk's ABI (docs/Rationale.md,
    "SPIR-V"):

    - each global pointer is a `StorageBuffer` runtime array (a sized array
      for a pointer with an element count) in descriptor set 0, binding =
      its position among the kernel's global pointers; its offsets go into
      the access chains. bf16 and the 8-bit floats are stored as integers
      of their width.
    - local memory is a `Workgroup` variable, registers `Function`
      variables.
    - the by-value (alu) parameters are the members of one `PushConstant`
      block, in parameter order, each in a 4-byte slot (an 8-byte one,
      aligned to 8, for 64-bit types) holding its bits zero-extended.
    - the `LocalSize` is the kernel's `known_block_size`; a kernel without
      one reads its workgroup size from the specialization constants
      `tolk_local_size_{x,y,z}` (SpecIds 0, 1, 2) of the composite
      `tolk_workgroup_size`, which `serializeSPIRVKernel` decorates
      `BuiltIn WorkgroupSize`, and a host sets at pipeline creation.

    Then run `spirv-lower-abi-attrs` and `spirv-update-vce` on the
    `spirv.module`s. A type the target environment cannot express (f64
    without Float64, i64 without Int64, 8- and 16-bit values and buffers
    without Int8, Int16, Float16 and the 8/16-bit storage capabilities,
    vectors longer than 4 without Vector16) is a diagnostic at the op that
    uses it.
  }];
  // memref and math: the pass creates memref.load/store (scalarized vector
  // accesses) and math ops (trunc, pow) that its input may not contain.
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::math::MathDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::spirv::SPIRVDialect",
  ];
}

#endif // TOLK_CONVERSION_PASSES
