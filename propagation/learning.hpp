// Search that learns from its conflicts: lazy clause generation over the propagation core.
//
// The DFS of problem.hpp forgets why a subtree failed, and meets the same failure again under
// every branch that leaves its cause in place; issue 35 found it 30-100x slower than a plain SAT
// solver on some minimal Futoshiki puzzles. This engine keeps the cause: when a node fails, it
// asks the rules why (explain.hpp), follows the reasons back to the first unique implication
// point of the current level, and adds the clause that says "not all of these again" to the
// store. It then jumps back to the level where that clause first says something, restarts now
// and then (Luby), branches on the smallest domain with conflict activity among the ties, and
// saves each variable's last value to try it first again (phase saving). This is how Chuffed
// and OR-Tools' CP-SAT run finite domains on top of a SAT engine; here the domains stay the
// core's mask words, and the rules stay the puzzle's own.
//
// Probing is a trial decision per value of each variable with at most 3 values, propagated with
// the cheap rules only; a trial that fails is a conflict like any other, so the value leaves
// with the reason its analysis finds (propagation/probe.hpp removes it with no reason).
//
// The state. The words of a node (domains and views, as in problem.hpp) and a trail of
// literals in the order they became true, each with its level and its reason: a decision, a
// rule (explained lazily), a clause, "all other values are gone" (x = v), or "x is fixed to
// another value" (x != w). Undo copies the words saved at each decision back, as problem.hpp
// does, and pops the trail.
//
// Propagation alternates two things to a common fixpoint: the clauses, by two watched literals,
// and the puzzle's rules through the one fixpoint driver (fixpoint.hpp), handed exactly the
// narrowings since they last ran. A rule's narrowings go on the trail with the rule as reason.
//
// Counting stays exact. A solution is counted, and then blocked by the clause "not all of these
// decisions", which excludes exactly that solution (propagation is sound, so the decisions
// force it). Every other clause is implied by the puzzle. So a learned clause excludes only
// assignments with no solution, or solutions already counted; the search ends with a conflict
// at level 0, and the count is every solution once.
//
// What it reports: the first solution, the count, the stop reason, and counters (decisions,
// conflicts, learned clauses and their literals, restarts, explanations, and explanations the
// engine had to answer for a rule with the decisions).
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <functional>
#include <span>
#include <stdexcept>
#include <utility>
#include <vector>

#include "core/stop_reason.hpp"
#include "propagation/explain.hpp"
#include "propagation/fixpoint.hpp"
#include "propagation/problem.hpp"
#include "search/budget.hpp"
#include "search/stats.hpp"

namespace bs::propagation {

struct LearnConfig {
  search::Limits limits;     // nodes: decisions
  bool count = false;        // count solutions, not stop at the first
  uint64_t count_limit = 0;  // when counting: stop at this many; 0: all
  bool values_down = false;  // a variable's first value, before it has a saved phase
  int restart_base = 100;    // conflicts per Luby unit between restarts; 0: never restart
  // Failed-literal probing at nodes no deeper than this (-1: every node; 0: the root only): each
  // value of each variable with at most 3 values is tried; a trial that fails is a conflict like
  // any other, so its value leaves with a learned reason. A value tried that holds scores its
  // variable for the branching (propagation/probe.hpp's look-ahead).
  bool probe = true;
  int probe_depth = -1;
  // How many of the rules (the cheapest, as given) a probe's trial runs; -1: all. The DFS's
  // probe runs only the linear rules in its trials (docs/history/futoshiki.md says why).
  int trial_rules = -1;
  bool minimise = true;  // drop learned literals whose reason the clause already holds
  // Sees each learned clause and how many solutions were counted before it (tests check that
  // brute force finds no solution it excludes but those).
  std::function<void(std::span<const Lit>, uint64_t)> on_learn;
  bool keep_solutions = false;  // when counting: every solution's domains, in Outcome::all
  size_t max_learned = 4000;    // learned clauses kept before the first reduction
};

struct LearnStats {
  uint64_t decisions = 0;
  uint64_t conflicts = 0;
  uint64_t learned = 0;           // clauses learned
  uint64_t learned_literals = 0;  // their literals, summed
  uint64_t restarts = 0;
  uint64_t reductions = 0;  // clause database reductions
  uint64_t explained = 0;   // rule explanations asked for
  uint64_t fallbacks = 0;   // of them, answered with the decisions
  uint64_t probes = 0;      // values tried by probing
  uint64_t probe_failures = 0;
  uint64_t minimised = 0;  // literals dropped from learned clauses
  uint64_t max_level = 0;
};

template <SearchModel M, class Info>
class Learner {
 public:
  using Entry = RuleEntry<M, Info>;
  struct Outcome {
    bool found = false;
    uint64_t solutions = 0;
    StopReason stop = StopReason::exhausted;
    std::vector<Mask> first;             // the first solution's domains, one value each
    std::vector<std::vector<Mask>> all;  // LearnConfig::keep_solutions: every one, in order
    LearnStats learn;
    search::Stats rules;  // calls, prunes and removals per rule index, as the DFS counts them
  };

  // `rules`: cheapest first, as the fixpoint driver wants them.
  Learner(const M& m, std::vector<const Entry*> rules) : m_(m), rules_(std::move(rules)) {}

  Outcome run(std::vector<Mask> root, const LearnConfig& cfg);

 private:
  enum class Why : uint8_t { decision, all_others_gone, fixed_elsewhere, clause, rule, settled };
  struct Step {
    Lit lit;
    int32_t level;
    Why why;
    uint32_t index;  // the clause or rule
  };
  struct Clause {
    uint32_t start, size;
    uint32_t lbd;
    bool learned, blocking;
  };

  // --- the store and the trail ---
  int level() const { return static_cast<int>(level_start_.size()); }
  bool is_fixed(int var) const { return fixed_at_[var] != kNever; }
  // The truth of a literal now: 1 true, 0 false, -1 not yet.
  int value(Lit l) const;
  int32_t position(Lit true_lit) const {
    return lit_is_eq(true_lit) ? fixed_at_[lit_var(true_lit)] : removed_at_[lit_bool(true_lit)];
  }
  // The level a literal became true at; a literal not true counts as the present level.
  int level_of(Lit true_lit) const {
    const int32_t p = position(true_lit);
    if (p < 0) return 0;
    return static_cast<size_t>(p) < trail_.size() ? trail_[p].level : level();
  }
  void push_removal(int var, int v, Why why, uint32_t index);
  void push_fix(int var, int v, Why why, uint32_t index);
  void remove_value(int var, int v, Why why, uint32_t index);  // and from the words
  void fix_value(int var, int v, Why why, uint32_t index);     // and from the words
  void backjump(int to);

  // --- propagation ---
  bool propagate();
  bool propagate_clauses(Lit now_false);
  bool run_rules();
  void trail_rule_narrowings(int rule, std::span<const Narrowing> made);

  // --- conflicts ---
  void reason_of(int32_t pos, std::vector<Lit>& out);
  void decisions_before(int32_t pos, std::vector<Lit>& out) const;
  void explain_rule_failure(int rule);
  int analyse(std::vector<Lit>& learnt);
  void minimise(std::vector<Lit>& learnt);
  uint32_t add_clause(const std::vector<Lit>& lits, bool learned, bool blocking);
  uint32_t block_distance(const std::vector<Lit>& lits) const;
  void watch(uint32_t ci);
  void reduce_clauses();
  bool handle_conflict();
  bool restart_if_due();
  bool handle_solution(Outcome& out);

  // --- probing ---
  enum class Probed { settled, changed, refuted };
  Probed probe();

  // --- branching ---
  void bump(int var);
  int choose_variable() const;
  void decide(int var, int v);

  const M& m_;
  std::vector<const Entry*> rules_;
  int variables_ = 0;
  std::vector<Mask> d_;              // the words
  std::vector<Mask> root_;           // the first variables_ words at the start
  std::vector<Mask> shadow_;         // the domains as the trail has them
  std::vector<int32_t> removed_at_;  // per Boolean: trail position of "x != v"
  std::vector<int32_t> fixed_at_;    // per variable: trail position of "x = v"
  std::vector<Step> trail_;
  std::vector<int32_t> level_start_;  // trail position of each level's decision
  std::vector<Mask> saved_;           // the words before each decision
  size_t clause_head_ = 0, rule_head_ = 0;
  bool rules_fresh_ = true;
  int open_ = 0;  // variables not fixed
  int wiped_ = -1;

  std::vector<Lit> literals_;
  std::vector<Clause> clauses_;
  // Per literal: the clauses watching it, each with another of its literals (the blocker): when
  // the blocker is true the clause is satisfied and its memory is not read, as in MiniSat.
  struct Watch {
    uint32_t clause;
    Lit blocker;
  };
  std::vector<std::vector<Watch>> watches_;
  size_t learned_live_ = 0, max_learned_ = 4000;

  std::vector<double> activity_;
  double bump_by_ = 1.0;
  std::vector<int8_t> phase_;        // per variable: the value it last had, 0 for none
  std::vector<int8_t> fixed_value_;  // per variable: its value while fixed (fixed_at_)
  bool probing_ = false;             // inside a probe's trials
  std::vector<float> lookahead_;     // per variable: the last probe's score
  int probe_next_ = 0;               // where the next probe pass starts
  std::vector<uint8_t> seen_;        // per Boolean, during analysis
  std::vector<Lit> conflict_;        // true literals that cannot hold together
  std::vector<Lit> scratch_;
  std::vector<Narrowing> dirty_;
  LearnStats stats_;
  search::Stats rule_stats_;
  int failing_rule_ = -1;
  int active_rules_ = 0;  // the rules a fixpoint runs: all, or a trial's
  int trial_rules_ = 0;
  const LearnConfig* cfg_ = nullptr;  // run()'s, for the steps it calls
  uint64_t solutions_ = 0;            // counted so far
  uint64_t restart_at_ = 0, conflicts_since_restart_ = 0;
  bool used_ = false;
};

// ------------------------------------------------------------------------------------------

template <SearchModel M, class Info>
int Learner<M, Info>::value(Lit l) const {
  const int var = lit_var(l), v = lit_value(l);
  const bool in = shadow_[var] & value_bit(v);
  const bool fixed_here = is_fixed(var) && shadow_[var] == value_bit(v);
  if (lit_is_eq(l)) return fixed_here ? 1 : in ? -1 : 0;
  return !in ? 1 : fixed_here ? 0 : -1;
}

template <SearchModel M, class Info>
void Learner<M, Info>::push_removal(int var, int v, Why why, uint32_t index) {
  removed_at_[var << 5 | (v - 1)] = static_cast<int32_t>(trail_.size());
  trail_.push_back({lit_ne(var, v), level(), why, index});
  shadow_[var] &= ~value_bit(v);
  const Mask left = shadow_[var];
  if (!left) {
    if (wiped_ < 0) wiped_ = var;
  } else if (fixed(left) && !is_fixed(var)) {
    push_fix(var, lowest_value(left), Why::all_others_gone, 0);
  }
}

template <SearchModel M, class Info>
void Learner<M, Info>::push_fix(int var, int v, Why why, uint32_t index) {
  fixed_at_[var] = static_cast<int32_t>(trail_.size());
  trail_.push_back({lit_eq(var, v), level(), why, index});
  fixed_value_[var] = static_cast<int8_t>(v);
  if (!probing_) phase_[var] = static_cast<int8_t>(v);  // a trial's value is no phase
  --open_;
}

template <SearchModel M, class Info>
void Learner<M, Info>::remove_value(int var, int v, Why why, uint32_t index) {
  const Mask bit = value_bit(v);
  d_[var] &= ~bit;
  m_.drop_values(d_.data(), var, bit);
  push_removal(var, v, why, index);
}

template <SearchModel M, class Info>
void Learner<M, Info>::fix_value(int var, int v, Why why, uint32_t index) {
  const Mask others = shadow_[var] & ~value_bit(v);
  assign(m_, d_.data(), var, value_bit(v));  // the words and the views; the trail follows
  shadow_[var] &= ~others;  // before the pushes, so that none of them fixes `var` again
  push_fix(var, v, why, index);
  for (Mask o = others; o; o &= o - 1) {
    const int w = std::countr_zero(o) + 1;
    removed_at_[var << 5 | (w - 1)] = static_cast<int32_t>(trail_.size());
    trail_.push_back({lit_ne(var, w), level(), Why::fixed_elsewhere, 0});
  }
}

template <SearchModel M, class Info>
void Learner<M, Info>::backjump(int to) {
  if (to >= level()) return;
  const size_t words = d_.size();
  std::copy(saved_.begin() + static_cast<std::ptrdiff_t>(to * words),
            saved_.begin() + static_cast<std::ptrdiff_t>((to + 1) * words), d_.begin());
  saved_.resize(to * words);
  const size_t keep = static_cast<size_t>(level_start_[to]);
  for (size_t p = keep; p < trail_.size(); ++p) {
    const Lit l = trail_[p].lit;
    if (lit_is_eq(l)) {
      fixed_at_[lit_var(l)] = kNever;
      ++open_;
    } else {
      removed_at_[lit_bool(l)] = kNever;
    }
  }
  trail_.resize(keep);
  level_start_.resize(to);
  std::copy(d_.begin(), d_.begin() + variables_, shadow_.begin());
  clause_head_ = rule_head_ = keep;
  wiped_ = -1;
}

// --- propagation ---------------------------------------------------------------------------

// Clauses and rules, in turn, until neither has anything new. False: a conflict, in conflict_.
template <SearchModel M, class Info>
bool Learner<M, Info>::propagate() {
  for (;;) {
    while (clause_head_ < trail_.size()) {
      const Lit now_true = trail_[clause_head_++].lit;
      if (!propagate_clauses(negate(now_true))) return false;
    }
    if (!rules_fresh_ && rule_head_ == trail_.size()) return true;
    if (!run_rules()) return false;
    if (clause_head_ == trail_.size()) return true;
  }
}

template <SearchModel M, class Info>
bool Learner<M, Info>::propagate_clauses(Lit now_false) {
  std::vector<Watch>& ws = watches_[now_false];
  size_t keep = 0;
  bool ok = true;
  for (size_t i = 0; i < ws.size(); ++i) {
    const Watch w = ws[i];
    if (!ok || value(w.blocker) == 1) {
      ws[keep++] = w;
      continue;
    }
    const uint32_t ci = w.clause;
    Lit* ls = literals_.data() + clauses_[ci].start;
    if (ls[0] == now_false) std::swap(ls[0], ls[1]);
    if (value(ls[0]) == 1) {
      ws[keep++] = {ci, ls[0]};
      continue;
    }
    bool moved = false;
    for (uint32_t k = 2; k < clauses_[ci].size; ++k)
      if (value(ls[k]) != 0) {
        std::swap(ls[1], ls[k]);
        watches_[ls[1]].push_back({ci, ls[0]});
        moved = true;
        break;
      }
    if (moved) continue;
    ws[keep++] = {ci, ls[0]};
    const Lit unit = ls[0];
    if (value(unit) == 0) {
      conflict_.clear();
      for (uint32_t k = 0; k < clauses_[ci].size; ++k) conflict_.push_back(negate(ls[k]));
      ok = false;
      continue;
    }
    if (lit_is_eq(unit))
      fix_value(lit_var(unit), lit_value(unit), Why::clause, ci);
    else
      remove_value(lit_var(unit), lit_value(unit), Why::clause, ci);
  }
  ws.resize(keep);
  return ok;
}

// The rules to a fixpoint, handed the narrowings since they last ran (everything at the start).
template <SearchModel M, class Info>
bool Learner<M, Info>::run_rules() {
  dirty_.clear();
  for (size_t p = rule_head_; p < trail_.size(); ++p) {
    const Lit l = trail_[p].lit;
    if (lit_is_eq(l)) continue;
    const int var = lit_var(l);
    const Mask bit = value_bit(lit_value(l));
    if (!dirty_.empty() && dirty_.back().var == var)
      dirty_.back().lost |= bit;
    else
      dirty_.push_back({var, bit});
  }
  const Dirty start =
      rules_fresh_ ? Dirty::all() : Dirty{false, dirty_.data(), dirty_.data() + dirty_.size()};
  rules_fresh_ = false;
  FixpointIo<M> io;
  failing_rule_ = -1;
  const bool alive = run_to_fixpoint(m_, d_.data(), start, rules_.data(), active_rules_, io,
                                     [&](int i, Verdict v, std::span<const Narrowing> made) {
                                       ++rule_stats_.calls[i];
                                       if (v == Verdict::fail) {
                                         ++rule_stats_.prunes[i];
                                         failing_rule_ = i;
                                       }
                                       trail_rule_narrowings(i, made);
                                     });
  rule_head_ = trail_.size();
  if (wiped_ >= 0) {  // a rule emptied a domain: no value of it is left
    conflict_.clear();
    if (fixed_at_[wiped_] != kNever) {
      // Fixed to v, then v removed: the conflict is "x = v" and the reason of "x != v", one
      // literal for x where "no value left" would list every other value.
      const int v = fixed_value_[wiped_];
      conflict_.push_back(lit_eq(wiped_, v));
      reason_of(removed_at_[wiped_ << 5 | (v - 1)], conflict_);
    } else {
      for (Mask r = root_[wiped_]; r; r &= r - 1)
        conflict_.push_back(lit_ne(wiped_, std::countr_zero(r) + 1));
    }
    return false;
  }
  if (!alive) {
    explain_rule_failure(failing_rule_);
    return false;
  }
  return true;
}

template <SearchModel M, class Info>
void Learner<M, Info>::trail_rule_narrowings(int rule, std::span<const Narrowing> made) {
  for (const Narrowing& e : made) {
    rule_stats_.removed[rule] += std::popcount(e.lost);
    for (Mask lost = e.lost & shadow_[e.var]; lost; lost &= lost - 1)
      push_removal(e.var, std::countr_zero(lost) + 1, Why::rule, static_cast<uint32_t>(rule));
  }
}

// --- conflicts -----------------------------------------------------------------------------

// The decisions on the trail before `pos`: the reason of last resort, true of anything the
// store held then, since the store is a function of them.
template <SearchModel M, class Info>
void Learner<M, Info>::decisions_before(int32_t pos, std::vector<Lit>& out) const {
  for (const int32_t start : level_start_)
    if (start < pos) out.push_back(trail_[start].lit);
}

template <SearchModel M, class Info>
void Learner<M, Info>::explain_rule_failure(int rule) {
  conflict_.clear();
  const auto now = static_cast<int32_t>(trail_.size());
  const Past past(root_.data(), shadow_.data(), removed_at_.data(), fixed_at_.data(), phase_.data(),
                  now);
  ++stats_.explained;
  if (rule >= 0 && rules_[rule]->explain && rules_[rule]->explain(m_, past, kNoLit, conflict_)) {
    bool sound = true;
    for (const Lit q : conflict_) sound &= past.holds(q);
    if (sound) return;
    conflict_.clear();
  }
  ++stats_.fallbacks;
  decisions_before(now, conflict_);
}

// The literals, true before trail position `pos`, that forced the literal there.
template <SearchModel M, class Info>
void Learner<M, Info>::reason_of(int32_t pos, std::vector<Lit>& out) {
  const Step& s = trail_[pos];
  const int var = lit_var(s.lit);
  switch (s.why) {
    case Why::decision:
    case Why::settled:
      return;
    case Why::all_others_gone:
      for (Mask r = root_[var] & ~value_bit(lit_value(s.lit)); r; r &= r - 1)
        out.push_back(lit_ne(var, std::countr_zero(r) + 1));
      return;
    case Why::fixed_elsewhere:
      out.push_back(trail_[fixed_at_[var]].lit);
      return;
    case Why::clause: {
      const Clause& c = clauses_[s.index];
      for (uint32_t k = 0; k < c.size; ++k) {
        const Lit q = literals_[c.start + k];
        if (q != s.lit) out.push_back(negate(q));
      }
      return;
    }
    case Why::rule: {
      ++stats_.explained;
      const size_t first = out.size();
      const Past past(root_.data(), shadow_.data(), removed_at_.data(), fixed_at_.data(),
                      fixed_value_.data(), pos);
      const Entry* e = rules_[s.index];
      if (e->explain && e->explain(m_, past, s.lit, out)) {
        bool sound = true;
        for (size_t k = first; k < out.size(); ++k) sound &= past.holds(out[k]);
        if (sound) return;
      }
      out.resize(first);
      ++stats_.fallbacks;
      decisions_before(pos, out);
      return;
    }
  }
}

// First-UIP analysis of conflict_: the learned clause in `learnt`, its asserting literal first
// and a literal of the level to jump back to second; returns that level.
template <SearchModel M, class Info>
int Learner<M, Info>::analyse(std::vector<Lit>& learnt) {
  learnt.assign(1, kNoLit);
  const int here = level();
  int pending = 0;
  auto p = static_cast<int32_t>(trail_.size()) - 1;
  std::vector<Lit>& reason = scratch_;
  reason = conflict_;
  std::vector<uint32_t> marked;
  for (;;) {
    for (const Lit q : reason) {
      const uint32_t b = lit_bool(q);
      const int lv = level_of(q);
      if (seen_[b] || lv == 0) continue;
      seen_[b] = 1;
      marked.push_back(b);
      bump(lit_var(q));
      if (lv == here)
        ++pending;
      else
        learnt.push_back(negate(q));
    }
    while (!seen_[lit_bool(trail_[p].lit)]) --p;
    const Lit uip = trail_[p].lit;
    seen_[lit_bool(uip)] = 0;
    --pending;
    if (pending == 0) {
      learnt[0] = negate(uip);
      break;
    }
    reason.clear();
    reason_of(p, reason);
    --p;
  }
  if (cfg_->minimise) minimise(learnt);
  for (const uint32_t b : marked) seen_[b] = 0;
  int back = 0;
  for (size_t k = 1; k < learnt.size(); ++k)
    if (const int lv = level_of(negate(learnt[k])); lv > back) {
      back = lv;
      std::swap(learnt[1], learnt[k]);
    }
  return back;
}

// Drops each literal (but the asserting one) whose reason lies within the clause: with the
// clause's other literals false, it is false too (MiniSat's local minimisation). The seen_
// marks are the clause's literals of lower levels, as analyse leaves them.
template <SearchModel M, class Info>
void Learner<M, Info>::minimise(std::vector<Lit>& learnt) {
  std::vector<Lit> reason;
  size_t kept = 1;
  for (size_t k = 1; k < learnt.size(); ++k) {
    const Lit t = negate(learnt[k]);
    const int32_t pos = position(t);
    bool redundant = trail_[pos].why != Why::decision;
    if (redundant) {
      reason.clear();
      reason_of(pos, reason);
      for (const Lit r : reason)
        if (!seen_[lit_bool(r)] && level_of(r) > 0) {
          redundant = false;
          break;
        }
    }
    if (redundant)
      ++stats_.minimised;
    else
      learnt[kept++] = learnt[k];
  }
  learnt.resize(kept);
}

// The literal-block distance of a clause whose literals are all false: how many levels they
// span (Glucose's measure of a clause that links few decisions).
template <SearchModel M, class Info>
uint32_t Learner<M, Info>::block_distance(const std::vector<Lit>& lits) const {
  std::vector<int> levels;
  for (const Lit l : lits) levels.push_back(level_of(negate(l)));
  std::sort(levels.begin(), levels.end());
  return static_cast<uint32_t>(std::unique(levels.begin(), levels.end()) - levels.begin());
}

template <SearchModel M, class Info>
uint32_t Learner<M, Info>::add_clause(const std::vector<Lit>& lits, bool learned, bool blocking) {
  Clause c{static_cast<uint32_t>(literals_.size()), static_cast<uint32_t>(lits.size()), 0, learned,
           blocking};
  if (learned) ++learned_live_;
  literals_.insert(literals_.end(), lits.begin(), lits.end());
  clauses_.push_back(c);
  const auto ci = static_cast<uint32_t>(clauses_.size() - 1);
  watch(ci);
  return ci;
}

template <SearchModel M, class Info>
void Learner<M, Info>::watch(uint32_t ci) {
  const Clause& c = clauses_[ci];
  if (c.size < 2) return;
  watches_[literals_[c.start]].push_back({ci, literals_[c.start + 1]});
  watches_[literals_[c.start + 1]].push_back({ci, literals_[c.start]});
}

// At level 0 only, where no clause is the reason of anything analysis will read: keeps the
// clauses of low literal-block distance (the number of levels they span, Glucose's measure of
// a clause that links few decisions), and the better half of the rest.
template <SearchModel M, class Info>
void Learner<M, Info>::reduce_clauses() {
  std::vector<uint32_t> order;
  for (uint32_t ci = 0; ci < clauses_.size(); ++ci)
    if (clauses_[ci].learned && !clauses_[ci].blocking && clauses_[ci].lbd > 2) order.push_back(ci);
  std::stable_sort(order.begin(), order.end(),
                   [&](uint32_t a, uint32_t b) { return clauses_[a].lbd < clauses_[b].lbd; });
  std::vector<uint8_t> drop(clauses_.size(), 0);
  for (size_t k = order.size() / 2; k < order.size(); ++k) drop[order[k]] = 1;
  std::vector<Lit> lits;
  std::vector<Clause> kept;
  for (uint32_t ci = 0; ci < clauses_.size(); ++ci) {
    if (drop[ci]) {
      --learned_live_;
      continue;
    }
    Clause c = clauses_[ci];
    const uint32_t start = static_cast<uint32_t>(lits.size());
    lits.insert(lits.end(), literals_.begin() + c.start, literals_.begin() + c.start + c.size);
    c.start = start;
    kept.push_back(c);
  }
  literals_ = std::move(lits);
  clauses_ = std::move(kept);
  for (auto& w : watches_) w.clear();
  for (uint32_t ci = 0; ci < clauses_.size(); ++ci) watch(ci);
  for (Step& s : trail_)
    if (s.why == Why::clause || s.why == Why::rule) s.why = Why::settled;  // level 0 facts
  ++stats_.reductions;
  max_learned_ += 500;
}

// Learns from conflict_, jumps back, and asserts the learned clause. False: the conflict is at
// level 0, so there is nothing left to search.
template <SearchModel M, class Info>
bool Learner<M, Info>::handle_conflict() {
  ++stats_.conflicts;
  ++conflicts_since_restart_;
  // An explanation may find a cause that already held at a lower level (a stronger reason than
  // the rule that failed had used): the conflict belongs to the highest level among its literals.
  int top = 0;
  for (const Lit q : conflict_) top = std::max(top, level_of(q));
  if (top == 0) return false;
  backjump(top);
  std::vector<Lit> learnt;
  const int back = analyse(learnt);
  ++stats_.learned;
  stats_.learned_literals += learnt.size();
  if (cfg_->on_learn) cfg_->on_learn(learnt, solutions_);
  const uint32_t lbd = block_distance(learnt);  // before the jump unassigns the asserting literal
  backjump(back);
  const uint32_t ci = add_clause(learnt, true, false);
  clauses_[ci].lbd = lbd;
  if (lit_is_eq(learnt[0]))
    fix_value(lit_var(learnt[0]), lit_value(learnt[0]), Why::clause, ci);
  else
    remove_value(lit_var(learnt[0]), lit_value(learnt[0]), Why::clause, ci);
  bump_by_ /= 0.95;
  if (bump_by_ > 1e100) {
    for (double& a : activity_) a *= 1e-100;
    bump_by_ *= 1e-100;
  }
  return true;
}

// A solution: counted, then blocked by the clause "not all of these decisions", which excludes
// it and nothing else. True: the search goes on.
template <SearchModel M, class Info>
bool Learner<M, Info>::handle_solution(Outcome& out) {
  const LearnConfig& cfg = *cfg_;
  solutions_ = ++out.solutions;
  if (cfg.keep_solutions) out.all.emplace_back(d_.begin(), d_.begin() + variables_);
  if (!out.found) {
    out.found = true;
    out.first.assign(d_.begin(), d_.begin() + variables_);
  }
  if (!cfg.count || (cfg.count_limit > 0 && out.solutions >= cfg.count_limit)) {
    out.stop = StopReason::solution;
    return false;
  }
  if (level() == 0) return false;  // settled without a decision: the only solution
  std::vector<Lit> block;
  for (int k = level() - 1; k >= 0; --k) block.push_back(negate(trail_[level_start_[k]].lit));
  backjump(level() - 1);
  const uint32_t ci = add_clause(block, false, true);
  remove_value(lit_var(block[0]), lit_value(block[0]), Why::clause, ci);
  return true;
}

// --- probing ------------------------------------------------------------------------------

// One pass over the variables with at most 3 values, each value tried at a level of its own and
// undone. The first trial that fails is learned from (its clause removes the value, with the
// reason analysis finds) and the pass stops there, for the caller to propagate; the next pass
// starts at that variable, whose other values may fail too.
template <SearchModel M, class Info>
typename Learner<M, Info>::Probed Learner<M, Info>::probe() {
  const int here = level();
  for (int k = 0; k < variables_; ++k) {
    const int x = (probe_next_ + k) % variables_;
    const Mask dom = shadow_[x];
    if (is_fixed(x) || std::popcount(dom) > 3) continue;
    float score = 1.0f;
    for (Mask left = dom; left; left &= left - 1) {
      const int v = std::countr_zero(left) + 1;
      ++stats_.probes;
      const size_t before = trail_.size();
      probing_ = true;
      decide(x, v);
      active_rules_ = trial_rules_;
      const bool holds = propagate();
      active_rules_ = static_cast<int>(rules_.size());
      probing_ = false;
      if (holds) {
        score *= 1.0f + static_cast<float>(trail_.size() - before);
        backjump(here);
        continue;
      }
      ++stats_.probe_failures;
      probe_next_ = x;
      return handle_conflict() ? Probed::changed : Probed::refuted;
    }
    lookahead_[x] = score;
  }
  return Probed::settled;
}

// --- branching ----------------------------------------------------------------------------

template <SearchModel M, class Info>
void Learner<M, Info>::bump(int var) {
  activity_[var] += bump_by_;
}

// The open variable of smallest domain (fail first, as the DFS does); among equals, the one
// whose values the last probe found to settle most, then the one most active in recent
// conflicts, then the one in most constraints. Activity first (VSIDS, as SAT solvers branch) was
// measured worse on minimal Futoshiki: 1,284 decisions and 12.7 s on min_15_seed2 against 547
// and 4.7 s (docs/history/futoshiki.md).
template <SearchModel M, class Info>
int Learner<M, Info>::choose_variable() const {
  int best = -1, best_size = 99, best_degree = -1;
  double best_activity = -1;
  float best_score = -1;
  for (int x = 0; x < variables_; ++x) {
    if (is_fixed(x)) continue;
    const int size = std::popcount(shadow_[x]);
    if (size > best_size) continue;
    const float score = lookahead_[x];
    const double a = activity_[x];
    const int degree = m_.degree_of(x);
    const bool better =
        size < best_size || (score > best_score ||
                             (score == best_score &&
                              (a > best_activity || (a == best_activity && degree > best_degree))));
    if (!better) continue;
    best = x;
    best_size = size;
    best_score = score;
    best_activity = a;
    best_degree = degree;
  }
  return best;
}

template <SearchModel M, class Info>
void Learner<M, Info>::decide(int var, int v) {
  saved_.insert(saved_.end(), d_.begin(), d_.end());
  level_start_.push_back(static_cast<int32_t>(trail_.size()));
  stats_.max_level = std::max<uint64_t>(stats_.max_level, level_start_.size());
  fix_value(var, v, Why::decision, 0);
}

// The Luby sequence 1 1 2 1 1 2 4 ..., the restart schedule that wastes at most a log factor
// against the best fixed schedule.
inline uint64_t luby(uint64_t i) {
  uint64_t size = 1, seq = 0;
  while (size < i + 1) {
    ++seq;
    size = 2 * size + 1;
  }
  while (size - 1 != i) {
    size = (size - 1) >> 1;
    --seq;
    i = i % size;
  }
  return uint64_t{1} << seq;
}

template <SearchModel M, class Info>
typename Learner<M, Info>::Outcome Learner<M, Info>::run(std::vector<Mask> root,
                                                         const LearnConfig& cfg) {
  if (used_) throw std::logic_error("propagation::Learner::run: one run per learner");
  used_ = true;
  Outcome out;
  variables_ = m_.variables();
  d_ = std::move(root);
  root_.assign(d_.begin(), d_.begin() + variables_);
  shadow_ = root_;
  const size_t booleans = static_cast<size_t>(variables_) << 5;
  removed_at_.assign(booleans, kNever);
  fixed_at_.assign(variables_, kNever);
  open_ = 0;
  for (int x = 0; x < variables_; ++x) {
    for (Mask gone = ~root_[x]; gone; gone &= gone - 1)
      removed_at_[x << 5 | std::countr_zero(gone)] = kFromStart;
    if (fixed(root_[x]))
      fixed_at_[x] = kFromStart;
    else
      ++open_;
  }
  watches_.assign(booleans << 1, {});
  activity_.assign(variables_, 0.0);
  phase_.assign(variables_, 0);
  fixed_value_.assign(variables_, 0);
  for (int x = 0; x < variables_; ++x)
    if (fixed(root_[x])) fixed_value_[x] = static_cast<int8_t>(lowest_value(root_[x]));
  lookahead_.assign(variables_, 0.0f);
  seen_.assign(booleans, 0);
  active_rules_ = static_cast<int>(rules_.size());
  trial_rules_ = cfg.trial_rules < 0 ? active_rules_ : std::min(cfg.trial_rules, active_rules_);
  cfg_ = &cfg;
  max_learned_ = cfg.max_learned;

  search::Budget budget(cfg.limits);
  restart_at_ = cfg.restart_base > 0 ? luby(0) * cfg.restart_base : 0;
  // A domain empty at the root: nothing to search (and no value to decide on).
  const bool empty_root = std::any_of(root_.begin(), root_.end(), [](Mask m) { return !m; });
  bool stopped = false;
  // Every pass of the loop ends in a conflict, a solution, a probe or a decision, and can take
  // milliseconds, so the clock is read on each pass, not every 1,024 nodes as the DFS's is.
  while (!empty_root) {
    if (budget.check()) {
      stopped = true;
      break;
    }
    if (!propagate()) {
      if (!handle_conflict() || !restart_if_due()) break;  // refuted at level 0
      continue;
    }
    // The check of plain backtracking (problem.hpp), which no rule set switches off: the fixed
    // variables keep the constraints among themselves. When no rule caught a clash, the
    // decisions are the reason.
    if (!m_.fixed_values_agree(d_.data())) {
      conflict_.clear();
      decisions_before(static_cast<int32_t>(trail_.size()), conflict_);
      if (!handle_conflict() || !restart_if_due()) break;
      continue;
    }
    if (open_ == 0) {
      if (handle_solution(out)) continue;
      if (out.stop != StopReason::solution) out.stop = StopReason::exhausted;
      out.learn = stats_;
      out.rules = rule_stats_;
      return out;
    }
    if (cfg.probe && (cfg.probe_depth < 0 || level() <= cfg.probe_depth)) {
      const Probed p = probe();
      if (p == Probed::refuted || (p == Probed::changed && !restart_if_due())) break;
      if (p == Probed::changed) continue;
    }
    if (budget.step()) {  // the node limit counts decisions
      stopped = true;
      break;
    }
    ++stats_.decisions;
    const int var = choose_variable();
    const Mask dom = shadow_[var];
    int v = phase_[var];
    if (!v || !(dom & value_bit(v))) v = cfg.values_down ? highest_value(dom) : lowest_value(dom);
    decide(var, v);
  }
  out.stop = stopped ? budget.reason() : StopReason::exhausted;
  out.learn = stats_;
  out.rules = rule_stats_;
  return out;
}

// After a conflict: a restart when the Luby schedule says so (counting every conflict, the
// probe's included), and at a restart with too many learned clauses, a reduction once level 0
// is propagated. False: level 0 is refuted.
template <SearchModel M, class Info>
bool Learner<M, Info>::restart_if_due() {
  if (!restart_at_ || conflicts_since_restart_ < restart_at_) return true;
  conflicts_since_restart_ = 0;
  ++stats_.restarts;
  restart_at_ = luby(stats_.restarts) * cfg_->restart_base;
  backjump(0);
  if (learned_live_ <= max_learned_) return true;
  // The asserted literal of the last clause may be pending at level 0: the clauses are settled,
  // and no level-0 step is read by analysis, only once it is propagated.
  while (!propagate())
    if (!handle_conflict()) return false;
  if (level() == 0) reduce_clauses();
  return true;
}

}  // namespace bs::propagation
