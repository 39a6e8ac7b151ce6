//===- CanonicalizerGroup.h - Canonicalizers of one pattern set -*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Upstream's canonicalizer collects and freezes the canonicalization patterns
// of every loaded dialect and op in each instance's initialize(): a pipeline
// of nine canonicalizers built them nine times per compilation, the largest
// part of the pass manager's set-up for a small kernel. The canonicalizers a
// CanonicalizerGroup creates run exactly as upstream's (the same patterns,
// top-down, normal region simplification) but share one frozen set: the
// context's (CanonicalizerCache.h, where the registry has
// Tolk's pipeline extensions), so that pass managers built one after the
// other on a context collect the patterns once, or else the group's own. The
// set is built again only when more dialects have been loaded since.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_PIPELINES_CANONICALIZERGROUP_H
#define TOLK_PIPELINES_CANONICALIZERGROUP_H

#include "mlir/Pass/Pass.h"

#include <memory>

namespace tolk {

class CanonicalizerGroup {
public:
  CanonicalizerGroup();
  /// A canonicalizer (argument `canonicalize`, as upstream's, so that a
  /// printed pipeline parses back to the same rewriting) of this group.
  std::unique_ptr<mlir::Pass> create() const;

  struct Patterns;

private:
  std::shared_ptr<Patterns> patterns;
};

} // namespace tolk

#endif // TOLK_PIPELINES_CANONICALIZERGROUP_H
