// Every 8-bit float code extended to f32, and ~6,000 boundary f32/f64 values
// (every rounding midpoint, one ulp either side, saturation, subnormals,
// +-0, infinities, NaNs) truncated to each 8-bit float, through the integer
// expansion and arith's folder. The table (7,236 functions, 2 MB) is
// generated here rather than committed; its expected bits come from
// gen-lowp-table.py's exact model of seed 000, not from lib/Dtype or APFloat.
// RUN: %python %tolk_src_root/scripts/gen-fp8-conversion-table.py > %t.mlir
// RUN: tolk-opt %t.mlir --tolk-expand-fp8-conversions --canonicalize | FileCheck %t.mlir
