// A propagation model as a problem for the generic DFS (search/dfs.hpp): the whole search core
// of a finite-domain puzzle, so that a puzzle supplies its structure and rules and nothing else.
//
// Node. A node's state is the model's array of domain words. Entering a node runs the selected
// rules to a fixpoint (fixpoint.hpp); below `probe_depth` only the `deep` cheapest of them run,
// which leaves out the probing rules where they do not pay. After the rules, the check of plain
// backtracking, which no rule set can switch off: the fixed variables keep every constraint
// among themselves (the model's fixed_values_agree). With it, no rules at all is the textbook
// baseline, and a state with every variable fixed that reaches the goal test is a solution
// whatever the rules.
//
// Undo. A move saves the whole domain array on a trail and fixes one variable; undo copies it
// back. A copy of the words (2.5 KB for a 25x25 Futoshiki) costs less than recording every change
// the rules make, and keeps the rules free of undo logic.
//
// Branching is branching.hpp: one variable per node, every value of it a move.
#pragma once

#include <algorithm>
#include <bit>
#include <span>
#include <concepts>
#include <cstddef>
#include <vector>

#include "propagation/branching.hpp"
#include "propagation/fixpoint.hpp"
#include "search/stats.hpp"

namespace bs::propagation {

// What the DFS adapter needs of a model beyond the fixpoint's needs.
template <class M>
concept SearchModel = Model<M> && Degrees<M> && requires(const M& m, const Mask* d) {
  { m.fixed_values_agree(d) } -> std::same_as<bool>;  // fixed variables keep the constraints
};

template <SearchModel M, class Info>
class Problem {
 public:
  using Move = propagation::Move;
  using Entry = RuleEntry<M, Info>;
  struct Rules {
    std::vector<const Entry*> shallow;  // every selected rule, cheapest first
    int deep = 0;        // how many of them run below the probe depth: all but the probing ones
    bool timed = false;  // --profile: each call's time goes to Stats::nanoseconds
  };
  struct State {
    std::vector<Mask> dom;    // the model's words
    std::vector<Mask> trail;  // per move on the path: the domains before it, then `open`
    int open = -1;            // variables not fixed, after propagation; -1 before it
    // Left by a probing rule at the last fixpoint, for the lookahead branching; not trailed, as
    // the engine branches on a node right after propagating it.
    std::vector<float> lookahead;
    // What changed since the last fixpoint: the move's narrowing, or everything (fresh).
    Narrowing move{-1, 0};
  };

  Problem(const M& m, Rules rules, Branching branching, bool down, int probe_depth)
      : m_(m),
        variables_(m.variables()),
        rules_(std::move(rules)),
        branching_(branching),
        down_(down),
        probe_depth_(probe_depth) {}

  // The rules to a fixpoint, cheapest first, restarting from the cheapest after progress.
  // `hardest`, when given, is raised to the index of every rule that made progress.
  bool fixpoint(State& st, search::Stats& stats, int* hardest) const {
    const bool deep = depth(st) > probe_depth_;
    const Dirty start = st.move.var < 0 ? Dirty::all() : Dirty{false, &st.move, &st.move + 1};
    FixpointIo<M> io;
    if (rules_.timed) io.nanoseconds = stats.nanoseconds.data();
    if (branching_ == Branching::dom_probe) {
      st.lookahead.assign(variables_, 0.0f);  // a node the probe skips has no scores
      io.lookahead = st.lookahead.data();
    }
    const bool alive = run_to_fixpoint(m_, st.dom.data(), start, rules_.shallow.data(),
                                       deep ? rules_.deep : static_cast<int>(rules_.shallow.size()),
                                       io, [&](int i, Verdict v, std::span<const Narrowing> made) {
                                         ++stats.calls[i];
                                         if (v == Verdict::fail) ++stats.prunes[i];
                                         if (v == Verdict::progress && hardest)
                                           *hardest = std::max(*hardest, i);
                                         for (const Narrowing& e : made)
                                           stats.removed[i] += std::popcount(e.lost);
                                       });
    if (!alive) return false;
    int open = 0;
    for (int x = 0; x < variables_; ++x) {
      const Mask d = st.dom[x];
      if (!d) return false;
      open += !fixed(d);
    }
    st.open = open;
    return m_.fixed_values_agree(st.dom.data());
  }

  // A state whose `open` is known left its last fixpoint unchanged (only a move changes it, and
  // a move resets `open`): the root, propagated once by the solver, and frontier nodes the
  // engine enters a second time are not propagated again.
  bool propagate(State& st, search::Stats& stats) const {
    return st.open >= 0 || fixpoint(st, stats, nullptr);
  }

  bool is_goal(const State& st) const { return st.open == 0; }

  bool prune(const State&, search::Stats&) const { return false; }

  void moves(const State& st, std::vector<Move>& out) const {
    const size_t first = out.size();
    append_moves(st, out);
    if (!phase_.empty())  // the guide's value first, the others in their order
      std::stable_partition(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(),
                            [&](Move mv) { return phase_[move_variable(mv)] == move_value(mv); });
  }

  // A guide for the value order, as a SAT solver's saved phases: per variable, the value to try
  // first (one bit; 0 for no preference). Given a solution, the search's first branch at every
  // node leads to it, and the rest of a count explores around it; given an LP's rounding, the
  // search starts where the relaxation points. Empty: no guide.
  void set_phase(std::vector<Mask> phase) { phase_ = std::move(phase); }

  void apply(State& st, Move mv) const {
    st.trail.insert(st.trail.end(), st.dom.begin(), st.dom.end());
    st.trail.push_back(static_cast<Mask>(st.open));
    st.move = assign(m_, st.dom.data(), move_variable(mv), move_value(mv));
    st.open = -1;
  }

  void undo(State& st, Move) const {
    const auto k = static_cast<std::ptrdiff_t>(st.dom.size());
    st.open = static_cast<int>(st.trail.back());
    std::copy(st.trail.end() - 1 - k, st.trail.end() - 1, st.dom.begin());
    st.trail.resize(st.trail.size() - static_cast<size_t>(k) - 1);
  }

  // Replays a solution path from the propagated root. Propagation is deterministic, so the same
  // moves reach the same state the search saw. False: a move failed, which is a bug.
  bool replay(State& st, const std::vector<Move>& path) const {
    search::Stats scratch;
    for (const Move mv : path) {
      apply(st, mv);
      if (!fixpoint(st, scratch, nullptr)) return false;
    }
    return true;
  }

 private:
  void append_moves(const State& st, std::vector<Move>& out) const {
    if constexpr (ItemBranching<M>) {
      if (branching_ == Branching::items) return m_.branch_moves(st.dom.data(), down_, out);
    }
    const bool scored = branching_ == Branching::dom_probe && !st.lookahead.empty();
    const int var = choose_variable(m_, st.dom.data(), variables_, branching_,
                                    scored ? st.lookahead.data() : nullptr);
    if (var >= 0) append_value_moves(var, st.dom[var], down_, out);
  }

  // Moves on the path to this node: each left its domains and one word on the trail.
  int depth(const State& st) const {
    return static_cast<int>(st.trail.size() / (st.dom.size() + 1));
  }

  const M& m_;
  int variables_;
  Rules rules_;
  Branching branching_;
  bool down_;
  int probe_depth_;
  std::vector<Mask> phase_;
};

}  // namespace bs::propagation
