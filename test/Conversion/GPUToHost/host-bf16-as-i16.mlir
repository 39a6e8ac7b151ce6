// --tolk-host-bf16-as-i16: bf16 values that are only moved become i16 bits,
// so that LLVM's x86 backend has no bf16 value to round through f32 between
// basic blocks (vcvtneps2bf16 flushes subnormals, __truncsfbf2 quiets
// signalling NaNs).
// RUN: tolk-opt %s -split-input-file --tolk-host-bf16-as-i16 --verify-each | FileCheck %s
// The deprecated name runs the same pass.
// RUN: tolk-opt %s -split-input-file --tolk-host-bf16-as-i16 --verify-each | FileCheck %s

// A gated load and a gated store: the phi, the constant and the bitcasts
// carry i16.
// CHECK-LABEL: llvm.func @gated(
// CHECK-SAME: %[[P:.*]]: !llvm.ptr, %[[C:.*]]: i1)
// CHECK: %[[Z:.*]] = llvm.mlir.constant(-32768 : i16) : i16
// CHECK: llvm.cond_br %[[C]], ^[[LOAD:.*]], ^[[JOIN:.*]](%[[Z]] : i16)
// CHECK: ^[[LOAD]]:
// CHECK: %[[V:.*]] = llvm.load %[[P]] : !llvm.ptr -> i16
// CHECK: llvm.br ^[[JOIN]](%[[V]] : i16)
// CHECK: ^[[JOIN]](%[[X:.*]]: i16):
// CHECK: %[[Y:.*]] = llvm.add %[[X]], %{{.*}} : i16
// CHECK: llvm.cond_br %[[C]], ^[[STORE:.*]], ^{{.*}}
// CHECK: ^[[STORE]]:
// CHECK: llvm.store %[[Y]], %[[P]] : i16, !llvm.ptr
// CHECK-NOT: bf16
// CHECK: llvm.return
llvm.func @gated(%p: !llvm.ptr, %c: i1) {
  %zero = llvm.mlir.constant(-0.0 : bf16) : bf16
  %one = llvm.mlir.constant(1 : i16) : i16
  llvm.cond_br %c, ^load, ^join(%zero : bf16)
^load:
  %v = llvm.load %p : !llvm.ptr -> bf16
  llvm.br ^join(%v : bf16)
^join(%x: bf16):
  %bits = llvm.bitcast %x : bf16 to i16
  %sum = llvm.add %bits, %one : i16
  %y = llvm.bitcast %sum : i16 to bf16
  llvm.cond_br %c, ^store, ^done
^store:
  llvm.store %y, %p : bf16, !llvm.ptr
  llvm.br ^done
^done:
  llvm.return
}

// -----

// Vectors, selects and vector element moves; a dense constant keeps its
// bits.
// CHECK-LABEL: llvm.func @vectors(
// CHECK: %[[K:.*]] = llvm.mlir.constant(dense<[16256, 1, -128, 32705]> : vector<4xi16>) : vector<4xi16>
// CHECK: %[[V:.*]] = llvm.load %{{.*}} : !llvm.ptr -> vector<4xi16>
// CHECK: %[[S:.*]] = llvm.select %{{.*}}, %[[V]], %[[K]] : i1, vector<4xi16>
// CHECK: %[[E:.*]] = llvm.extractelement %[[S]][%{{.*}} : i64] : vector<4xi16>
// CHECK: llvm.store %[[E]], %{{.*}} : i16, !llvm.ptr
// CHECK: llvm.store %[[S]], %{{.*}} : vector<4xi16>, !llvm.ptr
// CHECK-NOT: bf16
// CHECK: llvm.return
llvm.func @vectors(%p: !llvm.ptr, %c: i1) {
  %k = llvm.mlir.constant(dense<[0x3F80, 0x0001, 0xFF80, 0x7FC1]> : vector<4xbf16>) : vector<4xbf16>
  %i = llvm.mlir.constant(2 : i64) : i64
  %v = llvm.load %p : !llvm.ptr -> vector<4xbf16>
  %s = llvm.select %c, %v, %k : i1, vector<4xbf16>
  %e = llvm.extractelement %s[%i : i64] : vector<4xbf16>
  llvm.store %e, %p : bf16, !llvm.ptr
  llvm.store %s, %p : vector<4xbf16>, !llvm.ptr
  llvm.return
}

// -----

// A defined function takes and returns bits (LLVM's instcombine would turn
// a store of a bf16 argument's bitcast back into a bf16 store), and so do
// calls of it; arithmetic and a call of a declaration keep bf16 behind
// bitcasts.
// CHECK-LABEL: llvm.func @kept(
// CHECK-SAME: %[[A:.*]]: i16, %[[P:.*]]: !llvm.ptr) -> i16
// CHECK: %[[L:.*]] = llvm.load %[[P]] : !llvm.ptr -> i16
// CHECK: %[[LF:.*]] = llvm.bitcast %[[L]] : i16 to bf16
// CHECK: %[[AF:.*]] = llvm.bitcast %[[A]] : i16 to bf16
// CHECK: %[[S:.*]] = llvm.fadd %[[LF]], %[[AF]] : bf16
// CHECK: %[[SB:.*]] = llvm.bitcast %[[S]] : bf16 to i16
// CHECK: llvm.store %[[SB]], %[[P]] : i16, !llvm.ptr
// CHECK: llvm.store %[[A]], %[[P]] : i16, !llvm.ptr
// CHECK: %[[E:.*]] = llvm.call @external(%[[S]]) : (bf16) -> bf16
// CHECK: %[[EB:.*]] = llvm.bitcast %[[E]] : bf16 to i16
// CHECK: %[[K:.*]] = llvm.call @kept(%[[EB]], %[[P]]) : (i16, !llvm.ptr) -> i16
// CHECK: llvm.return %[[K]] : i16
llvm.func @external(bf16) -> bf16
llvm.func @kept(%a: bf16, %p: !llvm.ptr) -> bf16 {
  %l = llvm.load %p : !llvm.ptr -> bf16
  %s = llvm.fadd %l, %a : bf16
  llvm.store %s, %p : bf16, !llvm.ptr
  llvm.store %a, %p : bf16, !llvm.ptr
  %e = llvm.call @external(%s) : (bf16) -> bf16
  %k = llvm.call @kept(%e, %p) : (bf16, !llvm.ptr) -> bf16
  llvm.return %k : bf16
}
