// RUN: tolk-opt --convert-tolk-to-gpu --split-input-file %s | FileCheck %s

// Pointers become memrefs with a dynamic offset in the gpu address space;
// tolk.index moves the offset; accesses are at element 0; value ops go
// through the arith patterns in the same conversion. A kernel's buffer
// parameters start at element 0 (identity layouts): tolk.index's offset is
// its own, with no offset read from the parameter.

// CHECK-LABEL: gpu.func @add
// CHECK-SAME: (%[[A:.*]]: memref<?xf32, #gpu.address_space<global>>, %[[B:.*]]: memref<4096xf32, #gpu.address_space<global>>)
// CHECK-SAME: kernel
// The global id in si32, where it wraps at 2^31:
// CHECK: %[[BID:.*]] = gpu.block_id x
// CHECK: %[[BID32:.*]] = arith.index_cast %[[BID]] : index to i32
// CHECK: %[[BDIM:.*]] = gpu.block_dim x
// CHECK: %[[BDIM32:.*]] = arith.index_cast %[[BDIM]] : index to i32
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[TID32:.*]] = arith.index_cast %[[TID]] : index to i32
// CHECK: %[[MUL:.*]] = arith.muli %[[BID32]], %[[BDIM32]] : i32
// CHECK: %[[I:.*]] = arith.addi %[[MUL]], %[[TID32]] : i32
// CHECK-NOT: memref.cast
// CHECK: %[[BASE:.*]], %{{.*}}, %[[SIZE:.*]], %{{.*}} = memref.extract_strided_metadata %[[A]] : memref<?xf32, #gpu.address_space<global>>
// CHECK-NEXT: %[[IX:.*]] = arith.index_cast %[[I]] : i32 to index
// CHECK-NEXT: %[[PA:.*]] = memref.reinterpret_cast %[[BASE]] to offset: [%[[IX]]], sizes: [%[[SIZE]]], strides: [1] : memref<f32, #gpu.address_space<global>> to memref<?xf32, strided<[1], offset: ?>, #gpu.address_space<global>>
// CHECK-NEXT: %[[BBASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[B]]
// CHECK-NEXT: %[[BIX:.*]] = arith.index_cast %[[I]] : i32 to index
// CHECK-NEXT: %[[PB:.*]] = memref.reinterpret_cast %[[BBASE]] to offset: [%[[BIX]]], sizes: [4096], strides: [1]
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[X:.*]] = memref.load %[[PA]][%[[C0]]]
// CHECK: %[[S:.*]] = arith.addf %[[X]], %[[X]] : f32
// CHECK: %[[C0B:.*]] = arith.constant 0 : index
// CHECK: memref.store %[[S]], %[[PB]][%[[C0B]]]
// CHECK: gpu.return
gpu.module @m {
  gpu.func @add(%a: !tolk.ptr<f32, global>, %b: !tolk.ptr<f32, global, 4096>)
      kernel {
    %i = tolk.special global_id x : si32
    %pa = tolk.index %a[%i] : !tolk.ptr<f32, global>, si32
    %pb = tolk.index %b[%i] : !tolk.ptr<f32, global, 4096>, si32
    %x = tolk.load %pa : !tolk.ptr<f32, global> -> f32
    %s = tolk.add %x, %x : f32
    tolk.store %pb, %s : !tolk.ptr<f32, global, 4096>, f32
    gpu.return
  }
}

// -----

// tolk.special: local and group ids, unsigned results with index_castui,
// index results without a cast. An unsigned offset zero-extends; an index
// offset is used as it is.

// CHECK-LABEL: gpu.func @ids
// CHECK: %[[L:.*]] = gpu.thread_id y
// CHECK: %[[LU:.*]] = arith.index_castui %[[L]] : index to i64
// CHECK: %[[G:.*]] = gpu.block_id z
// CHECK-NOT: arith.index_cast
// CHECK: memref.extract_strided_metadata
// CHECK: %[[LX:.*]] = arith.index_castui %[[LU]] : i64 to index
// CHECK-NEXT: memref.reinterpret_cast %{{.*}} to offset: [%[[LX]]]
// CHECK: %{{.*}}, %[[OFF:.*]], %{{.*}}, %{{.*}} = memref.extract_strided_metadata
// CHECK-NEXT: arith.addi %[[OFF]], %[[G]] : index
gpu.module @m {
  gpu.func @ids(%a: !tolk.ptr<ui8, global>) kernel {
    %l = tolk.special local_id y : ui64
    %g = tolk.special group_id z : index
    %p = tolk.index %a[%l] : !tolk.ptr<ui8, global>, ui64
    %q = tolk.index %p[%g] : !tolk.ptr<ui8, global>, index
    %x = tolk.load %q : !tolk.ptr<ui8, global> -> ui8
    tolk.store %p, %x : !tolk.ptr<ui8, global>, ui8
    gpu.return
  }
}

// -----

// An alu pointer is the by-value scalar (its bounds are dropped with the
// pointer type); a gated load branches, a gated store is an scf.if.

// CHECK-LABEL: gpu.func @gated
// CHECK-SAME: (%[[A:.*]]: memref<?xf16, #gpu.address_space<global>>, %[[N:.*]]: i32)
// CHECK-NOT: tolk.bounds
// CHECK: %[[I:.*]] = arith.addi %{{.*}}, %{{.*}} : i32
// CHECK: %[[V:.*]] = arith.cmpi slt, %[[I]], %[[N]] : i32
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f16
// CHECK: %[[P:.*]] = memref.reinterpret_cast
// CHECK: %[[X:.*]] = scf.if %[[V]] -> (f16) {
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[L:.*]] = memref.load %[[P]][%[[C0]]]
// CHECK-NEXT: scf.yield %[[L]] : f16
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[ZERO]] : f16
// CHECK-NEXT: }
// CHECK: scf.if %[[V]] {
// CHECK-NEXT: %[[C0S:.*]] = arith.constant 0 : index
// CHECK-NEXT: memref.store %[[X]], %[[P]][%[[C0S]]]
// CHECK-NEXT: }
gpu.module @m {
  gpu.func @gated(%a: !tolk.ptr<f16, global>,
                  %np: !tolk.ptr<si32, alu> {tolk.bounds = array<i64: 0, 1024>})
      kernel {
    %i = tolk.special global_id x : si32
    %n = tolk.load %np : !tolk.ptr<si32, alu> -> si32
    %valid = tolk.cmplt %i, %n : (si32, si32) -> i1
    %zero = tolk.const 0.0 : f16
    %p = tolk.index %a[%i] : !tolk.ptr<f16, global>, si32
    %x = tolk.load %p if %valid else %zero : !tolk.ptr<f16, global> -> f16
    tolk.store %p, %x if %valid : !tolk.ptr<f16, global>, f16
    gpu.return
  }
}

// -----

// Workgroup memory is a workgroup attribution of the kernel (one per
// tolk.define_local), register memory a private alloca; both are cast to
// the pointer's memref type.

// CHECK-LABEL: gpu.func @memories
// CHECK-SAME: workgroup(%[[W0:.*]] : memref<256xf32, #gpu.address_space<workgroup>>, %[[W1:.*]] : memref<64xi8, #gpu.address_space<workgroup>>)
// CHECK: %[[T0:.*]] = memref.cast %[[W0]] : memref<256xf32, #gpu.address_space<workgroup>> to memref<256xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK: %[[T1:.*]] = memref.cast %[[W1]] : memref<64xi8, #gpu.address_space<workgroup>> to memref<64xi8, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK: %[[R:.*]] = memref.alloca() : memref<4xf32, #gpu.address_space<private>>
// CHECK: %[[RC:.*]] = memref.cast %[[R]] : memref<4xf32, #gpu.address_space<private>> to memref<4xf32, strided<[1], offset: ?>, #gpu.address_space<private>>
// CHECK: memref.load %[[T0]]
// CHECK: memref.store %{{.*}}, %[[RC]]
// CHECK: gpu.barrier
gpu.module @m {
  gpu.func @memories() kernel {
    %s = tolk.define_local : !tolk.ptr<f32, local, 256>
    %t = tolk.define_local : !tolk.ptr<si8, local, 64>
    %r = tolk.define_reg : !tolk.ptr<f32, reg, 4>
    %x = tolk.load %s : !tolk.ptr<f32, local, 256> -> f32
    tolk.store %r, %x : !tolk.ptr<f32, reg, 4>, f32
    %y = tolk.load %t : !tolk.ptr<si8, local, 64> -> si8
    tolk.store %t, %y : !tolk.ptr<si8, local, 64>, si8
    gpu.barrier
    gpu.return
  }
}

// -----

// A vector width loads and stores vectors; a pointer to lanes uses
// memref.load of the lanes, aligned to the lanes' size (at most 16 bytes,
// the buffers' alignment). Accesses of a parameter itself read its
// identity-layout memref.

// CHECK-LABEL: gpu.func @vectors
// CHECK-SAME: (%[[A:.*]]: memref<1024xf16, #gpu.address_space<global>>, %[[B:.*]]: memref<?xvector<2xf32>, #gpu.address_space<global>>)
// CHECK-NOT: memref.cast
// CHECK: %[[V:.*]] = vector.load %[[A]][%{{.*}}] : memref<1024xf16, #gpu.address_space<global>>, vector<4xf16>
// CHECK: vector.store %[[V]], %[[A]][%{{.*}}] : memref<1024xf16, #gpu.address_space<global>>, vector<4xf16>
// CHECK: %[[L:.*]] = memref.load %[[B]][%{{.*}}] {alignment = 8 : i64} : memref<?xvector<2xf32>, #gpu.address_space<global>>
// CHECK: memref.store %[[L]], %[[B]][%{{.*}}] {alignment = 8 : i64}
gpu.module @m {
  gpu.func @vectors(%a: !tolk.ptr<f16, global, 1024, v = 4>,
                    %b: !tolk.ptr<vector<2xf32>, global>) kernel {
    %v = tolk.load %a : !tolk.ptr<f16, global, 1024, v = 4> -> vector<4xf16>
    tolk.store %a, %v : !tolk.ptr<f16, global, 1024, v = 4>, vector<4xf16>
    %l = tolk.load %b : !tolk.ptr<vector<2xf32>, global> -> vector<2xf32>
    tolk.store %b, %l : !tolk.ptr<vector<2xf32>, global>, vector<2xf32>
    gpu.return
  }
}

// -----

// tolk.range is an scf.for on the converted integer, unsigned bounds with
// unsignedCmp.

// CHECK-LABEL: gpu.func @loops
// CHECK: %[[LB:.*]] = arith.constant 0 : i32
// CHECK: %[[UB:.*]] = arith.constant 8 : i32
// CHECK: %[[ST:.*]] = arith.constant 1 : i32
// CHECK: scf.for %[[K:.*]] = %[[LB]] to %[[UB]] step %[[ST]] : i32 {
// CHECK: %[[KX:.*]] = arith.index_cast %[[K]] : i32 to index
// CHECK: memref.store
// CHECK: }
// CHECK: scf.for unsigned %[[U:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i16 {
// CHECK: arith.index_castui %[[U]] : i16 to index
gpu.module @m {
  gpu.func @loops(%a: !tolk.ptr<f32, global>) kernel {
    %c0 = tolk.const 0 : si32
    %c8 = tolk.const 8 : si32
    %c1 = tolk.const 1 : si32
    %one = tolk.const 1.0 : f32
    tolk.range %k = %c0 to %c8 step %c1 : si32 {
      %p = tolk.index %a[%k] : !tolk.ptr<f32, global>, si32
      tolk.store %p, %one : !tolk.ptr<f32, global>, f32
    }
    %u0 = tolk.const 0 : ui16
    %u8 = tolk.const 8 : ui16
    %u1 = tolk.const 1 : ui16
    tolk.range %u = %u0 to %u8 step %u1 : ui16 {
      %p = tolk.index %a[%u] : !tolk.ptr<f32, global>, ui16
      tolk.store %p, %one : !tolk.ptr<f32, global>, f32
    }
    gpu.return
  }
}

// -----

// A step known only at run time that is not positive runs no iteration
// (docs/Semantics.md#ranges): the upper bound becomes the lower one, with a
// signed test for signed bounds and != 0 for unsigned ones; a constant step
// that is not positive lowers to nothing.

// CHECK-LABEL: gpu.func @run_time_step
// CHECK-SAME: %{{.*}}: memref<{{.*}}>, %[[S:.*]]: i32, %[[U:.*]]: i16
// CHECK-DAG: %[[LB:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[UB:.*]] = arith.constant 8 : i32
// CHECK-DAG: %[[Z:.*]] = arith.constant 0 : i32
// CHECK: %[[POS:.*]] = arith.cmpi sgt, %[[S]], %[[Z]] : i32
// CHECK: %[[END:.*]] = arith.select %[[POS]], %[[UB]], %[[LB]] : i32
// CHECK: scf.for %{{.*}} = %[[LB]] to %[[END]] step %[[S]] : i32 {
// CHECK: %[[UPOS:.*]] = arith.cmpi ne, %[[U]], %{{.*}} : i16
// CHECK: %[[UEND:.*]] = arith.select %[[UPOS]], %{{.*}}, %{{.*}} : i16
// CHECK: scf.for unsigned %{{.*}} = %{{.*}} to %[[UEND]] step %[[U]] : i16 {
// CHECK-NOT: scf.for
// CHECK: gpu.return
gpu.module @m {
  gpu.func @run_time_step(%a: !tolk.ptr<f32, global>, %sp: !tolk.ptr<si32, alu>,
                          %up: !tolk.ptr<ui16, alu>) kernel {
    %c0 = tolk.const 0 : si32
    %c8 = tolk.const 8 : si32
    %cm1 = tolk.const -1 : si32
    %one = tolk.const 1.0 : f32
    %s = tolk.load %sp : !tolk.ptr<si32, alu> -> si32
    tolk.range %k = %c0 to %c8 step %s : si32 {
      %p = tolk.index %a[%k] : !tolk.ptr<f32, global>, si32
      tolk.store %p, %one : !tolk.ptr<f32, global>, f32
    }
    %u0 = tolk.const 0 : ui16
    %u8 = tolk.const 8 : ui16
    %u = tolk.load %up : !tolk.ptr<ui16, alu> -> ui16
    tolk.range %j = %u0 to %u8 step %u : ui16 {
      %p = tolk.index %a[%j] : !tolk.ptr<f32, global>, ui16
      tolk.store %p, %one : !tolk.ptr<f32, global>, f32
    }
    tolk.range %n = %c0 to %c8 step %cm1 : si32 {
      %p = tolk.index %a[%n] : !tolk.ptr<f32, global>, si32
      tolk.store %p, %one : !tolk.ptr<f32, global>, f32
    }
    gpu.return
  }
}

// -----

// A device function (not a kernel) may be given a pointer that tolk.index
// moved: its pointer parameters keep the dynamic offset, and tolk.index adds
// to it.

// CHECK-LABEL: gpu.func @device
// CHECK-SAME: (%[[A:.*]]: memref<?xf32, strided<[1], offset: ?>, #gpu.address_space<global>>)
// CHECK-NOT: kernel
// CHECK: %[[BASE:.*]], %[[OFF:.*]], %[[SIZE:.*]], %{{.*}} = memref.extract_strided_metadata %[[A]]
// CHECK: %[[NOFF:.*]] = arith.addi %[[OFF]], %{{.*}} : index
// CHECK: memref.reinterpret_cast %[[BASE]] to offset: [%[[NOFF]]]
gpu.module @m {
  gpu.func @device(%a: !tolk.ptr<f32, global>) {
    %c = tolk.const 3 : si32
    %p = tolk.index %a[%c] : !tolk.ptr<f32, global>, si32
    %one = tolk.const 1.0 : f32
    tolk.store %p, %one : !tolk.ptr<f32, global>, f32
    gpu.return
  }
}
