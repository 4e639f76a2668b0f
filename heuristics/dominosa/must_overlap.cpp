// must-overlap: a placement that overlaps every remaining placement of some domino goes.
//
// Tatham's "basic" deduction domino-must-overlap. Placing q would kill every placement of the
// domino D that shares a cell with it; if that is all of D's placements, D could no longer be
// used, so q is in no solution. (The common case: all of D's placements share one cell, so D
// covers that cell and every other placement through it goes.) A placement overlaps at most six
// others (three at each of its cells), so only a domino with two to six placements left can
// have such a q, and the candidates are the overlaps of its first placement. Only a domino that
// lost a placement can newly qualify, so an incremental call looks at the dominoes of the
// placements that died.
#include "heuristics/dominosa/local.hpp"

namespace bs::dominosa {

namespace {

bool shares_a_cell(const Structure& s, int p, int q) {
  return s.ends[p].first == s.ends[q].first || s.ends[p].first == s.ends[q].second ||
         s.ends[p].second == s.ends[q].first || s.ends[p].second == s.ends[q].second;
}

bool kill_overlappers(const Structure& s, Mask* d, int domino, Changes& changed, bool& progress) {
  const int left = static_cast<int>(s.count(d, domino));
  if (left < 2 || left > 6) return true;
  int mine[6], k = 0;
  for (int i = s.domino_start[domino]; i < s.domino_start[domino + 1] && k < 6; ++i)
    if (s.alive(d, s.of_domino[i])) mine[k++] = s.of_domino[i];
  // Candidates: the alive placements through either cell of the first placement, not of D.
  int candidates[6], c = 0;
  for (const int cell : {s.ends[mine[0]].first, s.ends[mine[0]].second}) {
    int here[4];
    const int h = alive_at(s, d, cell, here);
    for (int i = 0; i < h; ++i)
      if (here[i] != mine[0] && s.domino_of[here[i]] != domino) candidates[c++] = here[i];
  }
  for (int i = 0; i < c; ++i) {
    const int q = candidates[i];
    bool all = true;
    for (int j = 1; j < k && all; ++j) all = shares_a_cell(s, q, mine[j]);
    if (all && !remove_placement(s, d, q, changed, progress)) return false;
  }
  return true;
}

Verdict must_overlap(const Structure& s, Mask* d, const Dirty& dirty, Changes& changed) {
  thread_local StampSet dominoes;
  dirty_dominoes(s, dirty, dominoes);
  bool progress = false;
  for (const int domino : dominoes.items())
    if (!kill_overlappers(s, d, domino, changed, progress)) return Verdict::fail;
  return progress ? Verdict::progress : Verdict::no_change;
}

}  // namespace

extern const DominosaRuleEntry must_overlap_rule{
    {"must-overlap", "dominosa", Cost::linear, true,
     "a placement that overlaps every remaining placement of some domino goes (Tatham: basic)"},
    must_overlap,
    /*idempotent=*/false};

}  // namespace bs::dominosa
