// RUN: tolk-opt --convert-tolk-to-gpu=images=buffers --split-input-file %s | FileCheck %s

// The host's images (docs/Semantics.md#images): a row-major buffer of the
// texels' storage type; an access compares x with the width and y with the
// height, unsigned (a negative coordinate is outside), and touches the
// buffer at (y * w + x) * 4 only inside an scf.if on that; outside, a load
// yields zeros and a store does nothing.

// CHECK-LABEL: gpu.func @load_half(
// CHECK-SAME: %[[IMG:.*]]: memref<96xf16, #gpu.address_space<global>>
// CHECK-SAME: %[[XY:.*]]: vector<2xi32>
// CHECK: %[[X:.*]] = vector.extract %[[XY]][0] : i32 from vector<2xi32>
// CHECK: %[[Y:.*]] = vector.extract %[[XY]][1] : i32 from vector<2xi32>
// CHECK: %[[W:.*]] = arith.constant 8 : i32
// CHECK: %[[INX:.*]] = arith.cmpi ult, %[[X]], %[[W]] : i32
// CHECK: %[[H:.*]] = arith.constant 3 : i32
// CHECK: %[[INY:.*]] = arith.cmpi ult, %[[Y]], %[[H]] : i32
// CHECK: %[[IN:.*]] = arith.andi %[[INX]], %[[INY]] : i1
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<4xf32>
// CHECK: %[[R:.*]] = scf.if %[[IN]] -> (vector<4xf32>) {
// CHECK:   %[[XI:.*]] = arith.index_castui %{{.*}} : i32 to index
// CHECK:   %[[YI:.*]] = arith.index_castui %{{.*}} : i32 to index
// CHECK:   %[[ROW:.*]] = arith.muli %[[YI]], %{{.*}} : index
// CHECK:   %[[T:.*]] = arith.addi %[[ROW]], %[[XI]] : index
// CHECK:   %[[OFF:.*]] = arith.muli %[[T]], %{{.*}} : index
// CHECK:   %[[V:.*]] = vector.load %[[IMG]][%[[OFF]]] {alignment = 8 : i64} : memref<96xf16, #gpu.address_space<global>>, vector<4xf16>
// CHECK:   %[[E:.*]] = arith.extf %[[V]] : vector<4xf16> to vector<4xf32>
// CHECK:   scf.yield %[[E]] : vector<4xf32>
// CHECK: } else {
// CHECK:   scf.yield %[[ZERO]] : vector<4xf32>
// CHECK: }
gpu.module @m {
  gpu.func @load_half(%img: !tolk.ptr<f32, global, imageh<3x8x4>>, %xy: vector<2xsi32>,
                      %out: !tolk.ptr<f32, global, 4, v = 4>) kernel {
    %t = tolk.image_load %img[%xy] : !tolk.ptr<f32, global, imageh<3x8x4>> -> vector<4xf32>
    tolk.store %out, %t : !tolk.ptr<f32, global, 4, v = 4>, vector<4xf32>
    gpu.return
  }
}

// -----

// Gated: the gate joins the bounds; gated off, the alternative, outside
// the image, zeros. f16 lanes of an imageh need no conversion.
// CHECK-LABEL: gpu.func @gated_half(
// CHECK: %[[IN:.*]] = arith.andi %{{.*}}, %{{.*}} : i1
// CHECK: %[[ON:.*]] = arith.andi %[[G:.*]], %[[IN]] : i1
// CHECK: scf.if %[[ON]] -> (vector<4xf16>) {
// CHECK:   vector.load %{{.*}}[%{{.*}}] {alignment = 8 : i64} : memref<96xf16, #gpu.address_space<global>>, vector<4xf16>
// CHECK-NOT: arith.extf
// CHECK: } else {
// CHECK:   %[[S:.*]] = arith.select %[[G]], %{{.*}}, %{{.*}} : vector<4xf16>
// CHECK:   scf.yield %[[S]] : vector<4xf16>
gpu.module @m {
  gpu.func @gated_half(%img: !tolk.ptr<f32, global, imageh<3x8x4>>, %xy: vector<2xsi32>, %g: i1,
                       %out: !tolk.ptr<f16, global, 4, v = 4>) kernel {
    %alt = tolk.const 1.0 : vector<4xf16>
    %t = tolk.image_load %img[%xy] if %g else %alt : !tolk.ptr<f32, global, imageh<3x8x4>> -> vector<4xf16>
    tolk.store %out, %t : !tolk.ptr<f16, global, 4, v = 4>, vector<4xf16>
    gpu.return
  }
}

// -----

// Stores: f32 lanes to an imageh round once (arith.truncf, to nearest
// even); an imagef stores its f32 lanes as they are.
// CHECK-LABEL: gpu.func @stores(
// CHECK-SAME: memref<96xf16, #gpu.address_space<global>>
// CHECK-SAME: memref<24xf32, #gpu.address_space<global>>
// CHECK: scf.if %{{.*}} {
// CHECK:   %[[H:.*]] = arith.truncf %{{.*}} : vector<4xf32> to vector<4xf16>
// CHECK:   vector.store %[[H]], %{{.*}}[%{{.*}}] {alignment = 8 : i64} : memref<96xf16, #gpu.address_space<global>>, vector<4xf16>
// CHECK: }
// CHECK: arith.andi %{{.*}}, %{{.*}} : i1
// CHECK-NEXT: %[[ON:.*]] = arith.andi %{{.*}}, %{{.*}} : i1
// CHECK-NEXT: scf.if %[[ON]] {
// CHECK-NOT: arith.truncf
// CHECK:   vector.store %{{.*}}, %{{.*}}[%{{.*}}] {alignment = 16 : i64} : memref<24xf32, #gpu.address_space<global>>, vector<4xf32>
// CHECK: }
gpu.module @m {
  gpu.func @stores(%h: !tolk.ptr<f32, global, imageh<3x8x4>>, %f: !tolk.ptr<f32, global, imagef<2x3x4>>,
                   %xy: vector<2xsi32>, %g: i1, %t: !tolk.ptr<f32, global, 4, v = 4>) kernel {
    %v = tolk.load %t : !tolk.ptr<f32, global, 4, v = 4> -> vector<4xf32>
    tolk.image_store %h[%xy], %v : !tolk.ptr<f32, global, imageh<3x8x4>>, vector<4xf32>
    tolk.image_store %f[%xy], %v if %g : !tolk.ptr<f32, global, imagef<2x3x4>>, vector<4xf32>
    gpu.return
  }
}
