// REQUIRES: vulkan
// Bool lanes on Vulkan (lavapipe where there is no GPU), with the bytes of
// the host (bool-lanes.mlir): a byte a lane, through a buffer of lanes and
// through a pointer with a vector width (docs/Lowering.md, "Pointers to
// lanes").
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/npy.py write %t/x.npy '|b1' 8 1 0 1 1 0 0 1 0
// RUN: env XDG_RUNTIME_DIR=%t tolk-run --quiet --backend vulkan %S/bool-lanes.mlir --kernel m::invert %t/x.npy -o %t/inv.npy
// RUN: %python %S/Inputs/npy.py print %t/inv.npy | FileCheck %S/bool-lanes.mlir --check-prefix=INV
// RUN: env XDG_RUNTIME_DIR=%t tolk-run --quiet --backend vulkan %S/bool-lanes.mlir --kernel m::copy %t/x.npy -o %t/copy.npy
// RUN: %python %S/Inputs/npy.py print %t/copy.npy | FileCheck %S/bool-lanes.mlir --check-prefix=COPY
