// probe: follow every value of a cell with few values; keep only what one of them allows.
//
// The "what if" a person tries when deduction is stuck: the propagation core's probe
// (propagation/probe.hpp) over the cells, with the default linear rules as its trial rules. It
// takes in the forcing chains of Tatham's "extreme" grade and most of what his "recursive" grade
// guesses. Measured (docs/history/futoshiki.md): run at every node it decides the generated 15x15
// puzzles in tens of nodes where the linear rules and all-different need tens of thousands; it
// decides 90 of the 93 shipped puzzles at the root.
#include "propagation/probe.hpp"

#include "heuristics/futoshiki/futoshiki_rule.hpp"

namespace bs::futoshiki {

namespace {

// Cells with more values cost more trials than the search they save (docs/history/futoshiki.md).
constexpr int kMaxProbed = 3;

// The trial rules: the default linear rules, in registry order (cheapest first within a cost
// class). All-different is left out of the trials: it would cut a few more of them short, but
// costs more than the search those save (docs/history/futoshiki.md).
const std::vector<const FutoshikiRuleEntry*>& trial_rules() {
  static const std::vector<const FutoshikiRuleEntry*> rules = [] {
    std::vector<const FutoshikiRuleEntry*> linear;
    for (const auto& e : futoshiki_rules())
      if (e.info.on_by_default && e.info.cost <= Cost::linear) linear.push_back(&e);
    return linear;
  }();
  return rules;
}

Verdict probe(const Structure& s, Mask* d, const Dirty& dirty, Changes& changed) {
  const auto& rules = trial_rules();
  propagation::Probe<Structure, RuleInfo> run(s, rules.data(), static_cast<int>(rules.size()),
                                              kMaxProbed);
  return run(d, dirty, changed);
}

}  // namespace

extern const FutoshikiRuleEntry probe_rule{
    {"probe", "futoshiki", Cost::probing, true,
     "every value of a cell with 2-3 values, propagated: keep what some branch keeps"},
    probe,
    /*idempotent=*/true};

}  // namespace bs::futoshiki
