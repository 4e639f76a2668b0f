// The Futoshiki propagation driver: the selected rules to a common fixpoint.
//
// Kept apart from futoshiki_rule.hpp, which is what a rule needs, because only the solver and
// the probe, which runs fixpoints of its own in its trials, drive rules.
#pragma once

#include <bit>
#include <vector>

#include "heuristics/futoshiki/futoshiki_rule.hpp"

namespace bs::futoshiki {

// The log of one fixpoint, kept per thread and per nesting level (a probe runs fixpoints inside
// a fixpoint), so that a node allocates nothing. Released when the scope ends.
class FixpointLog {
 public:
  FixpointLog(const Structure& s, size_t start);
  ~FixpointLog();
  FixpointLog(const FixpointLog&) = delete;
  FixpointLog& operator=(const FixpointLog&) = delete;
  std::vector<Narrowing>& log;
};

// What a fixpoint reports, and where it passes on what the rules leave.
struct FixpointIo {
  Lines touched = 0;           // out: the rows and columns of every narrowed cell
  int removed = 0;             // out: how many values the rules removed
  Changes* forward = nullptr;  // the rules' narrowings are noted here too, when given
  float* lookahead = nullptr;  // where probing rules leave look-ahead scores, when given
};

// Runs `rules` to a common fixpoint on `d`, cheapest first as given, restarting from the first
// after any progress. `start` is what changed since the last fixpoint: the narrowing of a move,
// or everything for a fresh node. Each rule is handed the narrowings since it last ran and is
// skipped when there are none. `on_call(i, verdict)` sees every call, for counters and grading.
// False: the node fails.
inline constexpr int kMaxFixpointRules = 16;
template <class OnCall>
bool run_to_fixpoint(const Structure& s, Mask* d, const Dirty& start,
                     const FutoshikiRuleEntry* const* rules, int count, FixpointIo& io,
                     OnCall&& on_call) {
  const size_t given = start.everywhere ? 0 : static_cast<size_t>(start.end - start.begin);
  FixpointLog scope(s, given);
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
    Changes changed(s, d, log, io.lookahead);
    const Verdict v = rules[i]->propagate(s, d, dirty, changed);
    looked[i] = true;
    seen[i] = rules[i]->idempotent ? log.size() : before;
    on_call(i, v);
    if (v == Verdict::fail) {
      alive = false;
      break;
    }
    i = log.size() > before ? 0 : i + 1;
  }
  for (size_t k = 0; k < log.size(); ++k) {
    io.touched |= s.lines_of(log[k].cell);
    if (k >= given) io.removed += std::popcount(log[k].lost);
  }
  if (io.forward)
    for (size_t k = given; k < log.size(); ++k) io.forward->forward(log[k]);
  return alive;
}

}  // namespace bs::futoshiki
