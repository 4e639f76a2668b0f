// Probing: follow every value of a variable with few values; keep only what one of them allows.
//
// The "what if" a person tries when deduction is stuck. Fix the variable to each of its values
// in turn, run cheap rules (the trial rules) to a fixpoint on a copy, and keep in every variable
// only the values that survive in at least one copy: whatever all branches rule out is ruled out
// now, and a variable whose branches all fail but one hands the node the whole of that one.
// Two-valued variables are probed first, then three-valued ones, up to `max_size`. After a
// change the trial rules settle the node before the next probe, so no probe works from stale
// domains; a pass that changed anything is followed by another, until a whole pass changes
// nothing, as in the SAC-1 algorithm for singleton arc consistency. The trials also score each
// probed variable for the look-ahead branching (branching.hpp): the product over its values of
// one plus the values its trial removes, the measure of look-ahead SAT solvers (march), which
// prefers a variable whose every branch settles much of the state.
//
// Cost. A trial differs from the node only in the regions its fixpoint touched, so only those
// are copied back after it, and the union of the surviving trials is kept only where it can
// matter: a variable can lose a value only if every surviving trial narrowed it, so only if all
// its regions are among those every such trial touched. For this the model names its primary
// regions (Futoshiki: the rows), which partition the variables into runs of consecutive
// indices, each variable's among its regions; and it copies the views of given regions
// (Futoshiki: the places of given lines), which must hold every view word a narrowing of a
// variable in those regions can change.
#pragma once

#include <algorithm>
#include <bit>
#include <vector>

#include "propagation/fixpoint.hpp"

namespace bs::propagation {

// What probing needs of a model beyond the fixpoint's needs.
template <class M>
concept ProbeModel = Model<M> &&
    requires(const M& m, Mask* dst, const Mask* src, int region, Regions regions) {
  { m.primary_regions() } -> std::convertible_to<Regions>;
  { m.variables_in(region) } -> std::same_as<VariableRun>;  // of a primary region
  m.copy_views(dst, src, regions);                          // the views of `regions`
};

// The per-thread scratch of a probe, so that a node allocates nothing.
struct ProbeScratch {
  std::vector<Mask> trial;          // a copy of the node, equal to it between trials
  std::vector<Mask> keep;           // per variable: the union of the surviving trials
  std::vector<Narrowing> narrowed;  // what the last probe took off the node
};
inline ProbeScratch& probe_scratch() {
  thread_local ProbeScratch scratch;
  return scratch;
}

template <ProbeModel M, class Info>
class Probe {
 public:
  using Entry = RuleEntry<M, Info>;
  // `rules`: the trial rules, cheapest first; they must not probe themselves.
  Probe(const M& m, const Entry* const* rules, int count, int max_size)
      : m_(m), rules_(rules), count_(count), max_size_(max_size), scratch_(probe_scratch()) {}

  // Passes until one changes nothing, as in SAC-1, so that the rule is idempotent. Whatever
  // changed at this node is a reason to probe everything again: a probe follows its consequences
  // across the whole state, so `dirty` only says whether to run at all.
  Verdict operator()(Mask* d, const Dirty& dirty, Changes<M>& changed) {
    if (!dirty.everywhere && dirty.begin == dirty.end) return Verdict::no_change;
    bool progress = false;
    for (bool again = true; again;) {
      again = false;
      if (!pass(d, changed, again)) return Verdict::fail;
      progress |= again;
    }
    return progress ? Verdict::progress : Verdict::no_change;
  }

 private:
  // One pass over the variables with 2..max_size values, fewest first. False: the node fails.
  // Every pass scores every variable it probes, so after the last pass only variables fixed
  // since an earlier one can hold an old score, and branching never looks at fixed variables.
  // The caller zeroes the scores once per fixpoint.
  bool pass(Mask* d, Changes<M>& changed, bool& progress) {
    scratch_.trial.assign(d, d + m_.words());
    scratch_.keep.resize(static_cast<size_t>(m_.variables()));
    float* score = changed.lookahead();
    const int variables = m_.variables();
    for (int size = 2; size <= max_size_; ++size)
      for (int x = 0; x < variables; ++x) {
        if (std::popcount(d[x]) != size) continue;
        Regions common = ~Regions{0};
        float product = 1;
        if (!try_values(d, x, common, product)) return false;  // every value of x fails
        if (score) score[x] = product;
        if (!narrow_to_kept(d, common, changed)) continue;
        // Settle the trial rules here and go on with the next variable, rather than start the
        // pass again: the variables already probed are probed again only in the next pass,
        // which also leaves their scores for the final domains.
        progress = true;
        FixpointIo<M> io;
        io.forward = &changed;
        const Narrowing* from = scratch_.narrowed.data();
        if (!trial_fixpoint(d, {false, from, from + scratch_.narrowed.size()}, io)) return false;
        std::copy(d, d + m_.words(), scratch_.trial.begin());  // rare: the node itself narrowed
      }
    return true;
  }

  // Each value of x on the trial copy, to a fixpoint of the trial rules. Leaves in `keep` the
  // union of the surviving trials over the regions each touched, in `common` the regions every
  // surviving trial touched, and in `product` the look-ahead score. False: every value fails.
  bool try_values(const Mask* d, int x, Regions& common, float& product) {
    bool first = true;
    for (Mask rest = d[x]; rest; rest &= rest - 1) {
      const Narrowing move = assign(m_, scratch_.trial.data(), x, rest & -rest);
      FixpointIo<M> io;
      io.touched = m_.regions_of(x);
      if (trial_fixpoint(scratch_.trial.data(), {false, &move, &move + 1}, io)) {
        const Mask* trial = scratch_.trial.data();
        Mask* keep = scratch_.keep.data();
        each_run_in(io.touched & common, [&](VariableRun run) {
          if (first)
            std::copy(trial + run.begin, trial + run.end, keep + run.begin);
          else
            for (int k = run.begin; k < run.end; ++k) keep[k] |= trial[k];
        });
        common &= io.touched;
        first = false;
        product *= static_cast<float>(1 + io.removed);
      }
      restore(d, io.touched);
    }
    return !first;
  }

  // Narrows the node to `keep` wherever every surviving trial looked (all of a variable's
  // regions in `common`), noting each narrowing in `narrowed` too. True: something narrowed.
  bool narrow_to_kept(Mask* d, Regions common, Changes<M>& changed) {
    scratch_.narrowed.clear();
    const Mask* keep = scratch_.keep.data();
    each_run_in(common, [&](VariableRun run) {
      for (int k = run.begin; k < run.end; ++k) {
        if (m_.regions_of(k) & ~common) continue;
        const Mask kept = d[k] & keep[k];
        if (kept == d[k]) continue;
        scratch_.narrowed.push_back({k, d[k] & ~kept});
        changed.note(k, d[k], kept);
        d[k] = kept;
      }
    });
    return !scratch_.narrowed.empty();
  }

  // The trial copy made equal to the node again in `touched`.
  void restore(const Mask* d, Regions touched) {
    each_run_in(touched, [&](VariableRun run) {
      std::copy(d + run.begin, d + run.end, scratch_.trial.begin() + run.begin);
    });
    m_.copy_views(scratch_.trial.data(), d, touched);
  }

  // The variables of the primary regions among `regions`, a run at a time.
  template <class Each>
  void each_run_in(Regions regions, Each&& each) const {
    for (Regions r = regions & m_.primary_regions(); r; r &= r - 1)
      each(m_.variables_in(std::countr_zero(r)));
  }

  bool trial_fixpoint(Mask* d, const Dirty& start, FixpointIo<M>& io) const {
    return run_to_fixpoint(m_, d, start, rules_, count_, io, [](int, Verdict) {});
  }

  const M& m_;
  const Entry* const* rules_;
  int count_;
  int max_size_;
  ProbeScratch& scratch_;
};

}  // namespace bs::propagation
