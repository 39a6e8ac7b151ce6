// RUN: tolk-opt %s -split-input-file -verify-diagnostics

// Every error of tolk.image_load, tolk.image_store, the image pointer type
// and tolk.readonly (docs/Semantics.md#images).

func.func @load_buffer(%p: !tolk.ptr<f32, global>, %xy: vector<2xsi32>) {
  // expected-error @+1 {{'tolk.image_load' op operand #0 must be an image pointer (imageh or imagef), but got '!tolk.ptr<f32, global>'}}
  %t = tolk.image_load %p[%xy] : !tolk.ptr<f32, global> -> vector<4xf32>
  return
}

// -----

func.func @store_buffer(%p: !tolk.ptr<f32, global>, %xy: vector<2xsi32>, %t: vector<4xf32>) {
  // expected-error @+1 {{'tolk.image_store' op operand #0 must be an image pointer (imageh or imagef), but got '!tolk.ptr<f32, global>'}}
  tolk.image_store %p[%xy], %t : !tolk.ptr<f32, global>, vector<4xf32>
  return
}

// -----

// The coordinate is x then y, two si32 (written only in the generic form).
func.func @coordinate_signless(%p: !tolk.ptr<f32, global, imagef<4x8x4>>, %xy: vector<2xi32>) {
  // expected-error @+1 {{'tolk.image_load' op operand #1 must be vector<2xsi32>, but got 'vector<2xi32>'}}
  %t = "tolk.image_load"(%p, %xy) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (!tolk.ptr<f32, global, imagef<4x8x4>>, vector<2xi32>) -> vector<4xf32>
  return
}

// -----

func.func @coordinate_3d(%p: !tolk.ptr<f32, global, imagef<4x8x4>>, %xyz: vector<3xsi32>, %t: vector<4xf32>) {
  // expected-error @+1 {{'tolk.image_store' op operand #1 must be vector<2xsi32>, but got 'vector<3xsi32>'}}
  "tolk.image_store"(%p, %xyz, %t) : (!tolk.ptr<f32, global, imagef<4x8x4>>, vector<3xsi32>, vector<4xf32>) -> ()
  return
}

// -----

// An accessed image has the shape h x w x 4.
func.func @shape_2d(%p: !tolk.ptr<f16, global, imageh<16x16>>, %xy: vector<2xsi32>) {
  // expected-error @+1 {{'tolk.image_load' op needs an image of shape HxWx4 (four lanes a texel), but got '!tolk.ptr<f16, global, imageh<16x16>>'}}
  %t = tolk.image_load %p[%xy] : !tolk.ptr<f16, global, imageh<16x16>> -> vector<4xf32>
  return
}

// -----

func.func @shape_lanes(%p: !tolk.ptr<f32, global, imagef<4x8x2>>, %xy: vector<2xsi32>, %t: vector<4xf32>) {
  // expected-error @+1 {{'tolk.image_store' op needs an image of shape HxWx4 (four lanes a texel), but got '!tolk.ptr<f32, global, imagef<4x8x2>>'}}
  tolk.image_store %p[%xy], %t : !tolk.ptr<f32, global, imagef<4x8x2>>, vector<4xf32>
  return
}

// -----

// A texel is four lanes.
func.func @lanes(%p: !tolk.ptr<f32, global, imagef<4x8x4>>, %xy: vector<2xsi32>) {
  // expected-error @+1 {{custom op 'tolk.image_load' 'result' must be vector<4xf32> or vector<4xf16>, but got 'vector<2xf32>'}}
  %t = tolk.image_load %p[%xy] : !tolk.ptr<f32, global, imagef<4x8x4>> -> vector<2xf32>
  return
}

// -----

func.func @scalar(%p: !tolk.ptr<f32, global, imageh<4x8x4>>, %xy: vector<2xsi32>, %x: f32) {
  // expected-error @+1 {{'tolk.image_store' op operand #2 must be vector<4xf32> or vector<4xf16>, but got 'f32'}}
  tolk.image_store %p[%xy], %x : !tolk.ptr<f32, global, imageh<4x8x4>>, f32
  return
}

// -----

// Only a half image reads and writes f16 lanes.
func.func @kind(%p: !tolk.ptr<f32, global, imagef<4x8x4>>, %xy: vector<2xsi32>) {
  // expected-error @+1 {{'tolk.image_load' op result type 'vector<4xf16>' is no texel of '!tolk.ptr<f32, global, imagef<4x8x4>>': expected 'vector<4xf32>' (only an imageh texel reads as f16)}}
  %t = tolk.image_load %p[%xy] : !tolk.ptr<f32, global, imagef<4x8x4>> -> vector<4xf16>
  return
}

// -----

func.func @kind_store(%p: !tolk.ptr<f32, global, imagef<4x8x4>>, %xy: vector<2xsi32>, %t: vector<4xf16>) {
  // expected-error @+1 {{'tolk.image_store' op value type 'vector<4xf16>' is no texel of '!tolk.ptr<f32, global, imagef<4x8x4>>': expected 'vector<4xf32>' (only an imageh texel reads as f16)}}
  tolk.image_store %p[%xy], %t : !tolk.ptr<f32, global, imagef<4x8x4>>, vector<4xf16>
  return
}

// -----

func.func @integer_lanes(%p: !tolk.ptr<f32, global, imageh<4x8x4>>, %xy: vector<2xsi32>) {
  // expected-error @+1 {{custom op 'tolk.image_load' 'result' must be vector<4xf32> or vector<4xf16>, but got 'vector<4xsi32>'}}
  %t = tolk.image_load %p[%xy] : !tolk.ptr<f32, global, imageh<4x8x4>> -> vector<4xsi32>
  return
}

// -----

// Gates as tolk.load's (the generic form can leave out either half).
func.func @gate_alone(%p: !tolk.ptr<f32, global, imagef<4x8x4>>, %xy: vector<2xsi32>, %g: i1) {
  // expected-error @+1 {{'tolk.image_load' op a gated load needs an alternative value of type 'vector<4xf32>'}}
  %t = "tolk.image_load"(%p, %xy, %g) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (!tolk.ptr<f32, global, imagef<4x8x4>>, vector<2xsi32>, i1) -> vector<4xf32>
  return
}

// -----

func.func @alternative_alone(%p: !tolk.ptr<f32, global, imagef<4x8x4>>, %xy: vector<2xsi32>, %a: vector<4xf32>) {
  // expected-error @+1 {{'tolk.image_load' op an alternative value needs a gate}}
  %t = "tolk.image_load"(%p, %xy, %a) <{operandSegmentSizes = array<i32: 1, 1, 0, 1>}> : (!tolk.ptr<f32, global, imagef<4x8x4>>, vector<2xsi32>, vector<4xf32>) -> vector<4xf32>
  return
}

// -----

func.func @alternative_type(%p: !tolk.ptr<f32, global, imageh<4x8x4>>, %xy: vector<2xsi32>, %g: i1, %a: vector<4xf16>) {
  // expected-error @+1 {{'tolk.image_load' op failed to verify that the alternative has the load's type}}
  %t = "tolk.image_load"(%p, %xy, %g, %a) <{operandSegmentSizes = array<i32: 1, 1, 1, 1>}> : (!tolk.ptr<f32, global, imageh<4x8x4>>, vector<2xsi32>, i1, vector<4xf16>) -> vector<4xf32>
  return
}

// -----

func.func @gate_type(%p: !tolk.ptr<f32, global, imagef<4x8x4>>, %xy: vector<2xsi32>, %g: si32, %t: vector<4xf32>) {
  // expected-error @+1 {{'tolk.image_store' op operand #3 must be 1-bit signless integer, but got 'si32'}}
  "tolk.image_store"(%p, %xy, %t, %g) : (!tolk.ptr<f32, global, imagef<4x8x4>>, vector<2xsi32>, vector<4xf32>, si32) -> ()
  return
}

// -----

// A read-only image is never written.
gpu.module @m {
  gpu.func @read_only(%p: !tolk.ptr<f32, global, imagef<4x8x4>> {tolk.readonly}, %xy: vector<2xsi32>, %t: vector<4xf32>) kernel {
    // expected-error @+1 {{'tolk.image_store' op cannot write parameter #0, an image marked 'tolk.readonly'}}
    tolk.image_store %p[%xy], %t : !tolk.ptr<f32, global, imagef<4x8x4>>, vector<4xf32>
    gpu.return
  }
}

// -----

// expected-error @+1 {{'tolk.readonly' belongs on an image pointer, such as !tolk.ptr<f32, global, imagef<4x8x4>>, not '!tolk.ptr<f32, global>'}}
func.func @read_only_buffer(%p: !tolk.ptr<f32, global> {tolk.readonly}) {
  return
}

// -----

// expected-error @+1 {{'tolk.readonly' is a unit attribute, not true}}
func.func @read_only_value(%p: !tolk.ptr<f32, global, imagef<4x8x4>> {tolk.readonly = true}) {
  return
}

// -----

// expected-error @+1 {{unknown argument attribute 'tolk.read_only': expected 'tolk.bounds', 'tolk.readonly' or 'tolk.image'}}
func.func @misspelt(%p: !tolk.ptr<f32, global, imagef<4x8x4>> {tolk.read_only}) {
  return
}

// -----

// An image is a launch's resource: only in the global address space.
// expected-error @+1 {{an image pointer is in the global address space, not local}}
func.func @local_image(%p: !tolk.ptr<f32, local, imagef<4x8x4>>) {
  return
}

// -----

// Buffer ops name the image ops.
func.func @load_image(%p: !tolk.ptr<f32, global, imagef<4x8x4>>) {
  // expected-error @+1 {{'tolk.load' op does not take image pointers, but got '!tolk.ptr<f32, global, imagef<4x8x4>>': images are read and written by tolk.image_load and tolk.image_store}}
  %x = tolk.load %p : !tolk.ptr<f32, global, imagef<4x8x4>> -> f32
  return
}

// -----

func.func @index_image(%p: !tolk.ptr<f32, global, imageh<2x2x4>>, %i: si32) {
  // expected-error @+1 {{'tolk.index' op does not take image pointers, but got '!tolk.ptr<f32, global, imageh<2x2x4>>': a texel's coordinate is an operand of tolk.image_load and tolk.image_store}}
  %q = tolk.index %p[%i] : !tolk.ptr<f32, global, imageh<2x2x4>>, si32
  return
}

// -----

// tolk.image marks the texels of an image, a static HxWx4 tensor of f32
// (an imagef) or f16 (an imageh), on an argument of a tensor-level
// function (docs/Kernels.md#kernelization).
// expected-error @+1 {{'tolk.image' belongs on the texels of an image, a tensor<HxWx4xf32> (imagef) or tensor<HxWx4xf16> (imageh), not 'tensor<2x4x3xf32>'}}
func.func @image_lanes(%t: tensor<2x4x3xf32> {tolk.image}) {
  return
}

// -----

// expected-error @+1 {{'tolk.image' belongs on the texels of an image, a tensor<HxWx4xf32> (imagef) or tensor<HxWx4xf16> (imageh), not 'tensor<2x4x4xbf16>'}}
func.func @image_bf16(%t: tensor<2x4x4xbf16> {tolk.image}) {
  return
}

// -----

// expected-error @+1 {{'tolk.image' belongs on the texels of an image, a tensor<HxWx4xf32> (imagef) or tensor<HxWx4xf16> (imageh), not 'tensor<?x4x4xf32>'}}
func.func @image_dynamic(%t: tensor<?x4x4xf32> {tolk.image}) {
  return
}

// -----

// expected-error @+1 {{'tolk.image' belongs on the texels of an image, a tensor<HxWx4xf32> (imagef) or tensor<HxWx4xf16> (imageh), not 'tensor<8x4xf32>'}}
func.func private @image_rank2(tensor<8x4xf32> {tolk.image})

// -----

// expected-error @+1 {{'tolk.image' belongs on the texels of an image, a tensor<HxWx4xf32> (imagef) or tensor<HxWx4xf16> (imageh), not 'f32'}}
func.func @image_scalar(%s: f32 {tolk.image}) {
  return
}

// -----

// expected-error @+1 {{'tolk.image' must be a unit attribute, not 1 : i64}}
func.func @image_value(%t: tensor<2x4x4xf32> {tolk.image = 1}) {
  return
}

// -----

// A kernel's image is an image pointer already.
gpu.module @m {
  // expected-error @+1 {{'tolk.image' belongs on a tensor argument of a func.func, not on an argument of 'gpu.func'}}
  gpu.func @k(%p: !tolk.ptr<f32, global, imagef<4x8x4>> {tolk.image}) kernel {
    gpu.return
  }
}

// -----

// expected-error @+1 {{'tolk.image' is an argument attribute, of a tensor argument of a func.func}}
func.func @image_on_op() attributes {tolk.image} {
  return
}
