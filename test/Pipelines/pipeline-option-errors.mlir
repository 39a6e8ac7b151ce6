// An error in a pipeline's options is reported at the command-line argument
// that sets them, on every pipeline: the empty chip of --tolk-to-nvvm and
// --tolk-to-rocdl, an unknown chip, SPIR-V capabilities without Shader.
// MlirOptMain's own handler put these at an unknown location
// ("<unknown>:0: error:").
// RUN: not tolk-opt %s --tolk-to-nvvm="chip=" 2>&1 | FileCheck %s --check-prefix=NV-EMPTY --implicit-check-not="<unknown>"
// RUN: not tolk-opt %s --tolk-to-rocdl="chip=" 2>&1 | FileCheck %s --check-prefix=AMD-EMPTY --implicit-check-not="<unknown>"
// RUN: not tolk-opt %s --tolk-to-rocdl="chip=gfx9999" 2>&1 | FileCheck %s --check-prefix=AMD-UNKNOWN --implicit-check-not="<unknown>"
// RUN: not tolk-opt %s --tolk-to-spirv="caps=Int8" 2>&1 | FileCheck %s --check-prefix=SPIRV --implicit-check-not="<unknown>"
// RUN: not tolk-opt %s --canonicalize -tolk-to-nvvm="chip=" 2>&1 | FileCheck %s --check-prefix=ONE-DASH --implicit-check-not="<unknown>"
// RUN: not tolk-opt %s --pass-pipeline="builtin.module(tolk-to-nvvm{chip=})" 2>&1 | FileCheck %s --check-prefix=TEXTUAL --implicit-check-not="<unknown>"

// NV-EMPTY: {{^}}--tolk-to-nvvm=chip=: error: tolk-to-nvvm: chip: an empty chip name: LLVM's NVPTX back end knows
// AMD-EMPTY: {{^}}--tolk-to-rocdl=chip=: error: tolk-to-rocdl: chip: an empty chip name
// AMD-UNKNOWN: {{^}}--tolk-to-rocdl=chip=gfx9999: error: tolk-to-rocdl: chip: unknown AMD GPU chip 'gfx9999'
// SPIRV: {{^}}--tolk-to-spirv=caps=Int8: error: tolk-to-spirv: caps must include Shader
// ONE-DASH: {{^}}-tolk-to-nvvm=chip=: error: tolk-to-nvvm: chip: an empty chip name
// TEXTUAL: {{^}}--pass-pipeline=builtin.module(tolk-to-nvvm{chip=}): error: tolk-to-nvvm: chip: an empty chip name
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
