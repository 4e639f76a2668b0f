// local-duplicate: a placement that would leave a neighbouring cell only copies of its own
// domino goes.
//
// Tatham's "basic" deduction local-duplicate. Let p be a placement of domino D, q a placement
// sharing one cell with p, and s the other cell of q. If every placement at s other than q is
// also a D, then placing p kills q (they overlap) and leaves s only placements of D, which is
// already used by p: s could not be covered, so p is in no solution. (s is never a cell of p:
// the grid has no triangles.) A cell s whose placements are all q and nothing else is a
// cell-single matter, and is left to it.
//
// The condition depends on the placements alive at s, so an incremental call takes each cell
// whose placements changed as s, and looks at the placements p through the far end of each q.
#include "heuristics/dominosa/local.hpp"

namespace bs::dominosa {

namespace {

// With s as the cell above: for each q at s whose rivals at s are all one domino D, the D
// placements through q's other end go.
bool rule_out_from(const Structure& s, Mask* d, int cell, Changes& changed, bool& progress) {
  int here[4];
  const int k = alive_at(s, d, cell, here);
  if (k < 2) return true;
  for (int i = 0; i < k; ++i) {
    // The one domino of the rivals of here[i], or -1 when they differ.
    int domino = -2;
    for (int j = 0; j < k && domino != -1; ++j) {
      if (j == i) continue;
      domino = domino == -2 || domino == s.domino_of[here[j]] ? s.domino_of[here[j]] : -1;
    }
    if (domino < 0) continue;
    const int q = here[i], far = s.other_end(q, cell);
    int there[4];
    const int t = alive_at(s, d, far, there);
    for (int j = 0; j < t; ++j)
      if (there[j] != q && s.domino_of[there[j]] == domino &&
          !remove_placement(s, d, there[j], changed, progress))
        return false;
  }
  return true;
}

Verdict local_duplicate(const Structure& s, Mask* d, const Dirty& dirty, Changes& changed) {
  thread_local StampSet cells;
  dirty_cells(s, dirty, cells);
  bool progress = false;
  for (const int cell : cells.items())
    if (!rule_out_from(s, d, cell, changed, progress)) return Verdict::fail;
  return progress ? Verdict::progress : Verdict::no_change;
}

}  // namespace

extern const DominosaRuleEntry local_duplicate_rule{
    {"local-duplicate", "dominosa", Cost::linear, true,
     "a placement of D goes when it would leave a neighbouring cell only placements of D "
     "(Tatham: basic)"},
    local_duplicate,
    /*idempotent=*/false};

}  // namespace bs::dominosa
