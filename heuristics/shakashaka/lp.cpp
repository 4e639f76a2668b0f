// lp: the LP relaxation of the reference integer model over the node's domains (ilp/shakashaka).
//
// No fractional point of the hull model (families A and B, and at every lattice point the
// convex hull of its legal corners) within the node's domains means no solution: the node
// fails. The LP is rebuilt from the domains at every call, whatever the narrowings were, so it
// sees the whole node. It removes no values: the rule is a pruning bound only, and the question
// it answers is whether that bound pays where the angle rule and probing are already at their
// fixpoint. It does not, on the shipped puzzles: without the probe it cuts ppb_09's search from
// 281 nodes to 29, but takes 96 s where the search alone takes 58 ms, and with the probe there is
// nothing left to cut (docs/history/shakashaka.md). So it is off by default.
#include "heuristics/shakashaka/shakashaka_rule.hpp"
#include "ilp/shakashaka/ip.hpp"

namespace bs::shakashaka {

namespace {

// A rule does not know the search's deadline, so one LP may not run long past it: an LP cut short
// proves nothing and cuts nothing, which is sound, and the search's own limits stop it soon after.
constexpr double kSecondsPerCall = 1.0;

Verdict lp_bound(const Structure& s, Mask* d, const Dirty&, Changes&) {
  ilp::ShakashakaDomains domains(s.cells);
  for (int c = 0; c < s.cells; ++c) domains[c] = static_cast<uint8_t>(d[c] & kWhiteStates);
  return ilp::lp_relaxation_feasible(*s.instance, domains, kSecondsPerCall,
                                     ilp::ShakashakaFamilies::hull)
             ? Verdict::no_change
             : Verdict::fail;
}

}  // namespace

extern const ShakashakaRuleEntry lp_rule{
    {"lp", "shakashaka", Cost::lp, false,
     "the LP relaxation of the hull model over the node's domains: no fractional point fails "
     "the node"},
    lp_bound,
    /*idempotent=*/true};

}  // namespace bs::shakashaka
