// cell-single-domino: a cell whose remaining placements are all one domino is covered by that
// domino, so the domino's placements away from the cell go.
//
// Tatham's first "basic" deduction (his square-single-domino). The cell must be covered by one
// of its placements, and every one of them is the same domino, so whichever it is, the domino
// is used here; it is used once, so a placement of it that does not cover this cell is in no
// solution. A cell with a single placement is cell-single's business, so this looks only at
// cells with two or more. Only a cell whose alive placements changed can newly qualify, so an
// incremental call looks at the cells the narrowings touched.
#include "heuristics/dominosa/local.hpp"

namespace bs::dominosa {

namespace {

bool confine_domino(const Structure& s, Mask* d, int cell, Changes& changed, bool& progress) {
  int here[4];
  const int k = alive_at(s, d, cell, here);
  if (k < 2) return true;
  const int domino = s.domino_of[here[0]];
  for (int i = 1; i < k; ++i)
    if (s.domino_of[here[i]] != domino) return true;
  if (static_cast<int>(s.count(d, domino)) <= k) return true;  // nothing of it elsewhere
  for (int i = s.domino_start[domino]; i < s.domino_start[domino + 1]; ++i) {
    const int p = s.of_domino[i];
    if (s.ends[p].first == cell || s.ends[p].second == cell || !s.alive(d, p)) continue;
    if (!remove_placement(s, d, p, changed, progress)) return false;
  }
  return true;
}

Verdict cell_single_domino(const Structure& s, Mask* d, const Dirty& dirty, Changes& changed) {
  thread_local StampSet cells;
  dirty_cells(s, dirty, cells);
  bool progress = false;
  for (const int cell : cells.items())
    if (!confine_domino(s, d, cell, changed, progress)) return Verdict::fail;
  return progress ? Verdict::progress : Verdict::no_change;
}

}  // namespace

extern const DominosaRuleEntry cell_single_domino_rule{
    {"cell-single-domino", "dominosa", Cost::linear, true,
     "a cell whose placements are all one domino takes that domino: its placements elsewhere "
     "go (Tatham: basic)"},
    cell_single_domino,
    /*idempotent=*/false};

}  // namespace bs::dominosa
