// REQUIRES: ptxas
// The whole NVVM path: Tolk kernels to PTX that ptxas accepts for sm_90.
// RUN: tolk-opt %s --tolk-to-nvvm="chip=sm_90 features=+ptx80" \
// RUN:   | tolk-translate --gpu-binary-to-isa -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin

// CHECK: .version 8.0
// CHECK: .target sm_90
gpu.module @kernels {
  // c[i] = a[i] + b[i] in f32; pointers are buffers plus offsets, so each
  // is a memref descriptor in the ABI: (allocated, aligned, offset, size,
  // stride).
  // CHECK-LABEL: .visible .entry add_f32(
  // CHECK: .param .u64 .ptr .global .align 1 add_f32_param_0,
  // CHECK: .param .u64 add_f32_param_14
  // CHECK-NEXT: )
  // CHECK: mov.u32 {{.*}}%ctaid.x
  // CHECK: ld.global.b32
  // CHECK: ld.global.b32
  // CHECK: add.rn.f32
  // CHECK: st.global.b32
  gpu.func @add_f32(%a: !tolk.ptr<f32, global>, %b: !tolk.ptr<f32, global>,
                    %c: !tolk.ptr<f32, global>) kernel {
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

  // si8 + f16: canonicalization casts the si8 to f16 (operand promotion),
  // which PTX does through a signed integer conversion.
  // CHECK-LABEL: .visible .entry add_si8_f16(
  // CHECK: ld.global.s8
  // CHECK: cvt.rn.f16.s16
  // CHECK: add.rn.f16
  // CHECK: st.global.b16
  gpu.func @add_si8_f16(%a: !tolk.ptr<si8, global>,
                        %b: !tolk.ptr<f16, global>,
                        %c: !tolk.ptr<f16, global>) kernel {
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
  // CHECK-LABEL: .visible .entry gated(
  // CHECK: .param .u32 gated_param_10
  // CHECK-NEXT: )
  // CHECK: ld.param.b32 {{.*}}[gated_param_10]
  // CHECK: setp.{{[a-z]+}}.s32 %[[P:p[0-9]+]]
  // CHECK: @%[[P]] bra
  // CHECK: ld.global.b32
  // CHECK: st.global.b32
  gpu.func @gated(%a: !tolk.ptr<f32, global>, %c: !tolk.ptr<f32, global>,
                  %np: !tolk.ptr<si32, alu> {tolk.bounds = array<i64: 0, 65536>})
      kernel {
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
  // CHECK-LABEL: .visible .entry neighbour(
  // CHECK: .shared .align {{[0-9]+}} .b8 __wg_neighbour_0[512];
  // CHECK: st.shared.b16
  // CHECK: bar.sync 0;
  // CHECK: ld.shared.b16
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

  // f32 -> fp8 (e4m3) and back: sm_90 converts natively, with selects that
  // fix up infinities and NaNs (fp8-nvvm.mlir: the details, and sm_80's
  // software path).
  // CHECK-LABEL: .visible .entry fp8_round_trip(
  // CHECK: cvt.rn.satfinite.e4m3x2.f32
  // CHECK: st.global.b8
  // CHECK: cvt.rn.f16x2.e4m3x2
  // CHECK: st.global.b32
  gpu.func @fp8_round_trip(%x: !tolk.ptr<f32, global>,
                           %y: !tolk.ptr<f8E4M3FN, global>,
                           %z: !tolk.ptr<f32, global>) kernel {
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
