// A kernel whose block size is known only at launch: ROCDL reads it from
// the HSA dispatch packet (--tolk-rocdl-dispatch-dims), so the binary needs
// no ROCm device library (no __ockl_get_local_size) and llvm-mc accepts it.
// RUN: tolk-opt %s --tolk-to-rocdl="chip=gfx942 features=" \
// RUN:   | tolk-translate --gpu-binary-to-isa -o %t.s
// RUN: FileCheck %s < %t.s
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj %t.s -o %t.o

// CHECK-NOT: __ockl
// CHECK-LABEL: {{^}}scale:
// The workgroup size x, a 16-bit field at byte 4 of the packet.
// CHECK: s_load_dword {{s[0-9]+}}, s[0:1], 0x4
// CHECK: global_load_dword
// CHECK: v_add_f32
// CHECK: global_store_dword
// CHECK: .amdhsa_kernel scale
// CHECK: .amdhsa_user_sgpr_dispatch_ptr 1
// CHECK-NOT: __ockl
gpu.module @kernels {
  gpu.func @scale(%a: !tolk.ptr<f32, global>, %c: !tolk.ptr<f32, global>)
      kernel {
    %i = tolk.special global_id x : si32
    %pa = tolk.index %a[%i] : !tolk.ptr<f32, global>, si32
    %pc = tolk.index %c[%i] : !tolk.ptr<f32, global>, si32
    %x = tolk.load %pa : !tolk.ptr<f32, global> -> f32
    %two = tolk.const 2.0 : f32
    %y = tolk.mul %x, %two : f32
    tolk.store %pc, %y : !tolk.ptr<f32, global>, f32
    gpu.return
  }
}
