// RUN: tolk-opt --convert-tolk-to-gpu --split-input-file %s | FileCheck %s

// A vector access marked with tolk.alignment (what --tolk-kernelize vouches
// for) keeps it as the vector.load/store alignment, so that LLVM makes one
// access of the vector and not one per lane; unmarked, gated and scalar
// accesses are unchanged.
// CHECK-LABEL: gpu.func @aligned(
// CHECK: vector.load %{{.*}}[%{{.*}}] {alignment = 16 : i64} : memref<1024xf32, strided<[1], offset: ?>, #gpu.address_space<global>>, vector<4xf32>
// CHECK: scf.if
// CHECK: vector.load %{{.*}}[%{{.*}}] {alignment = 8 : i64} : memref<1024xf16, strided<[1], offset: ?>, #gpu.address_space<global>>, vector<4xf16>
// CHECK: vector.load %{{.*}}[%{{.*}}] : memref<1024xf32, strided<[1], offset: ?>, #gpu.address_space<global>>, vector<4xf32>
// CHECK: vector.store %{{.*}}, %{{.*}}[%{{.*}}] {alignment = 16 : i64} : memref<1024xf32, strided<[1], offset: ?>, #gpu.address_space<global>>, vector<4xf32>
// CHECK: scf.if
// CHECK: vector.store %{{.*}}, %{{.*}}[%{{.*}}] {alignment = 16 : i64}
gpu.module @m {
  gpu.func @aligned(%a: !tolk.ptr<f32, global, 1024, v = 4>,
                    %h: !tolk.ptr<f16, global, 1024, v = 4>,
                    %y: !tolk.ptr<f32, global, 1024, v = 4>) kernel {
    %i = tolk.special global_id x : si32
    %n = tolk.const 256 : si32
    %g = tolk.cmplt %i, %n : (si32, si32) -> i1
    %four = tolk.const 4 : si32
    %o = tolk.mul %i, %four : si32
    %pa = tolk.index %a[%o] : !tolk.ptr<f32, global, 1024, v = 4>, si32
    %x = tolk.load %pa {tolk.alignment = 16 : i64} : !tolk.ptr<f32, global, 1024, v = 4> -> vector<4xf32>
    %ph = tolk.index %h[%o] : !tolk.ptr<f16, global, 1024, v = 4>, si32
    %z = tolk.const 0.0 : vector<4xf16>
    %xh = tolk.load %ph if %g else %z {tolk.alignment = 8 : i64} : !tolk.ptr<f16, global, 1024, v = 4> -> vector<4xf16>
    %u = tolk.load %pa : !tolk.ptr<f32, global, 1024, v = 4> -> vector<4xf32>
    %py = tolk.index %y[%o] : !tolk.ptr<f32, global, 1024, v = 4>, si32
    tolk.store %py, %x {tolk.alignment = 16 : i64} : !tolk.ptr<f32, global, 1024, v = 4>, vector<4xf32>
    tolk.store %py, %u if %g {tolk.alignment = 16 : i64} : !tolk.ptr<f32, global, 1024, v = 4>, vector<4xf32>
    gpu.return
  }
}
