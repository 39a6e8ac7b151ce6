// A GPU kernel: each thread of a 256-thread workgroup loads one f16 of x
// into workgroup memory, waits at a barrier, and writes
// y[i] = (x[i] + x[next]) * scale, where next is its neighbour in the
// workgroup and scale an f32 passed by value. Threads past the by-value
// element count n load nothing and store nothing (gated). The main job
// canonicalizes it: the weak 256 - 1 folds to 255 in si32, and the f16 sum
// is cast to f32 before the multiplication.
gpu.module @kernels {
  gpu.func @neighbour_sum(%x: !tolk.ptr<f16, global>,
                          %y: !tolk.ptr<f32, global>,
                          %scale_param: !tolk.ptr<f32, alu>,
                          %n_param: !tolk.ptr<si32, alu> {tolk.bounds = array<i64: 0, 1048576>})
      kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %tile = tolk.define_local : !tolk.ptr<f16, local, 256>
    %i = tolk.special global_id x : si32
    %l = tolk.special local_id x : si32
    %n = tolk.load %n_param : !tolk.ptr<si32, alu> -> si32
    %scale = tolk.load %scale_param : !tolk.ptr<f32, alu> -> f32
    %valid = tolk.cmplt %i, %n : (si32, si32) -> i1

    %zero = tolk.const 0.0 : f16
    %px = tolk.index %x[%i] : !tolk.ptr<f16, global>, si32
    %xi = tolk.load %px if %valid else %zero : !tolk.ptr<f16, global> -> f16
    %pt = tolk.index %tile[%l] : !tolk.ptr<f16, local, 256>, si32
    tolk.store %pt, %xi : !tolk.ptr<f16, local, 256>, f16
    gpu.barrier

    %one = tolk.const 1 : !tolk.weakint
    %size = tolk.const 256 : !tolk.weakint
    %mask = tolk.sub %size, %one : !tolk.weakint
    %next = tolk.add %l, %one : (si32, !tolk.weakint) -> si32
    %wrapped = tolk.and %next, %mask : (si32, !tolk.weakint) -> si32
    %pn = tolk.index %tile[%wrapped] : !tolk.ptr<f16, local, 256>, si32
    %xn = tolk.load %pn : !tolk.ptr<f16, local, 256> -> f16
    %sum = tolk.add %xi, %xn : f16
    %r = tolk.mul %sum, %scale : (f16, f32) -> f32
    %py = tolk.index %y[%i] : !tolk.ptr<f32, global>, si32
    tolk.store %py, %r if %valid : !tolk.ptr<f32, global>, f32
    gpu.return
  }
}
