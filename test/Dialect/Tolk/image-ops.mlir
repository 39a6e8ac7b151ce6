// RUN: tolk-opt %s | tolk-opt | FileCheck %s
// RUN: tolk-opt %s --mlir-print-op-generic | tolk-opt | FileCheck %s
// RUN: tolk-opt %s --cse | FileCheck %s --check-prefix=CSE

// The image ops round-trip, gated and not, with f32 and (imageh) f16 lanes.
// CHECK-LABEL: gpu.func @texels
// CHECK-SAME: {tolk.readonly}
// CHECK: tolk.image_load %arg0[%arg2] : !tolk.ptr<f32, global, imagef<4x8x4>> -> vector<4xf32>
// CHECK: tolk.image_load %arg1[%arg2] if %arg3 else %{{.*}} : !tolk.ptr<f32, global, imageh<4x8x4>> -> vector<4xf16>
// CHECK: tolk.image_store %arg1[%arg2], %{{.*}} : !tolk.ptr<f32, global, imageh<4x8x4>>, vector<4xf32>
// CHECK: tolk.image_store %arg1[%arg2], %{{.*}} if %arg3 : !tolk.ptr<f32, global, imageh<4x8x4>>, vector<4xf16>
gpu.module @m {
  gpu.func @texels(%a: !tolk.ptr<f32, global, imagef<4x8x4>> {tolk.readonly},
                   %b: !tolk.ptr<f32, global, imageh<4x8x4>>,
                   %xy: vector<2xsi32>, %g: i1) kernel {
    %t = tolk.image_load %a[%xy] : !tolk.ptr<f32, global, imagef<4x8x4>> -> vector<4xf32>
    %z = tolk.const 0.0 : vector<4xf16>
    %h = tolk.image_load %b[%xy] if %g else %z : !tolk.ptr<f32, global, imageh<4x8x4>> -> vector<4xf16>
    tolk.image_store %b[%xy], %t : !tolk.ptr<f32, global, imageh<4x8x4>>, vector<4xf32>
    tolk.image_store %b[%xy], %h if %g : !tolk.ptr<f32, global, imageh<4x8x4>>, vector<4xf16>
    gpu.return
  }
}

// A load reads its image and a store writes it: the second load is not the
// first.
// CSE-LABEL: func.func @effects
// CSE: tolk.image_load
// CSE: tolk.image_store
// CSE: tolk.image_load
func.func @effects(%b: !tolk.ptr<f32, global, imagef<4x8x4>>, %xy: vector<2xsi32>, %t: vector<4xf32>) -> vector<4xf32> {
  %0 = tolk.image_load %b[%xy] : !tolk.ptr<f32, global, imagef<4x8x4>> -> vector<4xf32>
  tolk.image_store %b[%xy], %t : !tolk.ptr<f32, global, imagef<4x8x4>>, vector<4xf32>
  %1 = tolk.image_load %b[%xy] : !tolk.ptr<f32, global, imagef<4x8x4>> -> vector<4xf32>
  %2 = tolk.add %0, %1 : vector<4xf32>
  return %2 : vector<4xf32>
}
