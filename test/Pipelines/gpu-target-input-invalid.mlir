// The NVVM and ROCDL pipelines lower the kernels for their own target and
// append its attribute to each gpu.module's targets. They refuse a module
// that already has another target's (the AMDGPU back end got the NVVM
// intrinsics of the kernels: "Cannot select"), and a memref memory space
// with no LLVM address space (upstream's type converter failed on it with
// an error at no location), at the op (docs/Lowering.md, "What the NVVM
// and ROCDL pipelines refuse").
// RUN: tolk-opt %s -split-input-file -verify-diagnostics --tolk-to-nvvm=chip=sm_90
// RUN: tolk-opt %s -split-input-file -verify-diagnostics --tolk-to-rocdl=chip=gfx942
// RUN: not tolk-opt %s -split-input-file --tolk-to-nvvm=chip=sm_90 2>&1 | FileCheck %s --implicit-check-not="<unknown>"
// CHECK: error:

// expected-error-re @below {{'gpu.module' op has the target #spirv.target_env<{{.*}}>, which the {{NVVM|ROCDL}} pipeline does not compile for: it lowers the kernels to {{NVVM|ROCDL}} and attaches a target of its own; drop the attribute, or compile the module with its own target's pipeline}}
gpu.module @vulkan [#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>] {
  gpu.func @k(%a: memref<16xf32>) kernel
      attributes {known_block_size = array<i32: 16, 1, 1>} {
    gpu.return
  }
}

// -----

gpu.module @kernels {
  // expected-error-re @below {{the memory space of 'memref<16xf32, #spirv.storage_class<StorageBuffer>>' has no {{NVVM|ROCDL}} address space: the NVVM and ROCDL pipelines take none, an integer address space, or a #gpu.address_space}}
  gpu.func @storage_buffer(%a: memref<16xf32, #spirv.storage_class<StorageBuffer>>) kernel
      attributes {known_block_size = array<i32: 16, 1, 1>} {
    %i = gpu.thread_id x
    %v = memref.load %a[%i] : memref<16xf32, #spirv.storage_class<StorageBuffer>>
    memref.store %v, %a[%i] : memref<16xf32, #spirv.storage_class<StorageBuffer>>
    gpu.return
  }
}

// -----

// Each memory space once, at the first op with a memref in it; an NVVM
// memory space is not one of the GPU dialect's either.
gpu.module @kernels {
  gpu.func @scratch(%a: memref<16xf32>) kernel
      attributes {known_block_size = array<i32: 16, 1, 1>} {
    %i = gpu.thread_id x
    // expected-error @below {{the memory space of 'memref<16xf32, "scratch">' has no}}
    %s = memref.alloca() : memref<16xf32, "scratch">
    // expected-error @below {{the memory space of 'memref<16xf32, #nvvm.memory_space<shared>>' has no}}
    %t = memref.alloca() : memref<16xf32, #nvvm.memory_space<shared>>
    %v = memref.load %a[%i] : memref<16xf32>
    memref.store %v, %s[%i] : memref<16xf32, "scratch">
    %w = memref.load %s[%i] : memref<16xf32, "scratch">
    memref.store %w, %t[%i] : memref<16xf32, #nvvm.memory_space<shared>>
    %x = memref.load %t[%i] : memref<16xf32, #nvvm.memory_space<shared>>
    memref.store %x, %a[%i] : memref<16xf32>
    gpu.return
  }
}

// -----

// No memory space, an integer and the GPU dialect's compile.
gpu.module @kernels {
  gpu.func @spaces(%a: memref<16xf32>, %b: memref<16xf32, 1>,
                   %c: memref<16xf32, #gpu.address_space<global>>) kernel
      attributes {known_block_size = array<i32: 16, 1, 1>} {
    %i = gpu.thread_id x
    %w = memref.alloca() : memref<16xf32, #gpu.address_space<private>>
    %v = memref.load %a[%i] : memref<16xf32>
    memref.store %v, %w[%i] : memref<16xf32, #gpu.address_space<private>>
    %x = memref.load %w[%i] : memref<16xf32, #gpu.address_space<private>>
    memref.store %x, %b[%i] : memref<16xf32, 1>
    memref.store %x, %c[%i] : memref<16xf32, #gpu.address_space<global>>
    gpu.return
  }
}
