//===- ToolGuards.h - What every Tolk tool does before its work -*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// No nesting depth a file can hold crashes a Tolk tool (docs/Rationale.md,
// "Limits"). MLIR's parser, verifier, printer and most passes recurse once
// per level of nesting (regions, and attributes and types inside others),
// so a deep enough input overflows any stack. Each tool therefore
//   - runs its work on a thread with a large stack (and gives every thread
//     it starts afterwards, such as the MLIRContext's thread pool, the same
//     size), so that kMaxNestingDepth levels fit in every pass, and
//   - refuses, with a diagnostic at the place, a text input that nests its
//     brackets deeper than kMaxNestingDepth before it parses it, and a
//     bytecode input (whose reader does not recurse) that nests ops deeper
//     than kMaxNestingDepth regions.
// The same scan refuses the one text MLIR 22's parser is known to crash on,
// a dense array of index. All of it works around upstream (the recursion,
// and the crashes of docs/UpstreamBugs.md): it can go when MLIR's parser
// and verifiers refuse such inputs themselves.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_UPSTREAM_TOOLGUARDS_H
#define TOLK_UPSTREAM_TOOLGUARDS_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <optional>
#include <string>

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace tolk {

/// The deepest nesting of brackets ({ [ ( <) a tool reads.
constexpr unsigned kMaxNestingDepth = 1000;

/// The stack of every thread of a tool: kMaxNestingDepth levels through
/// the parser and the deepest pipeline, several times over.
constexpr unsigned kToolStackSize = 64u << 20;

/// Runs `work` on a thread with a stack of kToolStackSize bytes, after
/// making that the size of every thread created from then on, and returns
/// what it returns.
int runWithLargeStack(llvm::function_ref<int()> work);

/// Where `text` (MLIR or JSON) first nests its brackets deeper than
/// `limit`: the offset of the bracket that opens level limit + 1. Brackets
/// in string literals and `//` comments do not count, nor the `>` of `->`.
std::optional<size_t> findNestingPast(llvm::StringRef text,
                                      unsigned limit = kMaxNestingDepth);

/// The message of an error where a text nests deeper than kMaxNestingDepth.
std::string nestingPastMessage();

/// A place in a text input that a tool does not parse, and why.
struct UnreadablePlace {
  size_t offset;
  std::string message;
};

/// The first place in the MLIR text `text` that a tool does not parse:
/// where its brackets nest deeper than kMaxNestingDepth, or a dense array of
/// `index` (`array<index: 1>`), on which MLIR 22's parser crashes (it asks
/// the element type for a bit width, which index has none of).
std::optional<UnreadablePlace> findUnreadable(llvm::StringRef text);

/// An error at the first place in `sourceMgr`'s buffer `bufferID` that a
/// tool does not parse (findUnreadable), printed as the tool prints
/// diagnostics; true when there is one. A bytecode input, which the parser
/// does not read, is refused where it nests ops deeper than
/// kMaxNestingDepth regions; it is read with `registry`'s dialects. An
/// input (text or bytecode) that holds an op whose upstream verifier
/// crashes on it (docs/UpstreamBugs.md) is refused at the op.
bool reportUnreadable(llvm::SourceMgr &sourceMgr, unsigned bufferID,
                      const mlir::DialectRegistry &registry);

} // namespace tolk

#endif // TOLK_UPSTREAM_TOOLGUARDS_H
