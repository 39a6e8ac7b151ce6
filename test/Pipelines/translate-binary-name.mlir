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
