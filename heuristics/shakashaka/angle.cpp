// angle: the white angle at every lattice point is 0, 90, 180 or 360 degrees.
//
// The heart of the puzzle (shakashaka_rule.hpp says why these point constraints and the clues
// are the whole of it). Each point constrains the four cells around it; this rule keeps in each
// of them only the states that some legal assignment of the four, within their domains, uses:
// generalised arc consistency on each point. The legal corners are kept as a relation between the
// upper and the lower pair of cells, tabulated by the pairs' domains (corner_pairs), so a point
// costs four look-ups and a few word operations.
//
// It keeps its own worklist of points: a cell it narrows puts its four corners back on the list,
// so it returns at its fixpoint (idempotent) and the driver never calls it for its own work.
#include <bit>
#include <vector>

#include "heuristics/shakashaka/shakashaka_rule.hpp"

namespace bs::shakashaka {

namespace {

// The points waiting, and a per-point flag for "already waiting", per thread so that a node
// allocates nothing.
struct PointQueue {
  std::vector<int> waiting;
  std::vector<uint8_t> queued;
};

// The two domains a set of pairs leaves: the first values and the second values it uses.
void split_pairs(PairSet pairs, Mask& first, Mask& second) {
  first = second = 0;
  for (int a = 0; a < 6; ++a) {
    const Mask row = static_cast<Mask>(pairs >> (6 * a)) & 63;
    first |= Mask{row != 0} << a;
    second |= row;
  }
}

// Narrows the four cells of `point` to their supported states, queueing the corners of each
// narrowed cell. False when some cell is left with none.
bool support_point(const Structure& s, Mask* d, int point, const CornerPairs* pairs_table,
                   PointQueue& q, Changes& changed, bool& progress) {
  const std::array<int, 4>& cells = s.corner_cells[point];
  Mask dom[4];
  for (int slot = 0; slot < 4; ++slot) dom[slot] = cells[slot] < 0 ? kBlackBit : d[cells[slot]];
  const CornerPairs& legal = *pairs_table;
  const int upper = pair_index(dom[upper_left], dom[upper_right]);
  const int lower = pair_index(dom[lower_left], dom[lower_right]);
  Mask keep[4];
  split_pairs(legal.pairs[upper] & legal.upper_fits[lower], keep[upper_left], keep[upper_right]);
  split_pairs(legal.pairs[lower] & legal.lower_fits[upper], keep[lower_left], keep[lower_right]);
  for (int slot = 0; slot < 4; ++slot) {
    const int c = cells[slot];
    if (keep[slot] == dom[slot]) continue;
    if (c < 0 || !keep[slot]) return false;  // the outside has no support: no legal corner
    if (!narrow(d, c, keep[slot], changed, progress)) return false;
    for (const int p : s.cell_points[c])
      if (!q.queued[p]) {
        q.queued[p] = 1;
        q.waiting.push_back(p);
      }
  }
  return true;
}

Verdict angle(const Structure& s, Mask* d, const Dirty& dirty, Changes& changed) {
  // Every flag is clear between calls, so a call costs what it visits, not the grid.
  thread_local PointQueue q;
  if (q.queued.size() < static_cast<size_t>(s.points)) q.queued.resize(s.points, 0);
  auto push = [&](int p) {
    if (!q.queued[p]) {
      q.queued[p] = 1;
      q.waiting.push_back(p);
    }
  };
  if (dirty.everywhere) {
    for (int p = 0; p < s.points; ++p) push(p);
  } else {
    for (const Narrowing* e = dirty.begin; e != dirty.end; ++e)
      for (const int p : s.cell_points[e->var]) push(p);
  }
  const CornerPairs& pairs = corner_pairs();
  bool progress = false;
  while (!q.waiting.empty()) {
    const int p = q.waiting.back();
    q.waiting.pop_back();
    q.queued[p] = 0;
    if (!support_point(s, d, p, &pairs, q, changed, progress)) {
      for (const int w : q.waiting) q.queued[w] = 0;
      q.waiting.clear();
      return Verdict::fail;
    }
  }
  return progress ? Verdict::progress : Verdict::no_change;
}

}  // namespace

extern const ShakashakaRuleEntry angle_rule{
    {"angle", "shakashaka", Cost::linear, true,
     "at every lattice point the white angle is 0, 90, 180 or 360 degrees: each cell keeps the "
     "states some legal corner uses"},
    angle,
    /*idempotent=*/true};

}  // namespace bs::shakashaka
