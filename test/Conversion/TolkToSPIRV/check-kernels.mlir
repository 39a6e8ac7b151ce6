// --tolk-spirv-check-kernels: what the target environment lacks is an error
// at the op that uses it; a kernel the target can express is unchanged.
// RUN: tolk-opt %s -split-input-file -verify-diagnostics --tolk-spirv-check-kernels | FileCheck %s

// CHECK-LABEL: gpu.func @fits
// CHECK: arith.addf %{{.*}}, %{{.*}} : f32
module {
  gpu.module @kernels [#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>] {
    gpu.func @fits(%x: f32, %a: memref<4xf32>) kernel {
      %c0 = arith.constant 0 : index
      %y = arith.addf %x, %x : f32
      memref.store %y, %a[%c0] : memref<4xf32>
      gpu.return
    }
  }
}

// -----

module {
  gpu.module @kernels [#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>] {
    gpu.func @f64(%x: f32, %a: memref<4xf64>) kernel {
      %c0 = arith.constant 0 : index
      // expected-error @+1 {{'arith.extf' op uses 'f64', which needs the Float64 capability: not in the SPIR-V target (Vulkan, v1.3)}}
      %y = arith.extf %x : f32 to f64
      memref.store %y, %a[%c0] : memref<4xf64>
      gpu.return
    }
  }
}

// -----

// A complex<f64> is two f64 parts there: a buffer that is only copied needs
// Float64 as its parts' arithmetic does; complex<f32> needs nothing more.
module {
  gpu.module @kernels [#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>] {
    gpu.func @copy_c64(%a: memref<4xcomplex<f32>>, %b: memref<4xcomplex<f32>>) kernel {
      %c0 = arith.constant 0 : index
      %z = memref.load %a[%c0] : memref<4xcomplex<f32>>
      memref.store %z, %b[%c0] : memref<4xcomplex<f32>>
      gpu.return
    }
    gpu.func @copy_c128(%a: memref<4xcomplex<f64>>, %b: memref<4xcomplex<f64>>) kernel {
      %c0 = arith.constant 0 : index
      // expected-error @+1 {{'memref.load' op uses 'complex<f64>', which needs the Float64 capability: not in the SPIR-V target (Vulkan, v1.3)}}
      %z = memref.load %a[%c0] : memref<4xcomplex<f64>>
      memref.store %z, %b[%c0] : memref<4xcomplex<f64>>
      gpu.return
    }
  }
}
