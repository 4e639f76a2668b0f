// The one fixpoint driver: a model's selected rules, cheapest first, to a common fixpoint.
//
// A rule is a plain function over a read-only model (the puzzle's structure, precomputed once)
// and the store, so rules are thread-safe and the driver calls them through a function pointer,
// never a virtual call. Rules are incremental, as propagators in Gecode are: a call is handed
// the narrowings since that rule last ran (Dirty) and looks only there. The driver runs the rules
// cheapest first and restarts from the cheapest after any progress, so an expensive rule runs
// only when every cheaper one is stuck; the most expensive rule that made progress is what a
// solver reports as the puzzle's grade.
//
// The entry's descriptive part is a type parameter (`Info`: the project's RuleInfo, with name,
// cost class and help), so that the rules of every puzzle keep one entry shape while this layer
// includes nothing of heuristics/.
#pragma once

#include <bit>
#include <cstddef>
#include <span>
#include <type_traits>
#include <vector>

#include "core/clock.hpp"
#include "core/verdict.hpp"
#include "propagation/explain.hpp"
#include "propagation/store.hpp"

namespace bs::propagation {

// A rule call: narrow `domains` (m.words() masks) where `dirty` says, noting each narrowing.
template <class M>
using RuleFunction = Verdict (*)(const M& m, Mask* domains, const Dirty& dirty,
                                 Changes<M>& changed);

template <class M, class Info>
struct RuleEntry {
  Info info;
  RuleFunction<M> propagate;
  // Its own narrowings never give it more to do: it follows them up before it returns. The
  // driver then does not call it again for them.
  bool idempotent;
  // Why it removed a value, or failed, for conflict learning (explain.hpp); null: it cannot
  // say, and the learning engine answers for it with the decisions.
  ExplainFunction<M> explain = nullptr;
};

// The log of one fixpoint, kept per thread and per nesting level (a probe runs fixpoints inside
// a fixpoint), so that a node allocates nothing. Released when the scope ends.
class FixpointLog {
 public:
  explicit FixpointLog(size_t capacity);
  ~FixpointLog();
  FixpointLog(const FixpointLog&) = delete;
  FixpointLog& operator=(const FixpointLog&) = delete;
  std::vector<Narrowing>& log;
};

// What a fixpoint reports, and where it passes on what the rules leave.
template <class M>
struct FixpointIo {
  Regions touched = 0;            // out: the regions of every narrowed variable
  int removed = 0;                // out: how many values the rules removed
  Changes<M>* forward = nullptr;  // the rules' narrowings are noted here too, when given
  float* lookahead = nullptr;     // where probing rules leave look-ahead scores, when given
  // When given (--profile), each call's time is added here at its rule's index. Fixpoints run
  // inside a probe are not given it, so a probing rule's time includes theirs, counted once.
  uint64_t* nanoseconds = nullptr;
};

inline constexpr int kMaxFixpointRules = 16;
// The driver, with the timing of --profile compiled in or out (kTimed), so that an untimed
// fixpoint pays nothing for it on each rule call.
template <bool kTimed, Model M, class Info, class OnCall>
bool run_to_fixpoint_timed(const M& m, Mask* d, const Dirty& start,
                           const RuleEntry<M, Info>* const* rules, int count, FixpointIo<M>& io,
                           OnCall&& on_call) {
  const size_t given = start.everywhere ? 0 : static_cast<size_t>(start.end - start.begin);
  // Each narrowing removes a value, so a fixpoint notes at most one per value of every
  // variable, after the ones it starts from.
  FixpointLog scope(static_cast<size_t>(m.variables()) * static_cast<size_t>(m.values()) + given);
  std::vector<Narrowing>& log = scope.log;
  log.insert(log.end(), start.begin, start.begin + given);
  size_t seen[kMaxFixpointRules] = {};  // log entries each rule has been handed
  bool looked[kMaxFixpointRules] = {};  // a fresh node: each rule looks everywhere once
  bool alive = true;
  for (int i = 0; i < count;) {
    const bool everywhere = start.everywhere && !looked[i];
    if (!everywhere && seen[i] == log.size()) {
      ++i;
      continue;
    }
    const size_t before = log.size();
    const Dirty dirty{everywhere, log.data() + seen[i], log.data() + before};
    Changes<M> changed(m, d, log, io.lookahead);
    uint64_t started = 0;
    if constexpr (kTimed) started = monotonic_ns();
    const Verdict v = rules[i]->propagate(m, d, dirty, changed);
    if constexpr (kTimed) io.nanoseconds[i] += monotonic_ns() - started;
    looked[i] = true;
    seen[i] = rules[i]->idempotent ? log.size() : before;
    if constexpr (std::is_invocable_v<OnCall&, int, Verdict, std::span<const Narrowing>>)
      on_call(i, v, std::span<const Narrowing>(log.data() + before, log.size() - before));
    else
      on_call(i, v);
    if (v == Verdict::fail) {
      alive = false;
      break;
    }
    i = log.size() > before ? 0 : i + 1;
  }
  for (size_t k = 0; k < log.size(); ++k) {
    io.touched |= m.regions_of(log[k].var);
    if (k >= given) io.removed += std::popcount(log[k].lost);
  }
  if (io.forward)
    for (size_t k = given; k < log.size(); ++k) io.forward->forward(log[k]);
  return alive;
}

// Runs `rules` to a common fixpoint on `d`, cheapest first as given, restarting from the first
// after any progress. `start` is what changed since the last fixpoint: the narrowing of a move,
// or everything for a fresh node. Each rule is handed the narrowings since it last ran and is
// skipped when there are none. `on_call(i, verdict)` sees every call, for counters and grading;
// an `on_call(i, verdict, made)` is also handed the narrowings that call made, for a caller that
// credits each narrowing to its rule (Minesweeper's decided_by) or counts them.
// False: the node fails.
// With io.nanoseconds, each call is timed there.
template <Model M, class Info, class OnCall>
bool run_to_fixpoint(const M& m, Mask* d, const Dirty& start,
                     const RuleEntry<M, Info>* const* rules, int count, FixpointIo<M>& io,
                     OnCall&& on_call) {
  if (io.nanoseconds) return run_to_fixpoint_timed<true>(m, d, start, rules, count, io, on_call);
  return run_to_fixpoint_timed<false>(m, d, start, rules, count, io, on_call);
}

}  // namespace bs::propagation
