// tolk.cast between every pair of data types on boundary values of the
// source (every pair but a strong type to a weak type, which waits for the
// commit: fold-weak-intermediate.mlir, fold-weak-int-intermediate.mlir;
// wrap-around, truncation towards zero, rounding once,
// Bool from nonzero, NaN payloads, infinities and NaNs into formats without
// them), with constants computed by scripts/gen-cast-table.py from
// docs/Semantics.md#const, independently of lib/Dtype. Float-to-integer rows
// past the integer's range wrap, as every target does. The table
// (700 KB) is generated here rather than committed.
// RUN: %python %tolk_src_root/scripts/gen-cast-table.py > %t.mlir
// RUN: tolk-opt %t.mlir -split-input-file --canonicalize | FileCheck %t.mlir
