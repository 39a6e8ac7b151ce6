// Ops that no SPIR-V instruction computes are diagnostics at the op: f64
// log2 on a target with Float64 but without Int64, which Tolk's expansion
// needs (with both, as by default, it compiles: spirv-f64-math.mlir).
// RUN: tolk-opt %s -split-input-file -verify-diagnostics --tolk-to-spirv="caps=Shader,Float64 exts=SPV_KHR_storage_buffer_storage_class"

gpu.module @kernels {
  // GLSL.std.450's transcendental functions take 16- and 32-bit floats only.
  gpu.func @log2_f64(%a: !tolk.ptr<f64, global>)
      kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %i = tolk.special global_id x : si32
    %pa = tolk.index %a[%i] : !tolk.ptr<f64, global>, si32
    %x = tolk.load %pa : !tolk.ptr<f64, global> -> f64
    // expected-error @below {{'tolk.log2' op of type '(f64) -> f64', lowered to 'math.log2', computes in f64, which the SPIR-V target (Vulkan, v1.3) has no instruction for (GLSL.std.450 has it for 16- and 32-bit floats only; Tolk's expansion needs Float64 and Int64)}}
    %l = tolk.log2 %x : f64
    tolk.store %pa, %l : !tolk.ptr<f64, global>, f64
    gpu.return
  }
}

