// Input of host-bf16-gated-subnormal.test: a by-value bf16 parameter stored
// under a gate (3 of 4 threads), in another block than the argument.
gpu.module @m {
  gpu.func @fill(%y: !tolk.ptr<bf16, global, 4>, %v_param: !tolk.ptr<bf16, alu>)
      kernel attributes {known_block_size = array<i32: 4, 1, 1>,
                         known_grid_size = array<i32: 1, 1, 1>} {
    %i = tolk.special global_id x : si32
    %v = tolk.load %v_param : !tolk.ptr<bf16, alu> -> bf16
    %n = tolk.const 3 : si32
    %valid = tolk.cmplt %i, %n : (si32, si32) -> i1
    %py = tolk.index %y[%i] : !tolk.ptr<bf16, global, 4>, si32
    tolk.store %py, %v if %valid : !tolk.ptr<bf16, global, 4>, bf16
    gpu.return
  }
}
