// Why a search stopped. Every Result carries one, so a table of runs can tell a proof of "no
// solution" (exhausted) from a run that merely ran out of time.
#pragma once

namespace bs {

enum class StopReason {
  solution,   // found what was asked for (a solution, or `limit` solutions when counting)
  exhausted,  // searched everything: the answer is complete
  root,       // decided before search, by a root rule (a bound, an invariant)
  node_limit,
  time_limit,
  cancelled,    // an external cancel flag was raised
  state_limit,  // a method's own size limit (the Minesweeper frontier DP's states per layer)
};

inline const char* to_string(StopReason r) {
  switch (r) {
    case StopReason::solution:
      return "solution";
    case StopReason::exhausted:
      return "exhausted";
    case StopReason::root:
      return "root";
    case StopReason::node_limit:
      return "node-limit";
    case StopReason::time_limit:
      return "time-limit";
    case StopReason::cancelled:
      return "cancelled";
    case StopReason::state_limit:
      return "state-limit";
  }
  return "?";
}

// A limit, not an answer: the result of such a run is "unknown".
inline bool is_limit(StopReason r) {
  return r == StopReason::node_limit || r == StopReason::time_limit || r == StopReason::cancelled ||
         r == StopReason::state_limit;
}

}  // namespace bs
