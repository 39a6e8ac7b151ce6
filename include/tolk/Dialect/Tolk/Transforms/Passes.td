//===- Passes.td - Tolk passes -----------------------------*- tablegen -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_DIALECT_TOLK_PASSES
#define TOLK_DIALECT_TOLK_PASSES

include "mlir/Pass/PassBase.td"

def TolkCommitWeak : Pass<"tolk-commit-weak"> {
  let summary = "Commit the weak types to their defaults";
  let description = [{
    Applies `strong` (docs/Semantics.md#defaults) to every weak type:
    `!tolk.weakint` becomes the default integer and `!tolk.weakfloat` the
    default float, as scalars and as the element type of vectors and
    tensors. It retypes the results of every op (of any dialect), every
    block argument, and the signatures of functions (`FunctionOpInterface`),
    so that calls, branches and returns stay consistent. A weak `tolk.const`
    takes the value `const` (docs/Semantics.md#const) gives in its committed
    type: an integer that does not fit wraps, a weak float rounds once.

    The pass assumes that `--canonicalize` has materialized promotion first:
    then every elementwise op is homogeneous, and a weak type is left only
    where the promoted type is itself weak, which is exactly where tinygrad
    commits it. An elementwise op whose inferred type would change because a
    weak operand is committed (e.g. `tolk.add %x, %w : (si8, !tolk.weakint)
    -> si8`, which would become `(si8, si32) -> si32`) is an error, and the
    pass fails rather than change the program's meaning. This includes
    `tolk.pow` of an integer base with a weak-integer exponent (promotion's
    exception for pow, docs/Semantics.md#operand-promotion, which
    canonicalization keeps): decompose it first.

    Options name a data type as `dtype::ofString` reads it ("int16", "i16",
    "float16", ...) or as its MLIR spelling ("si16", "f16"). Empty options
    take the DEFAULT_INT and DEFAULT_FLOAT settings (int32 and float32 when
    unset). A name that is not an integer (resp. float) of known width is an
    error.
  }];
  let options = [
    Option<"defaultInt", "default-int", "std::string", /*default=*/"\"\"",
           "The integer type !tolk.weakint commits to (empty: DEFAULT_INT)">,
    Option<"defaultFloat", "default-float", "std::string", /*default=*/"\"\"",
           "The float type !tolk.weakfloat commits to (empty: DEFAULT_FLOAT)">,
  ];
  let dependentDialects = ["::tolk::TolkDialect"];
}

def TolkDecompose : Pass<"tolk-decompose"> {
  let summary = "Rewrite the derived elementwise ops into primitives";
  let description = [{
    Replaces every derived op (`sub`, `neg`, `div`, `mod`, `fmod`, `floor`,
    `gt`, `le`, `ge`, `ne`, `logical_not`, `bitwise_not`, `minimum`) by its
    definition (docs/Semantics.md#derived-operations), built with
    `tolk::ElementwiseBuilder`: `sub x y` is `x + neg y`, `floor x` is
    `trunc x` less one where that is above `x`, `minimum` goes through `neg`
    or, for integers, the order-reversing `bitwise_not`, `div` divides
    integers with `truncdiv` when it rounds and otherwise multiplies `x`, as
    a float, by the reciprocal of `y`, and so on. Operands are promoted
    explicitly (`tolk.cast`) before a definition uses them, so each step
    computes in the promoted type, as the definitions say. Run
    `--canonicalize` afterwards to fold the constants the definitions
    introduce (`-1`, `1`, `false`). A derived op on a weak value that is not
    a literal waits for `--tolk-commit-weak` (its value is one of the
    committed type, docs/Semantics.md#weak-types): run the pass again after
    the commit, as the pipelines do.

    `tolk.pow` of an integer base by a `!tolk.weakint` exponent is derived
    too (promotion's exception for pow: the exponent is a number of no
    width, docs/Semantics.md#operand-promotion): a constant exponent becomes
    multiplications in the base's type, so that `--tolk-commit-weak` meets
    no weak exponent. The exponent is first reduced modulo the period of
    powers in that width (docs/Rationale.md, "Decomposition and the C++
    builder").
    A negative constant exponent has no integer result
    (docs/Semantics.md#pow): it is an error.

    The result is the op's result type exactly; each derived op folds
    (TolkFolds.cpp) to the constant its decomposition folds to.
  }];
  let dependentDialects = ["::tolk::TolkDialect"];
}

def TolkRecordOrigins : Pass<"tolk-record-origins"> {
  let summary = "Record in each Tolk op's location the op and its types";
  let description = [{
    Fuses the location of every op of the tolk dialect, and of every
    function (whose tensors `--tolk-kernelize` turns into buffers, with the
    function's location), with a `#tolk.origin` of its name and types. The
    ops a lowering makes of it
    take its location, so a later diagnostic about one of them (a SPIR-V
    capability the target lacks, found on an `arith` or `memref` op) can
    name the op and the types the user wrote, not only the lowered ones.
    An op without a location keeps none. What the printed IR shows changes
    only with `--mlir-print-debuginfo`; the SPIR-V pipeline runs it first.
  }];
  let dependentDialects = ["::tolk::TolkDialect"];
}

def TolkKernelize : Pass<"tolk-kernelize", "::mlir::ModuleOp"> {
  let summary = "Fuse each tensor-level elementwise function into one kernel";
  let description = [{
    For each `func.func` whose arguments are static tensors and scalars of
    Tolk data types and whose body is Tolk elementwise ops (`tolk.const`,
    `tolk.cast`, `tolk.bitcast` and every elementwise op) ending in a
    `func.return` of static tensors of one shape, adds a `gpu.module`
    `@<name>_kernel` holding one fused `gpu.func @<name> kernel`, as tinygrad
    fuses an elementwise graph, and names it on the function
    (`tolk.kernel = @<name>_kernel::@<name>`). The function itself is left as
    it is: it stays the reference semantics of the kernel.

    Kernel parameters, in order: one `!tolk.ptr<T, global, N>` per tensor
    argument and a by-value `!tolk.ptr<T, alu>` per scalar or rank-0 tensor
    argument (argument order; `tolk.arg = i`), then one output buffer per
    result (destination passing; `tolk.result = i`). Each thread computes
    one element of the results: its global id is the flat index into the
    (row-major) result shape; an input reads the element numpy broadcasting
    gives (a broadcast dimension has stride 0). The elementwise graph is
    cloned on scalars, a splat tensor constant becoming its scalar.

    The launch is one-dimensional: `known_block_size = [block, 1, 1]` and
    `known_grid_size = [ceil(size / block), 1, 1]`. When the size is not a
    multiple of the block size, loads and stores are gated by
    `index < size`. Index arithmetic is `si32` when every index fits (as
    tinygrad does), `si64` otherwise.

    Vectorization: each thread handles U contiguous elements through
    pointers of vector width `v = U` (vector loads and stores of
    `vector<U x T>`, scalars and constants broadcasting to the lanes).
    `upcast = U` sets U; the default, `upcast = 0`, takes as many lanes as
    make the widest buffer element move 16 bytes per thread (16 lanes for
    1-byte types such as fp8, si8 and Bool, 8 for f16, 4 for f32, 2 for
    f64). U is then lowered to the largest power of two for which the size
    is a multiple of U and every used input's lanes are contiguous (a
    vector load) or one broadcast element (a scalar load): broadcasting in
    outer dimensions keeps the lanes; 1 means one element per thread. With
    the default upcast the powers of two go down to U / 2 only; then the
    fewest lanes above U (up to 16) that work, else the most below U, so
    that an odd inner size keeps lanes (1001 columns of f32: 7).
    Vector accesses carry `tolk.alignment` (the largest power of two that
    divides the vector's bytes, at most 16: buffers are 16-byte aligned), and Bool buffers with lanes are read and
    written as `ui8` lanes (a Bool is a byte in memory).

    A tensor argument marked `tolk.image` (a static `h x w x 4` tensor of
    f32 or f16) becomes an `imagef`/`imageh` parameter marked
    `tolk.readonly`, read one texel a thread with `tolk.image_load` at the
    (column, row) of the thread's first element: a function with an image
    argument has U = 4 (an explicit `upcast` below 4 does not qualify).

    The function gets `tolk.launch`, the host's description of the launch
    (a `#tolk.launch`): the kernel, grid and block sizes, and for each
    kernel parameter its kind (buffer, scalar or image), element type,
    element count and vector width, and the function argument or result it
    binds (`tolk-translate --launch-json` prints it as JSON).

    A function that does not have this form is left alone; with `strict`,
    one that holds a Tolk op or type is an error at the function that says
    what stops it (a dynamic shape, a weak type, a non-elementwise op, ...).
    The lowering pipelines set `strict`, after committing weak types.
  }];
  let options = [
    Option<"blockSize", "block-size", "int64_t", /*default=*/"128",
           "Threads per block (1 to 1024)">,
    Option<"upcast", "upcast", "int64_t", /*default=*/"0",
           "Contiguous elements per thread, as vector loads and stores (1 "
           "to 16; 1 disables vectorization; 0 chooses per data type: 16 "
           "bytes of the widest buffer element)">,
    Option<"strict", "strict", "bool", /*default=*/"false",
           "A function of Tolk ops that cannot be kernelized is an error">,
  ];
  let dependentDialects = ["::tolk::TolkDialect", "::mlir::gpu::GPUDialect",
                           "::mlir::vector::VectorDialect"];
}

#endif // TOLK_DIALECT_TOLK_PASSES
