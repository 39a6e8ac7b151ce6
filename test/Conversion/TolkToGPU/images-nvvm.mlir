// RUN: tolk-opt --convert-tolk-to-gpu=images=nvvm --split-input-file %s | FileCheck %s

// NVVM's images (docs/Semantics.md#images): an image parameter is an i64,
// a CUDA surface object, and every access compares x with the width and y
// with the height itself, unsigned, and reaches the surface only inside an
// scf.if on that: suld and sust in their .zero mode, whose clamping the
// bounds rule never rests on. A surface's x is in bytes: x * 16 for an
// imagef, x * 8 for an imageh.

// CHECK-LABEL: gpu.func @load_float(
// CHECK-SAME: %[[IMG:.*]]: i64, %[[XY:.*]]: vector<2xi32>
// CHECK: %[[X:.*]] = vector.extract %[[XY]][0] : i32 from vector<2xi32>
// CHECK: %[[Y:.*]] = vector.extract %[[XY]][1] : i32 from vector<2xi32>
// CHECK: %[[W:.*]] = arith.constant 8 : i32
// CHECK: %[[INX:.*]] = arith.cmpi ult, %[[X]], %[[W]] : i32
// CHECK: %[[H:.*]] = arith.constant 3 : i32
// CHECK: %[[INY:.*]] = arith.cmpi ult, %[[Y]], %[[H]] : i32
// CHECK: %[[IN:.*]] = arith.andi %[[INX]], %[[INY]] : i1
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<4xf32>
// CHECK: %[[R:.*]] = scf.if %[[IN]] -> (vector<4xf32>) {
// CHECK:   %[[X2:.*]] = vector.extract %[[XY]][0] : i32 from vector<2xi32>
// CHECK:   %[[Y2:.*]] = vector.extract %[[XY]][1] : i32 from vector<2xi32>
// CHECK:   %[[B:.*]] = arith.constant 16 : i32
// CHECK:   %[[XB:.*]] = arith.muli %[[X2]], %[[B]] : i32
// CHECK:   %[[S:.*]] = llvm.call_intrinsic "llvm.nvvm.suld.2d.v4i32.zero"(%[[IMG]], %[[XB]], %[[Y2]]) : (i64, i32, i32) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK:   %[[L0:.*]] = llvm.extractvalue %[[S]][0] : !llvm.struct<(i32, i32, i32, i32)>
// CHECK:   %[[L1:.*]] = llvm.extractvalue %[[S]][1]
// CHECK:   %[[L2:.*]] = llvm.extractvalue %[[S]][2]
// CHECK:   %[[L3:.*]] = llvm.extractvalue %[[S]][3]
// CHECK:   %[[V:.*]] = vector.from_elements %[[L0]], %[[L1]], %[[L2]], %[[L3]] : vector<4xi32>
// CHECK:   %[[F:.*]] = arith.bitcast %[[V]] : vector<4xi32> to vector<4xf32>
// CHECK:   scf.yield %[[F]] : vector<4xf32>
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

// An imageh texel is four f16 bits: read as f32 it widens exactly, read as
// f16 lanes it is what the surface holds. Gated: the gate joins the bounds;
// gated off, the alternative.
// CHECK-LABEL: gpu.func @load_half(
// CHECK: scf.if %{{.*}} -> (vector<4xf32>) {
// CHECK:   %[[B:.*]] = arith.constant 8 : i32
// CHECK:   %[[XB:.*]] = arith.muli %{{.*}}, %[[B]] : i32
// CHECK:   %[[S:.*]] = llvm.call_intrinsic "llvm.nvvm.suld.2d.v4i16.zero"(%{{.*}}, %[[XB]], %{{.*}}) : (i64, i32, i32) -> !llvm.struct<(i16, i16, i16, i16)>
// CHECK:   %[[V:.*]] = vector.from_elements %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<4xi16>
// CHECK:   %[[H:.*]] = arith.bitcast %[[V]] : vector<4xi16> to vector<4xf16>
// CHECK:   %[[F:.*]] = arith.extf %[[H]] : vector<4xf16> to vector<4xf32>
// CHECK:   scf.yield %[[F]] : vector<4xf32>
// CHECK: %[[ALT:.*]] = arith.constant dense<1.000000e+00> : vector<4xf16>
// CHECK: %[[IN:.*]] = arith.andi %{{.*}}, %{{.*}} : i1
// CHECK: %[[ON:.*]] = arith.andi %[[G:.*]], %[[IN]] : i1
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<4xf16>
// CHECK: scf.if %[[ON]] -> (vector<4xf16>) {
// CHECK:   llvm.call_intrinsic "llvm.nvvm.suld.2d.v4i16.zero"
// CHECK:   %[[H2:.*]] = arith.bitcast %{{.*}} : vector<4xi16> to vector<4xf16>
// CHECK-NOT: arith.extf
// CHECK:   scf.yield %[[H2]] : vector<4xf16>
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
// before the store, which writes bits; f16 lanes are written as they are;
// an imagef takes its f32 lanes' bits.
// CHECK-LABEL: gpu.func @stores(
// CHECK-SAME: %[[HI:.*]]: i64, %[[FI:.*]]: i64
// CHECK: scf.if %{{.*}} {
// CHECK:   %[[N:.*]] = arith.truncf %[[V:.*]] : vector<4xf32> to vector<4xf16>
// CHECK:   %[[NB:.*]] = arith.bitcast %[[N]] : vector<4xf16> to vector<4xi16>
// CHECK:   %[[B:.*]] = arith.constant 8 : i32
// CHECK:   %[[XB:.*]] = arith.muli %{{.*}}, %[[B]] : i32
// CHECK:   %[[E0:.*]] = vector.extract %[[NB]][0] : i16 from vector<4xi16>
// CHECK:   %[[E1:.*]] = vector.extract %[[NB]][1] : i16 from vector<4xi16>
// CHECK:   %[[E2:.*]] = vector.extract %[[NB]][2] : i16 from vector<4xi16>
// CHECK:   %[[E3:.*]] = vector.extract %[[NB]][3] : i16 from vector<4xi16>
// CHECK:   llvm.call_intrinsic "llvm.nvvm.sust.b.2d.v4i16.zero"(%[[HI]], %[[XB]], %{{.*}}, %[[E0]], %[[E1]], %[[E2]], %[[E3]]) : (i64, i32, i32, i16, i16, i16, i16) -> ()
// CHECK: }
// CHECK: %[[IN:.*]] = arith.andi %{{.*}}, %{{.*}} : i1
// CHECK-NEXT: %[[ON:.*]] = arith.andi %{{.*}}, %[[IN]] : i1
// CHECK-NEXT: scf.if %[[ON]] {
// CHECK-NOT: arith.truncf
// CHECK:   %[[FB:.*]] = arith.bitcast %[[V]] : vector<4xf32> to vector<4xi32>
// CHECK:   %[[B16:.*]] = arith.constant 16 : i32
// CHECK:   %[[XB16:.*]] = arith.muli %{{.*}}, %[[B16]] : i32
// CHECK:   llvm.call_intrinsic "llvm.nvvm.sust.b.2d.v4i32.zero"(%[[FI]], %[[XB16]], %{{.*}}) : (i64, i32, i32, i32, i32, i32, i32) -> ()
// CHECK: }
// CHECK: scf.if %{{.*}} {
// CHECK-NOT: arith.truncf
// CHECK:   arith.bitcast %{{.*}} : vector<4xf16> to vector<4xi16>
// CHECK:   llvm.call_intrinsic "llvm.nvvm.sust.b.2d.v4i16.zero"
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

// A surface object is a value: a function that is not a kernel takes one
// too (on SPIR-V it cannot: images-spirv-invalid.mlir).
// CHECK-LABEL: gpu.func @helper(
// CHECK-SAME: %{{.*}}: i64, %{{.*}}: vector<2xi32>) -> vector<4xf32>
// CHECK: llvm.call_intrinsic "llvm.nvvm.suld.2d.v4i32.zero"
// CHECK-LABEL: func.func @host(
// CHECK-SAME: %{{.*}}: i64)
gpu.module @m {
  gpu.func @helper(%img: !tolk.ptr<f32, global, imagef<3x8x4>>, %xy: vector<2xsi32>) -> vector<4xf32> {
    %t = tolk.image_load %img[%xy] : !tolk.ptr<f32, global, imagef<3x8x4>> -> vector<4xf32>
    gpu.return %t : vector<4xf32>
  }
}
func.func @host(%img: !tolk.ptr<f32, global, imageh<2x2x4>>) {
  return
}
