// `--method learn` for a puzzle on the propagation core: the search that learns from its
// conflicts (propagation/learning.hpp), from the puzzle's root words to the Result.
//
// Shared by every puzzle on the core, as core_search.hpp is for the DFS, so that each reports
// the same fields the same way. The puzzle hands over its model, its selected rules (the
// probing ones are left out of the fixpoint: the engine probes by itself, and learns a reason
// from each failed trial) and its root; it gets back the first solution's domains to turn into
// its own solution. A rule without an explanation is answered for by the decisions, which is
// sound but learns little (the `explain_fallbacks` counter says how often).
//
// Statuses are the DFS's: solved with a solution; infeasible after a conflict at level 0, with a
// "learned-refutation" certificate that the puzzle re-checks by a second method (its integer
// model); unknown when a limit stopped the search, and the limit is the stop reason.
#pragma once

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "core/options.hpp"
#include "core/result.hpp"
#include "propagation/learning.hpp"
#include "solvers/core_search.hpp"
#include "solvers/measure.hpp"

namespace bs {

// What the learning search takes beyond the model and the rules.
struct LearnSearchOptions {
  bool values_down = false;  // --value-order down
  int probe_depth = -1;      // --probe-depth: -1 every node
};

// The selected rules split for the learning engine: those the fixpoint runs (all but the
// probing ones), and whether a probing rule was selected (then the engine probes).
template <class Entry>
struct LearnRules {
  std::vector<const Entry*> fixpoint;
  std::vector<std::string> names;  // of `fixpoint`, in order
  bool probe = false;
  int trial = 0;  // the first this many of `fixpoint` (the linear ones) run in a probe's trials
};

// The split of a puzzle's DFS rules (problem.hpp's Rules: every selected rule, the first `deep`
// of them not probing) with their names.
template <class Entry, class ProblemRules>
LearnRules<Entry> learning_rules(const ProblemRules& all, const std::vector<std::string>& names) {
  LearnRules<Entry> out;
  out.fixpoint.assign(all.shallow.begin(), all.shallow.begin() + all.deep);
  out.names.assign(names.begin(), names.begin() + all.deep);
  // The rules past `deep` are the probing ones and any dearer (an LP), which learning does not run.
  out.probe = std::any_of(all.shallow.begin() + all.deep, all.shallow.end(),
                          [](const Entry* e) { return e->info.cost == Cost::probing; });
  while (out.trial < all.deep && all.shallow[out.trial]->info.cost < Cost::quadratic) ++out.trial;
  return out;
}

// Runs the learning search and writes the Result's stop, counters, count, status and
// certificate.
template <class M, class Info>
typename propagation::Learner<M, Info>::Outcome learn_search(
    const M& model, const LearnRules<propagation::RuleEntry<M, Info>>& rules,
    std::vector<propagation::Mask> root, const CommonOptions& common,
    const LearnSearchOptions& options, const Meter& meter, Result& r) {
  propagation::Learner<M, Info> learner(model, rules.fixpoint);
  propagation::LearnConfig cfg;
  cfg.limits.nodes = common.node_limit;
  if (common.time_limit > 0)
    cfg.limits.seconds = std::max(1e-3, common.time_limit - meter.seconds());
  cfg.count = common.count;
  cfg.count_limit = common.limit;
  cfg.values_down = options.values_down;
  cfg.probe = rules.probe;
  cfg.probe_depth = options.probe_depth;
  cfg.trial_rules = rules.trial;
  auto out = learner.run(std::move(root), cfg);
  const std::vector<std::string>& names = rules.names;

  r.stop = out.stop;
  r.hardest_rule = "search";  // the engine grades nothing: it searches from the root
  const propagation::LearnStats& k = out.learn;
  const std::pair<const char*, uint64_t> counters[] = {
      {"nodes", k.decisions + 1},
      {"max_depth", k.max_level},
      {"decisions", k.decisions},
      {"conflicts", k.conflicts},
      {"learned", k.learned},
      {"learned_literals", k.learned_literals},
      {"minimised", k.minimised},
      {"restarts", k.restarts},
      {"reductions", k.reductions},
      {"explained", k.explained},
      {"explain_fallbacks", k.fallbacks},
      {"probes", k.probes},
      {"probe_failures", k.probe_failures},
  };
  for (const auto& [name, value] : counters) r.count(name, static_cast<double>(value));
  for (size_t i = 0; i < names.size(); ++i)
    r.count_rule(names[i], out.rules.calls[i], out.rules.prunes[i], nullptr, &out.rules.removed[i]);
  if (record_outcome(common, out.solutions, out.stop, out.found, r)) {
    const std::string list = rule_list(names);
    r.certificate = {
        "learned-refutation",
        "a conflict at level 0 after " + std::to_string(k.conflicts) + " conflicts, rules " + list,
        nlohmann::json{{"conflicts", k.conflicts}, {"rules", list}}.dump()};
  }
  return out;
}

}  // namespace bs
