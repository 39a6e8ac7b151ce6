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
    (docs/Lowering.md, "Lowering to arith"). Signed and unsigned Tolk types
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
    (docs/Lowering.md, "Lowering kernels to NVVM").

    A pointer `!tolk.ptr<T, s[, n]>` becomes a rank-1 memref of the
    converted `T` with layout `strided<[1], offset: ?>` in the gpu address
    space of `s`: a buffer plus an element offset. `tolk.index` adds to the
    offset (`memref.reinterpret_cast`), `tolk.load`/`tolk.store` access
    element 0 (`vector.load`/`vector.store` for a vector width), a gate
    becomes an `scf.if`. An `alu` pointer argument becomes the scalar, and
    its load that scalar. `tolk.define_local` becomes a workgroup
    attribution of the `gpu.func`, `tolk.define_reg` a private
    `memref.alloca`, `tolk.special` the gpu id ops with an
    `arith.index_cast`, `tolk.range` an `scf.for`. An image pointer is an
    error, unless `images` says what it becomes, each access inside an
    `scf.if` on the texel's bounds (docs/Semantics.md#images): `buffers`
    (the host) a row-major buffer of its texels; `spirv` (Vulkan) a pointer
    to a storage image, accessed by `spirv.ImageRead`/`spirv.ImageWrite`;
    `nvvm` an i64 CUDA surface object, accessed by
    `llvm.nvvm.suld.2d.*.zero`/`llvm.nvvm.sust.b.2d.*.zero` at a byte x;
    `rocdl` a pointer in the constant address space to the image's 8-dword
    resource descriptor, accessed by `llvm.amdgcn.image.load.2d`/
    `.store.2d`, and with `chip`, an image kernel for a chip without image
    instructions is an error.
  }];
  let options = [
    Option<"bf16InF32", "bf16-in-f32", "bool", /*default=*/"false",
           "Compute bf16 arithmetic in f32, rounding each result back once "
           "(for targets without bf16 arithmetic)">,
    Option<"images", "images", "::tolk::ImageLowering",
           /*default=*/"::tolk::ImageLowering::none",
           "What image pointers lower to, with the bounds rule "
           "(docs/Semantics.md#images)",
           [{::llvm::cl::values(
             clEnumValN(::tolk::ImageLowering::none, "none",
                        "nothing: an image pointer is an error"),
             clEnumValN(::tolk::ImageLowering::buffers, "buffers",
                        "row-major h x w x 4 buffers of their texels (the "
                        "host)"),
             clEnumValN(::tolk::ImageLowering::spirv, "spirv",
                        "SPIR-V storage images, Rgba16f or Rgba32f "
                        "(Vulkan)"),
             clEnumValN(::tolk::ImageLowering::nvvm, "nvvm",
                        "i64 CUDA surface objects, accessed by suld and "
                        "sust"),
             clEnumValN(::tolk::ImageLowering::rocdl, "rocdl",
                        "pointers to AMDGPU image resource descriptors, "
                        "accessed by image_load and image_store"))}]>,
    Option<"chip", "chip", "std::string", /*default=*/"\"\"",
           "With images=rocdl, the AMD chip to lower for: an image kernel "
           "is an error on a chip without image instructions (unchecked "
           "when empty)">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::complex::ComplexDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::math::MathDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::spirv::SPIRVDialect",
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
    of the launch's workgroups on one CPU thread (docs/Lowering.md, "Host
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
    `gpu.barrier` splits the
    thread loop (loop fission, as PoCL does): every thread runs up to the
    barrier before any runs past it. A value that a later part uses is
    recomputed there when that is free (constants, ids, views of memory) and
    otherwise kept per thread in an array indexed by the thread's linear id;
    a private allocation (`tolk.define_reg`) used across a barrier becomes
    the thread's part of one array with room for every thread's.
    Workgroup attributions become one allocation, reused by each workgroup
    in turn; memory spaces are dropped. A barrier inside a loop (a
    `tolk.range`) or a branch whose bounds or condition are uniform across
    the workgroup splits the thread loops inside it, the loop or branch
    running once per workgroup; one whose bounds or condition may differ
    between threads, and gpu ops without a host meaning (subgroups,
    shuffles), are diagnostics. Functions that `--tolk-kernelize` kernelized (`tolk.kernel`)
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
    many, `size` the buffer's element count (docs/Lowering.md, "Host
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
    // Whose attributes the host functions carry.
    "::tolk::TolkDialect",
  ];
}

def TolkHostBF16AsI16 : Pass<"tolk-host-bf16-as-i16", "::mlir::ModuleOp"> {
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
    and `__truncsfbf2` quiets signalling NaNs (docs/Lowering.md, "Host
    lowering"). Any other op on bf16 (arithmetic, a call of a declaration)
    keeps its type, with bitcasts around it.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

//===----------------------------------------------------------------------===//
// TolkToSPIRV: the checks and the steps of the SPIR-V lowering
//===----------------------------------------------------------------------===//
//
// --tolk-to-spirv runs, on the kernels that --convert-tolk-to-gpu made:
// tolk-spirv-narrow-int64-casts and tolk-spirv-check-kernels on each
// gpu.module, then tolk-gpu-to-spirv, which prepares a copy of each
// gpu.module with the passes of its `prepare` pipeline (the tolk-spirv-*
// steps below, in their order) and converts it with upstream's patterns,
// then tolk-spirv-lower-push-constants on each spirv.module
// (docs/Lowering.md, "SPIR-V").

def TolkSPIRVNarrowInt64Casts
    : Pass<"tolk-spirv-narrow-int64-casts", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Float-to-integer casts through i64 in 32-bit arithmetic, "
                "where the SPIR-V target has no Int64";
  let description = [{
    On a `gpu.module` whose SPIR-V target environment (the one
    `spirv-attach-target` put in its targets, else the nearest
    `spirv.target_env`) lacks `Int64`: the float-to-integer casts that
    `--convert-tolk-to-arith` builds from an `arith.fptosi` to i64 (of a
    value below 2^63 in magnitude) and `arith.trunci`s to 32 bits or fewer
    take the low 32 bits from `tolk::truncFloatModulo` instead, in f32 or
    f64 and i32 arithmetic. Run before `tolk-spirv-check-kernels`, so that
    the i64 the target lacks is gone. With `Int64`, nothing changes.
  }];
  let dependentDialects = [
    // The default target environment, when none is attached, is a
    // spirv attribute.
    "::mlir::spirv::SPIRVDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::math::MathDialect",
  ];
}

def TolkSPIRVCheckKernels
    : Pass<"tolk-spirv-check-kernels", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Report what the SPIR-V target environment cannot express";
  let description = [{
    Checks each kernel of the `gpu.module` against its SPIR-V target
    environment, so that what the target lacks is a diagnostic at the op
    that uses it rather than a failure to legalize or a silent emulation:
    f64 without `Float64`, i64 without `Int64`, 8- and 16-bit values and
    buffers without `Int8`, `Int16`, `Float16` and the 8/16-bit storage
    capabilities (bf16 and the 8-bit floats are integers of their width on
    SPIR-V), vectors longer than 4 without `Vector16`, a by-value parameter
    that is not a scalar, GLSL.std.450 math on f64, integer pow, and bf16
    arithmetic (the SPIR-V pipeline computes bf16 in f32). Changes nothing.
  }];
  // The default target environment, when none is attached, is a spirv
  // attribute.
  let dependentDialects = ["::mlir::spirv::SPIRVDialect"];
}

def TolkSPIRVRebaseBuffers
    : Pass<"tolk-spirv-rebase-buffers", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Fold each memref view into the accesses of its buffer";
  let description = [{
    SPIR-V's logical addressing has no pointer with an offset: in each
    kernel, every load and store through a view that `--convert-tolk-to-gpu`
    built (`memref.reinterpret_cast`, `memref.cast`,
    `memref.extract_strided_metadata` of a kernel argument or an
    allocation) is rebased onto its buffer, the view's offset added to the
    index; the views are then dead and erased. Workgroup attributions
    become `memref.alloc`s in the workgroup space (upstream's `gpu.func`
    lowering takes none), and the buffers get identity layouts and SPIR-V
    storage classes (`StorageBuffer`, `Workgroup`, `Function`). A view that
    cannot be traced to its buffer, or an access of rank other than 1, is
    an error.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::spirv::SPIRVDialect",
  ];
}

def TolkSPIRVScalarizeVectorAccesses
    : Pass<"tolk-spirv-scalarize-vector-accesses",
           "::mlir::gpu::GPUModuleOp"> {
  let summary = "Vector loads and stores of scalar buffers, one lane at a "
                "time";
  let description = [{
    A `vector.load` or `vector.store` (rank 1) of a buffer of scalars
    becomes one `memref.load` or `memref.store` per lane, at consecutive
    indices, and a `vector.from_elements` or `vector.extract`s: upstream
    lowers it to a bitcast of the element pointer to a vector pointer,
    which logical addressing (Vulkan) forbids.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def TolkSPIRVExpandMath
    : Pass<"tolk-spirv-expand-math", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Math ops that GLSL.std.450 lacks or gets wrong, in "
                "arith and math that it has";
  let description = [{
    In each kernel, with the expansions of lib/Transforms/ExpandMath.cpp:

    - `math.trunc` as `math.floor` or `math.ceil` by the sign (GLSL's
      Trunc has no op in MLIR's SPIR-V dialect);
    - `math.powf` on f32 and f16 as C99's pow: the special cases of Annex F
      as selects around a core for a positive finite base and a finite
      exponent, in f64 arithmetic where the target has `Float64` (+, -, *,
      / and conversions, which Vulkan rounds correctly), else GLSL's Pow
      (which is undefined for x <= 0);
    - `math.log2` of f32 with a positive subnormal operand from its
      significand (a driver may flush it);
    - `math.exp2` of f32 with a subnormal result (an operand below -126)
      as `exp2(x + 64)` times 2^-64, a normal value scaled once (a driver
      may flush a subnormal result of Exp2, not one of a multiplication).
  }];
  let dependentDialects = [
    // The default target environment, when none is attached, is a
    // spirv attribute.
    "::mlir::spirv::SPIRVDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::math::MathDialect",
  ];
}

def TolkSPIRVExactFloatConversions
    : Pass<"tolk-spirv-exact-float-conversions",
           "::mlir::gpu::GPUModuleOp"> {
  let summary = "Float conversions with the folder's NaNs, rounded once";
  let description = [{
    Vulkan's `OpFConvert` may make a NaN canonical and may round f64 to f16
    through f32. In each kernel:

    - `arith.truncf` and `arith.extf` between f16, f32 and f64 give the
      folder's NaN: the source's sign and the top of its payload
      (narrowing) or all of it (widening), quiet bit set, in integer
      arithmetic on the source's bits selected on an unordered compare. A
      conversion whose integer types the target lacks (f64 without
      `Int64`, f16 without `Int16`) is left as it is.
    - then `arith.truncf` from f64 to f16 becomes two conversions that round
      once: to f32 rounded to odd, then to f16.
  }];
  let dependentDialects = [
    // The default target environment, when none is attached, is a
    // spirv attribute.
    "::mlir::spirv::SPIRVDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::math::MathDialect",
  ];
}

def TolkSPIRVBF16AsI16
    : Pass<"tolk-spirv-bf16-as-i16", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Store bf16 as i16 (SPIR-V has no bf16)";
  let description = [{
    In each kernel that holds bf16 (the SPIR-V pipeline computes bf16 in
    f32, so only moves, selects, bit casts and constants of it are left),
    every bf16 value, vector element and memref element becomes an i16 with
    the same bits, the kernel's signature too; a bitcast between the two
    disappears. `tolk-spirv-check-kernels` reports any other op on bf16;
    run on its own, this pass refuses a kernel's first such op, at the op.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def TolkSPIRVSetABIAttrs
    : Pass<"tolk-spirv-set-abi-attrs", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Tolk's kernel ABI as the attributes that the SPIR-V "
                "conversion reads";
  let description = [{
    Each kernel gets `spirv.entry_point_abi` with its `known_block_size` as
    the workgroup size (none without one: the conversion then reads it from
    specialization constants), and each parameter a
    `spirv.interface_var_abi`: the buffers and images (descriptor set 0,
    binding = their position among the kernel's buffers and images), the
    by-value parameters the `PushConstant` storage class, which
    `tolk-spirv-lower-push-constants` gathers into one block.
  }];
  let dependentDialects = ["::mlir::spirv::SPIRVDialect"];
}

def TolkGPUToSPIRV : Pass<"tolk-gpu-to-spirv", "::mlir::ModuleOp"> {
  let summary = "Lower the gpu.modules of Tolk kernels to Vulkan "
                "spirv.modules";
  let description = [{
    As upstream's `convert-gpu-to-spirv`: for each `gpu.module`, which a
    host's launch still names, a copy is converted to a `spirv.module` of
    GLCompute entry points, placed just before it, with upstream's GPU,
    SCF, arith, math, memref, vector, func and ub patterns and the
    module's SPIR-V target environment. The copies are first run through
    the `prepare` pipeline (when empty, the default, the SPIR-V steps:
    `tolk-spirv-rebase-buffers`, `tolk-spirv-scalarize-vector-accesses`,
    `tolk-spirv-expand-math`, `tolk-spirv-exact-float-conversions`,
    `tolk-spirv-bf16-as-i16`, `tolk-spirv-set-abi-attrs`), and converted in
    parallel. Two patterns are Tolk's: `math.exp2` and `math.log2` become
    GLSL's Exp2 and Log2 (upstream makes log2 a Log times 1/ln 2, which is
    inexact where Log2 is exact), and the `gpu.block_dim` of a kernel
    without a known workgroup size reads the specialization constants
    `tolk_local_size_{x,y,z}` (SpecIds 0, 1, 2, default 1) of the composite
    `tolk_workgroup_size`, which `tolk::serializeSPIRVKernel` decorates
    `BuiltIn WorkgroupSize`, and a host sets at pipeline creation. An 8- or
    16-bit value is never widened (upstream's
    `emulateLT32BitScalarTypes` is off): `tolk-spirv-check-kernels` reports
    what the target lacks.
  }];
  let options = [
    Option<"prepare", "prepare", "std::string", /*default=*/[{""}],
           "The passes (on gpu.module) that prepare each copy for the "
           "conversion; empty: the SPIR-V steps">,
  ];
  let dependentDialects = ["::mlir::spirv::SPIRVDialect"];
}

def TolkSPIRVLowerPushConstants
    : Pass<"tolk-spirv-lower-push-constants", "::mlir::spirv::ModuleOp"> {
  let summary = "Gather the PushConstant parameters of each entry function "
                "into one push-constant block";
  let description = [{
    Before `spirv-lower-abi-attrs` (which lowers the buffers), the
    parameters marked `PushConstant` by `tolk-spirv-set-abi-attrs` become
    loads from one push-constant variable `@<kernel>_push_constants`: a
    struct with one member per parameter, in parameter order, each in a
    4-byte slot holding its bits zero-extended (an 8-byte slot, aligned to
    8, for 64-bit types). A narrower value is the low lanes of its slot's
    32 bits, so that no 8- or 16-bit push-constant capability is needed.
  }];
}

def TolkSPIRVLowerImageBindings
    : Pass<"tolk-spirv-lower-image-bindings", "::mlir::spirv::ModuleOp"> {
  let summary = "Make the image parameters of each entry function "
                "UniformConstant variables at their bindings";
  let description = [{
    Before `spirv-lower-abi-attrs` (which lowers the buffers, and has no
    lowering for a storage image), each parameter of an entry function that
    points to a `spirv.image` becomes a `UniformConstant` variable
    `@<kernel>_image_<b>` at the descriptor set and binding b of its
    `spirv.interface_var_abi`
    (docs/Semantics.md#images).
  }];
}

def TolkSPIRVPreserveSignedZeroInfNan
    : Pass<"tolk-spirv-preserve-signed-zero-inf-nan",
           "::mlir::spirv::ModuleOp"> {
  let summary = "Ask each entry point to keep signed zeros, infinities and "
                "NaNs";
  let description = [{
    For each float width the `spirv.module` computes in, every entry point
    gets the execution mode `SignedZeroInfNanPreserve` (SPV_KHR_float_controls),
    where the module's target environment has the capability and the
    extension. Without it a Vulkan driver may treat them as fast-math does:
    lavapipe folds `0.0 + x` into `x`, which makes `+0.0 + -0.0` negative.
    Tolk's op descriptions define those results.
  }];
}

def TolkSPIRVKeepInterfaceVersion
    : Pass<"tolk-spirv-keep-interface-version", "::mlir::spirv::ModuleOp"> {
  let summary = "SPIR-V 1.4 for a module whose entry points list their "
                "buffers";
  let description = [{
    After `spirv-update-vce`, which computes the least version from the ops
    alone: from SPIR-V 1.4 on, `spirv-lower-abi-attrs` lists every global
    variable an entry point uses in its interface, which a module of an
    earlier version may not, so a module below 1.4 whose entry points list
    a variable other than an Input or an Output keeps version 1.4.
  }];
}

#endif // TOLK_CONVERSION_PASSES
