// Every 8-bit float code and a sample of bf16 codes (NaN payloads included)
// extended to f32, and boundary f32/f64 values (every rounding midpoint, one
// ulp either side, saturation and overflow, subnormals, +-0, infinities, NaN
// payloads) truncated to each, through the integer expansion and arith's
// folder: about 14,000 functions. The table is generated here rather than
// committed (it is 4 MB); its expected bits come from gen-lowp-table.py's
// exact model of docs/Semantics.md#truncate, not from lib/Dtype or APFloat.
// RUN: %python %tolk_src_root/scripts/gen-float-conversion-table.py > %t.mlir
// RUN: tolk-opt %t.mlir --tolk-expand-float-conversions=include-bf16 --canonicalize | FileCheck %t.mlir
// The same truncations to the 8-bit floats as tolk.saturating_truncf, which
// the pass expands by the same rules.
// RUN: sed -e 's/arith.truncf \(%f : f[0-9]* to f8\)/tolk.saturating_truncf \1/' %t.mlir > %t.saturating.mlir
// RUN: grep -c tolk.saturating_truncf %t.saturating.mlir | FileCheck %s --check-prefix=COUNT
// COUNT: 6240
// RUN: tolk-opt %t.saturating.mlir --tolk-expand-float-conversions=include-bf16 | FileCheck %s --check-prefix=EXPANDED
// EXPANDED-NOT: tolk.saturating_truncf
// RUN: tolk-opt %t.saturating.mlir --tolk-expand-float-conversions=include-bf16 --canonicalize | FileCheck %t.mlir
