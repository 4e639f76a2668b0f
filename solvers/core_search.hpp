// The solve of a puzzle built on the propagation core, from the root fixpoint to the Result:
// shared by every such puzzle (Futoshiki, Dominosa) so that each reports the same fields the same
// way, and a new puzzle on the core writes only what is its own.
//
// What it does, in order: the selected rules to a fixpoint at the root, which names the grade
// (the hardest rule that made progress; "search" when the rules stop short of a full grid); the
// shared DFS (search/dfs.hpp) from there, with the common options' threads, limits and count;
// then the Result's stop reason, node and rule counters, solution count, and, when the search
// ran out of tree without a solution, the certificate that says why ("propagation" when the
// rules refute the root, "exhaustive-search" otherwise). What stays with the puzzle: building
// its Problem and root, turning a solution path into its own solution (replay), and checking
// the certificate by a second method.
#pragma once

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/options.hpp"
#include "core/result.hpp"
#include "search/dfs.hpp"
#include "solvers/measure.hpp"

namespace bs {

// The rule names as one comma-separated list ("none" when empty), as certificates quote them.
inline std::string rule_list(const std::vector<std::string>& names) {
  std::string s;
  for (const auto& n : names) s += (s.empty() ? "" : ",") + n;
  return s.empty() ? "none" : s;
}

// The certificate of an instance with no solution: the rules refuted the root ("propagation",
// with the puzzle's wording of how), or a search went through every branch ("exhaustive-search").
inline Certificate no_solution_certificate(bool consistent, uint64_t nodes,
                                           const std::vector<std::string>& names,
                                           const std::string& root_refuted) {
  const std::string rules = rule_list(names);
  return {consistent ? "exhaustive-search" : "propagation",
          consistent ? "searched every branch: " + std::to_string(nodes) + " nodes, rules " + rules
                     : "the rules " + rules + " " + root_refuted,
          nlohmann::json{{"nodes", nodes}, {"rules", rules}}.dump()};
}

// The count (when counting) and the status of a search's outcome into r. True: the search ran
// out of tree with no solution, and the caller writes the certificate that says why.
inline bool record_outcome(const CommonOptions& common, uint64_t solutions, StopReason stop,
                           bool found, Result& r) {
  if (common.count) {
    r.solution_count = static_cast<int64_t>(solutions);
    r.count_complete = stop == StopReason::exhausted;
    r.count("solutions", static_cast<double>(solutions));
  }
  if (found) {
    r.status = Status::solved;
    return false;
  }
  if (stop != StopReason::exhausted) return false;
  r.status = Status::infeasible;
  return true;
}

// How a puzzle words what is its own in the Result.
struct CoreSearchWords {
  std::string ungraded;      // the grade when no rule made progress ("none", "givens")
  std::string root_refuted;  // the certificate's reason when the rules refute the root
};

// What the search left for the puzzle: whether the root survived its rules, the propagated root
// (a solution path replays from it), and the DFS outcome (out.found: out.path is a solution).
template <class Problem>
struct CoreSearch {
  bool consistent = false;
  typename Problem::State root;
  search::Stats root_stats;
  search::DfsOutcome<typename Problem::Move> out;
};

// Step one: the rules of `problem` to a fixpoint at `root`, and the grade into r. `names` are the
// rules the problem runs, in its order.
template <class Problem>
CoreSearch<Problem> core_root(const Problem& problem, typename Problem::State root,
                              const std::vector<std::string>& names, const CoreSearchWords& words,
                              Result& r) {
  CoreSearch<Problem> cs;
  int hardest = -1;
  cs.consistent = problem.fixpoint(root, cs.root_stats, &hardest);
  if (!cs.consistent || root.open > 0)
    r.hardest_rule = "search";  // refuted at the root: no grid exists to grade
  else
    r.hardest_rule = hardest >= 0 ? names[hardest] : words.ungraded;
  cs.root = std::move(root);
  return cs;
}

// Step two: the DFS from the propagated root with `problem` (the root's own, or one that runs the
// same rules differently, a phase-guided copy say), and the rest of r as the top of the file says
// (but not the solution: the caller replays cs.out.path).
template <class Problem>
void core_search(const Problem& problem, CoreSearch<Problem>& cs,
                 const std::vector<std::string>& names, const CommonOptions& common, int threads,
                 const Meter& meter, const CoreSearchWords& words, Result& r) {
  if (cs.consistent) {
    search::DfsConfig cfg;
    cfg.threads = threads;
    cfg.spawn_depth = common.spawn_depth;
    cfg.limits.nodes = common.node_limit;
    if (common.time_limit > 0)
      cfg.limits.seconds = std::max(1e-3, common.time_limit - meter.seconds());
    cfg.count = common.count;
    cfg.count_limit = common.limit;
    cs.out = search::depth_first(problem, cs.root, cfg);
  } else {
    cs.out.stop = StopReason::exhausted;
  }
  auto& out = cs.out;
  out.stats.merge(cs.root_stats);
  r.stop = out.stop;
  r.count("nodes", static_cast<double>(out.stats.nodes));
  r.count("max_depth", static_cast<double>(out.stats.max_depth));
  r.count("tasks", static_cast<double>(out.stats.tasks));
  r.count("donated", static_cast<double>(out.stats.donated));
  for (size_t i = 0; i < names.size(); ++i)
    r.count_rule(names[i], out.stats.calls[i], out.stats.prunes[i],
                 common.profile ? &out.stats.nanoseconds[i] : nullptr, &out.stats.removed[i]);
  r.count("search_seconds", out.seconds);
  if (record_outcome(common, out.solutions, out.stop, out.found, r))
    r.certificate =
        no_solution_certificate(cs.consistent, out.stats.nodes, names, words.root_refuted);
}

// Both steps with one problem.
template <class Problem>
CoreSearch<Problem> run_core_search(const Problem& problem, typename Problem::State root,
                                    const std::vector<std::string>& names,
                                    const CommonOptions& common, int threads, const Meter& meter,
                                    const CoreSearchWords& words, Result& r) {
  CoreSearch<Problem> cs = core_root(problem, std::move(root), names, words, r);
  core_search(problem, cs, names, common, threads, meter, words, r);
  return cs;
}

}  // namespace bs
