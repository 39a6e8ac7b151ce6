// RUN: tolk-opt --convert-tolk-to-gpu="images=rocdl chip=gfx942" --split-input-file --verify-diagnostics %s
// RUN: not tolk-opt --convert-tolk-to-gpu="images=rocdl chip=gfx940" --split-input-file %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN

// gfx942, gfx950 and gfx1250 have no image instructions: LLVM would emit
// them and only the assembler reject them, so an image kernel for such a
// chip is an error at the kernel (LLVM's image-insts feature, asked of its
// AMDGPU subtarget tables). A chip LLVM does not know (LLVM 22 no longer
// has gfx940) cannot be asked: an error that says so.
// UNKNOWN: error: 'gpu.func' op has the image parameter '!tolk.ptr<f32, global, imagef<4x8x4>>', but the chip cannot be asked about images: unknown AMD GPU chip 'gfx940': LLVM's AMDGPU back end knows
gpu.module @m {
  // expected-error @below {{'gpu.func' op has the image parameter '!tolk.ptr<f32, global, imagef<4x8x4>>', but gfx942 has no image instructions (LLVM's AMDGPU back end gives it no image-insts feature)}}
  gpu.func @image(%in: !tolk.ptr<f32, global, 32>,
                  %img: !tolk.ptr<f32, global, imagef<4x8x4>>) kernel {
    gpu.return
  }
}

// -----

// A kernel without images is no concern of the chip's.
gpu.module @m {
  gpu.func @buffers(%in: !tolk.ptr<f32, global, 32>) kernel {
    gpu.return
  }
}
