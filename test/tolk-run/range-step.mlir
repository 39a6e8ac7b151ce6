// A range whose step is a by-value parameter: a step that is not positive
// runs no iteration, on the host and on Vulkan (docs/Semantics.md#ranges).
// Each thread counts the iterations of `range 0 to 8 step s` into y[i].
// RUN: rm -rf %t && mkdir -p %t
// RUN: tolk-run --quiet %s --kernel steps::count --arg 3 -o %t/three.npy
// RUN: %python %S/Inputs/npy.py check %t/three.npy '3' | FileCheck %s --check-prefix=THREE
// THREE: ok 4
// RUN: tolk-run --quiet %s --kernel steps::count --arg 0 -o %t/zero.npy
// RUN: %python %S/Inputs/npy.py check %t/zero.npy '0' | FileCheck %s --check-prefix=NONE
// NONE: ok 4
// RUN: tolk-run --quiet %s --kernel steps::count --arg -1 -o %t/minus.npy
// RUN: %python %S/Inputs/npy.py check %t/minus.npy '0' | FileCheck %s --check-prefix=NONE
// RUN: %if vulkan %{ env XDG_RUNTIME_DIR=%t tolk-run --quiet %s --backend vulkan --kernel steps::count --arg 3 -o %t/vthree.npy %}
// RUN: %if vulkan %{ %python %S/Inputs/npy.py check %t/vthree.npy '3' | FileCheck %s --check-prefix=THREE %}
// RUN: %if vulkan %{ env XDG_RUNTIME_DIR=%t tolk-run --quiet %s --backend vulkan --kernel steps::count --arg 0 -o %t/vzero.npy %}
// RUN: %if vulkan %{ %python %S/Inputs/npy.py check %t/vzero.npy '0' | FileCheck %s --check-prefix=NONE %}
// RUN: %if vulkan %{ env XDG_RUNTIME_DIR=%t tolk-run --quiet %s --backend vulkan --kernel steps::count --arg -1 -o %t/vminus.npy %}
// RUN: %if vulkan %{ %python %S/Inputs/npy.py check %t/vminus.npy '0' | FileCheck %s --check-prefix=NONE %}
gpu.module @steps {
  gpu.func @count(%y: !tolk.ptr<si32, global, 4>, %sp: !tolk.ptr<si32, alu>)
      kernel attributes {known_block_size = array<i32: 4, 1, 1>,
                         known_grid_size = array<i32: 1, 1, 1>} {
    %i = tolk.special global_id x : si32
    %s = tolk.load %sp : !tolk.ptr<si32, alu> -> si32
    %acc = tolk.define_reg : !tolk.ptr<si32, reg, 1>
    %c0 = tolk.const 0 : si32
    %c1 = tolk.const 1 : si32
    %c8 = tolk.const 8 : si32
    tolk.store %acc, %c0 : !tolk.ptr<si32, reg, 1>, si32
    tolk.range %k = %c0 to %c8 step %s : si32 {
      %a = tolk.load %acc : !tolk.ptr<si32, reg, 1> -> si32
      %b = tolk.add %a, %c1 : si32
      tolk.store %acc, %b : !tolk.ptr<si32, reg, 1>, si32
    }
    %r = tolk.load %acc : !tolk.ptr<si32, reg, 1> -> si32
    %py = tolk.index %y[%i] : !tolk.ptr<si32, global, 4>, si32
    tolk.store %py, %r : !tolk.ptr<si32, global, 4>, si32
    gpu.return
  }
}
