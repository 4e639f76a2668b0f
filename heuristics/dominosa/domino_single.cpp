// domino-single: a domino with one placement left is placed there.
//
// Tatham's other "trivial" deduction, from the dominoes' side. Every domino is used once, so a
// domino whose count (the model's view) falls to one must use its last placement, and one whose
// count falls to zero fails the node. Only a domino that lost a placement since the last call
// can have fallen, so a call looks at the dominoes of the placements the log says died.
#include "heuristics/dominosa/dominosa_rule.hpp"

namespace bs::dominosa {

namespace {

bool settle_domino(const Structure& s, Mask* d, int k, Changes& changed, bool& progress) {
  const Mask left = s.count(d, k);
  if (left == 0) return false;
  if (left > 1) return true;
  for (int i = s.domino_start[k]; i < s.domino_start[k + 1]; ++i)
    if (s.alive(d, s.of_domino[i])) return place(s, d, s.of_domino[i], changed, progress);
  return false;  // a count of one with no placement alive: the view is out of step
}

Verdict domino_single(const Structure& s, Mask* d, const Dirty& dirty, Changes& changed) {
  bool progress = false;
  if (dirty.everywhere) {
    for (int k = 0; k < s.domino_count; ++k)
      if (!settle_domino(s, d, k, changed, progress)) return Verdict::fail;
  } else {
    for (const Narrowing* e = dirty.begin; e != dirty.end; ++e)
      for (Mask lost = e->lost; lost; lost &= lost - 1) {
        const int p = s.placement_at[e->var * 4 + std::countr_zero(lost)];
        if (!settle_domino(s, d, s.domino_of[p], changed, progress)) return Verdict::fail;
      }
  }
  return progress ? Verdict::progress : Verdict::no_change;
}

}  // namespace

extern const DominosaRuleEntry domino_single_rule{
    {"domino-single", "dominosa", Cost::constant, true,
     "a domino with one placement left is placed there; one with none fails"},
    domino_single,
    /*idempotent=*/false};

}  // namespace bs::dominosa
