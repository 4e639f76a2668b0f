// assignment-lp: the LP relaxation of the whole puzzle over the node's domains; no point, no
// solution.
//
// The relaxation is the reference integer model's (ilp/futoshiki/ip.hpp): x[c][v] in [0, 1],
// each cell one value, each row and column each value once (the assignment polytope of every
// line), and each inequality a > b as the clique rows "a <= k implies b <= k-1". A value the
// node has removed gets the upper bound 0. If CLP proves that no fractional point exists, the
// node has no solution.
//
// Why measure it. For one line alone the assignment polytope is integral, so its LP refutes
// exactly what a perfect matching refutes, and all-different already runs that matching. What
// the LP adds is the lines and the inequalities at once: a fractional point must satisfy every
// row, column and clique row together, which no single propagator sees. Issue 35 asked whether
// that ever cuts a node that the rules, the probe included, leave alive. The rule is off by
// default; `--rules default,assignment-lp` measures it, and its prunes counter is the answer.
//
// Cost. One warm-started dual simplex per call on an n^3-column model (3,375 columns at 15x15),
// in a session kept per thread and reloaded only when the puzzle changes. Dearer than probing, it
// runs where the probe does (--probe-depth), once per node, when every other rule is at its
// fixpoint. `--method learn` does not run it: it explains nothing.
#include <memory>
#include <vector>

#include "heuristics/futoshiki/futoshiki_rule.hpp"
#include "ilp/futoshiki/ip.hpp"

namespace bs::futoshiki {

namespace {

// This thread's loaded model, for the puzzle it was built from, and the column bounds it holds.
struct LpCache {
  int n = 0;
  std::vector<Inequality> inequalities;
  std::unique_ptr<ilp::LpSession> session;
  std::vector<char> upper;  // per column: its upper bound is 1
};

ilp::LpSession& session_for(const Structure& s, LpCache& cache) {
  if (cache.session && cache.n == s.n && cache.inequalities == s.inequalities)
    return *cache.session;
  Instance in;
  in.n = s.n;
  in.givens.assign(static_cast<size_t>(s.cells()), 0);
  in.inequalities = s.inequalities;
  cache.session = std::make_unique<ilp::LpSession>(ilp::futoshiki_model(in));
  cache.n = s.n;
  cache.inequalities = s.inequalities;
  cache.upper.assign(static_cast<size_t>(s.cells() * s.n), 1);
  return *cache.session;
}

Verdict assignment_lp(const Structure& s, Mask* d, const Dirty&, Changes&) {
  thread_local LpCache cache;
  ilp::LpSession& session = session_for(s, cache);
  for (int c = 0; c < s.cells(); ++c)
    for (int v = 1; v <= s.n; ++v) {
      const int col = c * s.n + v - 1;
      const char up = (d[c] & value_bit(v)) != 0;
      if (cache.upper[col] == up) continue;
      cache.upper[col] = up;
      session.set_column_bounds(col, 0, up);
    }
  // Only a proved infeasibility cuts; a limit or an error says nothing.
  return session.resolve().status == ilp::SolveStatus::infeasible ? Verdict::fail
                                                                  : Verdict::no_change;
}

}  // namespace

extern const FutoshikiRuleEntry assignment_lp_rule{
    {"assignment-lp", "futoshiki", Cost::lp, false,
     "the LP relaxation of every line's assignment polytope and the inequalities over the "
     "domains: infeasible, the node fails (off by default: a measurement)"},
    assignment_lp,
    /*idempotent=*/true};

}  // namespace bs::futoshiki
