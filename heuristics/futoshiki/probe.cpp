// probe: follow every value of a cell with few values; keep only what one of them allows.
//
// The "what if" a person tries when deduction is stuck. Fix the cell to each of its values in
// turn, run every cheaper default rule to a fixpoint on a copy, and keep in every cell only the
// values that survive in at least one copy: whatever all branches rule out is ruled out now, and
// a cell whose branches all fail but one hands the node the whole of that one. This takes in the
// forcing chains of Tatham's "extreme" grade and most of what his "recursive" grade guesses.
// Two-valued cells are probed first, then three- and four-valued ones. After a change the cheap
// rules settle the node before the next probe, so no probe works from stale domains; a pass
// that changed anything is followed by another (the solver calls the rule again), until a whole
// pass changes nothing, as in the SAC-1 algorithm for singleton arc consistency.
// Measured on the shipped puzzles (docs/BENCHMARKS.md): probing up to four values decides every
// one of them at the root, and costs less than the search it replaces.
#include <algorithm>

#include "heuristics/futoshiki/futoshiki_rule.hpp"

namespace bs::futoshiki {

namespace {

// The default rules cheaper than probing, to a fixpoint on `d`. False: the node fails.
bool cheap_fixpoint(const Structure& s, Mask* d) {
  static const std::vector<Verdict (*)(const Structure&, Mask*)> rules = [] {
    std::vector<const FutoshikiRuleEntry*> cheap;
    for (const auto& e : futoshiki_rules())
      if (e.info.on_by_default && e.info.cost < Cost::probing) cheap.push_back(&e);
    std::stable_sort(cheap.begin(), cheap.end(),
                     [](auto* a, auto* b) { return a->info.cost < b->info.cost; });
    std::vector<Verdict (*)(const Structure&, Mask*)> out;
    for (auto* e : cheap) out.push_back(e->propagate);
    return out;
  }();
  for (size_t i = 0; i < rules.size();) {
    const Verdict v = rules[i](s, d);
    if (v == Verdict::fail) return false;
    i = v == Verdict::progress ? 0 : i + 1;
  }
  return true;
}

// Cells with more values cost more probes and rarely give anything the search would not.
constexpr int kMaxProbed = 4;

Verdict probe(const Structure& s, Mask* d) {
  const int cells = s.n * s.n, words = s.words();
  thread_local std::vector<Mask> trial, keep;
  trial.resize(words);
  keep.resize(cells);
  bool changed = false;
  for (int size = 2; size <= kMaxProbed; ++size)
    for (int c = 0; c < cells; ++c) {
      if (std::popcount(d[c]) != size) continue;
      std::fill(keep.begin(), keep.end(), 0);
      for (Mask rest = d[c]; rest; rest &= rest - 1) {
        std::copy(d, d + words, trial.begin());
        trial[c] = rest & -rest;
        if (!cheap_fixpoint(s, trial.data())) continue;
        for (int k = 0; k < cells; ++k) keep[k] |= trial[k];
      }
      if (!keep[c]) return Verdict::fail;
      bool progress = false;
      for (int k = 0; k < cells; ++k) {
        const Mask kept = d[k] & keep[k];
        progress |= kept != d[k];
        d[k] = kept;
      }
      // Settle the cheap rules here and go on with the next cell, rather than start the pass
      // again: the cells already probed are probed again only in the next pass.
      if (progress) {
        changed = true;
        if (!cheap_fixpoint(s, d)) return Verdict::fail;
      }
    }
  return changed ? Verdict::progress : Verdict::no_change;
}

}  // namespace

extern const FutoshikiRuleEntry probe_rule{
    {"probe", "futoshiki", Cost::probing, true,
     "every value of a cell with 2-4 values, propagated: keep what some branch keeps"},
    probe};

}  // namespace bs::futoshiki
