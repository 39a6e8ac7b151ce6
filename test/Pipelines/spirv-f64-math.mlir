// --tolk-to-spirv: f64 exp2, log2 and pow, which GLSL.std.450 has for 16-
// and 32-bit floats only, are Tolk's expansion in f64 and i64 arithmetic
// (--tolk-expand-f64-math; docs/Lowering.md, "f64 exp2, log2 and pow") where
// the target has Float64 and Int64, as the default does. spirv-val.mlir
// validates the binary; test/tolk-run/f64-math-vulkan.mlir runs it.
// RUN: tolk-opt %s --tolk-to-spirv | FileCheck %s

// CHECK: spirv.module @{{.*}} requires #spirv.vce<{{.*}}Float64{{.*}}Int64
// CHECK-NOT: spirv.GL.Exp2
// CHECK-NOT: spirv.GL.Log2
// CHECK-NOT: spirv.GL.Pow
// CHECK-DAG: spirv.FDiv %{{.*}} : vector<4xf64>
// CHECK-DAG: spirv.GL.Floor %{{.*}} : vector<4xf64>
// CHECK-DAG: spirv.BitwiseAnd %{{.*}} : vector<4xi64>
// CHECK: spirv.Store "StorageBuffer"
func.func @f64_math(%x: tensor<64xf64>, %y: tensor<64xf64>)
    -> (tensor<64xf64>, tensor<64xf64>, tensor<64xf64>) {
  %e = tolk.exp2 %x : tensor<64xf64>
  %l = tolk.log2 %x : tensor<64xf64>
  %p = tolk.pow %x, %y : tensor<64xf64>
  return %e, %l, %p : tensor<64xf64>, tensor<64xf64>, tensor<64xf64>
}
