// RUN: tolk-opt %s --tolk-rocdl-dispatch-dims --split-input-file | FileCheck %s

// The workgroup size: the dispatch packet's uint16_t at byte 4 + 2 * dim,
// widened to the op's type.
// CHECK-LABEL: llvm.func @block_dims
// CHECK: %[[P0:.*]] = llvm.call_intrinsic "llvm.amdgcn.dispatch.ptr"() : () -> !llvm.ptr<4>
// CHECK: %[[F0:.*]] = llvm.getelementptr inbounds %[[P0]][4] : (!llvm.ptr<4>) -> !llvm.ptr<4>, i8
// CHECK: %[[X:.*]] = llvm.load %[[F0]] invariant {alignment = 2 : i64} : !llvm.ptr<4> -> i16
// CHECK: %[[X32:.*]] = llvm.zext %[[X]] : i16 to i32
// CHECK: llvm.getelementptr inbounds %{{.*}}[6]
// CHECK: llvm.getelementptr inbounds %{{.*}}[8]
// CHECK: %[[Z:.*]] = llvm.load %{{.*}} invariant {alignment = 2 : i64} : !llvm.ptr<4> -> i16
// CHECK: %[[Z32:.*]] = llvm.zext %[[Z]] : i16 to i32
// CHECK: %[[Z64:.*]] = llvm.zext %[[Z32]] : i32 to i64
// CHECK: llvm.insertvalue %[[X32]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[Z64]], %{{.*}}[2]
// CHECK-NOT: rocdl.workgroup.dim
llvm.func @block_dims() -> !llvm.struct<(i32, i32, i64)> {
  %x = rocdl.workgroup.dim.x : i32
  %y = rocdl.workgroup.dim.y : i32
  %z = rocdl.workgroup.dim.z : i64
  %u = llvm.mlir.undef : !llvm.struct<(i32, i32, i64)>
  %s0 = llvm.insertvalue %x, %u[0] : !llvm.struct<(i32, i32, i64)>
  %s1 = llvm.insertvalue %y, %s0[1] : !llvm.struct<(i32, i32, i64)>
  %s2 = llvm.insertvalue %z, %s1[2] : !llvm.struct<(i32, i32, i64)>
  llvm.return %s2 : !llvm.struct<(i32, i32, i64)>
}

// -----

// The number of workgroups: the grid in work-items (uint32_t at byte
// 12 + 4 * dim) over the workgroup size, rounded up for a partial last
// workgroup.
// CHECK-LABEL: llvm.func @grid_dim_y
// CHECK: %[[GF:.*]] = llvm.getelementptr inbounds %{{.*}}[16] : (!llvm.ptr<4>) -> !llvm.ptr<4>, i8
// CHECK: %[[ITEMS:.*]] = llvm.load %[[GF]] invariant {alignment = 4 : i64} : !llvm.ptr<4> -> i32
// CHECK: %[[BF:.*]] = llvm.getelementptr inbounds %{{.*}}[6] : (!llvm.ptr<4>) -> !llvm.ptr<4>, i8
// CHECK: %[[B16:.*]] = llvm.load %[[BF]] invariant {alignment = 2 : i64} : !llvm.ptr<4> -> i16
// CHECK: %[[B:.*]] = llvm.zext %[[B16]] : i16 to i32
// CHECK: %[[Q:.*]] = llvm.udiv %[[ITEMS]], %[[B]] : i32
// CHECK: %[[R:.*]] = llvm.urem %[[ITEMS]], %[[B]] : i32
// CHECK: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK: %[[NE:.*]] = llvm.icmp "ne" %[[R]], %[[ZERO]] : i32
// CHECK: %[[E:.*]] = llvm.zext %[[NE]] : i1 to i32
// CHECK: %[[N:.*]] = llvm.add %[[Q]], %[[E]] overflow<nuw> : i32
// CHECK: llvm.return %[[N]] : i32
llvm.func @grid_dim_y() -> i32 {
  %y = rocdl.grid.dim.y : i32
  llvm.return %y : i32
}

// -----

// Other ROCDL ops are left alone.
// CHECK-LABEL: llvm.func @ids
// CHECK: rocdl.workitem.id.x
// CHECK-NOT: llvm.amdgcn.dispatch.ptr
llvm.func @ids() -> i32 {
  %x = rocdl.workitem.id.x : i32
  llvm.return %x : i32
}
