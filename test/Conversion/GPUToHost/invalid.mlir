// What --tolk-gpu-to-host cannot run on one CPU thread is a diagnostic at
// the op, never wrong code.
// RUN: tolk-opt %s -split-input-file --tolk-gpu-to-host -verify-diagnostics

// A barrier inside a branch: the thread loop cannot be split there.
gpu.module @m {
  gpu.func @k(%c: i1) kernel {
    scf.if %c {
      // expected-error @below {{'gpu.barrier' op inside 'scf.if' has no host lowering: only a barrier at the kernel's top level splits the thread loop}}
      gpu.barrier
    }
    gpu.return
  }
}

// -----

// A barrier inside a loop.
gpu.module @m {
  gpu.func @k(%n: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      // expected-error @below {{'gpu.barrier' op inside 'scf.for' has no host lowering}}
      gpu.barrier
    }
    gpu.return
  }
}

// -----

// Subgroup operations have no meaning on one thread at a time.
gpu.module @m {
  gpu.func @k(%x: f32) kernel {
    // expected-error @below {{'gpu.subgroup_reduce' op has no host lowering}}
    %r = gpu.subgroup_reduce add %x : (f32) -> f32
    gpu.return
  }
}

// -----

// A buffer whose size is chosen after the barrier cannot be kept per
// thread.
gpu.module @m {
  gpu.func @k(%n: index) kernel {
    // expected-error @below {{'memref.alloca' op gives a value of type 'memref<?xf32, #gpu.address_space<private>>' that lives across a gpu.barrier, which the host lowering cannot keep per thread}}
    %a = memref.alloca(%n) : memref<?xf32, #gpu.address_space<private>>
    gpu.barrier
    %c0 = arith.constant 0 : index
    %v = memref.load %a[%c0] : memref<?xf32, #gpu.address_space<private>>
    gpu.return
  }
}

// -----

// Only kernels: a device function would need calls with the launch.
gpu.module @m {
  // expected-error @below {{'gpu.func' op has no host lowering (only gpu.func kernels do)}}
  gpu.func @f() {
    gpu.return
  }
}

// -----

// The host function's name is taken.
func.func private @"m.k"()
gpu.module @m {
  // expected-error @below {{'gpu.func' op becomes the host function @"m.k", a symbol the module already has}}
  gpu.func @k() kernel {
    gpu.return
  }
}

// -----

// The bounds check (on by default) checks rank-1 buffers of stride 1, the
// buffers of Tolk's kernels; another buffer parameter is a diagnostic
// rather than an unchecked access.
gpu.module @m {
  gpu.func @k(%x: memref<4x4xf32, #gpu.address_space<global>>) kernel {
    %c0 = arith.constant 0 : index
    // expected-error @below {{'memref.load' op accesses parameter #0 of type 'memref<4x4xf32>', which the host bounds check does not handle (it checks rank-1 buffers of stride 1; lower with bounds-check=false to leave it unchecked)}}
    %v = memref.load %x[%c0, %c0] : memref<4x4xf32, #gpu.address_space<global>>
    gpu.return
  }
}

// -----

// So is an access to a buffer by an op other than a load or a store.
gpu.module @m {
  gpu.func @k(%x: memref<4xf32, #gpu.address_space<global>>)
      workgroup(%t: memref<4xf32, #gpu.address_space<workgroup>>) kernel {
    // expected-error @below {{'memref.copy' op accesses a buffer parameter in a way the host bounds check does not know (lower with bounds-check=false to leave it unchecked)}}
    memref.copy %x, %t : memref<4xf32, #gpu.address_space<global>> to memref<4xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// The callback's name is taken by another function.
// expected-error @below {{'func.func' op is named like the host kernels' out-of-bounds callback, a function of type '(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) -> ()'}}
func.func private @tolk_host_out_of_bounds(i32)
gpu.module @m {
  gpu.func @k(%x: memref<?xf32, #gpu.address_space<global>>) kernel {
    %c0 = arith.constant 0 : index
    %v = memref.load %x[%c0] : memref<?xf32, #gpu.address_space<global>>
    gpu.return
  }
}
