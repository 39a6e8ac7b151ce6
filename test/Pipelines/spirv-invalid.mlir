// A kernel that the SPIR-V target environment cannot express is a
// diagnostic at the op that needs the missing capability, naming it and
// the target.
// RUN: tolk-opt %s -split-input-file -verify-diagnostics \
// RUN:   --tolk-to-spirv="caps=Shader,Int8,Int16,Float16,StorageBuffer8BitAccess,StorageBuffer16BitAccess"
// RUN: not tolk-opt %s -split-input-file --tolk-to-spirv="caps=Shader" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BARE

gpu.module @kernels {
  gpu.func @add_f64(%a: !tolk.ptr<f64, global>, %b: !tolk.ptr<f64, global>)
      kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %i = tolk.special global_id x : si32
    // expected-error @below {{'tolk.index' op of type '(!tolk.ptr<f64, global>, si32) -> !tolk.ptr<f64, global>', lowered to 'memref.extract_strided_metadata', uses 'memref<f64, #gpu.address_space<global>>', which needs the Float64 capability: not in the SPIR-V target (Vulkan, v1.3)}}
    %pa = tolk.index %a[%i] : !tolk.ptr<f64, global>, si32
    %x = tolk.load %pa : !tolk.ptr<f64, global> -> f64
    %s = tolk.add %x, %x : f64
    %pb = tolk.index %b[%i] : !tolk.ptr<f64, global>, si32
    tolk.store %pb, %s : !tolk.ptr<f64, global>, f64
    gpu.return
  }
}

// -----

gpu.module @kernels {
  // An si64 by-value parameter: the kernel's parameter is the value.
  // expected-error @below {{'gpu.func' op uses 'i64', which needs the Int64 capability: not in the SPIR-V target (Vulkan, v1.3)}}
  gpu.func @offset_si64(%a: !tolk.ptr<f32, global>, %np: !tolk.ptr<si64, alu>)
      kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %n = tolk.load %np : !tolk.ptr<si64, alu> -> si64
    %pa = tolk.index %a[%n] : !tolk.ptr<f32, global>, si64
    %one = tolk.const 1.0 : f32
    tolk.store %pa, %one : !tolk.ptr<f32, global>, f32
    gpu.return
  }
}

// -----

gpu.module @kernels {
  // Eight lanes need Vector16, a Kernel (OpenCL) capability that Vulkan
  // never has.
  gpu.func @wide(%a: !tolk.ptr<f32, global, 64, v = 8>)
      kernel attributes {known_block_size = array<i32: 8, 1, 1>} {
    %i = tolk.special global_id x : si32
    %eight = tolk.const 8 : si32
    %o = tolk.mul %i, %eight : si32
    %pa = tolk.index %a[%o] : !tolk.ptr<f32, global, 64, v = 8>, si32
    // expected-error @below {{'tolk.load' op of type '(!tolk.ptr<f32, global, 64, v = 8>) -> vector<8xf32>', lowered to 'vector.load', uses 'vector<8xf32>', which needs the Vector16 capability: not in the SPIR-V target (Vulkan, v1.3)}}
    %x = tolk.load %pa : !tolk.ptr<f32, global, 64, v = 8> -> vector<8xf32>
    %s = tolk.add %x, %x : vector<8xf32>
    tolk.store %pa, %s : !tolk.ptr<f32, global, 64, v = 8>, vector<8xf32>
    gpu.return
  }
}

// -----

// The capabilities of the first RUN line lower this kernel. With Shader
// alone, 8- and 16-bit values and buffers need Int8, Int16, Float16 and the
// 8/16-bit storage capabilities, bf16 and the 8-bit floats as integers of
// their width (each capability is named once per kernel).
// BARE-DAG: error: 'tolk.index' op of type '(!tolk.ptr<f8E4M3FN, global>, si32) -> !tolk.ptr<f8E4M3FN, global>', lowered to 'memref.extract_strided_metadata', uses 'memref<f8E4M3FN, #gpu.address_space<global>>' ('f8E4M3FN' is an 8-bit integer on SPIR-V), which needs the Int8 capability: not in the SPIR-V target (Vulkan, v1.3)
// BARE-DAG: error: 'tolk.index' op of type '(!tolk.ptr<f16, global>, si32) -> !tolk.ptr<f16, global>', lowered to 'memref.extract_strided_metadata', uses 'memref<f16, #gpu.address_space<global>>', which needs the Float16 capability: not in the SPIR-V target (Vulkan, v1.3)
// BARE-DAG: error: 'tolk.index' op of type '(!tolk.ptr<f16, global>, si32) -> !tolk.ptr<f16, global>', lowered to 'memref.extract_strided_metadata', uses 'memref<f16, #gpu.address_space<global>>', which needs the StorageBuffer16BitAccess capability
// BARE-DAG: error: 'tolk.index' op of type '(!tolk.ptr<bf16, global>, si32) -> !tolk.ptr<bf16, global>', lowered to 'memref.extract_strided_metadata', uses 'memref<bf16, #gpu.address_space<global>>' ('bf16' is a 16-bit integer on SPIR-V), which needs the Int16 capability
// BARE-DAG: error: 'tolk.index' op of type '(!tolk.ptr<f8E4M3FN, global>, si32) -> !tolk.ptr<f8E4M3FN, global>', lowered to 'memref.extract_strided_metadata', uses 'memref<f8E4M3FN, #gpu.address_space<global>>' ('f8E4M3FN' is an 8-bit integer on SPIR-V), which needs the StorageBuffer8BitAccess capability
gpu.module @kernels {
  gpu.func @narrow(%a: !tolk.ptr<f16, global>, %b: !tolk.ptr<bf16, global>,
                   %c: !tolk.ptr<f8E4M3FN, global>, %s: !tolk.ptr<si8, alu>)
      kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %i = tolk.special global_id x : si32
    %v = tolk.load %s : !tolk.ptr<si8, alu> -> si8
    %pa = tolk.index %a[%i] : !tolk.ptr<f16, global>, si32
    %x = tolk.load %pa : !tolk.ptr<f16, global> -> f16
    %y = tolk.add %x, %v : (f16, si8) -> f16
    tolk.store %pa, %y : !tolk.ptr<f16, global>, f16
    %pb = tolk.index %b[%i] : !tolk.ptr<bf16, global>, si32
    %z = tolk.cast %y : f16 to bf16
    tolk.store %pb, %z : !tolk.ptr<bf16, global>, bf16
    %pc = tolk.index %c[%i] : !tolk.ptr<f8E4M3FN, global>, si32
    %w = tolk.cast %y : f16 to f8E4M3FN
    tolk.store %pc, %w : !tolk.ptr<f8E4M3FN, global>, f8E4M3FN
    gpu.return
  }
}

// -----

// An option the target does not know is an error when the pipeline is
// parsed (spirv-attach-target would drop it silently).
// RUN: not tolk-opt %s -split-input-file --tolk-to-spirv="caps=Shader,Float17" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CAP
// RUN: not tolk-opt %s -split-input-file --tolk-to-spirv="version=v2.0" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=VERSION
// RUN: not tolk-opt %s -split-input-file --tolk-to-spirv="exts=SPV_KHR_nothing" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=EXT
// CAP: tolk-to-spirv: unknown SPIR-V capability 'Float17'
// VERSION: tolk-to-spirv: unknown SPIR-V version 'v2.0' (expected e.g. v1.3)
// EXT: tolk-to-spirv: unknown SPIR-V extension 'SPV_KHR_nothing'
