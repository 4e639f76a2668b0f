// lp: the exact-cover LP over the node's alive placements (ilp/dominosa/ip.hpp).
//
// No fractional cover of the cells and dominoes by the alive placements means no cover at all,
// so the node fails; a placement whose reduced cost proves it 0 in every solution is removed at
// both ends. The duals come from the support LP (LpFixing::support), which proves 0 every
// placement the LP rules out, three to four times as many as the exact-cover LP's own basis
// proves, for about four times its time (measured at orders 10 and 20, see ip.cpp). The LP is
// rebuilt from the domains at every call, whatever the narrowings were: one solve is the cost
// either way, and it sees the whole node. When the LP's point happens to be a solution the rule
// does not place it, since a rule only removes what no solution uses; the solver may ask
// solve_exact_cover_lp for it. Off by default: it costs a CLP solve per node
// (bench/dominosa_lp_bench.cpp).
#include "heuristics/dominosa/dominosa_rule.hpp"
#include "ilp/dominosa/ip.hpp"

namespace bs::dominosa {

namespace {

Verdict exact_cover_lp(const Structure& s, Mask* d, const Dirty&, Changes& changed) {
  std::vector<char> alive(s.placements);
  for (int p = 0; p < s.placements; ++p) alive[p] = s.alive(d, p) ? 1 : 0;
  const ilp::ExactCoverLp lp =
      ilp::solve_exact_cover_lp(*s.instance, alive, ilp::LpFixing::support);
  if (lp.infeasible()) return Verdict::fail;
  bool progress = false;
  for (int p : lp.fixed_to_zero)
    if (!remove_placement(s, d, p, changed, progress)) return Verdict::fail;
  return progress ? Verdict::progress : Verdict::no_change;
}

}  // namespace

extern const DominosaRuleEntry lp_rule{
    {"lp", "dominosa", Cost::lp, false,
     "the exact-cover LP: no fractional cover fails, reduced costs remove placements"},
    exact_cover_lp,
    // Its removals leave the LP's feasible set as it was (each removed placement is 0 at every
    // LP-feasible point), so it does not run again for them.
    /*idempotent=*/true};

}  // namespace bs::dominosa
