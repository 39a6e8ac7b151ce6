// The cuda backend's images (docs/Runtime.md, "CUDA images") against the
// CUDA driver stand-in (test/Unit/Runtime/FakeCudaDriver.cpp): each image
// parameter is a 2-D CUDA array of its format (HALF or FLOAT, 4 channels,
// made for surface loads and stores), filled from the (h, w, 4) .npy with
// cuMemcpy2D, passed as its surface object (the PTX's .u64) and read back
// the same way. The stand-in computes copy_image by name: the output array
// becomes the input's, so the texels' bytes round-trip through both arrays
// and the parameters' order.
// REQUIRES: fake-cuda-driver
// RUN: rm -rf %t && mkdir -p %t

// RUN: %python %S/Inputs/npy.py write %t/f.npy '<f4' 3,5,4 'expr:i * 0.5 - 7'
// RUN: tolk-run %s --kernel floats::copy_image --backend cuda --cuda-driver-library=%tolk_fake_cuda_driver %t/f.npy -o %t/g.npy 2>&1 | FileCheck %s --check-prefix=RAN
// RUN: cmp %t/f.npy %t/g.npy
// RUN: %python %S/Inputs/npy.py print %t/g.npy | FileCheck %s --check-prefix=FLOATS
// RAN: tolk-run: ran floats::copy_image on cuda (fake, sm_90, unchecked), grid 1x1x1, block 5x3x1: wrote {{.*}}g.npy (3, 5, 4) f32; kernel 0.250 ms
// FLOATS: descr <f4 shape [3, 5, 4]

// RUN: %python %S/Inputs/npy.py write %t/h.npy '<f2' 2,3,4 'expr:((i * 0x0d37) & 0x7bff) | ((i & 1) << 15)'
// RUN: tolk-run --quiet %s --kernel halves::copy_image --backend cuda --cuda-driver-library=%tolk_fake_cuda_driver %t/h.npy -o %t/k.npy
// RUN: cmp %t/h.npy %t/k.npy
// RUN: %python %S/Inputs/npy.py print %t/k.npy | FileCheck %s --check-prefix=HALVES
// HALVES: descr <f2 shape [2, 3, 4]

// An image the kernel reads and writes starts every run of --repeat from
// the same texels, as a buffer does: tolk-run writes it again before each.
// RUN: tolk-run %s --kernel halves::in_place --backend cuda --cuda-driver-library=%tolk_fake_cuda_driver --repeat 2 %t/h.npy -o %t/m.npy 2>&1 | FileCheck %s --check-prefix=REPEAT
// REPEAT: tolk-run: ran halves::in_place on cuda
// RUN: ls %t/m.npy

gpu.module @floats {
  gpu.func @copy_image(%in: !tolk.ptr<f32, global, imagef<3x5x4>> {tolk.readonly},
                       %out: !tolk.ptr<f32, global, imagef<3x5x4>>) kernel
      attributes {known_block_size = array<i32: 5, 3, 1>, known_grid_size = array<i32: 1, 1, 1>} {
    %x = tolk.special local_id x : si32
    %y = tolk.special local_id y : si32
    %xy = vector.from_elements %x, %y : vector<2xsi32>
    %t = tolk.image_load %in[%xy] : !tolk.ptr<f32, global, imagef<3x5x4>> -> vector<4xf32>
    tolk.image_store %out[%xy], %t : !tolk.ptr<f32, global, imagef<3x5x4>>, vector<4xf32>
    gpu.return
  }
}

gpu.module @halves {
  gpu.func @copy_image(%in: !tolk.ptr<f32, global, imageh<2x3x4>> {tolk.readonly},
                       %out: !tolk.ptr<f32, global, imageh<2x3x4>>) kernel
      attributes {known_block_size = array<i32: 3, 2, 1>, known_grid_size = array<i32: 1, 1, 1>} {
    %x = tolk.special local_id x : si32
    %y = tolk.special local_id y : si32
    %xy = vector.from_elements %x, %y : vector<2xsi32>
    %t = tolk.image_load %in[%xy] : !tolk.ptr<f32, global, imageh<2x3x4>> -> vector<4xf16>
    tolk.image_store %out[%xy], %t : !tolk.ptr<f32, global, imageh<2x3x4>>, vector<4xf16>
    gpu.return
  }

  gpu.func @in_place(%img: !tolk.ptr<f32, global, imageh<2x3x4>>) kernel
      attributes {known_block_size = array<i32: 3, 2, 1>, known_grid_size = array<i32: 1, 1, 1>} {
    %x = tolk.special local_id x : si32
    %y = tolk.special local_id y : si32
    %xy = vector.from_elements %x, %y : vector<2xsi32>
    %t = tolk.image_load %img[%xy] : !tolk.ptr<f32, global, imageh<2x3x4>> -> vector<4xf32>
    %u = tolk.add %t, %t : vector<4xf32>
    tolk.image_store %img[%xy], %u : !tolk.ptr<f32, global, imageh<2x3x4>>, vector<4xf32>
    gpu.return
  }
}
