// REQUIRES: ptxas
// Images on NVVM (docs/Semantics.md#images): each image parameter is a
// .u64 surface object; a texel access is suld.b.2d.v4 or sust.b.2d.v4 of
// b16 (imageh) or b32 (imagef) behind the bounds check, at a byte x (x << 3
// or x << 4). ptxas takes the PTX on sm_89 and sm_90.
// RUN: tolk-opt %s --tolk-to-nvvm="chip=sm_89" \
// RUN:   | tolk-translate --gpu-binary-to-isa -o %t.89.ptx
// RUN: FileCheck %s < %t.89.ptx
// RUN: %ptxas -arch=sm_89 %t.89.ptx -o %t.89.cubin
// RUN: tolk-opt %s --tolk-to-nvvm="chip=sm_90" \
// RUN:   | tolk-translate --gpu-binary-to-isa -o %t.90.ptx
// RUN: FileCheck %s < %t.90.ptx
// RUN: %ptxas -arch=sm_90 %t.90.ptx -o %t.90.cubin

// CHECK-LABEL: .entry scale(
// CHECK-NEXT: .param .u64 scale_param_0,
// CHECK-NEXT: .param .u64 scale_param_1,
// CHECK-NEXT: .param .u64 scale_param_2
// CHECK-DAG: shl.b32 %[[XH:r[0-9]+]], %{{r[0-9]+}}, 3;
// CHECK-DAG: suld.b.2d.v4.b16.zero {%{{rs[0-9]+}}, %{{rs[0-9]+}}, %{{rs[0-9]+}}, %{{rs[0-9]+}}}, [%{{rd[0-9]+}}, {%[[XH]], %{{r[0-9]+}}}];
// CHECK-DAG: cvt.f32.f16
// CHECK-DAG: sust.b.2d.v4.b32.zero [%{{rd[0-9]+}}, {%{{r[0-9]+}}, %{{r[0-9]+}}}], {%{{r[0-9]+}}, %{{r[0-9]+}}, %{{r[0-9]+}}, %{{r[0-9]+}}};
// CHECK-DAG: suld.b.2d.v4.b32.zero
// CHECK-DAG: cvt.rn.f16x2.f32
// CHECK-DAG: sust.b.2d.v4.b16.zero
gpu.module @images {
  gpu.func @scale(%in: !tolk.ptr<f32, global, imageh<4x8x4>> {tolk.readonly},
                  %out: !tolk.ptr<f32, global, imagef<4x8x4>>,
                  %half: !tolk.ptr<f32, global, imageh<4x8x4>>) kernel
      attributes {known_block_size = array<i32: 8, 4, 1>, known_grid_size = array<i32: 1, 1, 1>} {
    %x = tolk.special local_id x : si32
    %y = tolk.special local_id y : si32
    %one = tolk.const 1 : si32
    %x1 = tolk.add %x, %one : si32
    %xy = vector.from_elements %x1, %y : vector<2xsi32>
    %here = vector.from_elements %x, %y : vector<2xsi32>
    %t = tolk.image_load %in[%xy] : !tolk.ptr<f32, global, imageh<4x8x4>> -> vector<4xf32>
    %u = tolk.add %t, %t : vector<4xf32>
    tolk.image_store %out[%here], %u : !tolk.ptr<f32, global, imagef<4x8x4>>, vector<4xf32>
    %f = tolk.image_load %out[%xy] : !tolk.ptr<f32, global, imagef<4x8x4>> -> vector<4xf32>
    tolk.image_store %half[%here], %f : !tolk.ptr<f32, global, imageh<4x8x4>>, vector<4xf32>
    gpu.return
  }
}
