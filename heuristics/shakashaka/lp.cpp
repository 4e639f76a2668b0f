// lp: the LP relaxation of the reference integer model over the node's domains (ilp/shakashaka).
//
// No fractional point of the hull model (families A and B, and at every lattice point the
// convex hull of its legal corners) within the node's domains means no solution: the node
// fails. The LP is rebuilt from the domains at every call, whatever the narrowings were, so it
// sees the whole node. It removes no values: the rule is a pruning bound only, and the question
// it answers is whether that bound pays where the angle rule and probing are already at their
// fixpoint. Off by default: it costs a CLP solve per node, and on the shipped puzzles and the
// sparse 30x30 the lattice-point rules leave it nothing to cut (docs/history/shakashaka.md).
#include "heuristics/shakashaka/shakashaka_rule.hpp"
#include "ilp/shakashaka/ip.hpp"

namespace bs::shakashaka {

namespace {

Verdict lp_bound(const Structure& s, Mask* d, const Dirty&, Changes&) {
  ilp::ShakashakaDomains domains(s.cells);
  for (int c = 0; c < s.cells; ++c) domains[c] = static_cast<uint8_t>(d[c] & kWhiteStates);
  return ilp::lp_relaxation_feasible(*s.instance, domains, ilp::kInf, ilp::ShakashakaFamilies::hull)
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
