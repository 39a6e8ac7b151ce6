// Ops that no SPIR-V instruction computes, with the default (lavapipe)
// capabilities, are diagnostics at the op.
// RUN: tolk-opt %s -split-input-file -verify-diagnostics --tolk-to-spirv

gpu.module @kernels {
  // GLSL.std.450's transcendental functions take 16- and 32-bit floats only.
  gpu.func @log2_f64(%a: !tolk.ptr<f64, global>)
      kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %i = tolk.special global_id x : si32
    %pa = tolk.index %a[%i] : !tolk.ptr<f64, global>, si32
    %x = tolk.load %pa : !tolk.ptr<f64, global> -> f64
    // expected-error @below {{'math.log2' op computes in f64, which the SPIR-V target (Vulkan, v1.3) has no instruction for (GLSL.std.450 has it for 16- and 32-bit floats only)}}
    %l = tolk.log2 %x : f64
    tolk.store %pa, %l : !tolk.ptr<f64, global>, f64
    gpu.return
  }
}

