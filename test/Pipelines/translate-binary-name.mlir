// --binary names the one gpu.binary to print (ptxas reads one module per
// file); a name that no binary has is an error.
// RUN: tolk-translate --gpu-binary-to-isa --binary=b %s | FileCheck %s
// RUN: not tolk-translate --gpu-binary-to-isa --binary=missing %s 2>&1 | FileCheck %s --check-prefix=MISSING

// CHECK-NOT: first
// CHECK: second
// MISSING: error: has no gpu.binary named 'missing'
module {
  gpu.binary @a [#gpu.object<#nvvm.target, assembly = "first\0A">]
  gpu.binary @b [#gpu.object<#nvvm.target, assembly = "second\0A">]
}

// Without --binary, several binaries are refused, since their assembly one
// after another is no module that ptxas or llvm-mc reads; --all-binaries
// prints them so, for a script that splits them again.
// RUN: not tolk-translate --gpu-binary-to-isa %s 2>&1 | FileCheck %s --check-prefix=SEVERAL
// RUN: tolk-translate --gpu-binary-to-isa --all-binaries %s | FileCheck %s --check-prefix=ALL
// SEVERAL: error: has 2 gpu.binary ops (a, b), and ptxas and llvm-mc read one module a file: choose one with --binary=NAME
// ALL: first
// ALL-NEXT: second
