// REQUIRES: ptxas
// 8-bit float conversions on NVIDIA: sm_90 converts f8E4M3FN and f8E5M2 with
// cvt.rn.satfinite.{e4m3x2,e5m2x2}.f32 (two lanes an instruction) and
// cvt.rn.f16x2.{e4m3x2,e5m2x2}, fixed up to docs/Semantics.md#8-bit-floats (an
// infinity or a NaN chosen by selects); sm_80, which has neither, and the fnuz
// formats everywhere get the integer expansion. ptxas accepts both.
// RUN: tolk-opt %s --tolk-to-nvvm="chip=sm_90 features=+ptx80" \
// RUN:   | tolk-translate --gpu-binary-to-isa -o %t.sm90.ptx
// RUN: FileCheck %s --check-prefix=SM90 < %t.sm90.ptx
// RUN: %ptxas -arch=sm_90 %t.sm90.ptx -o %t.sm90.cubin
// RUN: tolk-opt %s --tolk-to-nvvm="chip=sm_80 features=+ptx80" \
// RUN:   | tolk-translate --gpu-binary-to-isa -o %t.sm80.ptx
// RUN: FileCheck %s --check-prefix=SM80 < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o %t.sm80.cubin

gpu.module @kernels {
  // Four f32 lanes to f8E4M3FN: two instructions; an infinity or a NaN is
  // 0x7F (a NaN made ahead of the cvt by an fma, and the sign of its code
  // cleared after it on the four bytes at once). Back to f32 through f16x2.
  // SM90-LABEL: .visible .entry e4m3_v4(
  // SM90: ld.global.b32
  // SM90-COUNT-4: fma.rn.f32 {{%r[0-9]+}}, [[X:%r[0-9]+]], 0f00000000, [[X]];
  // SM90-COUNT-2: cvt.rn.satfinite.e4m3x2.f32
  // SM90-NOT: selp
  // SM90: and.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 2139062143;
  // SM90-NOT: selp
  // SM90: st.global.b8
  // SM90-COUNT-2: cvt.rn.f16x2.e4m3x2
  // SM90: selp.f32 {{.*}}, 0f7FC00000,
  // SM90: st.global.b32
  // SM80-LABEL: .visible .entry e4m3_v4(
  // SM80-NOT: cvt.rn.satfinite
  // SM80-NOT: e4m3x2
  // SM80: ret;
  gpu.func @e4m3_v4(%x: !tolk.ptr<f32, global, 4, v = 4>,
                    %y: !tolk.ptr<f8E4M3FN, global, 4, v = 4>,
                    %z: !tolk.ptr<f32, global, 4, v = 4>) kernel {
    %zero = tolk.const 0 : si32
    %v = tolk.load %x : !tolk.ptr<f32, global, 4, v = 4> -> vector<4xf32>
    %e = tolk.cast %v : vector<4xf32> to vector<4xf8E4M3FN>
    tolk.store %y, %e : !tolk.ptr<f8E4M3FN, global, 4, v = 4>, vector<4xf8E4M3FN>
    %back = tolk.cast %e : vector<4xf8E4M3FN> to vector<4xf32>
    tolk.store %z, %back : !tolk.ptr<f32, global, 4, v = 4>, vector<4xf32>
    gpu.return
  }

  // f16 to f8E5M2: the f16 is widened to f32 (exact) and converted once,
  // never through an f16 rounding of its own. An infinity stays one (0x7C
  // with the sign), a NaN is 0x7F or 0xFF.
  // SM90-LABEL: .visible .entry e5m2_f16(
  // SM90: cvt.f32.f16 [[X:%r[0-9]+]], %rs
  // SM90-NEXT: cvt.rn.satfinite.e5m2x2.f32 %rs{{[0-9]+}}, [[X]], [[X]];
  // SM90: selp.b16 {{.*}}, 127, 124,
  // SM90: selp.b16 {{.*}}, -1, 127,
  // SM90: st.global.b8
  // SM90: ret;
  // SM80-LABEL: .visible .entry e5m2_f16(
  // SM80-NOT: e5m2x2
  // SM80: ret;
  gpu.func @e5m2_f16(%x: !tolk.ptr<f16, global>,
                     %y: !tolk.ptr<f8E5M2, global>) kernel {
    %i = tolk.special global_id x : si32
    %px = tolk.index %x[%i] : !tolk.ptr<f16, global>, si32
    %v = tolk.load %px : !tolk.ptr<f16, global> -> f16
    %e = tolk.cast %v : f16 to f8E5M2
    %py = tolk.index %y[%i] : !tolk.ptr<f8E5M2, global>, si32
    tolk.store %py, %e : !tolk.ptr<f8E5M2, global>, f8E5M2
    gpu.return
  }

  // The fnuz formats have no NVIDIA instruction: software on sm_90 too.
  // SM90-LABEL: .visible .entry e4m3fnuz(
  // SM90-NOT: cvt.rn.satfinite
  // SM90: ret;
  gpu.func @e4m3fnuz(%x: !tolk.ptr<f32, global>,
                     %y: !tolk.ptr<f8E4M3FNUZ, global>) kernel {
    %i = tolk.special global_id x : si32
    %px = tolk.index %x[%i] : !tolk.ptr<f32, global>, si32
    %v = tolk.load %px : !tolk.ptr<f32, global> -> f32
    %e = tolk.cast %v : f32 to f8E4M3FNUZ
    %py = tolk.index %y[%i] : !tolk.ptr<f8E4M3FNUZ, global>, si32
    tolk.store %py, %e : !tolk.ptr<f8E4M3FNUZ, global>, f8E4M3FNUZ
    gpu.return
  }
}
