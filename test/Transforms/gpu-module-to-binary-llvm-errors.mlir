// What LLVM's NVPTX and AMDGPU back ends would abort on, or report through
// an LLVMContext's default handler (without a location, with exit(1) from
// a worker thread), is an error at the module or the function, each once,
// whatever the threads.
// RUN: tolk-opt %s -split-input-file -verify-diagnostics --tolk-gpu-module-to-binary
// RUN: tolk-opt %s -split-input-file -verify-diagnostics --tolk-gpu-module-to-binary --mlir-disable-threading

// A kernel with NVVM's calling convention in a module for ROCDL ("LLVM
// ERROR: unsupported calling convention"), at the kernel.
module attributes {gpu.container_module} {
  // expected-error @+1 {{failed to serialize the module for #rocdl.target<chip = "gfx942">}}
  gpu.module @nvvm_kernel [#rocdl.target<chip = "gfx942">] {
    // expected-error @+1 {{function 'k' has the calling convention of NVVM kernels (nvvm.kernel), which LLVM's AMDGPU back end cannot compile: a gpu.module with a #rocdl.target needs rocdl.kernel kernels}}
    llvm.func @k() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
}

// -----

// An error LLVM reports through the module's LLVMContext, from each of
// several modules serialized at once: one error at each module.
module attributes {gpu.container_module} {
  // expected-error @+2 {{LLVM's NVPTX back end: can't parse integer attribute -1 in nvvm.maxntid}}
  // expected-error @+1 {{failed to serialize the module for}}
  gpu.module @a [#nvvm.target<chip = "sm_90">] {
    llvm.func @k() attributes {gpu.kernel, nvvm.kernel, nvvm.maxntid = array<i32: -1, 1, 1>} {
      llvm.return
    }
  }
  // expected-error @+2 {{LLVM's NVPTX back end: can't parse integer attribute -1 in nvvm.maxntid}}
  // expected-error @+1 {{failed to serialize the module for}}
  gpu.module @b [#nvvm.target<chip = "sm_90">] {
    llvm.func @k() attributes {gpu.kernel, nvvm.kernel, nvvm.maxntid = array<i32: -1, 1, 1>} {
      llvm.return
    }
  }
  // expected-error @+2 {{LLVM's NVPTX back end: can't parse integer attribute -1 in nvvm.maxntid}}
  // expected-error @+1 {{failed to serialize the module for}}
  gpu.module @c [#nvvm.target<chip = "sm_90">] {
    llvm.func @k() attributes {gpu.kernel, nvvm.kernel, nvvm.maxntid = array<i32: -1, 1, 1>} {
      llvm.return
    }
  }
}

// -----

// Chips and features the back ends do not know, in the target attribute.
module attributes {gpu.container_module} {
  // expected-error @+2 {{the target's chip: unknown NVIDIA chip 'sm_99999': LLVM's NVPTX back end knows}}
  // expected-error @+1 {{failed to serialize the module for}}
  gpu.module @nvvm_chip [#nvvm.target<chip = "sm_99999">] {
  }
  // expected-error @+2 {{the target's chip: unknown AMD GPU chip 'gfx9999': LLVM's AMDGPU back end knows}}
  // expected-error @+1 {{failed to serialize the module for}}
  gpu.module @rocdl_chip [#rocdl.target<chip = "gfx9999">] {
  }
  // expected-error @+2 {{the target's features: unknown NVPTX feature '+ptx1'}}
  // expected-error @+1 {{failed to serialize the module for}}
  gpu.module @nvvm_features [#nvvm.target<chip = "sm_90", features = "+ptx1">] {
  }
  // expected-error @+2 {{PTX ISA 8.0 (features = "+ptx80") does not support sm_100, which needs PTX ISA 8.6 or later}}
  // expected-error @+1 {{failed to serialize the module for}}
  gpu.module @nvvm_old [#nvvm.target<chip = "sm_100", features = "+ptx80">] {
  }
}

// -----

// An instruction the chip lacks, or that the PTX version asked for lacks
// ("LLVM ERROR: Cannot select"), at the function that uses it; without a
// +ptx feature, the module gets the version it needs.
module attributes {gpu.container_module} {
  // expected-error @+1 {{failed to serialize the module for}}
  gpu.module @sm80 [#nvvm.target<chip = "sm_80">] {
    // expected-error @+1 {{cvt.rn.f16x2.e4m3x2 (llvm.nvvm.e4m3x2.to.f16x2.rn) needs sm_89 or later, but the target's chip is sm_80}}
    llvm.func @k(%x: vector<2xi8>) -> vector<2xf16> {
      %r = nvvm.convert.f8x2.to.f16x2 %x : vector<2xi8> (f8E4M3FN) -> vector<2xf16>
      llvm.return %r : vector<2xf16>
    }
  }
  // expected-error @+1 {{failed to serialize the module for}}
  gpu.module @ptx80 [#nvvm.target<chip = "sm_89", features = "+ptx80">] {
    // expected-error @+1 {{cvt.rn.f16x2.e4m3x2 (llvm.nvvm.e4m3x2.to.f16x2.rn) needs PTX ISA 8.1 on sm_89, but the target asks for PTX ISA 8.0 (features = "+ptx80")}}
    llvm.func @k(%x: vector<2xi8>) -> vector<2xf16> {
      %r = nvvm.convert.f8x2.to.f16x2 %x : vector<2xi8> (f8E4M3FN) -> vector<2xf16>
      llvm.return %r : vector<2xf16>
    }
  }
  gpu.module @auto [#nvvm.target<chip = "sm_89">] {
    llvm.func @k(%x: vector<2xi8>) -> vector<2xf16> {
      %r = nvvm.convert.f8x2.to.f16x2 %x : vector<2xi8> (f8E4M3FN) -> vector<2xf16>
      llvm.return %r : vector<2xf16>
    }
  }
}

// -----

// A conversion between a float and an integer of more than 64 bits, which
// LLVM's NVPTX back end makes a library call that NVPTX has no library for
// ("LLVM ERROR: unsupported library call operation"), at the function.
module attributes {gpu.container_module} {
  // expected-error @+1 {{failed to serialize the module for}}
  gpu.module @wide [#nvvm.target<chip = "sm_90">] {
    // expected-error @+1 {{function 'to_float' converts i128 to float (uitofp), which LLVM's NVPTX back end makes a library call that no NVPTX library has: convert through a 64-bit integer}}
    llvm.func @to_float(%x: i128) -> f32 {
      %r = llvm.uitofp %x : i128 to f32
      llvm.return %r : f32
    }
    // expected-error @+1 {{function 'to_int' converts double to i256 (fptosi)}}
    llvm.func @to_int(%x: f64) -> i256 {
      %r = llvm.fptosi %x : f64 to i256
      llvm.return %r : i256
    }
  }
}
