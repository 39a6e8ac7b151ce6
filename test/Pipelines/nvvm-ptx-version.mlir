// The NVVM pipeline's PTX ISA version: without a +ptx feature, the least
// version that the chip and the kernel's instructions need. sm_89 has the
// 8-bit float conversions from PTX ISA 8.1 on, sm_90 from 7.8 (its own
// least version), sm_100 and sm_120 need 8.6 and 8.7 whatever they run.
// RUN: tolk-opt %s --tolk-to-nvvm="chip=sm_89" | tolk-translate --gpu-binary-to-isa | FileCheck %s --check-prefix=SM89
// RUN: tolk-opt %s --tolk-to-nvvm="chip=sm_90" | tolk-translate --gpu-binary-to-isa | FileCheck %s --check-prefix=SM90
// RUN: tolk-opt %s --tolk-to-nvvm="chip=sm_100" | tolk-translate --gpu-binary-to-isa | FileCheck %s --check-prefix=SM100
// RUN: tolk-opt %s --tolk-to-nvvm="chip=sm_120" | tolk-translate --gpu-binary-to-isa | FileCheck %s --check-prefix=SM120
// RUN: tolk-opt %s --tolk-to-nvvm="chip=sm_80" | tolk-translate --gpu-binary-to-isa | FileCheck %s --check-prefix=SM80
// An explicit version is kept where it suffices.
// RUN: tolk-opt %s --tolk-to-nvvm="chip=sm_89 features=+ptx83" | tolk-translate --gpu-binary-to-isa | FileCheck %s --check-prefix=PTX83

// An explicit version that is too old is a diagnostic that names what
// needs a later one: the chip, or the instruction (at its kernel).
// RUN: not tolk-opt %s --tolk-to-nvvm="chip=sm_89 features=+ptx80" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OLD89
// RUN: not tolk-opt %s --tolk-to-nvvm="chip=sm_100 features=+ptx80" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OLD100
// RUN: not tolk-opt %s --tolk-to-nvvm="chip=sm_90 features=+ptx60" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OLD90

// SM89: .version 8.1
// SM89-NEXT: .target sm_89
// SM89: cvt.rn.satfinite.e4m3x2.f32
// SM89: cvt.rn.f16x2.e4m3x2
// SM90: .version 7.8
// SM90-NEXT: .target sm_90
// SM90: cvt.rn.satfinite.e4m3x2.f32
// SM100: .version 8.6
// SM100-NEXT: .target sm_100
// SM120: .version 8.7
// SM120-NEXT: .target sm_120
// SM80: .version 7.0
// SM80-NEXT: .target sm_80
// SM80-NOT: e4m3x2
// PTX83: .version 8.3
// PTX83-NEXT: .target sm_89

// OLD89: nvvm-ptx-version.mlir:[[#KERNEL:]]:3: error: cvt.rn.satfinite.e4m3x2.f32 (llvm.nvvm.ff.to.e4m3x2.rn) needs PTX ISA 8.1 on sm_89, but the target asks for PTX ISA 8.0 (features = "+ptx80"): raise the +ptx feature or leave it out
// OLD89: nvvm-ptx-version.mlir:[[#KERNEL]]:3: error: cvt.rn.f16x2.e4m3x2 (llvm.nvvm.e4m3x2.to.f16x2.rn) needs PTX ISA 8.1 on sm_89
// OLD89-NOT: LLVM ERROR
// OLD100: nvvm-ptx-version.mlir:{{[0-9]+}}:1: error: PTX ISA 8.0 (features = "+ptx80") does not support sm_100, which needs PTX ISA 8.6 or later: raise the +ptx feature or leave it out
// OLD100-NOT: LLVM ERROR
// OLD90: error: PTX ISA 6.0 (features = "+ptx60") does not support sm_90, which needs PTX ISA 7.8 or later
// OLD90-NOT: LLVM ERROR
gpu.module @kernels {
  gpu.func @round_trip(%a: !tolk.ptr<f32, global, 64>,
                       %b: !tolk.ptr<f32, global, 64>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %i = tolk.special global_id x : si32
    %pa = tolk.index %a[%i] : !tolk.ptr<f32, global, 64>, si32
    %x = tolk.load %pa : !tolk.ptr<f32, global, 64> -> f32
    %y = tolk.cast %x : f32 to f8E4M3FN
    %z = tolk.cast %y : f8E4M3FN to f32
    %pb = tolk.index %b[%i] : !tolk.ptr<f32, global, 64>, si32
    tolk.store %pb, %z : !tolk.ptr<f32, global, 64>, f32
    gpu.return
  }
}
