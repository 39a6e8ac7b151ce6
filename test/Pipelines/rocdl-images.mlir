// Images on ROCDL (docs/Semantics.md#images): each image parameter is a
// pointer to an image resource descriptor, loaded with one scalar load of
// eight dwords; a texel access is image_load or image_store of four
// channels (d16 for an imageh) behind the bounds check. llvm-mc assembles
// the result for gfx90a (GCN) and gfx1100 (RDNA 3); gfx942 (the pipeline's
// default chip), gfx950 and gfx1250 have no image instructions: an error at
// the kernel.
// RUN: tolk-opt %s --tolk-to-rocdl="chip=gfx90a" \
// RUN:   | tolk-translate --gpu-binary-to-isa -o %t.90a.s
// RUN: FileCheck %s --check-prefixes=CHECK,GCN < %t.90a.s
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx90a -filetype=obj %t.90a.s -o %t.90a.o
// RUN: tolk-opt %s --tolk-to-rocdl="chip=gfx1100" \
// RUN:   | tolk-translate --gpu-binary-to-isa -o %t.1100.s
// RUN: FileCheck %s --check-prefixes=CHECK,RDNA < %t.1100.s
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj %t.1100.s -o %t.1100.o
// RUN: not tolk-opt %s --tolk-to-rocdl 2>&1 | FileCheck %s --check-prefix=GFX942
// RUN: not tolk-opt %s --tolk-to-rocdl=chip=gfx950 2>&1 | FileCheck %s --check-prefix=GFX950
// RUN: not tolk-opt %s --tolk-to-rocdl=chip=gfx1250 2>&1 | FileCheck %s --check-prefix=GFX1250

// CHECK-LABEL: scale:
// GCN: s_load_dwordx8
// RDNA: s_load_b256
// GCN: image_load v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], s[{{[0-9]+}}:{{[0-9]+}}] dmask:0xf unorm d16
// RDNA: image_load v[{{[0-9]+}}:{{[0-9]+}}], [v{{[0-9]+}}, v{{[0-9]+}}], s[{{[0-9]+}}:{{[0-9]+}}] dmask:0xf dim:SQ_RSRC_IMG_2D unorm d16
// CHECK: image_store v[{{[0-9]+}}:{{[0-9]+}}], {{.*}} dmask:0xf {{.*}}unorm{{$}}
// CHECK: image_load v[{{[0-9]+}}:{{[0-9]+}}], {{.*}} dmask:0xf {{.*}}unorm{{$}}
// CHECK: image_store v[{{[0-9]+}}:{{[0-9]+}}], {{.*}} dmask:0xf {{.*}}unorm d16

// GFX942: error: 'gpu.func' op has the image parameter '!tolk.ptr<f32, global, imageh<4x8x4>>', but gfx942 has no image instructions (LLVM's AMDGPU back end gives it no image-insts feature)
// GFX950: error: 'gpu.func' op has the image parameter '!tolk.ptr<f32, global, imageh<4x8x4>>', but gfx950 has no image instructions (LLVM's AMDGPU back end gives it no image-insts feature)
// GFX1250: error: 'gpu.func' op has the image parameter '!tolk.ptr<f32, global, imageh<4x8x4>>', but gfx1250 has no image instructions (LLVM's AMDGPU back end gives it no image-insts feature)
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
