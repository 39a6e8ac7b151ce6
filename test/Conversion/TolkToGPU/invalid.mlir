// RUN: tolk-opt --convert-tolk-to-gpu --split-input-file --verify-diagnostics %s

gpu.module @m {
  // expected-error @below {{'gpu.func' op uses the image pointer '!tolk.ptr<f32, global, imagef<4x8x4>>', which nothing lowers with images=none (the `images` option says what an image becomes)}}
  gpu.func @image(%img: !tolk.ptr<f32, global, imagef<4x8x4>>) kernel {
    gpu.return
  }
}

// -----

// Workgroup memory needs a gpu.func kernel for its attribution.
func.func @not_gpu_func() attributes {gpu.kernel} {
  // expected-error @below {{'tolk.define_local' op lowers to a workgroup attribution, which needs an enclosing gpu.func kernel}}
  %s = tolk.define_local : !tolk.ptr<f32, local, 16>
  return
}

// -----

// The value ops' input contract holds here too.
gpu.module @m {
  gpu.func @weak(%a: !tolk.ptr<si32, global>) kernel {
    // expected-error @below {{'tolk.const' op has the weak type '!tolk.weakint', which has no arith lowering: run --tolk-commit-weak first}}
    %c1 = tolk.const 1 : !tolk.weakint
    // expected-error @below {{'tolk.index' op has the weak type '!tolk.weakint', which has no arith lowering: run --tolk-commit-weak first}}
    %p = tolk.index %a[%c1] : !tolk.ptr<si32, global>, !tolk.weakint
    gpu.return
  }
}
