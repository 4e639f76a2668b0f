// probe: follow every state of a cell with two or three left; keep what some state keeps.
//
// The "what if" of a person stuck, on the propagation core's probe (propagation/probe.hpp) over
// the cells: each state of a cell with 2-3 left is tried on a copy and propagated with the cheap
// rules; a state whose trial fails goes, and whatever every surviving trial removes goes too. A
// wrong triangle usually breaks a corner or a clue a few cells away, which is what makes this
// pay where the search would otherwise branch.
#include "propagation/probe.hpp"

#include "heuristics/shakashaka/shakashaka_rule.hpp"

namespace bs::shakashaka {

namespace {

constexpr int kMaxProbed = 3;

// The trial rules: the default rules of constant and linear cost, which look only at what
// changed; the rectangle rule looks at every corner on every call, which a trial cannot afford.
const std::vector<const ShakashakaRuleEntry*>& trial_rules() {
  static const std::vector<const ShakashakaRuleEntry*> rules = [] {
    std::vector<const ShakashakaRuleEntry*> cheap;
    for (const auto& e : shakashaka_rules())
      if (e.info.on_by_default && e.info.cost > Cost::root && e.info.cost <= Cost::linear)
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

extern const ShakashakaRuleEntry probe_rule{
    {"probe", "shakashaka", Cost::probing, true,
     "every state of a cell with 2-3 left, propagated by the cheap rules: keep what some trial "
     "keeps"},
    probe,
    /*idempotent=*/true};

}  // namespace bs::shakashaka
