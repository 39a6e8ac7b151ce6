// TolkPlugin.so in the MLIR's own mlir-opt: the dialect plugin makes Tolk IR
// parse and verify, the pass plugin adds Tolk's passes. mlir-opt parses its
// pass flags before it loads plugins, so a plugin's passes are not flags
// (--tolk-commit-weak is unknown there): they run through --pass-pipeline.
// REQUIRES: tolk-plugin
// RUN: %mlir_opt --load-dialect-plugin=%tolk_plugin --show-dialects | FileCheck %s --check-prefix=DIALECTS
// RUN: %mlir_opt --load-dialect-plugin=%tolk_plugin --load-pass-plugin=%tolk_plugin %s -split-input-file -verify-diagnostics --pass-pipeline="builtin.module(canonicalize,tolk-commit-weak)" | FileCheck %s
// RUN: %mlir_opt --load-dialect-plugin=%tolk_plugin --load-pass-plugin=%tolk_plugin %s -split-input-file -verify-diagnostics --pass-pipeline="builtin.module(canonicalize,tolk-commit-weak{default-int=int16})" | FileCheck %s --check-prefix=I16
// The dialect plugin alone registers the passes too, as upstream's
// standalone plugin does.
// RUN: %mlir_opt --load-dialect-plugin=%tolk_plugin %s -split-input-file -verify-diagnostics --pass-pipeline="builtin.module(canonicalize,tolk-commit-weak)" | FileCheck %s

// DIALECTS: Available Dialects:
// DIALECTS-SAME: tolk

// Canonicalization makes promotion explicit and folds; the weak result
// commits to DEFAULT_INT (int32), or to the option's int16.
// CHECK-LABEL: func.func @promote_fold_commit
// CHECK-SAME: (%[[X:.*]]: si8, %[[Y:.*]]: si16) -> (si16, si32)
// CHECK-DAG:   %[[C:.*]] = tolk.const 70002 : si32
// CHECK-DAG:   %[[XC:.*]] = tolk.cast %[[X]] : si8 to si16
// CHECK:       %[[S:.*]] = tolk.add %[[XC]], %[[Y]] : si16
// CHECK:       return %[[S]], %[[C]] : si16, si32
// I16-LABEL: func.func @promote_fold_commit
// I16-SAME: -> (si16, si16)
// I16: tolk.const 4466 : si16
func.func @promote_fold_commit(%x: si8, %y: si16) -> (si16, !tolk.weakint) {
  %c = tolk.const 70000 : !tolk.weakint
  %d = tolk.const 2 : !tolk.weakint
  %w = tolk.add %c, %d : !tolk.weakint
  %s = tolk.add %x, %y : (si8, si16) -> si16
  return %s, %w : si16, !tolk.weakint
}

// -----

// The dialect's parser and verifiers report errors inside mlir-opt as in
// tolk-opt.
func.func @bad_literal() -> si8 {
  // expected-error @+1 {{integer 300 is out of the range of 'si8' [-128, 127]; use tolk.cast to wrap}}
  %c = tolk.const 300 : si8
  return %c : si8
}
