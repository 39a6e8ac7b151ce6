// A chip or a feature LLVM's back end does not know is an error while the
// pipeline is parsed, on NVVM as on ROCDL: the back end would only warn
// about it and then emit `.target sm_99999`, or abort in instruction
// selection; an empty chip crashed upstream's target attribute.
// RUN: not tolk-opt %s --tolk-to-nvvm="chip=sm_99999" 2>&1 | FileCheck %s --check-prefix=NV-UNKNOWN
// RUN: not tolk-opt %s --tolk-to-nvvm="chip=sm_999" 2>&1 | FileCheck %s --check-prefix=NV-999
// RUN: not tolk-opt %s --tolk-to-nvvm="chip=gfx942" 2>&1 | FileCheck %s --check-prefix=NV-AMD
// RUN: not tolk-opt %s --tolk-to-nvvm="chip=" 2>&1 | FileCheck %s --check-prefix=NV-EMPTY
// RUN: not tolk-opt %s --tolk-to-nvvm="chip=sm_90 features=+ptx999" 2>&1 | FileCheck %s --check-prefix=NV-FEATURE
// RUN: not tolk-opt %s --tolk-to-nvvm="chip=sm_90 features=ptx80" 2>&1 | FileCheck %s --check-prefix=NV-SIGN
// RUN: not tolk-opt %s --tolk-to-rocdl="chip=gfx9999" 2>&1 | FileCheck %s --check-prefix=AMD-UNKNOWN
// RUN: not tolk-opt %s --tolk-to-rocdl="chip=sm_90" 2>&1 | FileCheck %s --check-prefix=AMD-NV
// RUN: not tolk-opt %s --tolk-to-rocdl="chip=" 2>&1 | FileCheck %s --check-prefix=AMD-EMPTY
// RUN: not tolk-opt %s --tolk-to-rocdl="chip=gfx942 features=+bogus" 2>&1 | FileCheck %s --check-prefix=AMD-FEATURE

// NV-UNKNOWN: error: tolk-to-nvvm: chip: unknown NVIDIA chip 'sm_99999': LLVM's NVPTX back end knows sm_100, {{.*}}, sm_89, sm_90, sm_90a
// NV-UNKNOWN-NOT: not a recognized processor
// NV-999: error: tolk-to-nvvm: chip: unknown NVIDIA chip 'sm_999'
// NV-AMD: error: tolk-to-nvvm: chip: unknown NVIDIA chip 'gfx942'
// NV-EMPTY: error: tolk-to-nvvm: chip: an empty chip name: LLVM's NVPTX back end knows
// NV-FEATURE: error: tolk-to-nvvm: features: unknown NVPTX feature '+ptx999' (expected +name or -name, e.g. +ptx81; `llc -mtriple=nvptx64-nvidia-cuda -mattr=help` lists them)
// NV-SIGN: error: tolk-to-nvvm: features: unknown NVPTX feature 'ptx80'
// AMD-UNKNOWN: error: tolk-to-rocdl: chip: unknown AMD GPU chip 'gfx9999': LLVM's AMDGPU back end knows {{.*}}gfx942
// AMD-NV: error: tolk-to-rocdl: chip: unknown AMD GPU chip 'sm_90'
// AMD-EMPTY: error: tolk-to-rocdl: chip: an empty chip name
// AMD-FEATURE: error: tolk-to-rocdl: features: unknown AMDGPU feature '+bogus'
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
