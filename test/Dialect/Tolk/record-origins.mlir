// RUN: tolk-opt %s --tolk-record-origins --mlir-print-debuginfo \
// RUN:   -split-input-file | FileCheck %s

// Each Tolk op's location is fused with its name and types; other ops and
// ops without a location keep theirs.
// CHECK-LABEL: func.func @scale
// CHECK: tolk.mul {{.*}} loc([[MUL:#loc[0-9]+]])
// CHECK: tolk.cast {{.*}} loc([[CAST:#loc[0-9]+]])
// CHECK: tolk.const {{.*}} loc([[UNKNOWN:#loc[0-9]*]])
// CHECK: return {{.*}} loc([[RET:#loc[0-9]+]])
// CHECK-DAG: [[UNKNOWN]] = loc(unknown)
// CHECK-DAG: [[MUL]] = loc(fused<#tolk.origin<"tolk.mul", (vector<4xf16>, f16) -> vector<4xf16>>>[#{{.*}}])
// CHECK-DAG: [[CAST]] = loc(fused<#tolk.origin<"tolk.cast", (vector<4xf16>) -> vector<4xf32>>>[#{{.*}}])
// CHECK-DAG: [[RET]] = loc("{{.*}}record-origins.mlir":{{[0-9]+}}:3)
func.func @scale(%x: vector<4xf16>) -> (vector<4xf32>, si8) {
  %two = tolk.const 2.0 : f16
  %y = tolk.mul %x, %two : (vector<4xf16>, f16) -> vector<4xf16>
  %z = tolk.cast %y : vector<4xf16> to vector<4xf32>
  %k = tolk.const 1 : si8 loc(unknown)
  return %z, %k : vector<4xf32>, si8
}

// -----

// The attribute round-trips in a location.
// CHECK-LABEL: func.func @parsed
// CHECK: tolk.neg {{.*}} loc([[NEG:#loc[0-9]+]])
// CHECK: [[NEG]] = loc(fused<#tolk.origin<"tolk.neg", (si32) -> si32>>
func.func @parsed(%x: si32) -> si32 {
  %y = tolk.neg %x : si32 loc(fused<#tolk.origin<"tolk.neg", (si32) -> si32>>["k.mlir":1:2])
  return %y : si32
}
