// A barrier inside a tolk.range whose bounds are the same for every thread
// of a workgroup (a by-value count): the host runs the loop once per
// workgroup and splits the thread loop inside its body, so it gives the
// bits a GPU gives (docs/Lowering.md, "Host lowering").
//
// Each workgroup of 4 threads passes its values around a ring n times:
// every iteration a thread publishes its accumulator in workgroup memory,
// waits, adds its right neighbour's (times k + 1, so that the order of the
// iterations shows), and waits again before the next publication.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/npy.py write %t/x.npy '<i4' 8 'expr:i * i + 1'
// RUN: tolk-run --quiet %s --kernel ring::rotate --arg 3 %t/x.npy -o %t/host.npy
// RUN: %python %S/Inputs/npy.py print %t/host.npy | FileCheck %s
// RUN: %if vulkan %{ env XDG_RUNTIME_DIR=%t tolk-run --quiet %s --backend vulkan --kernel ring::rotate --arg 3 %t/x.npy -o %t/vulkan.npy %}
// RUN: %if vulkan %{ cmp %t/host.npy %t/vulkan.npy %}
// With no iteration, the accumulators are the inputs.
// RUN: tolk-run --quiet %s --kernel ring::rotate --arg 0 %t/x.npy -o %t/none.npy
// RUN: %python %S/Inputs/npy.py check %t/none.npy 'in0[i]' %t/x.npy | FileCheck %s --check-prefix=NONE
// NONE: ok 8
//
// Workgroup 0 holds 1 2 5 10, workgroup 1 17 26 37 50; a[t] += a[t+1 mod 4]
// * (k + 1) for k = 0, 1, 2:
//   k = 0: 3 7 15 11 | 43 63 87 67
//   k = 1: 17 37 37 17 | 169 237 221 153
//   k = 2: 128 148 88 68 | 880 900 680 660
// CHECK: descr <i4 shape [8]
// CHECK-NEXT: 128
// CHECK-NEXT: 148
// CHECK-NEXT: 88
// CHECK-NEXT: 68
// CHECK-NEXT: 880
// CHECK-NEXT: 900
// CHECK-NEXT: 680
// CHECK-NEXT: 660
gpu.module @ring {
  gpu.func @rotate(%x: !tolk.ptr<si32, global, 8>, %y: !tolk.ptr<si32, global, 8>,
                   %np: !tolk.ptr<si32, alu>)
      kernel attributes {known_block_size = array<i32: 4, 1, 1>,
                         known_grid_size = array<i32: 2, 1, 1>} {
    %tile = tolk.define_local : !tolk.ptr<si32, local, 4>
    %acc = tolk.define_reg : !tolk.ptr<si32, reg, 1>
    %l = tolk.special local_id x : si32
    %i = tolk.special global_id x : si32
    %n = tolk.load %np : !tolk.ptr<si32, alu> -> si32
    %px = tolk.index %x[%i] : !tolk.ptr<si32, global, 8>, si32
    %v = tolk.load %px : !tolk.ptr<si32, global, 8> -> si32
    tolk.store %acc, %v : !tolk.ptr<si32, reg, 1>, si32
    %c0 = tolk.const 0 : si32
    %c1 = tolk.const 1 : si32
    %c3 = tolk.const 3 : si32
    %pt = tolk.index %tile[%l] : !tolk.ptr<si32, local, 4>, si32
    %next = tolk.add %l, %c1 : si32
    %r = tolk.and %next, %c3 : si32
    %pr = tolk.index %tile[%r] : !tolk.ptr<si32, local, 4>, si32
    tolk.range %k = %c0 to %n step %c1 : si32 {
      %a = tolk.load %acc : !tolk.ptr<si32, reg, 1> -> si32
      tolk.store %pt, %a : !tolk.ptr<si32, local, 4>, si32
      gpu.barrier
      %b = tolk.load %pr : !tolk.ptr<si32, local, 4> -> si32
      %k1 = tolk.add %k, %c1 : si32
      %bk = tolk.mul %b, %k1 : si32
      %s = tolk.add %a, %bk : si32
      tolk.store %acc, %s : !tolk.ptr<si32, reg, 1>, si32
      gpu.barrier
    }
    %res = tolk.load %acc : !tolk.ptr<si32, reg, 1> -> si32
    %py = tolk.index %y[%i] : !tolk.ptr<si32, global, 8>, si32
    tolk.store %py, %res : !tolk.ptr<si32, global, 8>, si32
    gpu.return
  }
}
