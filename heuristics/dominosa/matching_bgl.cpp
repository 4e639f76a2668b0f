// matching-bgl: the same filter as matching (Régin's, for the cell cover), built on Boost.Graph.
//
// The reference implementation of matching.cpp, with the library's own algorithms and the
// textbook form of the argument rather than the contracted one: the undirected graph of the
// alive placements over all cells, a maximum matching by edmonds_maximum_cardinality_matching
// (no perfect matching: fail), then the directed graph with each matched placement pointing from
// its white cell to its black one and each unmatched placement from black to white, and its
// strongly connected components by strong_components. An unmatched placement lies in some
// perfect matching exactly when its two cells share a component (an alternating cycle runs
// through it); the others go, at both ends. matching.cpp has the argument.
//
// Off by default. tests/dominosa/matching_test.cpp checks that it removes exactly what matching
// removes and that both agree with a brute-force search for perfect matchings;
// bench/dominosa_matching_bench.cpp measures the two: this one is 20 to 70 times slower
// (matching.cpp has the figures). Select it with --rules default,-matching,matching-bgl.
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/max_cardinality_matching.hpp>
#include <boost/graph/strong_components.hpp>

#include "heuristics/dominosa/dominosa_rule.hpp"

namespace bs::dominosa {

namespace {

Verdict matching_bgl(const Structure& s, Mask* d, const Dirty&, Changes& changed) {
  using Undirected = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;
  using Directed = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;
  std::vector<int> alive;
  Undirected placements(s.cells);
  for (int p = 0; p < s.placements; ++p)
    if (s.alive(d, p)) {
      alive.push_back(p);
      boost::add_edge(s.ends[p].first, s.ends[p].second, placements);
    }
  std::vector<boost::graph_traits<Undirected>::vertex_descriptor> mate(s.cells);
  boost::edmonds_maximum_cardinality_matching(placements, &mate[0]);
  if (2 * static_cast<int>(boost::matching_size(placements, &mate[0])) < s.cells)
    return Verdict::fail;
  const auto black = [&](int cell) { return (cell / s.width + cell % s.width) % 2 == 0; };
  const auto matched = [&](int p) {
    return static_cast<int>(mate[s.ends[p].first]) == s.ends[p].second;
  };
  Directed oriented(s.cells);
  for (const int p : alive) {
    const int a = s.ends[p].first, b = s.ends[p].second;
    if (black(a) != matched(p))  // black to white unless matched
      boost::add_edge(a, b, oriented);
    else
      boost::add_edge(b, a, oriented);
  }
  std::vector<int> component(s.cells);
  boost::strong_components(oriented, &component[0]);
  bool progress = false;
  for (const int p : alive)
    if (!matched(p) && component[s.ends[p].first] != component[s.ends[p].second] &&
        !remove_placement(s, d, p, changed, progress))
      return Verdict::fail;
  return progress ? Verdict::progress : Verdict::no_change;
}

}  // namespace

extern const DominosaRuleEntry matching_bgl_rule{
    {"matching-bgl", "dominosa", Cost::quadratic, false,
     "matching's filter built on Boost.Graph's maximum matching and strong components "
     "(reference)"},
    matching_bgl,
    /*idempotent=*/true};

}  // namespace bs::dominosa
