// probe: follow every value of a cell with few values; keep only what one of them allows.
//
// The "what if" a person tries when deduction is stuck. Fix the cell to each of its values in
// turn, run the linear default rules to a fixpoint on a copy, and keep in every cell only the
// values that survive in at least one copy: whatever all branches rule out is ruled out now, and
// a cell whose branches all fail but one hands the node the whole of that one. This takes in the
// forcing chains of Tatham's "extreme" grade and most of what his "recursive" grade guesses.
// Two-valued cells are probed first, then three-valued ones. After a change the linear rules
// settle the node before the next probe, so no probe works from stale domains; a pass that
// changed anything is followed by another, until a whole pass changes nothing, as in the SAC-1
// algorithm for singleton arc consistency. The trials also score each cell for the look-ahead
// branching (probe_pass). Measured (docs/BENCHMARKS.md): run at every node it decides the
// generated 15x15 puzzles in tens of nodes where the linear rules and all-different need
// tens of thousands; it decides 90 of the 93 shipped puzzles at the root.
#include <algorithm>

#include "heuristics/futoshiki/futoshiki_rule.hpp"

namespace bs::futoshiki {

namespace {

// The default linear rules, to a fixpoint on `d` from `start`. False: the node fails.
// All-different is left out of the trials: it would cut a few more of them short, but costs
// more than the search those save (docs/BENCHMARKS.md).
bool linear_fixpoint(const Structure& s, Mask* d, const Dirty& start, FixpointIo& io) {
  static const std::vector<const FutoshikiRuleEntry*> rules = [] {
    std::vector<const FutoshikiRuleEntry*> linear;
    for (const auto& e : futoshiki_rules())
      if (e.info.on_by_default && e.info.cost <= Cost::linear) linear.push_back(&e);
    return linear;  // registry order, cheapest first within a cost class
  }();
  return run_to_fixpoint(s, d, start, rules.data(), static_cast<int>(rules.size()), io,
                         [](int, Verdict) {});
}

// Cells with more values cost more trials than the search they save (docs/BENCHMARKS.md).
constexpr int kMaxProbed = 3;

// One pass over the cells with 2..kMaxProbed values, fewest first. False: the node fails.
// Leaves each probed cell's look-ahead score: the product over its values of one plus the
// values its trial removes, the measure of look-ahead SAT solvers (march), which prefers a
// cell whose every branch settles much of the grid.
bool probe_pass(const Structure& s, Mask* d, Changes& changed, bool& progress) {
  const int n = s.n, cells = s.cells(), words = s.words();
  const Lines rows = (Lines{1} << n) - 1;
  // `trial` equals `d` between trials: a trial differs from `d` only in the rows it touched and
  // the places of the lines it touched, and only those are copied back. `keep` is the union of the
  // successful trials, kept only where it can matter: a cell can lose a value only if every
  // successful trial narrowed it, so only if its row and column are in `common`, the lines every
  // such trial touched.
  thread_local std::vector<Mask> trial, keep;
  thread_local std::vector<Narrowing> narrowed;
  trial.assign(d, d + words);
  keep.resize(cells);
  // Every pass scores every cell it probes, so after the last pass only cells fixed since an
  // earlier one can hold an old score, and branching never looks at fixed cells. The caller
  // zeroes the scores once per fixpoint.
  float* score = changed.lookahead();
  auto rows_of = [&](Lines lines, auto&& each_row) {
    for (Lines r = lines & rows; r; r &= r - 1) each_row(std::countr_zero(r) * n);
  };
  auto restore = [&](Lines lines) {
    rows_of(lines, [&](int at) { std::copy(d + at, d + at + n, trial.begin() + at); });
    for (; lines; lines &= lines - 1) {
      const Mask* from = s.places(d, std::countr_zero(lines));
      std::copy(from, from + n, trial.begin() + (from - d));
    }
  };
  for (int size = 2; size <= kMaxProbed; ++size)
    for (int c = 0; c < cells; ++c) {
      if (std::popcount(d[c]) != size) continue;
      Lines common = s.all_lines;
      bool first = true;
      float product = 1;
      for (Mask rest = d[c]; rest; rest &= rest - 1) {
        const Narrowing move = assign(s, trial.data(), c, rest & -rest);
        FixpointIo io;
        io.touched = s.lines_of(c);
        const bool alive = linear_fixpoint(s, trial.data(), {false, &move, &move + 1}, io);
        if (alive) {
          rows_of(io.touched & (first ? s.all_lines : common), [&](int at) {
            for (int k = at; k < at + n; ++k) keep[k] = first ? trial[k] : keep[k] | trial[k];
          });
          common &= io.touched;
          first = false;
          product *= static_cast<float>(1 + io.removed);
        }
        restore(io.touched);
      }
      if (first) return false;  // every value of c fails
      if (score) score[c] = product;
      narrowed.clear();
      rows_of(common, [&](int at) {
        for (int k = at; k < at + n; ++k) {
          if (!(common >> (n + k % n) & 1)) continue;
          const Mask kept = d[k] & keep[k];
          if (kept == d[k]) continue;
          narrowed.push_back({k, d[k] & ~kept});
          changed.note(k, d[k], kept);
          d[k] = kept;
        }
      });
      // Settle the linear rules here and go on with the next cell, rather than start the pass
      // again: the cells already probed are probed again only in the next pass, which also
      // leaves their scores for the final domains.
      if (narrowed.empty()) continue;
      progress = true;
      FixpointIo io;
      io.forward = &changed;
      const Narrowing* from = narrowed.data();
      if (!linear_fixpoint(s, d, {false, from, from + narrowed.size()}, io)) return false;
      std::copy(d, d + words, trial.begin());  // rare: a narrowing of the node itself
    }
  return true;
}

// Passes until one changes nothing, as in SAC-1, so that the rule is idempotent. Whatever
// changed at this node is a reason to probe everything again: a probe follows its consequences
// across the whole grid, so `dirty` only says whether to run at all.
Verdict probe(const Structure& s, Mask* d, const Dirty& dirty, Changes& changed) {
  if (!dirty.everywhere && dirty.begin == dirty.end) return Verdict::no_change;
  bool progress = false;
  for (bool again = true; again;) {
    again = false;
    if (!probe_pass(s, d, changed, again)) return Verdict::fail;
    progress |= again;
  }
  return progress ? Verdict::progress : Verdict::no_change;
}

}  // namespace

extern const FutoshikiRuleEntry probe_rule{
    {"probe", "futoshiki", Cost::probing, true,
     "every value of a cell with 2-3 values, propagated: keep what some branch keeps"},
    probe,
    /*idempotent=*/true};

}  // namespace bs::futoshiki
