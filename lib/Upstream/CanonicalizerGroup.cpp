//===- CanonicalizerGroup.cpp - Canonicalizers of one pattern set ---------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tolk/Upstream/CanonicalizerGroup.h"

#include "tolk/Upstream/CanonicalizerCache.h"

#include "tolk/Dialect/Tolk/IR/TolkDialect.h"

#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectInterface.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <mutex>
#include <optional>

using namespace mlir;

/// The group's frozen patterns and the number of loaded dialects they were
/// collected with. A pass manager may initialize the clones it runs on
/// other threads there, hence the mutex.
struct tolk::CanonicalizerGroup::Patterns {
  std::mutex mutex;
  std::optional<FrozenRewritePatternSet> frozen;
  size_t dialects = 0;

  FrozenRewritePatternSet get(MLIRContext *ctx) {
    std::lock_guard<std::mutex> lock(mutex);
    size_t loaded = ctx->getLoadedDialects().size();
    if (!frozen || dialects != loaded) {
      // What upstream's Canonicalizer::initialize collects.
      RewritePatternSet set(ctx);
      for (Dialect *dialect : ctx->getLoadedDialects())
        dialect->getCanonicalizationPatterns(set);
      for (RegisteredOperationName op : ctx->getRegisteredOperations())
        op.getCanonicalizationPatterns(set, ctx);
      frozen.emplace(std::move(set));
      dialects = loaded;
    }
    // A copy shares the frozen set.
    return *frozen;
  }
};

namespace {
/// The context's patterns (CanonicalizerCache.h): a dialect interface lives
/// as long as its dialect, which lives as long as its context.
struct CanonicalizerCache : public DialectInterface::Base<CanonicalizerCache> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CanonicalizerCache)

  explicit CanonicalizerCache(Dialect *dialect) : Base(dialect) {}

  tolk::CanonicalizerGroup::Patterns patterns;
};

struct SharedCanonicalizer
    : public PassWrapper<SharedCanonicalizer, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(SharedCanonicalizer)

  explicit SharedCanonicalizer(
      std::shared_ptr<tolk::CanonicalizerGroup::Patterns> group)
      : group(std::move(group)) {}

  StringRef getArgument() const override { return "canonicalize"; }
  StringRef getName() const override { return "Canonicalizer"; }
  StringRef getDescription() const override {
    return "Canonicalize operations (one pattern set for the pipeline)";
  }

  LogicalResult initialize(MLIRContext *ctx) override {
    // The context's patterns, shared by every pass manager on it; the
    // group's own where the context keeps none (CanonicalizerCache.h).
    tolk::CanonicalizerGroup::Patterns *source = group.get();
    if (auto *tolkDialect = ctx->getLoadedDialect<tolk::TolkDialect>())
      if (auto *cache =
              tolkDialect->getRegisteredInterface<CanonicalizerCache>())
        source = &cache->patterns;
    patterns = source->get(ctx);
    return success();
  }

  void runOnOperation() override {
    // Upstream's defaults: top-down, normal region simplification, ten
    // iterations, no convergence check.
    GreedyRewriteConfig config;
    config.setUseTopDownTraversal(true);
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Normal);
    bool changed = false;
    (void)applyPatternsGreedily(getOperation(), patterns, config, &changed);
    // Unchanged IR needs no verifier run after the pass
    // (docs/Lowering.md, "Passes that change nothing").
    if (!changed)
      markAllAnalysesPreserved();
  }

  std::shared_ptr<tolk::CanonicalizerGroup::Patterns> group;
  FrozenRewritePatternSet patterns;
};
} // namespace

tolk::CanonicalizerGroup::CanonicalizerGroup()
    : patterns(std::make_shared<Patterns>()) {}

std::unique_ptr<Pass> tolk::CanonicalizerGroup::create() const {
  return std::make_unique<SharedCanonicalizer>(patterns);
}

void tolk::registerCanonicalizerCache(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *, TolkDialect *dialect) {
    dialect->addInterfaces<CanonicalizerCache>();
  });
}
