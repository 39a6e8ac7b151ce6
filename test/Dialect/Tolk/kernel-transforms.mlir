// Upstream and Tolk passes on kernel IR: the memory effects and the loop
// interface of the kernel ops let them do what they do for memref and scf.
// RUN: tolk-opt %s -split-input-file --tolk-commit-weak | FileCheck %s --check-prefix=COMMIT
// RUN: tolk-opt %s -split-input-file --loop-invariant-code-motion | FileCheck %s --check-prefix=LICM
// RUN: tolk-opt %s -split-input-file --canonicalize --cse | FileCheck %s --check-prefix=CANON

// A weak loop counter is committed with its bounds (DEFAULT_INT, si32);
// the pure index arithmetic that does not depend on it leaves the loop,
// the loads and stores stay.

// COMMIT-LABEL: func.func @weak_counter
// COMMIT:         %[[C0:.*]] = tolk.const 0 : si32
// COMMIT:         %[[C8:.*]] = tolk.const 8 : si32
// COMMIT:         %[[C1:.*]] = tolk.const 1 : si32
// COMMIT:         tolk.range %[[K:.*]] = %[[C0]] to %[[C8]] step %[[C1]] : si32 {
// COMMIT:           tolk.index %{{.*}}[%[[K]]] : !tolk.ptr<si8, global, 64>, si32

// LICM-LABEL: func.func @weak_counter
// LICM:         %[[INV:.*]] = tolk.mul %{{.*}}, %{{.*}} : si32
// LICM:         %[[Q:.*]] = tolk.index %{{.*}}[%[[INV]]] : !tolk.ptr<si8, global, 64>, si32
// LICM:         tolk.range
// LICM-NEXT:      tolk.index %{{.*}}[%{{.*}}] : !tolk.ptr<si8, global, 64>, !tolk.weakint
// LICM-NEXT:      tolk.load %[[Q]]
// LICM-NEXT:      tolk.store
// LICM-NEXT:    }
func.func @weak_counter(%p: !tolk.ptr<si8, global, 64>, %a: si32) {
  %w0 = tolk.const 0 : !tolk.weakint
  %w8 = tolk.const 8 : !tolk.weakint
  %w1 = tolk.const 1 : !tolk.weakint
  tolk.range %k = %w0 to %w8 step %w1 : !tolk.weakint {
    %pk = tolk.index %p[%k] : !tolk.ptr<si8, global, 64>, !tolk.weakint
    %inv = tolk.mul %a, %a : si32
    %q = tolk.index %p[%inv] : !tolk.ptr<si8, global, 64>, si32
    %x = tolk.load %q : !tolk.ptr<si8, global, 64> -> si8
    tolk.store %pk, %x : !tolk.ptr<si8, global, 64>, si8
  }
  return
}

// -----

// Allocations are distinct (never merged by CSE) and removed when unused;
// a loop without effects is removed, and so are unused special ids and
// indices, which are pure.

// CANON-LABEL: gpu.func @allocations
// CANON-DAG:     %[[A:.*]] = tolk.define_local : !tolk.ptr<f32, local, 16>
// CANON-DAG:     %[[B:.*]] = tolk.define_local : !tolk.ptr<f32, local, 16>
// CANON-NOT:     tolk.special
// CANON-NOT:     tolk.define_reg
// CANON-NOT:     tolk.range
// CANON:         tolk.store %[[A]]
// CANON:         tolk.store %[[B]]
// CANON:         gpu.return
gpu.module @m {
  gpu.func @allocations(%x: f32) kernel {
    %a = tolk.define_local : !tolk.ptr<f32, local, 16>
    %b = tolk.define_local : !tolk.ptr<f32, local, 16>
    %unused = tolk.define_reg : !tolk.ptr<f32, reg, 4>
    %l = tolk.special local_id x : si32
    %l2 = tolk.special local_id x : si32
    %c0 = tolk.const 0 : si32
    %c1 = tolk.const 1 : si32
    tolk.range %k = %c0 to %l step %c1 : si32 {
      %q = tolk.index %a[%k] : !tolk.ptr<f32, local, 16>, si32
      %v = tolk.load %q : !tolk.ptr<f32, local, 16> -> f32
    }
    %s = tolk.add %l, %l2 : si32
    tolk.store %a, %x : !tolk.ptr<f32, local, 16>, f32
    tolk.store %b, %x : !tolk.ptr<f32, local, 16>, f32
    gpu.return
  }
}
