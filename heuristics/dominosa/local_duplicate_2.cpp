// local-duplicate-2: a placement that would force two separate cells into copies of one
// domino goes.
//
// Tatham's second "basic" local-duplicate deduction. Let p be a placement, and qi, qj two
// placements that each share a cell with p; si and sj are their cells outside p. If every
// placement at si other than qi is a domino D, every placement at sj other than qj is that same
// D, each has at least one, and no placement joins sj to si, then placing p kills qi and qj and
// leaves si and sj each to be covered by its own copy of D: D twice, so p is in no solution.
// (si and sj differ and lie outside p: the grid has no triangles.)
//
// The condition depends on the placements alive at si and sj; it is symmetric in the two, so an
// incremental call takes each cell whose placements changed as si and searches the few p and sj
// around it.
#include "heuristics/dominosa/local.hpp"

namespace bs::dominosa {

namespace {

// The one domino of the placements at `cell` other than `except`, or -1 when they differ or
// there are none. With `avoid` >= 0, also -1 when one of them joins `cell` to `avoid`.
int rivals_domino(const Structure& s, const Mask* d, int cell, int except, int avoid) {
  int here[4];
  const int k = alive_at(s, d, cell, here);
  int domino = -1;
  for (int i = 0; i < k; ++i) {
    if (here[i] == except) continue;
    if (avoid >= 0 && s.other_end(here[i], cell) == avoid) return -1;
    if (domino >= 0 && domino != s.domino_of[here[i]]) return -1;
    domino = s.domino_of[here[i]];
  }
  return domino;
}

// Whether placing p would, besides qi at si (forced to D), force another cell sj into D.
bool forces_second_copy(const Structure& s, const Mask* d, int p, int qi, int si, int domino) {
  for (const int cell : {s.ends[p].first, s.ends[p].second}) {
    int here[4];
    const int k = alive_at(s, d, cell, here);
    for (int j = 0; j < k; ++j) {
      const int qj = here[j];
      if (qj == p || qj == qi) continue;
      const int sj = s.other_end(qj, cell);
      if (rivals_domino(s, d, sj, qj, si) == domino) return true;
    }
  }
  return false;
}

bool rule_out_from(const Structure& s, Mask* d, int si, Changes& changed, bool& progress) {
  int here[4];
  const int k = alive_at(s, d, si, here);
  for (int i = 0; i < k; ++i) {
    const int qi = here[i];
    const int domino = rivals_domino(s, d, si, qi, -1);
    if (domino < 0) continue;
    const int near = s.other_end(qi, si);
    int there[4];
    const int t = alive_at(s, d, near, there);
    for (int j = 0; j < t; ++j) {
      const int p = there[j];
      if (p == qi || !forces_second_copy(s, d, p, qi, si, domino)) continue;
      if (!remove_placement(s, d, p, changed, progress)) return false;
    }
  }
  return true;
}

Verdict local_duplicate_2(const Structure& s, Mask* d, const Dirty& dirty, Changes& changed) {
  thread_local StampSet cells;
  dirty_cells(s, dirty, cells);
  bool progress = false;
  for (const int cell : cells.items())
    if (!rule_out_from(s, d, cell, changed, progress)) return Verdict::fail;
  return progress ? Verdict::progress : Verdict::no_change;
}

}  // namespace

extern const DominosaRuleEntry local_duplicate_2_rule{
    {"local-duplicate-2", "dominosa", Cost::linear, true,
     "a placement goes when it would leave two cells, not joined to each other, only "
     "placements of one domino (Tatham: basic)"},
    local_duplicate_2,
    /*idempotent=*/false};

}  // namespace bs::dominosa
