// probe: follow both ways of a cell with two or three placements; keep what some way keeps.
//
// The "what if" of a person stuck, on the propagation core's probe (propagation/probe.hpp) over
// the cells: each placement of a cell with 2-3 left is tried on a copy and propagated with the
// cheap rules; a placement whose trial fails goes, and whatever every surviving trial removes
// goes too. On random grids a wrong placement usually collapses within a few steps of the cheap
// rules, which is what makes this pay where the search would otherwise thrash
// (docs/history/dominosa.md).
#include "propagation/probe.hpp"

#include "heuristics/dominosa/dominosa_rule.hpp"

namespace bs::dominosa {

namespace {

constexpr int kMaxProbed = 3;

// The trial rules: the default rules of constant cost, and the local ones of Tatham's basic
// level that look only at what changed; parity and the quadratic rules look at the whole grid
// on every call, which a trial cannot afford.
const std::vector<const DominosaRuleEntry*>& trial_rules() {
  static const std::vector<const DominosaRuleEntry*> rules = [] {
    std::vector<const DominosaRuleEntry*> cheap;
    for (const auto& e : dominosa_rules())
      if (e.info.on_by_default && e.info.cost <= Cost::linear && e.info.name != "parity")
        cheap.push_back(&e);
    return cheap;
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

extern const DominosaRuleEntry probe_rule{
    {"probe", "dominosa", Cost::probing, false,
     "every placement of a cell with 2-3 left, propagated by the cheap rules: keep what some "
     "trial keeps"},
    probe,
    /*idempotent=*/true};

}  // namespace bs::dominosa
