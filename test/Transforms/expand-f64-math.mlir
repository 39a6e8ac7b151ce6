// --tolk-expand-f64-math rewrites math.exp2, math.log2 and math.powf on f64,
// scalars and vectors, into f64 and i64 arithmetic (no math function is
// left but floor and absf), and leaves every other type alone.
// expand-f64-math-execution.mlir runs the expansion and checks its bits.
// RUN: tolk-opt --tolk-expand-f64-math %s | FileCheck %s

// CHECK-LABEL: func.func @f64
// CHECK-NOT: math.exp2
// CHECK-NOT: math.log2
// CHECK-NOT: math.powf
// CHECK: arith.divf {{.*}} : vector<2xf64>
// CHECK: math.floor {{.*}} : f64
// CHECK: return
func.func @f64(%x: f64, %v: vector<2xf64>) -> (f64, vector<2xf64>, f64) {
  %e = math.exp2 %x : f64
  %l = math.log2 %v : vector<2xf64>
  %p = math.powf %x, %e : f64
  return %e, %l, %p : f64, vector<2xf64>, f64
}

// CHECK-LABEL: func.func @narrower
// CHECK-NEXT: math.exp2 %{{.*}} : f32
// CHECK-NEXT: math.log2 %{{.*}} : f16
// CHECK-NEXT: math.powf %{{.*}} : vector<4xf32>
func.func @narrower(%x: f32, %h: f16, %v: vector<4xf32>) -> (f32, f16, vector<4xf32>) {
  %e = math.exp2 %x : f32
  %l = math.log2 %h : f16
  %p = math.powf %v, %v : vector<4xf32>
  return %e, %l, %p : f32, f16, vector<4xf32>
}
