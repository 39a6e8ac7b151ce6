// Images (docs/Semantics.md#images): each thread adds the texel to its
// right (zero past the last column, by the bounds rule) to its own, and
// writes the sum, rounded once to f16, to a half image. On the host the
// images are row-major buffers of texels; on Vulkan, storage images.
//
//   python3 -c 'import numpy; numpy.save("in.npy", numpy.arange(32, dtype="<f4").reshape(2, 4, 4) / 3)'
//   tolk-run examples/images/add_right.mlir --kernel add_right in.npy -o out.npy
//   tolk-run examples/images/add_right.mlir --kernel add_right --backend vulkan in.npy -o out.npy
//
// (In a folder of its own: the main job compiles every examples/*.mlir for
// NVVM and ROCDL too, which have no image lowering yet.)
gpu.module @images {
  gpu.func @add_right(%in: !tolk.ptr<f32, global, imagef<2x4x4>> {tolk.readonly},
                      %out: !tolk.ptr<f32, global, imageh<2x4x4>>) kernel
      attributes {known_block_size = array<i32: 4, 2, 1>, known_grid_size = array<i32: 1, 1, 1>} {
    %x = tolk.special local_id x : si32
    %y = tolk.special local_id y : si32
    %one = tolk.const 1 : si32
    %x1 = tolk.add %x, %one : si32
    %here = vector.from_elements %x, %y : vector<2xsi32>
    %right = vector.from_elements %x1, %y : vector<2xsi32>
    %a = tolk.image_load %in[%here] : !tolk.ptr<f32, global, imagef<2x4x4>> -> vector<4xf32>
    %b = tolk.image_load %in[%right] : !tolk.ptr<f32, global, imagef<2x4x4>> -> vector<4xf32>
    %s = tolk.add %a, %b : vector<4xf32>
    tolk.image_store %out[%here], %s : !tolk.ptr<f32, global, imageh<2x4x4>>, vector<4xf32>
    gpu.return
  }
}
