// f32 through f8E4M3FN and back (cuda-chip.test).
gpu.module @kernels {
  gpu.func @fp8(%a: !tolk.ptr<f32, global, 64>, %b: !tolk.ptr<f32, global, 64>)
      kernel attributes {known_block_size = array<i32: 64, 1, 1>,
                         known_grid_size = array<i32: 1, 1, 1>} {
    %i = tolk.special global_id x : si32
    %pa = tolk.index %a[%i] : !tolk.ptr<f32, global, 64>, si32
    %x = tolk.load %pa : !tolk.ptr<f32, global, 64> -> f32
    %y = tolk.cast %x : f32 to f8E4M3FN
    %z = tolk.cast %y : f8E4M3FN to f32
    %pb = tolk.index %b[%i] : !tolk.ptr<f32, global, 64>, si32
    tolk.store %pb, %z : !tolk.ptr<f32, global, 64>, f32
    gpu.return
  }
}
