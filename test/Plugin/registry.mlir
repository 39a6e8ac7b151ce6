// TolkPlugin.so registers every Tolk pass and pipeline that tolk-opt has.
// The reference list is tolk-opt's own --help, less what upstream mlir-opt
// already lists, so a new pass or pipeline is checked without editing this
// test. Passes are compared with the plugin's --list-passes (which mlir-opt
// prints after loading plugins); pipelines, which --list-passes omits, run
// once each on an empty module.
// REQUIRES: tolk-plugin
// RUN: %mlir_opt --help > %t.upstream
// RUN: tolk-opt --help | %python %S/Inputs/tolk-pass-names.py --passes --exclude %t.upstream > %t.passes
// RUN: %mlir_opt --load-pass-plugin=%tolk_plugin --list-passes | %python %S/Inputs/tolk-pass-names.py --passes --exclude %t.upstream > %t.pass-plugin
// RUN: diff %t.passes %t.pass-plugin
// The dialect plugin alone registers them too.
// RUN: %mlir_opt --load-dialect-plugin=%tolk_plugin --list-passes | %python %S/Inputs/tolk-pass-names.py --passes --exclude %t.upstream > %t.dialect-plugin
// RUN: diff %t.passes %t.dialect-plugin
// RUN: FileCheck %s --check-prefix=PASSES < %t.passes
// RUN: tolk-opt --help | %python %S/Inputs/tolk-pass-names.py --pipelines --exclude %t.upstream > %t.pipelines
// RUN: %python %S/Inputs/run-each.py %t.pipelines -- %mlir_opt --load-dialect-plugin=%tolk_plugin --load-pass-plugin=%tolk_plugin "--pass-pipeline=builtin.module({})" %s | FileCheck %s --check-prefix=PIPELINES

// A few names, so that an empty list cannot pass.
// PASSES-DAG: convert-tolk-to-arith
// PASSES-DAG: tolk-commit-weak
// PASSES-DAG: tolk-expand-float-conversions
// PIPELINES-DAG: ok tolk-to-llvm
// PIPELINES-DAG: ok tolk-to-nvvm
// PIPELINES-DAG: ok tolk-to-rocdl
// PIPELINES-DAG: ok tolk-to-spirv
// PIPELINES: {{[0-9]+}} ran, 0 failed
module {
}
