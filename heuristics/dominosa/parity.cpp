// parity: a placement whose removal from the grid graph would cut off an even area goes.
//
// Tatham's last "basic" deduction. Join two cells when a placement covering both is alive; a
// solution is a perfect matching of that graph, so every connected area must have an even
// number of cells (an odd one fails the node). A placement that is a bridge of its area splits
// it into two sides; laid, it takes one cell from each, and nothing else can cross, so each side
// must have an odd number of cells. A bridge with an even side goes. (Tatham removes it when
// both sides are even; one even side is enough, and then the area is odd and fails anyway.)
// This is what the matching rule does in general; parity is its cheap special case, kept for
// Tatham's grading.
//
// Bridges are found by Tarjan's depth-first search with subtree sizes, iterative, over the
// whole grid on every call: linear.
#include <utility>

#include "heuristics/dominosa/local.hpp"

namespace bs::dominosa {

namespace {

struct BridgeSearch {
  std::vector<int> order, low, size, parent_placement, stack, next_dir;
  std::vector<std::pair<int, int>> cuts;  // per area: (child cell, placement) of each bridge
  std::vector<int> bridges;               // placements that are bridges with an even side
};

// One area from `root`: marks its cells, collects its bridges with an even side. Returns the
// number of cells.
int search_area(const Structure& s, const Mask* d, int root, int& clock, BridgeSearch& b) {
  std::vector<int>& st = b.stack;
  st.clear();
  st.push_back(root);
  b.order[root] = b.low[root] = clock++;
  b.size[root] = 1;
  b.parent_placement[root] = -1;
  b.next_dir[root] = 0;
  b.cuts.clear();
  while (!st.empty()) {
    const int cell = st.back();
    if (b.next_dir[cell] < 4) {
      const int dir = b.next_dir[cell]++;
      if (!(d[cell] & (Mask{1} << dir))) continue;
      const int other = s.neighbour[cell * 4 + dir];
      if (other < 0 || !(d[other] & (Mask{1} << (dir ^ 1)))) continue;
      const int p = s.placement_at[cell * 4 + dir];
      if (p == b.parent_placement[cell]) continue;
      if (b.order[other] >= 0) {
        b.low[cell] = std::min(b.low[cell], b.order[other]);
        continue;
      }
      b.order[other] = b.low[other] = clock++;
      b.size[other] = 1;
      b.parent_placement[other] = p;
      b.next_dir[other] = 0;
      st.push_back(other);
      continue;
    }
    st.pop_back();
    if (st.empty()) break;
    const int up = st.back();
    b.low[up] = std::min(b.low[up], b.low[cell]);
    b.size[up] += b.size[cell];
    if (b.low[cell] > b.order[up]) b.cuts.push_back({cell, b.parent_placement[cell]});
  }
  const int area = b.size[root];
  for (const auto& [child, p] : b.cuts)
    if (b.size[child] % 2 == 0 || (area - b.size[child]) % 2 == 0) b.bridges.push_back(p);
  return area;
}

Verdict parity(const Structure& s, Mask* d, const Dirty&, Changes& changed) {
  thread_local BridgeSearch b;
  b.order.assign(s.cells, -1);
  b.low.resize(s.cells);
  b.size.resize(s.cells);
  b.parent_placement.resize(s.cells);
  b.next_dir.resize(s.cells);
  b.bridges.clear();
  int clock = 0;
  for (int cell = 0; cell < s.cells; ++cell)
    if (b.order[cell] < 0 && search_area(s, d, cell, clock, b) % 2 == 1) return Verdict::fail;
  bool progress = false;
  for (const int p : b.bridges)
    if (!remove_placement(s, d, p, changed, progress)) return Verdict::fail;
  return progress ? Verdict::progress : Verdict::no_change;
}

}  // namespace

extern const DominosaRuleEntry parity_rule{
    {"parity", "dominosa", Cost::linear, true,
     "an area of the grid graph with an odd number of cells fails; a bridge placement with an "
     "even side goes (Tatham: basic)"},
    parity,
    /*idempotent=*/false};

}  // namespace bs::dominosa
