// 8-bit float conversions on AMD: gfx942 converts the fnuz formats with
// v_cvt_pk_fp8_f32 / v_cvt_pk_bf8_f32 and v_cvt_f32_fp8 / v_cvt_f32_bf8, after
// a clamp to the largest finite value (the instruction gives the NaN for a
// finite overflow, Tolk saturates: docs/Semantics.md#8-bit-floats) and with the
// special values fixed up; gfx950 converts the OCP formats the same way; other
// chips and formats get the integer expansion. llvm-mc accepts each.
// RUN: tolk-opt %s --tolk-to-rocdl="chip=gfx942" \
// RUN:   | tolk-translate --gpu-binary-to-isa -o %t.gfx942.s
// RUN: FileCheck %s --check-prefix=GFX942 < %t.gfx942.s
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj %t.gfx942.s -o %t.gfx942.o
// RUN: tolk-opt %s --tolk-to-rocdl="chip=gfx950" \
// RUN:   | tolk-translate --gpu-binary-to-isa -o %t.gfx950.s
// RUN: FileCheck %s --check-prefix=GFX950 < %t.gfx950.s
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx950 -filetype=obj %t.gfx950.s -o %t.gfx950.o
// RUN: tolk-opt %s --tolk-to-rocdl="chip=gfx90a" \
// RUN:   | tolk-translate --gpu-binary-to-isa -o %t.gfx90a.s
// RUN: FileCheck %s --check-prefix=GFX90A < %t.gfx90a.s
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx90a -filetype=obj %t.gfx90a.s -o %t.gfx90a.o

// GFX90A-NOT: v_cvt_pk_{{[bf]+}}8_f32
// GFX90A-NOT: v_cvt_f32_{{[bf]+}}8
gpu.module @kernels {
  // GFX942-LABEL: {{^}}fnuz_round_trip:
  // GFX942-DAG: v_med3_f32
  // GFX942-DAG: v_cvt_pk_fp8_f32
  // GFX942-DAG: v_cvt_pk_bf8_f32
  // GFX942-DAG: v_cvt_f32_fp8
  // GFX942-DAG: global_store_byte
  // GFX942: global_store_dword
  // GFX942: .amdhsa_kernel fnuz_round_trip
  // GFX950-LABEL: {{^}}fnuz_round_trip:
  // GFX950-NOT: v_cvt_pk_{{[bf]+}}8_f32
  // GFX950-NOT: v_cvt_f32_{{[bf]+}}8
  // GFX950: .amdhsa_kernel fnuz_round_trip
  gpu.func @fnuz_round_trip(%x: !tolk.ptr<f32, global>,
                            %y: !tolk.ptr<f8E4M3FNUZ, global>,
                            %w: !tolk.ptr<f8E5M2FNUZ, global>,
                            %z: !tolk.ptr<f32, global>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %i = tolk.special global_id x : si32
    %px = tolk.index %x[%i] : !tolk.ptr<f32, global>, si32
    %v = tolk.load %px : !tolk.ptr<f32, global> -> f32
    %e = tolk.cast %v : f32 to f8E4M3FNUZ
    %py = tolk.index %y[%i] : !tolk.ptr<f8E4M3FNUZ, global>, si32
    tolk.store %py, %e : !tolk.ptr<f8E4M3FNUZ, global>, f8E4M3FNUZ
    %b = tolk.cast %v : f32 to f8E5M2FNUZ
    %pw = tolk.index %w[%i] : !tolk.ptr<f8E5M2FNUZ, global>, si32
    tolk.store %pw, %b : !tolk.ptr<f8E5M2FNUZ, global>, f8E5M2FNUZ
    %back = tolk.cast %e : f8E4M3FNUZ to f32
    %pz = tolk.index %z[%i] : !tolk.ptr<f32, global>, si32
    tolk.store %pz, %back : !tolk.ptr<f32, global>, f32
    gpu.return
  }

  // GFX942-LABEL: {{^}}ocp_round_trip:
  // GFX942-NOT: v_cvt_pk_{{[bf]+}}8_f32
  // GFX942-NOT: v_cvt_f32_{{[bf]+}}8
  // GFX942: .amdhsa_kernel ocp_round_trip
  // GFX950-LABEL: {{^}}ocp_round_trip:
  // GFX950-DAG: v_med3_f32
  // GFX950-DAG: v_cvt_pk_fp8_f32
  // GFX950-DAG: v_cvt_pk_bf8_f32
  // GFX950-DAG: v_cvt_f32_bf8
  // GFX950-DAG: global_store_byte
  // GFX950: global_store_dword
  // GFX950: .amdhsa_kernel ocp_round_trip
  gpu.func @ocp_round_trip(%x: !tolk.ptr<f32, global>,
                           %y: !tolk.ptr<f8E4M3FN, global>,
                           %w: !tolk.ptr<f8E5M2, global>,
                           %z: !tolk.ptr<f32, global>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %i = tolk.special global_id x : si32
    %px = tolk.index %x[%i] : !tolk.ptr<f32, global>, si32
    %v = tolk.load %px : !tolk.ptr<f32, global> -> f32
    %e = tolk.cast %v : f32 to f8E4M3FN
    %py = tolk.index %y[%i] : !tolk.ptr<f8E4M3FN, global>, si32
    tolk.store %py, %e : !tolk.ptr<f8E4M3FN, global>, f8E4M3FN
    %b = tolk.cast %v : f32 to f8E5M2
    %pw = tolk.index %w[%i] : !tolk.ptr<f8E5M2, global>, si32
    tolk.store %pw, %b : !tolk.ptr<f8E5M2, global>, f8E5M2
    %back = tolk.cast %b : f8E5M2 to f32
    %pz = tolk.index %z[%i] : !tolk.ptr<f32, global>, si32
    tolk.store %pz, %back : !tolk.ptr<f32, global>, f32
    gpu.return
  }
}
