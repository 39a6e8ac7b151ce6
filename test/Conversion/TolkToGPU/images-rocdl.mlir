// RUN: tolk-opt --convert-tolk-to-gpu=images=rocdl --split-input-file %s | FileCheck %s

// ROCDL's images (docs/Semantics.md#images): an image parameter is a
// pointer in the constant address space to the 8-dword image resource
// descriptor (as HIP's hipSurfaceObject_t), loaded where it is used, and
// every access compares x with the width and y with the height itself,
// unsigned, and reaches image_load or image_store (all four channels,
// dmask 0xf) only inside an scf.if on that. An imagef texel is loaded as
// i32 bits, so that LLVM cannot make a load whose lanes are only truncated
// to f16 a d16 load (the hardware's conversion, not arith.truncf's).

// CHECK-LABEL: gpu.func @load_float(
// CHECK-SAME: %[[IMG:.*]]: !llvm.ptr<4>, %[[XY:.*]]: vector<2xi32>
// CHECK: %[[X:.*]] = vector.extract %[[XY]][0] : i32 from vector<2xi32>
// CHECK: %[[Y:.*]] = vector.extract %[[XY]][1] : i32 from vector<2xi32>
// CHECK: %[[W:.*]] = arith.constant 8 : i32
// CHECK: %[[INX:.*]] = arith.cmpi ult, %[[X]], %[[W]] : i32
// CHECK: %[[H:.*]] = arith.constant 3 : i32
// CHECK: %[[INY:.*]] = arith.cmpi ult, %[[Y]], %[[H]] : i32
// CHECK: %[[IN:.*]] = arith.andi %[[INX]], %[[INY]] : i1
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<4xf32>
// CHECK: %[[R:.*]] = scf.if %[[IN]] -> (vector<4xf32>) {
// CHECK:   %[[D:.*]] = llvm.load %[[IMG]] invariant {alignment = 32 : i64} : !llvm.ptr<4> -> vector<8xi32>
// CHECK:   %[[X2:.*]] = vector.extract %[[XY]][0] : i32 from vector<2xi32>
// CHECK:   %[[Y2:.*]] = vector.extract %[[XY]][1] : i32 from vector<2xi32>
// CHECK:   %[[M:.*]] = arith.constant 15 : i32
// CHECK:   %[[C0:.*]] = arith.constant 0 : i32
// CHECK:   %[[B:.*]] = llvm.call_intrinsic "llvm.amdgcn.image.load.2d.v4i32.i32"(%[[M]], %[[X2]], %[[Y2]], %[[D]], %[[C0]], %{{.*}}) : (i32, i32, i32, vector<8xi32>, i32, i32) -> vector<4xi32>
// CHECK:   %[[T:.*]] = arith.bitcast %[[B]] : vector<4xi32> to vector<4xf32>
// CHECK:   scf.yield %[[T]] : vector<4xf32>
// CHECK: } else {
// CHECK:   scf.yield %[[ZERO]] : vector<4xf32>
// CHECK: }
gpu.module @m {
  gpu.func @load_float(%img: !tolk.ptr<f32, global, imagef<3x8x4>>, %xy: vector<2xsi32>,
                       %out: !tolk.ptr<f32, global, 4, v = 4>) kernel {
    %t = tolk.image_load %img[%xy] : !tolk.ptr<f32, global, imagef<3x8x4>> -> vector<4xf32>
    tolk.store %out, %t : !tolk.ptr<f32, global, 4, v = 4>, vector<4xf32>
    gpu.return
  }
}

// -----

// An imageh texel is loaded as four f16 lanes (d16), then widened exactly
// for f32 lanes. Gated: the gate joins the bounds; gated off, the
// alternative.
// CHECK-LABEL: gpu.func @load_half(
// CHECK: scf.if %{{.*}} -> (vector<4xf32>) {
// CHECK:   %[[T:.*]] = llvm.call_intrinsic "llvm.amdgcn.image.load.2d.v4f16.i32"({{.*}}) : (i32, i32, i32, vector<8xi32>, i32, i32) -> vector<4xf16>
// CHECK:   %[[F:.*]] = arith.extf %[[T]] : vector<4xf16> to vector<4xf32>
// CHECK:   scf.yield %[[F]] : vector<4xf32>
// CHECK: %[[ALT:.*]] = arith.constant dense<1.000000e+00> : vector<4xf16>
// CHECK: %[[IN:.*]] = arith.andi %{{.*}}, %{{.*}} : i1
// CHECK-NEXT: %[[ON:.*]] = arith.andi %[[G:.*]], %[[IN]] : i1
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<4xf16>
// CHECK: scf.if %[[ON]] -> (vector<4xf16>) {
// CHECK:   %[[H:.*]] = llvm.call_intrinsic "llvm.amdgcn.image.load.2d.v4f16.i32"
// CHECK-NEXT: scf.yield %[[H]] : vector<4xf16>
// CHECK: } else {
// CHECK:   %[[SEL:.*]] = arith.select %[[G]], %[[ZERO]], %[[ALT]] : vector<4xf16>
// CHECK:   scf.yield %[[SEL]] : vector<4xf16>
gpu.module @m {
  gpu.func @load_half(%img: !tolk.ptr<f32, global, imageh<3x8x4>>, %xy: vector<2xsi32>, %g: i1,
                      %out: !tolk.ptr<f32, global, 4, v = 4>, %outh: !tolk.ptr<f16, global, 4, v = 4>) kernel {
    %t = tolk.image_load %img[%xy] : !tolk.ptr<f32, global, imageh<3x8x4>> -> vector<4xf32>
    tolk.store %out, %t : !tolk.ptr<f32, global, 4, v = 4>, vector<4xf32>
    %alt = tolk.const 1.0 : vector<4xf16>
    %h = tolk.image_load %img[%xy] if %g else %alt : !tolk.ptr<f32, global, imageh<3x8x4>> -> vector<4xf16>
    tolk.store %outh, %h : !tolk.ptr<f16, global, 4, v = 4>, vector<4xf16>
    gpu.return
  }
}

// -----

// Stores: f32 lanes to an imageh are rounded once to f16 (to nearest even)
// and stored as f16 lanes (d16), so that no conversion of the hardware's
// rounds; f16 lanes are stored as they are; an imagef takes f32 lanes.
// CHECK-LABEL: gpu.func @stores(
// CHECK-SAME: %[[HI:.*]]: !llvm.ptr<4>, %[[FI:.*]]: !llvm.ptr<4>
// CHECK: scf.if %{{.*}} {
// CHECK:   %[[N:.*]] = arith.truncf %[[V:.*]] : vector<4xf32> to vector<4xf16>
// CHECK:   %[[D:.*]] = llvm.load %[[HI]] invariant {alignment = 32 : i64} : !llvm.ptr<4> -> vector<8xi32>
// CHECK:   %[[M:.*]] = arith.constant 15 : i32
// CHECK:   llvm.call_intrinsic "llvm.amdgcn.image.store.2d.v4f16.i32"(%[[N]], %[[M]], %{{.*}}, %{{.*}}, %[[D]], %{{.*}}, %{{.*}}) : (vector<4xf16>, i32, i32, i32, vector<8xi32>, i32, i32) -> ()
// CHECK: }
// CHECK: %[[IN:.*]] = arith.andi %{{.*}}, %{{.*}} : i1
// CHECK-NEXT: %[[ON:.*]] = arith.andi %{{.*}}, %[[IN]] : i1
// CHECK-NEXT: scf.if %[[ON]] {
// CHECK-NOT: arith.truncf
// CHECK:   %[[DF:.*]] = llvm.load %[[FI]]
// CHECK:   llvm.call_intrinsic "llvm.amdgcn.image.store.2d.v4f32.i32"(%[[V]], %{{.*}}, %{{.*}}, %{{.*}}, %[[DF]], %{{.*}}, %{{.*}}) : (vector<4xf32>, i32, i32, i32, vector<8xi32>, i32, i32) -> ()
// CHECK: }
// CHECK: %[[W:.*]] = arith.truncf %[[V]] : vector<4xf32> to vector<4xf16>
// CHECK: scf.if %{{.*}} {
// CHECK-NOT: arith.truncf
// CHECK:   llvm.call_intrinsic "llvm.amdgcn.image.store.2d.v4f16.i32"(%[[W]],
gpu.module @m {
  gpu.func @stores(%h: !tolk.ptr<f32, global, imageh<3x8x4>>, %f: !tolk.ptr<f32, global, imagef<2x3x4>>,
                   %xy: vector<2xsi32>, %g: i1, %t: !tolk.ptr<f32, global, 4, v = 4>) kernel {
    %v = tolk.load %t : !tolk.ptr<f32, global, 4, v = 4> -> vector<4xf32>
    tolk.image_store %h[%xy], %v : !tolk.ptr<f32, global, imageh<3x8x4>>, vector<4xf32>
    tolk.image_store %f[%xy], %v if %g : !tolk.ptr<f32, global, imagef<2x3x4>>, vector<4xf32>
    %w = tolk.cast %v : vector<4xf32> to vector<4xf16>
    tolk.image_store %h[%xy], %w : !tolk.ptr<f32, global, imageh<3x8x4>>, vector<4xf16>
    gpu.return
  }
}

// -----

// A descriptor pointer is a value: a function that is not a kernel takes
// one too (on SPIR-V it cannot: images-spirv-invalid.mlir).
// CHECK-LABEL: gpu.func @helper(
// CHECK-SAME: %{{.*}}: !llvm.ptr<4>, %{{.*}}: vector<2xi32>) -> vector<4xf32>
// CHECK: llvm.call_intrinsic "llvm.amdgcn.image.load.2d.v4f16.i32"
// CHECK-LABEL: func.func @host(
// CHECK-SAME: %{{.*}}: !llvm.ptr<4>)
gpu.module @m {
  gpu.func @helper(%img: !tolk.ptr<f32, global, imageh<3x8x4>>, %xy: vector<2xsi32>) -> vector<4xf32> {
    %t = tolk.image_load %img[%xy] : !tolk.ptr<f32, global, imageh<3x8x4>> -> vector<4xf32>
    gpu.return %t : vector<4xf32>
  }
}
func.func @host(%img: !tolk.ptr<f32, global, imagef<2x2x4>>) {
  return
}
