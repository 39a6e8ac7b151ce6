// What --tolk-gpu-to-host cannot run on one CPU thread is a diagnostic at
// the op, never wrong code.
// RUN: tolk-opt %s -split-input-file --tolk-gpu-to-host -verify-diagnostics

// A barrier inside a branch whose condition depends on the thread: the
// threads would not all reach it.
gpu.module @m {
  gpu.func @k(%n: index) kernel {
    %t = gpu.thread_id x
    %c = arith.cmpi ult, %t, %n : index
    // expected-note @below {{the branch: its condition must come from the kernel's arguments, constants and the workgroup's ids and sizes, without memory}}
    scf.if %c {
      // expected-error @below {{'gpu.barrier' op inside a branch whose condition may differ between the threads of a workgroup has no host lowering: every thread must reach the same barriers}}
      gpu.barrier
    }
    gpu.return
  }
}

// -----

// A barrier inside a loop (a tolk.range) whose bound depends on the thread.
gpu.module @m {
  gpu.func @k(%n: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %t = gpu.thread_id x
    %end = arith.addi %t, %n : index
    // expected-note @below {{the loop: its bounds must come from the kernel's arguments, constants and the workgroup's ids and sizes, without memory}}
    scf.for %i = %c0 to %end step %c1 {
      // expected-error @below {{'gpu.barrier' op inside a loop (a tolk.range) whose bounds may differ between the threads of a workgroup has no host lowering: every thread must reach the same barriers}}
      gpu.barrier
    }
    gpu.return
  }
}

// -----

// A bound read from memory is not known to be uniform: every thread reads
// it, and another may have written it.
gpu.module @m {
  gpu.func @k(%x: memref<4xindex, #gpu.address_space<global>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.load %x[%c0] : memref<4xindex, #gpu.address_space<global>>
    // expected-note @below {{the loop}}
    scf.for %i = %c0 to %n step %c1 {
      // expected-error @below {{inside a loop (a tolk.range) whose bounds may differ}}
      gpu.barrier
    }
    gpu.return
  }
}

// -----

// An inner loop whose bound depends on the thread, inside a uniform one.
gpu.module @m {
  gpu.func @k(%n: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %t = gpu.thread_id x
    scf.for %i = %c0 to %n step %c1 {
      %end = arith.addi %i, %t : index
      // expected-note @below {{the loop}}
      scf.for %j = %c0 to %end step %c1 {
        // expected-error @below {{inside a loop (a tolk.range) whose bounds may differ}}
        gpu.barrier
      }
    }
    gpu.return
  }
}

// -----

// A loop that carries values is not split (a tolk.range carries none).
gpu.module @m {
  gpu.func @k(%n: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> (index) {
      // expected-error @below {{'gpu.barrier' op inside 'scf.for' has no host lowering: a barrier splits the thread loop only at the kernel's top level, in a loop (tolk.range) or in a branch}}
      gpu.barrier
      %b = arith.addi %a, %i : index
      scf.yield %b : index
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
