// Buffers of lanes (`!tolk.ptr<vector<N x T>, ...>`) run on every backend
// with numpy's packed layout: N * itemsize bytes an element. 4 lanes of
// f16 are one vector access; 3 lanes of f32, which LLVM and Vulkan's
// storage buffer layout would pad to 4, are held as scalars
// (docs/Lowering.md, "Pointers to lanes"), so the host reads no byte past
// the buffer and reports an access out of bounds in whole elements.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/npy.py write %t/h.npy '<f2' 32 'expr:i * 1.5 - 7'
// RUN: %python %S/Inputs/npy.py write %t/f.npy '<f4' 24 'expr:i * 1.25 - 3'
// RUN: tolk-run --quiet %s --kernel m::half4 %t/h.npy -o %t/h2.npy
// RUN: %python %S/Inputs/npy.py check %t/h2.npy 'f16(in0[i] * 3)' %t/h.npy | FileCheck %s --check-prefix=OK32
// RUN: tolk-run --quiet %s --kernel m::float3 %t/f.npy -o %t/f2.npy
// RUN: %python %S/Inputs/npy.py check %t/f2.npy 'f32(in0[i] + in0[i])' %t/f.npy | FileCheck %s --check-prefix=OK24
// RUN: not tolk-run %s --kernel m::float3_past %t/f.npy -o %t/f3.npy 2>&1 | FileCheck %s --check-prefix=PAST
// OK32: ok 32
// OK24: ok 24
// PAST: kernel 'float3_past' loads element 8 of parameter #0, a buffer of 8 vector<3xf32>, in thread (7, 0, 0)

gpu.module @m {
  gpu.func @half4(%a: !tolk.ptr<vector<4xf16>, global, 8>,
                  %b: !tolk.ptr<vector<4xf16>, global, 8>) kernel
      attributes {known_block_size = array<i32: 8, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %i = tolk.special global_id x : si32
    %pa = tolk.index %a[%i] : !tolk.ptr<vector<4xf16>, global, 8>, si32
    %x = tolk.load %pa : !tolk.ptr<vector<4xf16>, global, 8> -> vector<4xf16>
    %three = tolk.const 3.0 : vector<4xf16>
    %y = tolk.mul %x, %three : vector<4xf16>
    %pb = tolk.index %b[%i] : !tolk.ptr<vector<4xf16>, global, 8>, si32
    tolk.store %pb, %y : !tolk.ptr<vector<4xf16>, global, 8>, vector<4xf16>
    gpu.return
  }
  gpu.func @float3(%a: !tolk.ptr<vector<3xf32>, global, 8>,
                   %b: !tolk.ptr<vector<3xf32>, global, 8>) kernel
      attributes {known_block_size = array<i32: 8, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %i = tolk.special global_id x : si32
    %pa = tolk.index %a[%i] : !tolk.ptr<vector<3xf32>, global, 8>, si32
    %x = tolk.load %pa : !tolk.ptr<vector<3xf32>, global, 8> -> vector<3xf32>
    %y = tolk.add %x, %x : vector<3xf32>
    %pb = tolk.index %b[%i] : !tolk.ptr<vector<3xf32>, global, 8>, si32
    tolk.store %pb, %y : !tolk.ptr<vector<3xf32>, global, 8>, vector<3xf32>
    gpu.return
  }
  gpu.func @float3_past(%a: !tolk.ptr<vector<3xf32>, global, 8>,
                        %b: !tolk.ptr<vector<3xf32>, global, 8>) kernel
      attributes {known_block_size = array<i32: 8, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %i = tolk.special global_id x : si32
    %one = tolk.const 1 : si32
    %j = tolk.add %i, %one : si32
    %pa = tolk.index %a[%j] : !tolk.ptr<vector<3xf32>, global, 8>, si32
    %x = tolk.load %pa : !tolk.ptr<vector<3xf32>, global, 8> -> vector<3xf32>
    %pb = tolk.index %b[%i] : !tolk.ptr<vector<3xf32>, global, 8>, si32
    tolk.store %pb, %x : !tolk.ptr<vector<3xf32>, global, 8>, vector<3xf32>
    gpu.return
  }
}
