//===- TolkKernelOps.td - Tolk kernel-level operations -----*- tablegen -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// tinygrad's kernel-level UOps that upstream MLIR has no op for. A kernel is
// an upstream `gpu.func ... kernel` in a `gpu.module`, its launch size the
// func's `known_block_size`/`known_grid_size`, and a barrier is
// `gpu.barrier`; the ops here address memory through `!tolk.ptr` and give
// thread indices and loops Tolk integer types. docs/Kernels.md ("Kernels")
// says how each op lowers to NVVM, ROCDL and SPIR-V.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_KERNEL_OPS_TD
#define TOLK_KERNEL_OPS_TD

include "tolk/Dialect/Tolk/IR/TolkDialect.td"
include "tolk/Dialect/Tolk/IR/TolkTypes.td"
include "mlir/IR/EnumAttr.td"
include "mlir/Interfaces/LoopLikeInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// tolk.special
//===----------------------------------------------------------------------===//

def Tolk_SpecialKind : I32EnumAttr<"SpecialKind", "a thread or block index", [
    I32EnumAttrCase<"global_id", 0>,
    I32EnumAttrCase<"local_id", 1>,
    I32EnumAttrCase<"group_id", 2>,
  ]> {
  let cppNamespace = "::tolk";
}

def Tolk_Dimension : I32EnumAttr<"Dimension", "a launch dimension", [
    I32EnumAttrCase<"x", 0>,
    I32EnumAttrCase<"y", 1>,
    I32EnumAttrCase<"z", 2>,
  ]> {
  let cppNamespace = "::tolk";
}

def Tolk_SpecialOp : Tolk_Op<"special", [Pure]> {
  let summary = "a thread's global, local or group index in one dimension";
  let description = [{
    tinygrad's SPECIAL: the index of the running thread in the whole launch
    (`global_id`, tinygrad's `idx`), in its workgroup (`local_id`, `lidx`),
    or of its workgroup in the grid (`group_id`, `gidx`), along `x`, `y` or
    `z`. The result is an `index` or a Tolk integer (`si32`, `ui32`, `si64`,
    `ui64`), so that index arithmetic can be written with Tolk ops as
    tinygrad writes it. The launch size is the enclosing kernel's
    `known_block_size`/`known_grid_size` (upstream `gpu.func` attributes).

    ```mlir
    %l = tolk.special local_id x : si32
    %g = tolk.special global_id y : index
    ```

    Lowers to `gpu.global_id`, `gpu.thread_id`, `gpu.block_id` (then an
    `arith.index_cast` to the integer type).
  }];
  let arguments = (ins Tolk_SpecialKind:$kind, Tolk_Dimension:$dimension);
  let results = (outs Tolk_ThreadIndexType:$result);
  let assemblyFormat = "$kind $dimension attr-dict `:` type($result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// tolk.index
//===----------------------------------------------------------------------===//

def Tolk_IndexOp : Tolk_Op<"index", [Pure,
    AllTypesMatch<["base", "result"]>]> {
  let summary = "a pointer plus an element offset";
  let description = [{
    tinygrad's INDEX: `base` advanced by `offset` elements of its pointee (a
    pointer with vector width `v = N` then addresses the N elements from
    there). The result has the type of `base`: its element count is that of
    the buffer. The offset is an `index` or a Tolk integer.

    ```mlir
    %p = tolk.index %buf[%i] : !tolk.ptr<f32, global, 1024>, si32
    ```

    A constant offset is checked against the element count: when the
    offsets of a chain of `tolk.index` ops from a buffer are all constants
    and the access leaves the buffer, that is an error. `alu` pointers (by-
    value parameters) and image pointers are never indexed.

    Lowers to `llvm.getelementptr` in the pointer's address space (NVVM,
    ROCDL), or into the index of the `OpAccessChain` of the load or store
    (SPIR-V, which has no pointer arithmetic): hence the result keeps the
    buffer's type.
  }];
  let arguments = (ins Tolk_PtrType:$base, Tolk_CountType:$offset);
  let results = (outs Tolk_PtrType:$result);
  let assemblyFormat = [{
    $base `[` $offset `]` attr-dict `:` qualified(type($base)) `,`
    type($offset)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// tolk.load and tolk.store
//===----------------------------------------------------------------------===//

def Tolk_LoadOp : Tolk_Op<"load", [AttrSizedOperandSegments,
    OptionalTypesMatchWith<"the alternative has the load's type", "result",
                           "alternative", "$_self">]> {
  let summary = "a load through a pointer, optionally gated";
  let description = [{
    tinygrad's LOAD: the value `ptr` addresses. Its type is the pointee for
    a pointer of vector width 1, and `vector<N x T>` for a pointer to a
    scalar `T` with vector width `v = N`. A gated load (`if %gate else
    %alternative`, the gate an `i1`) reads memory only when the gate is
    true, and otherwise yields `alternative`, which has the load's type; the
    address of a gated-off load is never accessed, so it may be out of
    bounds.

    ```mlir
    %x = tolk.load %p : !tolk.ptr<f32, global> -> f32
    %v = tolk.load %q if %g else %zero
        : !tolk.ptr<f16, local, 256, v = 4> -> vector<4xf16>
    %n = tolk.load %param : !tolk.ptr<si32, alu> -> si32
    ```

    Loading an `alu` pointer reads a by-value kernel parameter.

    Lowers to `llvm.load` (a vector load for `v = N`) or SPIR-V `OpLoad`,
    inside an `scf.if` when gated; an `alu` load becomes the by-value
    parameter itself (a push constant's `OpLoad` on SPIR-V).
  }];
  let arguments = (ins Arg<Tolk_PtrType, "the address", [MemRead]>:$ptr,
                       Optional<I1>:$gate,
                       Optional<Tolk_MemoryValue>:$alternative);
  let results = (outs Tolk_MemoryValue:$result);
  // The gate is an i1 and the alternative has the load's type, so neither
  // is written.
  let assemblyFormat = [{
    $ptr (`if` $gate^ `else` $alternative)? attr-dict `:` qualified(type($ptr))
    `->` type($result)
  }];
  let hasVerifier = 1;
  let builders = [
    // An ungated load of the type the pointer gives.
    OpBuilder<(ins "::mlir::Value":$ptr)>,
    // A gated load; its type is the alternative's.
    OpBuilder<(ins "::mlir::Value":$ptr, "::mlir::Value":$gate,
                   "::mlir::Value":$alternative)>,
  ];
}

def Tolk_StoreOp : Tolk_Op<"store"> {
  let summary = "a store through a pointer, optionally gated";
  let description = [{
    tinygrad's STORE: writes `value` where `ptr` points. The value has the
    type a load through `ptr` gives (`vector<N x T>` for a vector width of
    N). A gated store writes only when its `i1` gate is true. `alu`
    pointers, by-value parameters, are read-only. Lowers to `llvm.store` or
    SPIR-V `OpStore`, inside an `scf.if` when gated.

    ```mlir
    tolk.store %p, %x : !tolk.ptr<f32, global>, f32
    tolk.store %q, %v if %g : !tolk.ptr<f16, global, 1024, v = 4>, vector<4xf16>
    ```
  }];
  let arguments = (ins Arg<Tolk_PtrType, "the address", [MemWrite]>:$ptr,
                       Tolk_MemoryValue:$value,
                       Optional<I1>:$gate);
  let assemblyFormat = [{
    $ptr `,` $value (`if` $gate^)? attr-dict `:` qualified(type($ptr)) `,`
    type($value)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// tolk.define_local and tolk.define_reg
//===----------------------------------------------------------------------===//

def Tolk_DefineLocalOp : Tolk_Op<"define_local"> {
  let summary = "workgroup memory of a kernel";
  let description = [{
    tinygrad's DEFINE_LOCAL (BUFFER in LOCAL): a buffer shared by the
    threads of a workgroup, for the whole run of the kernel. The result is a
    `local` pointer with a known element count and vector width 1. Only
    inside a kernel (a function with the `gpu.kernel` attribute, such as
    `gpu.func ... kernel`).

    ```mlir
    %s = tolk.define_local : !tolk.ptr<f32, local, 256>
    ```

    Lowers to a workgroup attribution of the `gpu.func` (NVVM `.shared`,
    ROCDL LDS, SPIR-V `Workgroup`).
  }];
  let results = (outs Res<Tolk_PtrType, "the buffer", [MemAlloc]>:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

def Tolk_DefineRegOp : Tolk_Op<"define_reg"> {
  let summary = "an array in a thread's registers";
  let description = [{
    tinygrad's DEFINE_REG (BUFFER in REG): a thread's private array, such
    as an accumulator. The result is a `reg` pointer with a known element
    count and vector width 1.

    ```mlir
    %acc = tolk.define_reg : !tolk.ptr<f32, reg, 4>
    ```

    Lowers to an `alloca` in the private address space (NVVM `.local`
    or registers, ROCDL addrspace(5), SPIR-V `Function`).
  }];
  let results = (outs Res<Tolk_PtrType, "the array", [MemAlloc]>:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// tolk.range and tolk.end
//===----------------------------------------------------------------------===//

def Tolk_EndOp : Tolk_Op<"end", [Pure, Terminator, HasParent<"RangeOp">]> {
  let summary = "the end of a tolk.range body";
  let description = [{
    tinygrad's END: closes the body of a `tolk.range`. It is implicit in the
    custom form.
  }];
  let assemblyFormat = "attr-dict";
}

def Tolk_RangeOp : Tolk_Op<"range", [
    RecursiveMemoryEffects,
    AllTypesMatch<["lowerBound", "upperBound", "step"]>,
    SingleBlockImplicitTerminator<"EndOp">,
    DeclareOpInterfaceMethods<LoopLikeOpInterface, [
        "getLoopInductionVars", "getLoopLowerBounds", "getLoopUpperBounds",
        "getLoopSteps"]>]> {
  let summary = "a counted loop over a Tolk integer";
  let description = [{
    tinygrad's RANGE/END: runs its body for `i = lb, lb + step, ...` while
    `i < ub`, comparing as the bounds' type does (signed or unsigned). The
    bounds, the step and the induction variable have one type: an `index`
    or a Tolk integer (`!tolk.weakint` until `--tolk-commit-weak`). A step
    that is not positive (zero, or negative for a signed type), constant or
    known only at run time, runs no iteration, on every target
    (docs/Semantics.md#ranges); `--canonicalize` erases a range that runs
    none. The loop carries no values: as in tinygrad, accumulators live in
    `tolk.define_reg` memory.

    ```mlir
    tolk.range %i = %c0 to %n step %c1 : si32 {
      %p = tolk.index %buf[%i] : !tolk.ptr<f32, global>, si32
      ...
    }
    ```

    Lowers to `scf.for` on the converted integer type (with `unsignedCmp`
    for unsigned bounds), which every target lowers; a step that is not a
    constant makes the upper bound the lower one when it is not positive,
    since `scf.for` leaves such a step undefined.
  }];
  let arguments = (ins Tolk_CountType:$lowerBound, Tolk_CountType:$upperBound,
                       Tolk_CountType:$step);
  let regions = (region SizedRegion<1>:$region);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let skipDefaultBuilders = 1;
  let builders = [
    // The body gets its induction variable and terminator.
    OpBuilder<(ins "::mlir::Value":$lowerBound, "::mlir::Value":$upperBound,
                   "::mlir::Value":$step)>,
  ];
  let extraClassDeclaration = [{
    /// The induction variable, the body's one argument.
    ::mlir::Value getInductionVar() { return getBody()->getArgument(0); }
  }];
}

#endif // TOLK_KERNEL_OPS_TD
