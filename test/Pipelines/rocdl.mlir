// The whole ROCDL path: Tolk kernels to AMDGCN assembly that llvm-mc accepts
// for gfx942. Each kernel has a known block size, so gpu.block_dim folds to a
// constant and the binary needs no ROCm device library.
// RUN: tolk-opt %s --tolk-to-rocdl="chip=gfx942 features=" \
// RUN:   | tolk-translate --gpu-binary-to-isa -o %t.s
// RUN: FileCheck %s < %t.s
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj %t.s -o %t.o

// CHECK: .amdgcn_target "amdgcn-amd-amdhsa--gfx942"
gpu.module @kernels {
  // c[i] = a[i] + b[i] in f32; pointers are buffers plus offsets, so each
  // is a memref descriptor in the ABI: (allocated, aligned, offset, size,
  // stride).
  // CHECK-LABEL: {{^}}add_f32:
  // CHECK: global_load_dword
  // CHECK: global_load_dword
  // CHECK: v_add_f32
  // CHECK: global_store_dword
  // CHECK: .amdhsa_kernel add_f32
  gpu.func @add_f32(%a: !tolk.ptr<f32, global>, %b: !tolk.ptr<f32, global>,
                    %c: !tolk.ptr<f32, global>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %i = tolk.special global_id x : si32
    %pa = tolk.index %a[%i] : !tolk.ptr<f32, global>, si32
    %pb = tolk.index %b[%i] : !tolk.ptr<f32, global>, si32
    %pc = tolk.index %c[%i] : !tolk.ptr<f32, global>, si32
    %x = tolk.load %pa : !tolk.ptr<f32, global> -> f32
    %y = tolk.load %pb : !tolk.ptr<f32, global> -> f32
    %s = tolk.add %x, %y : f32
    tolk.store %pc, %s : !tolk.ptr<f32, global>, f32
    gpu.return
  }

  // si8 + f16: canonicalization casts the si8 to f16 (operand promotion), a
  // signed integer conversion.
  // CHECK-LABEL: {{^}}add_si8_f16:
  // CHECK: global_load_sbyte
  // CHECK: v_cvt_f16_i16
  // CHECK: v_add_f16
  // CHECK: global_store_short
  // CHECK: .amdhsa_kernel add_si8_f16
  gpu.func @add_si8_f16(%a: !tolk.ptr<si8, global>,
                        %b: !tolk.ptr<f16, global>,
                        %c: !tolk.ptr<f16, global>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %i = tolk.special global_id x : si32
    %pa = tolk.index %a[%i] : !tolk.ptr<si8, global>, si32
    %pb = tolk.index %b[%i] : !tolk.ptr<f16, global>, si32
    %pc = tolk.index %c[%i] : !tolk.ptr<f16, global>, si32
    %x = tolk.load %pa : !tolk.ptr<si8, global> -> si8
    %y = tolk.load %pb : !tolk.ptr<f16, global> -> f16
    %s = tolk.add %x, %y : (si8, f16) -> f16
    tolk.store %pc, %s : !tolk.ptr<f16, global>, f16
    gpu.return
  }

  // A gated load and store, with the bound n passed by value: the load is
  // behind a branch (it must not touch memory when gated off).
  // CHECK-LABEL: {{^}}gated:
  // CHECK: v_cmp_gt_i32
  // CHECK: s_cbranch_execz
  // CHECK: global_load_dword
  // CHECK: global_store_dword
  // CHECK: .amdhsa_kernel gated
  gpu.func @gated(%a: !tolk.ptr<f32, global>, %c: !tolk.ptr<f32, global>,
                  %np: !tolk.ptr<si32, alu> {tolk.bounds = array<i64: 0, 65536>})
      kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %i = tolk.special global_id x : si32
    %n = tolk.load %np : !tolk.ptr<si32, alu> -> si32
    %valid = tolk.cmplt %i, %n : (si32, si32) -> i1
    %zero = tolk.const -1.0 : f32
    %pa = tolk.index %a[%i] : !tolk.ptr<f32, global>, si32
    %x = tolk.load %pa if %valid else %zero : !tolk.ptr<f32, global> -> f32
    %pc = tolk.index %c[%i] : !tolk.ptr<f32, global>, si32
    tolk.store %pc, %x : !tolk.ptr<f32, global>, f32
    gpu.return
  }

  // Shared memory: each thread stores its element, waits, and reads its
  // neighbour's (examples/kernels.mlir, shortened).
  // CHECK-LABEL: {{^}}neighbour:
  // CHECK: ds_write_b16
  // CHECK: s_barrier
  // CHECK: ds_read_u16
  // CHECK: .amdhsa_kernel neighbour
  // CHECK-NEXT: .amdhsa_group_segment_fixed_size 512
  gpu.func @neighbour(%x: !tolk.ptr<f16, global>, %y: !tolk.ptr<f16, global>)
      kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %tile = tolk.define_local : !tolk.ptr<f16, local, 256>
    %i = tolk.special global_id x : si32
    %l = tolk.special local_id x : si32
    %px = tolk.index %x[%i] : !tolk.ptr<f16, global>, si32
    %xi = tolk.load %px : !tolk.ptr<f16, global> -> f16
    %pt = tolk.index %tile[%l] : !tolk.ptr<f16, local, 256>, si32
    tolk.store %pt, %xi : !tolk.ptr<f16, local, 256>, f16
    gpu.barrier
    %one = tolk.const 1 : si32
    %mask = tolk.const 255 : si32
    %next = tolk.add %l, %one : si32
    %wrapped = tolk.and %next, %mask : si32
    %pn = tolk.index %tile[%wrapped] : !tolk.ptr<f16, local, 256>, si32
    %xn = tolk.load %pn : !tolk.ptr<f16, local, 256> -> f16
    %sum = tolk.add %xi, %xn : f16
    %py = tolk.index %y[%i] : !tolk.ptr<f16, global>, si32
    tolk.store %py, %sum : !tolk.ptr<f16, global>, f16
    gpu.return
  }

  // f32 -> fp8 (e4m3) and back, in software: gfx942 converts only the fnuz
  // fp8 types natively, so the bytes are computed with integer operations.
  // CHECK-LABEL: {{^}}fp8_round_trip:
  // CHECK-NOT: v_cvt_pk_fp8
  // CHECK: global_store_byte
  // CHECK: global_store_dword
  // CHECK: .amdhsa_kernel fp8_round_trip
  gpu.func @fp8_round_trip(%x: !tolk.ptr<f32, global>,
                           %y: !tolk.ptr<f8E4M3FN, global>,
                           %z: !tolk.ptr<f32, global>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %i = tolk.special global_id x : si32
    %px = tolk.index %x[%i] : !tolk.ptr<f32, global>, si32
    %v = tolk.load %px : !tolk.ptr<f32, global> -> f32
    %e = tolk.cast %v : f32 to f8E4M3FN
    %py = tolk.index %y[%i] : !tolk.ptr<f8E4M3FN, global>, si32
    tolk.store %py, %e : !tolk.ptr<f8E4M3FN, global>, f8E4M3FN
    %back = tolk.cast %e : f8E4M3FN to f32
    %pz = tolk.index %z[%i] : !tolk.ptr<f32, global>, si32
    tolk.store %pz, %back : !tolk.ptr<f32, global>, f32
    gpu.return
  }
}
