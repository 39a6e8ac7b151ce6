// A value with more lanes than a pipeline compiles in reasonable time
// (kMaxLanes, 64: docs/Rationale.md, "Limits") is an error at the op that
// has it, on every pipeline: NVVM gave no result in 90 s for
// vector<65536xf32>, ROCDL none in 30 s (674 MB).
// RUN: tolk-opt %s -split-input-file -verify-diagnostics --tolk-to-nvvm
// RUN: tolk-opt %s -split-input-file -verify-diagnostics --tolk-to-rocdl
// RUN: tolk-opt %s -split-input-file -verify-diagnostics --tolk-to-llvm
// RUN: tolk-opt %s -split-input-file -verify-diagnostics --tolk-to-spirv

gpu.module @kernels {
  // expected-error @below {{'gpu.func' op vector<65536xf32> has 65536 lanes: Tolk's pipelines compile at most 64 lanes per value (docs/Rationale.md, "Limits"); use a tensor, which --tolk-kernelize spreads over threads}}
  gpu.func @wide(%a: !tolk.ptr<vector<65536xf32>, global, 1>) kernel
      attributes {known_block_size = array<i32: 1, 1, 1>} {
    %i = tolk.special global_id x : si32
    %p = tolk.index %a[%i] : !tolk.ptr<vector<65536xf32>, global, 1>, si32
    %x = tolk.load %p : !tolk.ptr<vector<65536xf32>, global, 1> -> vector<65536xf32>
    tolk.store %p, %x : !tolk.ptr<vector<65536xf32>, global, 1>, vector<65536xf32>
    gpu.return
  }
}

// -----

// Through a vector width: the load's result has the lanes.
gpu.module @kernels {
  gpu.func @vector_width(%a: !tolk.ptr<f16, global, 256, v = 128>) kernel
      attributes {known_block_size = array<i32: 1, 1, 1>} {
    %c0 = tolk.const 0 : si32
    // expected-error @below {{'tolk.load' op vector<128xf16> has 128 lanes}}
    %x = tolk.load %a : !tolk.ptr<f16, global, 256, v = 128> -> vector<128xf16>
    gpu.return
  }
}

// -----

// In a tensor-level function too.
// expected-error @below {{'func.func' op vector<65xsi8> has 65 lanes}}
func.func @f(%x: vector<65xsi8>) -> vector<65xsi8> {
  return %x : vector<65xsi8>
}

// -----

// expected-error @below {{'func.func' op vector<[4]xf32> has scalable lanes, which no Tolk target has}}
func.func @scalable(%x: vector<[4]xf32>) {
  return
}
