// RUN: tolk-opt --convert-tolk-to-gpu=images=spirv --split-input-file %s | FileCheck %s

// Vulkan's images (docs/Semantics.md#images): a kernel's image parameter is
// a pointer to a 2-D storage image in UniformConstant (Rgba16f for an
// imageh, Rgba32f for an imagef, sampled type f32), and every access
// compares x with the width and y with the height itself, unsigned, and
// reaches spirv.ImageRead or spirv.ImageWrite only inside an scf.if on
// that: Vulkan leaves a read outside undefined.

// CHECK-LABEL: gpu.func @load_half(
// CHECK-SAME: %[[IMG:.*]]: !spirv.ptr<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba16f>, UniformConstant>
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
// CHECK:   %[[I:.*]] = spirv.Load "UniformConstant" %[[IMG]]
// CHECK:   %[[T:.*]] = spirv.ImageRead %[[I]], %[[XY]] : {{.*}}, vector<2xi32> -> vector<4xf32>
// CHECK:   scf.yield %[[T]] : vector<4xf32>
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

// Gated: the gate joins the bounds; gated off, the alternative (selected by
// the gate in every lane, as SPIR-V's OpSelect of vectors takes). An imageh
// texel read as f16 lanes is read as f32 (the sampled type) and narrowed,
// which is exact.
// CHECK-LABEL: gpu.func @gated_half(
// CHECK: %[[IN:.*]] = arith.andi %{{.*}}, %{{.*}} : i1
// CHECK: %[[ON:.*]] = arith.andi %[[G:.*]], %[[IN]] : i1
// CHECK: scf.if %[[ON]] -> (vector<4xf16>) {
// CHECK:   %[[T:.*]] = spirv.ImageRead %{{.*}}, %{{.*}} : {{.*}} -> vector<4xf32>
// CHECK:   %[[N:.*]] = arith.truncf %[[T]] : vector<4xf32> to vector<4xf16>
// CHECK:   scf.yield %[[N]] : vector<4xf16>
// CHECK: } else {
// CHECK:   %[[GV:.*]] = vector.broadcast %[[G]] : i1 to vector<4xi1>
// CHECK:   %[[S:.*]] = arith.select %[[GV]], %{{.*}}, %{{.*}} : vector<4xi1>, vector<4xf16>
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

// Stores: f32 lanes to an imageh are rounded once to f16 here (to nearest
// even) and written as the f32 of that f16, which any rounding of the
// device's conversion keeps; f16 lanes are widened; an imagef takes its f32
// lanes as they are.
// CHECK-LABEL: gpu.func @stores(
// CHECK-SAME: Rgba16f>, UniformConstant>
// CHECK-SAME: Rgba32f>, UniformConstant>
// CHECK: scf.if %{{.*}} {
// CHECK:   %[[H:.*]] = arith.truncf %[[V:.*]] : vector<4xf32> to vector<4xf16>
// CHECK:   %[[E:.*]] = arith.extf %[[H]] : vector<4xf16> to vector<4xf32>
// CHECK:   %[[I:.*]] = spirv.Load "UniformConstant"
// CHECK:   spirv.ImageWrite %[[I]], %{{.*}}, %[[E]] : {{.*}}Rgba16f>, vector<2xi32>, vector<4xf32>
// CHECK: }
// CHECK: arith.andi %{{.*}}, %{{.*}} : i1
// CHECK-NEXT: %[[ON:.*]] = arith.andi %{{.*}}, %{{.*}} : i1
// CHECK-NEXT: scf.if %[[ON]] {
// CHECK-NOT: arith.truncf
// CHECK:   spirv.ImageWrite %{{.*}}, %{{.*}}, %[[V]] : {{.*}}Rgba32f>, vector<2xi32>, vector<4xf32>
// CHECK: }
// CHECK: scf.if %{{.*}} {
// CHECK:   %[[W:.*]] = arith.extf %{{.*}} : vector<4xf16> to vector<4xf32>
// CHECK:   spirv.ImageWrite %{{.*}}, %{{.*}}, %[[W]] : {{.*}}Rgba16f>, vector<2xi32>, vector<4xf32>
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
