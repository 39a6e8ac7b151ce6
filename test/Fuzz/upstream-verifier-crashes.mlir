// Upstream verifiers that crash on input the parser takes
// (docs/UpstreamBugs.md): every tool refuses it at the op before it
// verifies the module. MLIR 22's spirv.SpecConstantComposite verifier
// dereferences the spirv.SpecConstant each constituent names: a constituent
// that names nothing, itself or another kind of op segfaulted tolk-opt.
// RUN: rm -rf %t && split-file %s %t
// RUN: not tolk-opt %t/undefined.mlir 2>&1 | FileCheck %s --check-prefix=UNDEFINED
// RUN: not tolk-opt %t/itself.mlir 2>&1 | FileCheck %s --check-prefix=ITSELF
// RUN: not tolk-opt %t/function.mlir 2>&1 | FileCheck %s --check-prefix=FUNCTION
// RUN: not tolk-translate --serialize-spirv %t/undefined.mlir 2>&1 | FileCheck %s --check-prefix=UNDEFINED
// RUN: not tolk-opt %t/generic.mlir 2>&1 | FileCheck %s --check-prefix=GENERIC
// The same as bytecode, which the tools read on the side unverified.
// RUN: mlir-opt --mlir-very-unsafe-disable-verifier-on-parsing --emit-bytecode %t/undefined.mlir -o %t/undefined.mlirbc
// RUN: not tolk-opt %t/undefined.mlirbc 2>&1 | FileCheck %s --check-prefix=UNDEFINED
// Constituents that name spec constants verify as before.
// RUN: tolk-opt %t/valid.mlir | FileCheck %s --check-prefix=VALID

// UNDEFINED: undefined.mlir:2:3: error: 'spirv.SpecConstantComposite' op constituent @undefined_a names no spirv.SpecConstant, which MLIR 22's verifier assumes (it crashes on it: docs/UpstreamBugs.md)
// ITSELF: itself.mlir:2:3: error: 'spirv.SpecConstantComposite' op constituent @scc names no spirv.SpecConstant
// FUNCTION: function.mlir:3:3: error: 'spirv.SpecConstantComposite' op constituent @f names no spirv.SpecConstant
// GENERIC: generic.mlir:2:3: error: 'spirv.SpecConstantComposite' op constituent @nothing names no spirv.SpecConstant
// VALID: spirv.SpecConstantComposite @scc (@a, @b) : !spirv.struct<(i32, i32)>

//--- undefined.mlir
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.SpecConstantComposite @scc (@undefined_a, @undefined_b) : !spirv.struct<(i32, i32)>
}
//--- itself.mlir
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.SpecConstantComposite @scc (@scc) : !spirv.struct<(i32)>
}
//--- function.mlir
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.func @f() "None" { spirv.Return }
  spirv.SpecConstantComposite @scc (@f) : !spirv.struct<(i32)>
}
//--- generic.mlir
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  "spirv.SpecConstantComposite"() <{constituents = [@nothing], sym_name = "scc", type = !spirv.struct<(i32)>}> : () -> ()
}
//--- valid.mlir
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.SpecConstant @a = 1 : i32
  spirv.SpecConstant @b = 2 : i32
  spirv.SpecConstantComposite @scc (@a, @b) : !spirv.struct<(i32, i32)>
}
