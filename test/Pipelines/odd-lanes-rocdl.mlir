// Conversions between f16 and f32 on lane counts that are not a power of
// two, as --tolk-kernelize chooses them for odd shapes (7 lanes of a 7x7
// tensor, 5 of a 3x5 f32 one) and as a hand-written kernel has them (6):
// LLVM 22's AMDGPU back end cannot select them whole ("Cannot select" on a
// truncating store and on the extension), so they are converted in
// power-of-two parts just before code generation (docs/Lowering.md, "Lanes
// that are not a power of two"); llvm-mc assembles each kernel.
// RUN: tolk-opt %s --tolk-to-rocdl=chip=gfx942 -o %t.mlir
// RUN: tolk-translate %t.mlir --gpu-binary-to-isa --binary=trunc7_kernel > %t.trunc7.s
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj %t.trunc7.s -o %t.o
// RUN: FileCheck %s --input-file=%t.trunc7.s --check-prefix=TRUNC7
// RUN: tolk-translate %t.mlir --gpu-binary-to-isa --binary=ext5_kernel > %t.ext5.s
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj %t.ext5.s -o %t.o
// RUN: FileCheck %s --input-file=%t.ext5.s --check-prefix=EXT5
// RUN: tolk-translate %t.mlir --gpu-binary-to-isa --binary=m > %t.six.s
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj %t.six.s -o %t.o
// RUN: FileCheck %s --input-file=%t.six.s --check-prefix=SIX
// Every chip the pipeline takes, the gfx11 family's included.
// RUN: tolk-opt %s --tolk-to-rocdl=chip=gfx1100 | FileCheck %s --check-prefix=OTHER
// RUN: tolk-opt %s --tolk-to-rocdl=chip=gfx90a | FileCheck %s --check-prefix=OTHER
// RUN: tolk-opt %s --tolk-to-rocdl=chip=gfx950 | FileCheck %s --check-prefix=OTHER

// TRUNC7-LABEL: trunc7:
// TRUNC7-COUNT-7: v_cvt_f16_f32
// TRUNC7-NOT: v_cvt_f16_f32
// TRUNC7: s_endpgm
// EXT5-LABEL: ext5:
// EXT5-COUNT-5: v_cvt_f32_f16
// EXT5-NOT: v_cvt_f32_f16
// EXT5: s_endpgm
// SIX-LABEL: six:
// SIX-COUNT-6: v_cvt_f32_f16
// SIX: s_endpgm
// OTHER-COUNT-3: gpu.binary

func.func @trunc7(%a: tensor<7x7xf32>) -> tensor<7x7xf16> {
  %r = tolk.cast %a : tensor<7x7xf32> to tensor<7x7xf16>
  return %r : tensor<7x7xf16>
}

func.func @ext5(%a: tensor<3x5xf16>) -> tensor<3x5xf32> {
  %r = tolk.cast %a : tensor<3x5xf16> to tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

gpu.module @m {
  gpu.func @six(%a: !tolk.ptr<vector<6xf16>, global, 8>,
                %b: !tolk.ptr<vector<6xf32>, global, 8>) kernel
      attributes {known_block_size = array<i32: 8, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %i = tolk.special global_id x : si32
    %pa = tolk.index %a[%i] : !tolk.ptr<vector<6xf16>, global, 8>, si32
    %x = tolk.load %pa : !tolk.ptr<vector<6xf16>, global, 8> -> vector<6xf16>
    %y = tolk.cast %x : vector<6xf16> to vector<6xf32>
    %pb = tolk.index %b[%i] : !tolk.ptr<vector<6xf32>, global, 8>, si32
    tolk.store %pb, %y : !tolk.ptr<vector<6xf32>, global, 8>, vector<6xf32>
    gpu.return
  }
}
