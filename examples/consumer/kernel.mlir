// A kernel for the consumer's tests, run by the installed tools: out[t] =
// t * s for the 4 threads of one block, s a by-value parameter.
gpu.module @kernels {
  gpu.func @iota(%out: !tolk.ptr<si32, global, 4>, %s: !tolk.ptr<si32, alu>) kernel
      attributes {known_block_size = array<i32: 4, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %t = tolk.special local_id x : si32
    %v = tolk.load %s : !tolk.ptr<si32, alu> -> si32
    %m = tolk.mul %t, %v : si32
    %p = tolk.index %out[%t] : !tolk.ptr<si32, global, 4>, si32
    tolk.store %p, %m : !tolk.ptr<si32, global, 4>, si32
    gpu.return
  }
}
