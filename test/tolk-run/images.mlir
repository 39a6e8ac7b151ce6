// Images on the host (docs/Semantics.md#images): an image parameter binds
// to a .npy of shape (h, w, 4) of its storage type, and every texel is
// checked bit for bit.
// RUN: rm -rf %t && mkdir -p %t

// f16 texels round-trip, read as f16 and as f32 (which widens exactly and
// rounds back to the same bits). No Inf or NaN: exponents up to 11110.
// RUN: %python %S/Inputs/npy.py write %t/h.npy '<f2' 3,5,4 'expr:((i * 0x0d37) & 0x7bff) | ((i & 1) << 15)'
// RUN: tolk-run --quiet %s --kernel images::copy_half %t/h.npy -o %t/h16.npy %t/h32.npy
// RUN: %python %S/Inputs/npy.py check %t/h16.npy 'in0[i]' %t/h.npy | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: %python %S/Inputs/npy.py check %t/h32.npy 'in0[i]' %t/h.npy | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: %python %S/Inputs/npy.py print %t/h16.npy | FileCheck %s --check-prefix=SHAPE
// ROUNDTRIP: ok 60
// SHAPE: descr <f2 shape [3, 5, 4]
gpu.module @images {
  gpu.func @copy_half(%in: !tolk.ptr<f32, global, imageh<3x5x4>> {tolk.readonly},
                      %o16: !tolk.ptr<f32, global, imageh<3x5x4>>,
                      %o32: !tolk.ptr<f32, global, imageh<3x5x4>>) kernel
      attributes {known_block_size = array<i32: 5, 3, 1>, known_grid_size = array<i32: 1, 1, 1>} {
    %x = tolk.special local_id x : si32
    %y = tolk.special local_id y : si32
    %xy = vector.from_elements %x, %y : vector<2xsi32>
    %h = tolk.image_load %in[%xy] : !tolk.ptr<f32, global, imageh<3x5x4>> -> vector<4xf16>
    tolk.image_store %o16[%xy], %h : !tolk.ptr<f32, global, imageh<3x5x4>>, vector<4xf16>
    %f = tolk.image_load %in[%xy] : !tolk.ptr<f32, global, imageh<3x5x4>> -> vector<4xf32>
    tolk.image_store %o32[%xy], %f : !tolk.ptr<f32, global, imageh<3x5x4>>, vector<4xf32>
    gpu.return
  }

  // A launch one texel wider on each side than the image (7 x 5 threads
  // for 5 x 3 texels): a read outside is zeros, a gated-off read its
  // alternative (9.0, threads with x >= 5), and a store outside writes
  // nothing, in particular not the texel that (y * w + x) names in the
  // buffer: thread (-1, 1) would otherwise overwrite texel (4, 0). Each
  // thread stores (x, y, 100, 0).
  // RUN: %python %S/Inputs/npy.py write %t/f.npy '<f4' 3,5,4 'expr:i * 0.5 - 7'
  // RUN: tolk-run --quiet %s --kernel images::outside %t/f.npy -o %t/seen.npy %t/out.npy
  // RUN: %python %S/Inputs/npy.py check %t/seen.npy '9.0 if (i // 4) % 7 - 1 >= 5 else (in0[(((i // 4) // 7 - 1) * 5 + (i // 4) % 7 - 1) * 4 + i % 4] if 0 <= (i // 4) % 7 - 1 < 5 and 0 <= (i // 4) // 7 - 1 < 3 else 0.0)' %t/f.npy | FileCheck %s --check-prefix=SEEN
  // RUN: %python %S/Inputs/npy.py check %t/out.npy '[(i // 4) % 5, (i // 4) // 5, 100, 0][i % 4]' | FileCheck %s --check-prefix=OUT
  // SEEN: ok 140
  // OUT: ok 60
  gpu.func @outside(%in: !tolk.ptr<f32, global, imagef<3x5x4>> {tolk.readonly},
                    %seen: !tolk.ptr<f32, global, 140, v = 4>,
                    %out: !tolk.ptr<f32, global, imagef<3x5x4>>) kernel
      attributes {known_block_size = array<i32: 7, 5, 1>, known_grid_size = array<i32: 1, 1, 1>} {
    %tx = tolk.special local_id x : si32
    %ty = tolk.special local_id y : si32
    %one = tolk.const 1 : si32
    %x = tolk.sub %tx, %one : si32
    %y = tolk.sub %ty, %one : si32
    %xy = vector.from_elements %x, %y : vector<2xsi32>
    %six = tolk.const 6 : si32
    %g = tolk.cmplt %tx, %six : (si32, si32) -> i1
    %nine = tolk.const 9.0 : vector<4xf32>
    %t = tolk.image_load %in[%xy] if %g else %nine : !tolk.ptr<f32, global, imagef<3x5x4>> -> vector<4xf32>
    %seven = tolk.const 7 : si32
    %row = tolk.mul %ty, %seven : si32
    %k = tolk.add %row, %tx : si32
    %four = tolk.const 4 : si32
    %o = tolk.mul %k, %four : si32
    %p = tolk.index %seen[%o] : !tolk.ptr<f32, global, 140, v = 4>, si32
    tolk.store %p, %t : !tolk.ptr<f32, global, 140, v = 4>, vector<4xf32>
    %xf = tolk.cast %x : si32 to f32
    %yf = tolk.cast %y : si32 to f32
    %hundred = tolk.const 100.0 : f32
    %zero = tolk.const 0.0 : f32
    %v = vector.from_elements %xf, %yf, %hundred, %zero : vector<4xf32>
    tolk.image_store %out[%xy], %v : !tolk.ptr<f32, global, imagef<3x5x4>>, vector<4xf32>
    gpu.return
  }

  // Read two imagef, add in f32, write an imageh: the f32 sum is rounded
  // once, to nearest even, by the store. The values cross many f16
  // rounding boundaries, ties included.
  // RUN: %python %S/Inputs/npy.py write %t/a.npy '<f4' 2,4,4 'expr:1.0 + i * 2.0 ** -12'
  // RUN: %python %S/Inputs/npy.py write %t/b.npy '<f4' 2,4,4 'expr:(i % 7) * 2.0 ** -13 - 2.0 ** -24 * (i % 3)'
  // RUN: tolk-run --quiet %s --kernel images::add_round %t/a.npy %t/b.npy -o %t/sum.npy
  // RUN: %python %S/Inputs/npy.py check %t/sum.npy 'f16(f32(in0[i] + in1[i]))' %t/a.npy %t/b.npy | FileCheck %s --check-prefix=ROUND
  // ROUND: ok 32
  gpu.func @add_round(%a: !tolk.ptr<f32, global, imagef<2x4x4>> {tolk.readonly},
                      %b: !tolk.ptr<f32, global, imagef<2x4x4>> {tolk.readonly},
                      %s: !tolk.ptr<f32, global, imageh<2x4x4>>) kernel
      attributes {known_block_size = array<i32: 4, 2, 1>, known_grid_size = array<i32: 1, 1, 1>} {
    %x = tolk.special local_id x : si32
    %y = tolk.special local_id y : si32
    %xy = vector.from_elements %x, %y : vector<2xsi32>
    %ta = tolk.image_load %a[%xy] : !tolk.ptr<f32, global, imagef<2x4x4>> -> vector<4xf32>
    %tb = tolk.image_load %b[%xy] : !tolk.ptr<f32, global, imagef<2x4x4>> -> vector<4xf32>
    %sum = tolk.add %ta, %tb : vector<4xf32>
    tolk.image_store %s[%xy], %sum : !tolk.ptr<f32, global, imageh<2x4x4>>, vector<4xf32>
    gpu.return
  }
}

// An image .npy must have the image's shape.
// RUN: %python %S/Inputs/npy.py write %t/flat.npy '<f2' 60 'expr:0'
// RUN: not tolk-run --quiet %s --kernel images::copy_half %t/flat.npy -o %t/x.npy %t/y.npy 2>&1 | FileCheck %s --check-prefix=BADSHAPE
// BADSHAPE: input '{{.*}}flat.npy' has the shape (60,), but parameter #0 of kernel 'copy_half' is the image !tolk.ptr<f32, global, imageh<3x5x4>> of shape (3, 5, 4)
// RUN: not tolk-run --quiet %s --kernel images::copy_half %t/f.npy -o %t/x.npy %t/y.npy 2>&1 | FileCheck %s --check-prefix=BADDTYPE
// BADDTYPE: input '{{.*}}f.npy' holds '<f4', but parameter #0 of kernel 'copy_half' is a buffer of f16, stored as '<f2'
