// clue-count: a clue holds as many triangles beside it as it says.
//
// The cheapest rule and the one every human starts with. Beside a clue k, count the cells that
// are surely triangles and those that still may be. More sure ones than k, or fewer possible ones,
// fails the node; when the sure ones reach k the others are empty, and when the possible ones
// are exactly k they are all triangles. Which triangle is the angle rule's business: this rule
// only splits each neighbour's states into "empty" and "some triangle". It looks only at the
// clues beside the cells that changed.
#include "heuristics/shakashaka/shakashaka_rule.hpp"

namespace bs::shakashaka {

namespace {

// Settles the neighbours of the clued cell `c` as far as its count allows. False on a
// contradiction.
bool settle_clue(const Structure& s, Mask* d, int c, Changes& changed, bool& progress) {
  const int k = s.clue(c);
  int sure = 0, possible = 0;
  for (int side = 0; side < 4; ++side) {
    const int o = s.neighbour[c * 4 + side];
    if (o < 0) continue;
    sure += (d[o] & ~kTriangleBits) == 0 && d[o] != 0;
    possible += (d[o] & kTriangleBits) != 0;
  }
  if (sure > k || possible < k) return false;
  if (sure != k && possible != k) return true;
  // Exactly k sure: the open ones are empty. Exactly k possible: they are all triangles.
  const Mask keep = sure == k ? ~kTriangleBits : kTriangleBits;
  for (int side = 0; side < 4; ++side) {
    const int o = s.neighbour[c * 4 + side];
    if (o < 0 || !(d[o] & kTriangleBits) || !(d[o] & ~kTriangleBits)) continue;
    if (!narrow(d, o, keep, changed, progress)) return false;
  }
  return true;
}

Verdict clue_count(const Structure& s, Mask* d, const Dirty& dirty, Changes& changed) {
  bool progress = false;
  if (dirty.everywhere) {
    for (int c = 0; c < s.cells; ++c)
      if (s.clue(c) >= 0 && !settle_clue(s, d, c, changed, progress)) return Verdict::fail;
  } else {
    for (const Narrowing* e = dirty.begin; e != dirty.end; ++e)
      for (const int c : s.clues_beside[e->var])
        if (c >= 0 && !settle_clue(s, d, c, changed, progress)) return Verdict::fail;
  }
  return progress ? Verdict::progress : Verdict::no_change;
}

}  // namespace

// Not idempotent: settling one clue changes cells beside other clues, which the driver hands
// back to it.
extern const ShakashakaRuleEntry clue_count_rule{
    {"clue-count", "shakashaka", Cost::constant, true,
     "a clue's neighbours: all empty once its triangles are found, all triangles when no more "
     "can be"},
    clue_count,
    /*idempotent=*/false};

}  // namespace bs::shakashaka
