// all-different-bgl: the same filter as all-different (Régin's), built on Boost.Graph.
//
// The reference implementation of all_different.cpp's filter, with the library's own algorithms:
// a maximum matching of the cell-value graph by edmonds_maximum_cardinality_matching, then the
// strongly connected components of the value graph (an arc M(x) -> v for every other value v of
// cell x) by strong_components. A value stays in a cell exactly when it is the cell's matched
// value or lies in the component of it (all_different.cpp has the argument).
//
// Off by default. It removes exactly what all-different removes (tests/futoshiki/rules_test.cpp
// checks both against brute-force matchings), and the benchmark runs both in one sweep: on
// domains of at most 32 values the bit-mask version does a line in a few dozen word operations
// and allocates nothing, where this one builds two graphs per line (docs/history/futoshiki.md has
// the ratio). Select it with --rules default,-all-different,all-different-bgl.
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/max_cardinality_matching.hpp>
#include <boost/graph/strong_components.hpp>

#include "heuristics/futoshiki/futoshiki_rule.hpp"

namespace bs::futoshiki {

Verdict filter_all_different_bgl(int n, Mask* dom) {
  using Undirected = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;
  using Directed = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;
  // Vertices 0..n-1 are the cells, n..2n-1 the values.
  Undirected bipartite(2 * n);
  for (int x = 0; x < n; ++x) {
    if (!dom[x]) return Verdict::fail;
    for (Mask m = dom[x]; m; m &= m - 1) boost::add_edge(x, n + std::countr_zero(m), bipartite);
  }
  std::vector<boost::graph_traits<Undirected>::vertex_descriptor> mate(2 * n);
  boost::edmonds_maximum_cardinality_matching(bipartite, &mate[0]);
  if (static_cast<int>(boost::matching_size(bipartite, &mate[0])) < n) return Verdict::fail;
  std::vector<int> matched(n);
  for (int x = 0; x < n; ++x) matched[x] = static_cast<int>(mate[x]) - n;
  Directed values(n);
  for (int x = 0; x < n; ++x)
    for (Mask m = dom[x] & ~(Mask{1} << matched[x]); m; m &= m - 1)
      boost::add_edge(matched[x], std::countr_zero(m), values);
  std::vector<int> component(n);
  boost::strong_components(values, &component[0]);
  std::vector<Mask> keep(n);
  for (int x = 0; x < n; ++x) {
    keep[x] = Mask{1} << matched[x];
    for (Mask m = dom[x]; m; m &= m - 1)
      if (component[std::countr_zero(m)] == component[matched[x]]) keep[x] |= m & -m;
  }
  return narrow_line(n, dom, keep.data());
}

extern const FutoshikiRuleEntry all_different_bgl_rule{
    {"all-different-bgl", "futoshiki", Cost::quadratic, false,
     "all-different's filter built on Boost.Graph's matching and strong components (reference)"},
    line_filter_rule<filter_all_different_bgl>,
    /*idempotent=*/false,
    explain_all_different};

}  // namespace bs::futoshiki
