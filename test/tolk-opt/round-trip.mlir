// RUN: tolk-opt %s | FileCheck %s

// CHECK-LABEL: func.func @identity
func.func @identity(%a: f32) -> f32 {
  // CHECK: return %{{.*}} : f32
  return %a : f32
}
