// tolk-translate --serialize-spirv writes the binary of the spirv.module
// that declares --kernel (the only one when not given); several modules
// without --kernel, or a kernel that no module declares, are errors.
// RUN: tolk-translate --serialize-spirv --kernel=b %s -o %t.spv
// RUN: od -An -tx4 -N4 %t.spv | FileCheck %s --check-prefix=MAGIC
// RUN: not tolk-translate --serialize-spirv %s 2>&1 | FileCheck %s --check-prefix=MANY
// RUN: not tolk-translate --serialize-spirv --kernel=missing %s 2>&1 | FileCheck %s --check-prefix=MISSING

// MAGIC: 07230203
// MANY: error: expected one spirv.module, found 2: name the kernel to serialize (--kernel)
// MISSING: error: no spirv.module has the entry point 'missing'
module {
  spirv.module @first Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
    spirv.func @a() "None" {
      spirv.Return
    }
    spirv.EntryPoint "GLCompute" @a
    spirv.ExecutionMode @a "LocalSize", 1, 1, 1
  }
  spirv.module @second Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
    spirv.func @b() "None" {
      spirv.Return
    }
    spirv.EntryPoint "GLCompute" @b
    spirv.ExecutionMode @b "LocalSize", 1, 1, 1
  }
}
