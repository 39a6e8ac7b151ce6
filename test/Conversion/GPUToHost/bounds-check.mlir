// --tolk-gpu-to-host's bounds check (the default): each load and store
// through a buffer parameter is made only when the elements it touches are
// in [0, size), size being the descriptor's (a static size in the kernel's
// type too: the host function takes memref<?xT> and casts it). Otherwise it
// calls tolk_host_out_of_bounds(param, is_store, first, count, size,
// thread x, y, z, block x, y, z) and a load gives zero. Workgroup memory is
// left alone.
// RUN: tolk-opt %s -split-input-file --tolk-gpu-to-host --verify-each | FileCheck %s
// RUN: tolk-opt %s -split-input-file --tolk-gpu-to-host=bounds-check=false | FileCheck %s --check-prefix=UNCHECKED

// CHECK-LABEL: func.func private @tolk_host_out_of_bounds(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)
// CHECK-LABEL: func.func @m.k(
// CHECK-SAME: %[[X:[^:]*]]: memref<?xf32>, %[[Y:[^:]*]]: memref<?xf32>, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index)
// CHECK: %{{.*}}, %{{.*}}, %[[XSIZE:.*]], %{{.*}} = memref.extract_strided_metadata %[[X]]
// CHECK: %{{.*}}, %{{.*}}, %[[YSIZE:.*]], %{{.*}} = memref.extract_strided_metadata %[[Y]]
// CHECK: %[[Y16:.*]] = memref.cast %[[Y]] : memref<?xf32> to memref<16xf32>
// CHECK: scf.for
// CHECK: scf.for %[[TZ:.*]] = %{{.*}} to
// CHECK: scf.for %[[TY:.*]] = %{{.*}} to
// CHECK: scf.for %[[TX:.*]] = %{{.*}} to
// The load of x[i]: in bounds when 0 <= i <= size - 1.
// CHECK: %[[LAST:.*]] = arith.subi %[[XSIZE]], %c1
// CHECK: %[[LE:.*]] = arith.cmpi sle, %[[I:[^,]*]], %[[LAST]]
// CHECK: %[[GE:.*]] = arith.cmpi sge, %[[I]], %c0
// CHECK: %[[OK:.*]] = arith.andi %[[GE]], %[[LE]]
// CHECK: %[[V:.*]] = scf.if %[[OK]] -> (f32) {
// CHECK-NEXT: %[[L:.*]] = memref.load %[[X]][%{{.*}}]
// CHECK-NEXT: scf.yield %[[L]]
// CHECK-NEXT: } else {
// CHECK: func.call @tolk_host_out_of_bounds(%c0_i64, %c0_i64{{.*}}, %{{.*}}, %c1_i64, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}})
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: scf.yield %[[ZERO]]
// Workgroup memory: unchecked.
// CHECK: memref.store %[[V]], %{{.*}}[%[[TX]]] : memref<8xf32>
// The vector store of y[i .. i+3], through a moved pointer: four elements,
// a store (is_store = 1) of parameter #1.
// CHECK: arith.subi %[[YSIZE]], %c4
// CHECK: scf.if
// CHECK-NEXT: vector.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<16xf32, strided<[1], offset: ?>>, vector<4xf32>
// CHECK-NEXT: } else {
// CHECK: func.call @tolk_host_out_of_bounds(%c1_i64, %c1_i64{{.*}}, %{{.*}}, %c4_i64,
// CHECK-NOT: memref.load
// CHECK: return

// Without the check: today's loops, the kernel's own types.
// UNCHECKED-NOT: tolk_host_out_of_bounds
// UNCHECKED-LABEL: func.func @m.k(
// UNCHECKED-SAME: memref<?xf32>, %{{.*}}: memref<16xf32>,
// UNCHECKED-NOT: scf.if
// UNCHECKED-NOT: tolk_host_out_of_bounds
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%x: memref<?xf32, #gpu.address_space<global>>,
                %y: memref<16xf32, #gpu.address_space<global>>)
        workgroup(%tile: memref<8xf32, #gpu.address_space<workgroup>>)
        kernel {
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %d = gpu.block_dim x
      %base = arith.muli %b, %d : index
      %i = arith.addi %base, %t : index
      %v = memref.load %x[%i] : memref<?xf32, #gpu.address_space<global>>
      memref.store %v, %tile[%t] : memref<8xf32, #gpu.address_space<workgroup>>
      %meta:4 = memref.extract_strided_metadata %y
          : memref<16xf32, #gpu.address_space<global>>
          -> memref<f32, #gpu.address_space<global>>, index, index, index
      %off = arith.addi %meta#1, %i : index
      %py = memref.reinterpret_cast %meta#0 to offset: [%off], sizes: [16],
          strides: [1] : memref<f32, #gpu.address_space<global>>
          to memref<16xf32, strided<[1], offset: ?>, #gpu.address_space<global>>
      %c0 = arith.constant 0 : index
      %w = vector.broadcast %v : f32 to vector<4xf32>
      vector.store %w, %py[%c0]
          : memref<16xf32, strided<[1], offset: ?>, #gpu.address_space<global>>,
            vector<4xf32>
      gpu.return
    }
  }
}

// -----

// The thread and block ids the callback gets: the thread loops' induction
// variables and the workgroup loop's linear id split into x, y and z, x
// first.
// CHECK-LABEL: func.func @ids.k(
// CHECK: scf.for %[[G:[^ ]*]] =
// CHECK: %[[YZ:.*]] = arith.divui %[[G]], %{{.*}} : index
// CHECK: %[[BX:.*]] = arith.remui %[[G]], %{{.*}} : index
// CHECK: %[[BY:.*]] = arith.remui %[[YZ]], %{{.*}} : index
// CHECK: %[[BZ:.*]] = arith.divui %[[YZ]], %{{.*}} : index
// CHECK: scf.for %[[TZ:[^ ]*]] =
// CHECK: scf.for %[[TY:[^ ]*]] =
// CHECK: scf.for %[[TX:[^ ]*]] =
// CHECK-DAG: %[[TX64:.*]] = arith.index_cast %[[TX]] : index to i64
// CHECK-DAG: %[[TY64:.*]] = arith.index_cast %[[TY]] : index to i64
// CHECK-DAG: %[[TZ64:.*]] = arith.index_cast %[[TZ]] : index to i64
// CHECK-DAG: %[[BX64:.*]] = arith.index_cast %[[BX]] : index to i64
// CHECK-DAG: %[[BY64:.*]] = arith.index_cast %[[BY]] : index to i64
// CHECK-DAG: %[[BZ64:.*]] = arith.index_cast %[[BZ]] : index to i64
// CHECK: func.call @tolk_host_out_of_bounds(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[TX64]], %[[TY64]], %[[TZ64]], %[[BX64]], %[[BY64]], %[[BZ64]])
module attributes {gpu.container_module} {
  gpu.module @ids {
    gpu.func @k(%x: memref<?xi32, #gpu.address_space<global>>) kernel {
      %t = gpu.thread_id z
      %v = arith.index_cast %t : index to i32
      memref.store %v, %x[%t] : memref<?xi32, #gpu.address_space<global>>
      gpu.return
    }
  }
}
