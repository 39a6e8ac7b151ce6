// Two gpu.modules with a kernel of the same name: MODULE::KERNEL runs the
// one of that module, on the host and on Vulkan (whose SPIR-V for each
// kernel comes from its own module's spirv.module), and the bare name is
// an error that names both modules, on either backend.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/npy.py write %t/x.npy '<i4' 4 1 2 3 -4
// RUN: tolk-run --quiet %s --kernel a::same %t/x.npy -o %t/host-a.npy
// RUN: %python %S/Inputs/npy.py check %t/host-a.npy 'in0[i] + 10' %t/x.npy | FileCheck %s
// RUN: tolk-run --quiet %s --kernel b::same %t/x.npy -o %t/host-b.npy
// RUN: %python %S/Inputs/npy.py check %t/host-b.npy 'in0[i] * 3' %t/x.npy | FileCheck %s
// RUN: %if vulkan %{ env XDG_RUNTIME_DIR=%t tolk-run --quiet %s --backend vulkan --kernel a::same %t/x.npy -o %t/vulkan-a.npy %}
// RUN: %if vulkan %{ cmp %t/host-a.npy %t/vulkan-a.npy %}
// RUN: %if vulkan %{ env XDG_RUNTIME_DIR=%t tolk-run --quiet %s --backend vulkan --kernel b::same %t/x.npy -o %t/vulkan-b.npy %}
// RUN: %if vulkan %{ cmp %t/host-b.npy %t/vulkan-b.npy %}
// CHECK: ok 4
// RUN: not tolk-run %s --kernel same %t/x.npy -o %t/y.npy 2>&1 | FileCheck %s --check-prefix=AMBIGUOUS
// RUN: %if vulkan %{ env XDG_RUNTIME_DIR=%t not tolk-run %s --backend vulkan --kernel same %t/x.npy -o %t/y.npy 2>&1 | FileCheck %s --check-prefix=AMBIGUOUS %}
// AMBIGUOUS: tolk-run: error: kernel name 'same' is in more than one gpu.module ('a' 'b'): give MODULE::same
// RUN: test ! -e %t/y.npy
gpu.module @a {
  gpu.func @same(%x: !tolk.ptr<si32, global, 4>, %y: !tolk.ptr<si32, global, 4>)
      kernel attributes {known_block_size = array<i32: 4, 1, 1>,
                         known_grid_size = array<i32: 1, 1, 1>} {
    %i = tolk.special global_id x : si32
    %px = tolk.index %x[%i] : !tolk.ptr<si32, global, 4>, si32
    %v = tolk.load %px : !tolk.ptr<si32, global, 4> -> si32
    %c = tolk.const 10 : si32
    %r = tolk.add %v, %c : si32
    %py = tolk.index %y[%i] : !tolk.ptr<si32, global, 4>, si32
    tolk.store %py, %r : !tolk.ptr<si32, global, 4>, si32
    gpu.return
  }
}
gpu.module @b {
  gpu.func @same(%x: !tolk.ptr<si32, global, 4>, %y: !tolk.ptr<si32, global, 4>)
      kernel attributes {known_block_size = array<i32: 4, 1, 1>,
                         known_grid_size = array<i32: 1, 1, 1>} {
    %i = tolk.special global_id x : si32
    %px = tolk.index %x[%i] : !tolk.ptr<si32, global, 4>, si32
    %v = tolk.load %px : !tolk.ptr<si32, global, 4> -> si32
    %c = tolk.const 3 : si32
    %r = tolk.mul %v, %c : si32
    %py = tolk.index %y[%i] : !tolk.ptr<si32, global, 4>, si32
    tolk.store %py, %r : !tolk.ptr<si32, global, 4>, si32
    gpu.return
  }
}
