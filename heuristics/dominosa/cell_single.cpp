// cell-single: a cell with one placement left takes it, and what a placement takes follows.
//
// The cheapest deductions of an exact cover, Tatham's "trivial" level from the cells' side:
//  - a placement lost at one end is lost at the other (a move of the search fixes one cell
//    only, so its partner and its other neighbours learn of it here);
//  - a cell with one direction left is covered by that placement: its partner points back, and
//    through the first step every other neighbour of either cell stops pointing at them;
//  - a placed domino is used: its other placements go.
// Every narrowing it makes is one more cell to follow, so the driver calls it again for its own
// narrowings (not idempotent); each call looks only at the cells that changed.
#include "heuristics/dominosa/dominosa_rule.hpp"

namespace bs::dominosa {

namespace {

// The domino of placement p is placed: every other placement of it goes.
bool retire_domino(const Structure& s, Mask* d, int p, Changes& changed, bool& progress) {
  const int k = s.domino_of[p];
  if (s.count(d, k) == 1) return true;
  for (int i = s.domino_start[k]; i < s.domino_start[k + 1]; ++i)
    if (s.of_domino[i] != p && !remove_placement(s, d, s.of_domino[i], changed, progress))
      return false;
  return true;
}

// Follows cell `cell`, which lost the directions `lost` (all it ever lost, on a fresh node).
bool follow(const Structure& s, Mask* d, int cell, Mask lost, Changes& changed, bool& progress) {
  for (; lost; lost &= lost - 1) {
    const int dir = std::countr_zero(lost);
    const int other = s.neighbour[cell * 4 + dir];
    if (other >= 0 && !narrow(d, other, ~(Mask{1} << (dir ^ 1)), changed, progress)) return false;
  }
  const Mask m = d[cell];
  if (!m) return false;
  if (!fixed(m)) return true;
  const int dir = std::countr_zero(m);
  const int partner = s.neighbour[cell * 4 + dir];
  if (!narrow(d, partner, Mask{1} << (dir ^ 1), changed, progress)) return false;
  return retire_domino(s, d, s.placement_at[cell * 4 + dir], changed, progress);
}

Verdict cell_single(const Structure& s, Mask* d, const Dirty& dirty, Changes& changed) {
  bool progress = false;
  if (dirty.everywhere) {
    for (int cell = 0; cell < s.cells; ++cell)
      if (!follow(s, d, cell, s.root_domain[cell] & ~d[cell], changed, progress))
        return Verdict::fail;
  } else {
    for (const Narrowing* e = dirty.begin; e != dirty.end; ++e)
      if (!follow(s, d, e->var, e->lost, changed, progress)) return Verdict::fail;
  }
  return progress ? Verdict::progress : Verdict::no_change;
}

}  // namespace

extern const DominosaRuleEntry cell_single_rule{
    {"cell-single", "dominosa", Cost::constant, true,
     "a cell with one placement left takes it; a placement lost at one end is lost at both; a "
     "placed domino's other placements go"},
    cell_single,
    /*idempotent=*/false};

}  // namespace bs::dominosa
