// --tolk-spirv-bf16-as-i16 retypes only the ops that move bf16 bits: the
// same op on i16 would be another op (arith.addf on i16 does not exist,
// tolk.const of i16 is not Tolk's). Run on its own, it refuses the first
// other op on bf16 of a kernel, at the op, and leaves the kernel as it was.
// RUN: tolk-opt %s -split-input-file -verify-diagnostics --tolk-spirv-bf16-as-i16

gpu.module @kernels {
  gpu.func @add(%a: memref<16xbf16>, %i: index) kernel {
    %x = memref.load %a[%i] : memref<16xbf16>
    // expected-error @below {{'arith.addf' op has a bf16 value, which --tolk-spirv-bf16-as-i16 carries as i16 bits only through the arith, memref, vector and scf ops that move it (the SPIR-V pipeline computes bf16 in f32 first)}}
    %y = arith.addf %x, %x : bf16
    memref.store %y, %a[%i] : memref<16xbf16>
    gpu.return
  }
}

// -----

// A conversion to bf16 has it only as its result.
gpu.module @kernels {
  gpu.func @truncf(%a: memref<16xbf16>, %f: f32, %i: index) kernel {
    // expected-error @below {{'arith.truncf' op has a bf16 value}}
    %y = arith.truncf %f : f32 to bf16
    memref.store %y, %a[%i] : memref<16xbf16>
    gpu.return
  }
}

// -----

// Tolk ops come before the SPIR-V lowering (a fuzzer's find: the pass
// made a tolk.const of i16, which the verifier then refused at no
// location).
gpu.module @kernels {
  gpu.func @tolk(%p: !tolk.ptr<bf16, global, 16>) kernel {
    // expected-error @below {{'tolk.const' op has a bf16 value}}
    %zero = tolk.const 0.0 : bf16
    %i = tolk.const 0 : si32
    %q = tolk.index %p[%i] : !tolk.ptr<bf16, global, 16>, si32
    tolk.store %q, %zero : !tolk.ptr<bf16, global, 16>, bf16
    gpu.return
  }
}
