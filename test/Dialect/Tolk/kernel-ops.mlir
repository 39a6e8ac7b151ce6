// The kernel-level ops print and parse back, textually, generically and
// through bytecode.
// RUN: tolk-opt %s | tolk-opt | FileCheck %s
// RUN: tolk-opt %s --mlir-print-op-generic | tolk-opt | FileCheck %s
// RUN: tolk-opt %s -emit-bytecode | tolk-opt | FileCheck %s
// The generic form itself names every op and its segment sizes.
// RUN: tolk-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// c[i] = a[i] + b[i], one element per thread, with the launch size on the
// kernel (upstream gpu.func attributes) and a by-value bound n.

// CHECK-LABEL: gpu.module @elementwise
gpu.module @elementwise {
  // CHECK: gpu.func @add(%[[A:.*]]: !tolk.ptr<f32, global, 4096>, %[[B:.*]]: !tolk.ptr<f16, global, 4096>, %[[C:.*]]: !tolk.ptr<f32, global, 4096>, %[[N:.*]]: !tolk.ptr<si32, alu> {tolk.bounds = array<i64: 1, 4096>}) kernel
  // CHECK-SAME: known_block_size = array<i32: 128, 1, 1>
  // CHECK-SAME: known_grid_size = array<i32: 32, 1, 1>
  gpu.func @add(%a: !tolk.ptr<f32, global, 4096>,
                %b: !tolk.ptr<f16, global, 4096>,
                %c: !tolk.ptr<f32, global, 4096>,
                %np: !tolk.ptr<si32, alu> {tolk.bounds = array<i64: 1, 4096>})
      kernel attributes {known_block_size = array<i32: 128, 1, 1>,
                         known_grid_size = array<i32: 32, 1, 1>} {
    // CHECK: %[[G:.*]] = tolk.special group_id x : si32
    %g = tolk.special group_id x : si32
    // CHECK: %[[L:.*]] = tolk.special local_id x : si32
    %l = tolk.special local_id x : si32
    %c128 = tolk.const 128 : si32
    %base = tolk.mul %g, %c128 : si32
    %i = tolk.add %base, %l : si32
    // CHECK: %[[NV:.*]] = tolk.load %[[N]] : !tolk.ptr<si32, alu> -> si32
    %n = tolk.load %np : !tolk.ptr<si32, alu> -> si32
    %in = tolk.cmplt %i, %n : (si32, si32) -> i1
    // CHECK: %[[PA:.*]] = tolk.index %[[A]][%[[I:.*]]] : !tolk.ptr<f32, global, 4096>, si32
    %pa = tolk.index %a[%i] : !tolk.ptr<f32, global, 4096>, si32
    %pb = tolk.index %b[%i] : !tolk.ptr<f16, global, 4096>, si32
    %pc = tolk.index %c[%i] : !tolk.ptr<f32, global, 4096>, si32
    %zf32 = tolk.const 0.0 : f32
    %zf16 = tolk.const 0.0 : f16
    // CHECK: %[[X:.*]] = tolk.load %[[PA]] if %[[IN:.*]] else %{{.*}} : !tolk.ptr<f32, global, 4096> -> f32
    %x = tolk.load %pa if %in else %zf32 : !tolk.ptr<f32, global, 4096> -> f32
    // CHECK: tolk.load %{{.*}} if %[[IN]] else %{{.*}} : !tolk.ptr<f16, global, 4096> -> f16
    %y = tolk.load %pb if %in else %zf16 : !tolk.ptr<f16, global, 4096> -> f16
    %s = tolk.add %x, %y : (f32, f16) -> f32
    // CHECK: tolk.store %{{.*}}, %{{.*}} if %[[IN]] : !tolk.ptr<f32, global, 4096>, f32
    tolk.store %pc, %s if %in : !tolk.ptr<f32, global, 4096>, f32
    gpu.return
  }
}

// Vector width: a pointer with v = 4 loads and stores four lanes; a gated
// vector load yields its vector alternative. Specials as index, and each
// kind and dimension.

// CHECK-LABEL: gpu.module @vectors
gpu.module @vectors {
  // CHECK: gpu.func @copy4
  gpu.func @copy4(%src: !tolk.ptr<f16, global, 1024, v = 4>,
                  %dst: !tolk.ptr<f16, global, 1024, v = 4>,
                  %lanes: !tolk.ptr<vector<2xf32>, global, 8>,
                  %gate: i1) kernel {
    // CHECK: tolk.special global_id x : index
    %i = tolk.special global_id x : index
    // CHECK: tolk.special local_id y : ui32
    %ly = tolk.special local_id y : ui32
    // CHECK: tolk.special group_id z : si64
    %gz = tolk.special group_id z : si64
    // CHECK: tolk.special global_id z : ui64
    %gu = tolk.special global_id z : ui64
    %c4 = arith.constant 4 : index
    %off = arith.muli %i, %c4 : index
    // CHECK: %[[P:.*]] = tolk.index %{{.*}}[%{{.*}}] : !tolk.ptr<f16, global, 1024, v = 4>, index
    %p = tolk.index %src[%off] : !tolk.ptr<f16, global, 1024, v = 4>, index
    %q = tolk.index %dst[%off] : !tolk.ptr<f16, global, 1024, v = 4>, index
    %zero = tolk.const 0.0 : vector<4xf16>
    // CHECK: %[[V:.*]] = tolk.load %[[P]] if %{{.*}} else %{{.*}} : !tolk.ptr<f16, global, 1024, v = 4> -> vector<4xf16>
    %v = tolk.load %p if %gate else %zero : !tolk.ptr<f16, global, 1024, v = 4> -> vector<4xf16>
    // CHECK: tolk.store %{{.*}}, %[[V]] if %{{.*}} : !tolk.ptr<f16, global, 1024, v = 4>, vector<4xf16>
    tolk.store %q, %v if %gate : !tolk.ptr<f16, global, 1024, v = 4>, vector<4xf16>
    // A pointer to lanes: its element is the vector. The last in bounds.
    %c7 = tolk.const 7 : si32
    // CHECK: tolk.index %{{.*}}[%{{.*}}] : !tolk.ptr<vector<2xf32>, global, 8>, si32
    %pl = tolk.index %lanes[%c7] : !tolk.ptr<vector<2xf32>, global, 8>, si32
    // CHECK: tolk.load %{{.*}} : !tolk.ptr<vector<2xf32>, global, 8> -> vector<2xf32>
    %w = tolk.load %pl : !tolk.ptr<vector<2xf32>, global, 8> -> vector<2xf32>
    // CHECK: tolk.store %{{.*}}, %{{.*}} : !tolk.ptr<vector<2xf32>, global, 8>, vector<2xf32>
    tolk.store %pl, %w : !tolk.ptr<vector<2xf32>, global, 8>, vector<2xf32>
    // 1020 + 4 lanes ends exactly at the element count.
    %c1020 = tolk.const 1020 : si32
    // CHECK: tolk.index %{{.*}}[%{{.*}}] : !tolk.ptr<f16, global, 1024, v = 4>, si32
    %last = tolk.index %src[%c1020] : !tolk.ptr<f16, global, 1024, v = 4>, si32
    gpu.return
  }
}

// Shared memory and a barrier: each thread writes its element to local
// memory, waits for the workgroup, and reads its neighbour's. A register
// accumulator summed over a tolk.range.

// CHECK-LABEL: gpu.module @shared
gpu.module @shared {
  // CHECK: gpu.func @rotate
  gpu.func @rotate(%in: !tolk.ptr<f32, global>, %out: !tolk.ptr<f32, global>)
      kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    // CHECK: %[[S:.*]] = tolk.define_local : !tolk.ptr<f32, local, 256>
    %s = tolk.define_local : !tolk.ptr<f32, local, 256>
    // CHECK: %[[R:.*]] = tolk.define_reg : !tolk.ptr<f32, reg, 1>
    %acc = tolk.define_reg : !tolk.ptr<f32, reg, 1>
    %l = tolk.special local_id x : si32
    %g = tolk.special global_id x : si32
    %pin = tolk.index %in[%g] : !tolk.ptr<f32, global>, si32
    %x = tolk.load %pin : !tolk.ptr<f32, global> -> f32
    %ps = tolk.index %s[%l] : !tolk.ptr<f32, local, 256>, si32
    // CHECK: tolk.store %{{.*}}, %{{.*}} : !tolk.ptr<f32, local, 256>, f32
    tolk.store %ps, %x : !tolk.ptr<f32, local, 256>, f32
    // CHECK: gpu.barrier
    gpu.barrier
    %c1 = tolk.const 1 : si32
    %c255 = tolk.const 255 : si32
    %next = tolk.add %l, %c1 : si32
    %wrapped = tolk.and %next, %c255 : si32
    %pn = tolk.index %s[%wrapped] : !tolk.ptr<f32, local, 256>, si32
    // CHECK: tolk.load %{{.*}} : !tolk.ptr<f32, local, 256> -> f32
    %y = tolk.load %pn : !tolk.ptr<f32, local, 256> -> f32
    %c0 = tolk.const 0 : si32
    %r0 = tolk.index %acc[%c0] : !tolk.ptr<f32, reg, 1>, si32
    // CHECK: tolk.store %{{.*}}, %{{.*}} : !tolk.ptr<f32, reg, 1>, f32
    tolk.store %r0, %y : !tolk.ptr<f32, reg, 1>, f32
    %c4 = tolk.const 4 : si32
    // CHECK: tolk.range %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : si32 {
    tolk.range %k = %c0 to %c4 step %c1 : si32 {
      // CHECK: tolk.add %{{.*}}, %[[K]] : si32
      %j = tolk.add %g, %k : si32
      %pj = tolk.index %in[%j] : !tolk.ptr<f32, global>, si32
      %z = tolk.load %pj : !tolk.ptr<f32, global> -> f32
      %a = tolk.load %r0 : !tolk.ptr<f32, reg, 1> -> f32
      %sum = tolk.add %a, %z : f32
      tolk.store %r0, %sum : !tolk.ptr<f32, reg, 1>, f32
    // CHECK: }
    }
    %res = tolk.load %r0 : !tolk.ptr<f32, reg, 1> -> f32
    %pout = tolk.index %out[%g] : !tolk.ptr<f32, global>, si32
    tolk.store %pout, %res : !tolk.ptr<f32, global>, f32
    gpu.return
  }
}

// Any function with upstream's gpu.kernel attribute is a kernel.
// CHECK-LABEL: func.func @func_kernel
// CHECK-SAME: attributes {gpu.kernel}
// CHECK: tolk.define_local : !tolk.ptr<f32, local, 16>
func.func @func_kernel(%x: f32) attributes {gpu.kernel} {
  %s = tolk.define_local : !tolk.ptr<f32, local, 16>
  tolk.store %s, %x : !tolk.ptr<f32, local, 16>, f32
  return
}

// Loops over index, unsigned and weak integers, nested; bounds of every
// integer width that fits.

// CHECK-LABEL: func.func @loops
func.func @loops(%n: index, %u: ui32, %p: !tolk.ptr<si8, global, 64>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  // CHECK: tolk.range %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : index {
  tolk.range %i = %c0 to %n step %c2 : index {
    %u0 = tolk.const 0 : ui32
    %u1 = tolk.const 1 : ui32
    // CHECK: tolk.range %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : ui32 {
    tolk.range %j = %u0 to %u step %u1 : ui32 {
      %q = tolk.index %p[%j] : !tolk.ptr<si8, global, 64>, ui32
    }
  }
  %w0 = tolk.const 0 : !tolk.weakint
  %w1 = tolk.const 1 : !tolk.weakint
  %w8 = tolk.const 8 : !tolk.weakint
  // CHECK: tolk.range %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : !tolk.weakint {
  tolk.range %k = %w0 to %w8 step %w1 : !tolk.weakint {
    %q = tolk.index %p[%k] : !tolk.ptr<si8, global, 64>, !tolk.weakint
  }
  return
}

// A chain of constant offsets may step back: only where it ends counts.
// CHECK-LABEL: func.func @chain
func.func @chain(%p: !tolk.ptr<f32, global, 16>) {
  %c15 = tolk.const 15 : si32
  %cm15 = tolk.const -15 : si32
  // CHECK-COUNT-2: tolk.index
  %a = tolk.index %p[%c15] : !tolk.ptr<f32, global, 16>, si32
  %b = tolk.index %a[%cm15] : !tolk.ptr<f32, global, 16>, si32
  return
}

// CHECK-LABEL: func.func @unsized
func.func @unsized(%p: !tolk.ptr<ui8, global>, %q: !tolk.ptr<i1, reg, 2>) {
  %c = tolk.const 100000 : si32
  // CHECK: tolk.index %{{.*}}[%{{.*}}] : !tolk.ptr<ui8, global>, si32
  %a = tolk.index %p[%c] : !tolk.ptr<ui8, global>, si32
  %t = tolk.const true : i1
  // CHECK: tolk.store %{{.*}}, %{{.*}} : !tolk.ptr<i1, reg, 2>, i1
  tolk.store %q, %t : !tolk.ptr<i1, reg, 2>, i1
  return
}

// Bounds on every alu integer pointer that can hold them.
// CHECK-LABEL: func.func private @bounds
// CHECK-SAME: {tolk.bounds = array<i64: -128, 127>}
// CHECK-SAME: {tolk.bounds = array<i64: 0, 255>}
// CHECK-SAME: {tolk.bounds = array<i64: 5, 5>}
func.func private @bounds(!tolk.ptr<si8, alu> {tolk.bounds = array<i64: -128, 127>},
                          !tolk.ptr<ui8, alu> {tolk.bounds = array<i64: 0, 255>},
                          !tolk.ptr<ui64, alu> {tolk.bounds = array<i64: 5, 5>})

// GENERIC-LABEL: "gpu.module"() <{sym_name = "elementwise"}>
// GENERIC: "tolk.special"() <{dimension = 0 : i32, kind = 2 : i32}> : () -> si32
// GENERIC: "tolk.load"(%{{.*}}) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (!tolk.ptr<si32, alu>) -> si32
// GENERIC: "tolk.index"(%{{.*}}, %{{.*}}) : (!tolk.ptr<f32, global, 4096>, si32) -> !tolk.ptr<f32, global, 4096>
// GENERIC: "tolk.load"(%{{.*}}, %{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (!tolk.ptr<f32, global, 4096>, i1, f32) -> f32
// GENERIC: "tolk.store"(%{{.*}}, %{{.*}}, %{{.*}}) : (!tolk.ptr<f32, global, 4096>, f32, i1) -> ()
// GENERIC-LABEL: "gpu.module"() <{sym_name = "shared"}>
// GENERIC: "tolk.define_local"() : () -> !tolk.ptr<f32, local, 256>
// GENERIC: "tolk.define_reg"() : () -> !tolk.ptr<f32, reg, 1>
// GENERIC: "tolk.range"(%{{.*}}, %{{.*}}, %{{.*}}) ({
// GENERIC-NEXT: ^bb0(%{{.*}}: si32):
// GENERIC: "tolk.end"() : () -> ()
// GENERIC-NEXT: }) : (si32, si32, si32) -> ()
