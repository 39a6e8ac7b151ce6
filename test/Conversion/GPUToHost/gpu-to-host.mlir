// --tolk-gpu-to-host: each kernel becomes a host function that loops over
// a range of the workgroups and, in each, over the threads; a top-level gpu.barrier
// splits the thread loop, and what the second part needs from the first is
// kept per thread or recomputed. The loops are checked here without the
// bounds check (bounds-check.mlir checks it), which lowers them all too.
// RUN: tolk-opt %s -split-input-file --tolk-gpu-to-host=bounds-check=false --verify-each | FileCheck %s
// RUN: tolk-opt %s -split-input-file --tolk-gpu-to-host --verify-each -o /dev/null

// Workgroup memory, a barrier, a by-value scalar. The index %i and the
// loaded %v live across the barrier: one array each, indexed by the linear
// thread id; the constants after the barrier stay where they are.
// CHECK-LABEL: func.func @m.k(
// CHECK-SAME: %[[X:.*]]: memref<?xf32>, %[[S:.*]]: f32, %[[GX:.*]]: index, %[[GY:.*]]: index, %[[GZ:.*]]: index, %[[BX:.*]]: index, %[[BY:.*]]: index, %[[BZ:.*]]: index, %[[FIRST:.*]]: index, %[[END:.*]]: index)
// CHECK-SAME: attributes {tolk.known_block_size = array<i32: 64, 1, 1>}
// CHECK: %[[TILE:.*]] = memref.alloca() : memref<64xf32>
// CHECK: %[[N0:.*]] = arith.muli %[[BX]], %[[BY]] : index
// CHECK: %[[N:.*]] = arith.muli %[[N0]], %[[BZ]] : index
// CHECK-DAG: %[[VS:.*]] = memref.alloca(%[[N]]) : memref<?xf32>
// CHECK-DAG: %[[IS:.*]] = memref.alloca(%[[N]]) : memref<?xindex>
// The workgroups [first, end) in linear order (x fastest), each linear id
// split into its x, y and z.
// CHECK: scf.for %[[G:.*]] = %[[FIRST]] to %[[END]]
// CHECK-NEXT: %[[YZ:.*]] = arith.divui %[[G]], %[[GX]] : index
// CHECK-NEXT: %[[WX:.*]] = arith.remui %[[G]], %[[GX]] : index
// CHECK-NEXT: arith.remui %[[YZ]], %[[GY]] : index
// CHECK-NEXT: arith.divui %[[YZ]], %[[GY]] : index
// CHECK-NEXT: scf.for %[[TZ:.*]] = %{{.*}} to %[[BZ]]
// CHECK-NEXT: scf.for %[[TY:.*]] = %{{.*}} to %[[BY]]
// CHECK-NEXT: scf.for %[[TX:.*]] = %{{.*}} to %[[BX]]
// CHECK: %[[L:.*]] = arith.addi %{{.*}}, %[[TX]] : index
// CHECK: %[[B:.*]] = arith.muli %[[WX]], %[[BX]] : index
// CHECK: %[[I:.*]] = arith.addi %[[B]], %[[TX]] : index
// CHECK: memref.store %[[I]], %[[IS]][%[[L]]]
// CHECK: %[[V:.*]] = memref.load %[[X]][%[[I]]]
// CHECK: memref.store %[[V]], %[[VS]][%[[L]]]
// CHECK: memref.store %[[V]], %[[TILE]][%[[TX]]]
// The second part: its own thread loops.
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[BZ]]
// CHECK-NEXT: scf.for %{{.*}} = %{{.*}} to %[[BY]]
// CHECK-NEXT: scf.for %[[TX2:.*]] = %{{.*}} to %[[BX]]
// CHECK: %[[L2:.*]] = arith.addi %{{.*}}, %[[TX2]] : index
// CHECK: %[[NEXT:.*]] = arith.addi %[[TX2]], %{{.*}} : index
// CHECK: %[[W:.*]] = arith.andi %[[NEXT]], %{{.*}} : index
// CHECK: %[[U:.*]] = memref.load %[[TILE]][%[[W]]]
// CHECK: %[[V2:.*]] = memref.load %[[VS]][%[[L2]]]
// CHECK: %[[R:.*]] = arith.addf %[[U]], %[[V2]]
// CHECK: %[[R2:.*]] = arith.mulf %[[R]], %[[S]]
// CHECK: %[[I2:.*]] = memref.load %[[IS]][%[[L2]]]
// CHECK: memref.store %[[R2]], %[[X]][%[[I2]]]
// CHECK-NOT: gpu.
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%x: memref<?xf32, #gpu.address_space<global>>, %s: f32)
        workgroup(%tile: memref<64xf32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %d = gpu.block_dim x
      %base = arith.muli %b, %d : index
      %i = arith.addi %base, %t : index
      %v = memref.load %x[%i] : memref<?xf32, #gpu.address_space<global>>
      memref.store %v, %tile[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %c1 = arith.constant 1 : index
      %c63 = arith.constant 63 : index
      %n = arith.addi %t, %c1 : index
      %w = arith.andi %n, %c63 : index
      %u = memref.load %tile[%w] : memref<64xf32, #gpu.address_space<workgroup>>
      %r = arith.addf %u, %v : f32
      %r2 = arith.mulf %r, %s : f32
      memref.store %r2, %x[%i] : memref<?xf32, #gpu.address_space<global>>
      gpu.return
    }
  }
}

// -----

// Every id in three dimensions, no barrier: one thread loop nest. A
// kernelized function is removed with its gpu.module; the kernel keeps its
// bindings and launch.
// CHECK-NOT: func.func @f(
// CHECK-LABEL: func.func @f_kernel.f(
// CHECK-SAME: %[[Y:.*]]: memref<8xi32, strided<[1], offset: ?>>, %[[GX:.*]]: index, %[[GY:.*]]: index, %[[GZ:.*]]: index, %[[BX:.*]]: index, %[[BY:.*]]: index, %[[BZ:.*]]: index, %{{.*}}: index, %{{.*}}: index)
// CHECK-SAME: tolk.args = array<i64>, tolk.known_block_size = array<i32: 2, 2, 2>, tolk.known_grid_size = array<i32: 1, 1, 1>, tolk.results = array<i64: 0>
// CHECK: scf.for %[[G:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT: %[[YZ:.*]] = arith.divui %[[G]], %[[GX]] : index
// CHECK-NEXT: arith.remui %[[G]], %[[GX]] : index
// CHECK-NEXT: %[[WY:.*]] = arith.remui %[[YZ]], %[[GY]] : index
// CHECK-NEXT: %[[WZ:.*]] = arith.divui %[[YZ]], %[[GY]] : index
// CHECK-NEXT: scf.for %[[TZ:.*]] = %{{.*}} to %[[BZ]]
// CHECK-NEXT: scf.for %{{.*}} = %{{.*}} to %[[BY]]
// CHECK-NEXT: scf.for %{{.*}} = %{{.*}} to %[[BX]]
// CHECK: %[[B:.*]] = arith.muli %[[WZ]], %[[BZ]] : index
// CHECK-NEXT: %[[GID:.*]] = arith.addi %[[B]], %[[TZ]] : index
// CHECK-NEXT: %[[A:.*]] = arith.addi %[[TZ]], %[[GID]] : index
// CHECK-NEXT: %[[AB:.*]] = arith.addi %[[A]], %[[WY]] : index
// CHECK-NEXT: arith.addi %[[AB]], %[[GX]] : index
// CHECK: memref.store
module attributes {gpu.container_module} {
  func.func @f() -> tensor<8xsi32> attributes {tolk.kernel = @f_kernel::@f} {
    %c = tolk.const 0 : tensor<8xsi32>
    return %c : tensor<8xsi32>
  }
  gpu.module @f_kernel {
    gpu.func @f(%y: memref<8xi32, strided<[1], offset: ?>, #gpu.address_space<global>>)
        kernel attributes {known_block_size = array<i32: 2, 2, 2>,
                           known_grid_size = array<i32: 1, 1, 1>,
                           tolk.args = array<i64>, tolk.results = array<i64: 0>} {
      %tz = gpu.thread_id z
      %gz = gpu.global_id z
      %wy = gpu.block_id y
      %nx = gpu.grid_dim x
      %a = arith.addi %tz, %gz : index
      %b = arith.addi %a, %wy : index
      %c = arith.addi %b, %nx : index
      %v = arith.index_cast %c : index to i32
      %c0 = arith.constant 0 : index
      memref.store %v, %y[%c0] : memref<8xi32, strided<[1], offset: ?>, #gpu.address_space<global>>
      gpu.return
    }
  }
}

// -----

// A private allocation (tolk.define_reg) used across a barrier: each thread
// keeps its element in its part of one array of block-size elements.
// CHECK-LABEL: func.func @r.k(
// CHECK-SAME: %[[X:.*]]: memref<?xf32>, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %[[BX:.*]]: index, %[[BY:.*]]: index, %[[BZ:.*]]: index, %{{.*}}: index, %{{.*}}: index)
// CHECK: %[[N0:.*]] = arith.muli %[[BX]], %[[BY]] : index
// CHECK: %[[N:.*]] = arith.muli %[[N0]], %[[BZ]] : index
// CHECK: %[[SIZE:.*]] = arith.muli %[[N]], %c2 : index
// CHECK: %[[REGS:.*]] = memref.alloca(%[[SIZE]]) : memref<?xf32>
// CHECK: %[[OFF:.*]] = arith.muli %{{.*}}, %c2{{.*}} : index
// CHECK-NEXT: %[[REG:.*]] = memref.reinterpret_cast %[[REGS]] to offset: [%[[OFF]]], sizes: [2], strides: [1] : memref<?xf32> to memref<2xf32, strided<[1], offset: ?>>
// CHECK: memref.store %{{.*}}, %[[REG]][%{{.*}}]
// CHECK: %[[OFF2:.*]] = arith.muli %{{.*}}, %c2{{.*}} : index
// CHECK-NEXT: %[[REG2:.*]] = memref.reinterpret_cast %[[REGS]] to offset: [%[[OFF2]]]
// CHECK: memref.load %[[REG2]][%{{.*}}]
module attributes {gpu.container_module} {
  gpu.module @r {
    gpu.func @k(%x: memref<?xf32, #gpu.address_space<global>>) kernel {
      %reg = memref.alloca() : memref<2xf32, #gpu.address_space<private>>
      %t = gpu.thread_id x
      %c1 = arith.constant 1 : index
      %v = memref.load %x[%t] : memref<?xf32, #gpu.address_space<global>>
      memref.store %v, %reg[%c1] : memref<2xf32, #gpu.address_space<private>>
      gpu.barrier
      %w = memref.load %reg[%c1] : memref<2xf32, #gpu.address_space<private>>
      memref.store %w, %x[%t] : memref<?xf32, #gpu.address_space<global>>
      gpu.return
    }
  }
}

// -----

// A barrier inside a loop whose bounds are the same for every thread (a
// tolk.range of uniform bounds: an argument and the workgroup's id): the
// bounds are computed and the loop runs once per workgroup, outside the
// thread loops, and each part of its body gets its own thread loop nest.
// What a later part of an iteration needs from an earlier one is kept per
// thread (%v, %r); the induction variable is the loop's.
// CHECK-LABEL: func.func @l.k(
// CHECK-SAME: %[[X:.*]]: memref<?xf32>, %[[N:.*]]: i32, %[[GX:.*]]: index, %{{.*}}: index, %{{.*}}: index, %[[BX:.*]]: index, %[[BY:.*]]: index, %[[BZ:.*]]: index, %{{.*}}: index, %{{.*}}: index)
// CHECK-DAG: %[[TILE:.*]] = memref.alloca() : memref<64xf32>
// CHECK-DAG: %[[VS:.*]] = memref.alloca(%{{.*}}) : memref<?xf32>
// CHECK-DAG: %[[RS:.*]] = memref.alloca(%{{.*}}) : memref<?xf32>
// CHECK: scf.for %[[G:.*]] = %{{.*}} to %{{.*}} step
// CHECK: %[[WX:.*]] = arith.remui %[[G]], %[[GX]] : index
// The thread loop of what precedes the loop (nothing a later part uses),
// then the bounds once per workgroup.
// CHECK: scf.for
// CHECK: arith.index_cast
// CHECK: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK: %[[BASE:.*]] = arith.index_cast %[[N]] : i32 to index
// CHECK: %[[END:.*]] = arith.addi %[[BASE]], %[[WX]] : index
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %[[END]] step
// CHECK-NEXT: scf.for %{{.*}} = %{{.*}} to %[[BZ]]
// CHECK-NEXT: scf.for %{{.*}} = %{{.*}} to %[[BY]]
// CHECK-NEXT: scf.for %[[T1:.*]] = %{{.*}} to %[[BX]]
// CHECK: %[[L1:.*]] = arith.addi %{{.*}}, %[[T1]] : index
// CHECK: %[[V:.*]] = memref.load %[[X]][%[[T1]]]
// CHECK: memref.store %[[V]], %[[VS]][%[[L1]]]
// CHECK: memref.store %[[V]], %[[TILE]][%[[T1]]]
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[BZ]]
// CHECK-NEXT: scf.for %{{.*}} = %{{.*}} to %[[BY]]
// CHECK-NEXT: scf.for %[[T2:.*]] = %{{.*}} to %[[BX]]
// CHECK: %[[L2:.*]] = arith.addi %{{.*}}, %[[T2]] : index
// CHECK: %[[J:.*]] = arith.addi %[[T2]], %[[I]] : index
// CHECK: %[[W:.*]] = arith.andi %[[J]], %{{.*}} : index
// CHECK: %[[U:.*]] = memref.load %[[TILE]][%[[W]]]
// CHECK: %[[V2:.*]] = memref.load %[[VS]][%[[L2]]]
// CHECK: %[[R:.*]] = arith.addf %[[U]], %[[V2]] : f32
// CHECK: memref.store %[[R]], %[[RS]][%[[L2]]]
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[BZ]]
// CHECK-NEXT: scf.for %{{.*}} = %{{.*}} to %[[BY]]
// CHECK-NEXT: scf.for %[[T3:.*]] = %{{.*}} to %[[BX]]
// CHECK: %[[L3:.*]] = arith.addi %{{.*}}, %[[T3]] : index
// CHECK: %[[R3:.*]] = memref.load %[[RS]][%[[L3]]]
// CHECK: memref.store %[[R3]], %[[X]][%[[T3]]]
// CHECK-NOT: gpu.
module attributes {gpu.container_module} {
  gpu.module @l {
    gpu.func @k(%x: memref<?xf32, #gpu.address_space<global>>, %n: i32)
        workgroup(%tile: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %b = gpu.block_id x
      %base = arith.index_cast %n : i32 to index
      %end = arith.addi %base, %b : index
      scf.for %i = %c0 to %end step %c1 {
        %v = memref.load %x[%t] : memref<?xf32, #gpu.address_space<global>>
        memref.store %v, %tile[%t] : memref<64xf32, #gpu.address_space<workgroup>>
        gpu.barrier
        %c63 = arith.constant 63 : index
        %j = arith.addi %t, %i : index
        %w = arith.andi %j, %c63 : index
        %u = memref.load %tile[%w] : memref<64xf32, #gpu.address_space<workgroup>>
        %r = arith.addf %u, %v : f32
        gpu.barrier
        memref.store %r, %x[%t] : memref<?xf32, #gpu.address_space<global>>
      }
      gpu.return
    }
  }
}

// -----

// A barrier in a branch on an argument: the branch runs once per
// workgroup, and each of its regions holds its own thread loops.
// CHECK-LABEL: func.func @b.k(
// CHECK-SAME: %[[X:.*]]: memref<?xf32>, %[[C:.*]]: i1,
// CHECK: %[[VS:.*]] = memref.alloca(%{{.*}}) : memref<?xf32>
// CHECK: scf.for
// CHECK: scf.for
// CHECK: memref.store %{{.*}}, %[[VS]]
// CHECK: scf.if %[[C]] {
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.for
// CHECK-NEXT: scf.for
// CHECK-NEXT: scf.for
// CHECK: %[[V:.*]] = memref.load %[[VS]]
// CHECK: arith.addf %[[V]], %[[V]] : f32
// CHECK: }
// CHECK: scf.for
// CHECK-NEXT: scf.for
// CHECK-NEXT: scf.for
// CHECK: memref.load %[[VS]]
module attributes {gpu.container_module} {
  gpu.module @b {
    gpu.func @k(%x: memref<?xf32, #gpu.address_space<global>>, %c: i1) kernel {
      %t = gpu.thread_id x
      %v = memref.load %x[%t] : memref<?xf32, #gpu.address_space<global>>
      scf.if %c {
        gpu.barrier
      } else {
        %w = arith.addf %v, %v : f32
        memref.store %w, %x[%t] : memref<?xf32, #gpu.address_space<global>>
      }
      memref.store %v, %x[%t] : memref<?xf32, #gpu.address_space<global>>
      gpu.return
    }
  }
}
