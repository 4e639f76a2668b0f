// black-side: no white corner of 45 degrees against a black cell or the frame.
//
// A triangle beside a black cell (or the edge of the grid) must lay a leg along it: a triangle
// that touches that side only at one end of its long edge would leave a sliver of white there,
// a 45-degree corner, which no rectangle has. So a white cell with black above it is empty or a
// triangle black along its top (a, b), and so on for each side. The angle rule finds the same at
// the points, at a higher price; this one reads only the puzzle, so it runs once, at the root.
#include "heuristics/shakashaka/shakashaka_rule.hpp"

namespace bs::shakashaka {

namespace {

Verdict black_side(const Structure& s, Mask* d, const Dirty& dirty, Changes& changed) {
  if (!dirty.everywhere) return Verdict::no_change;  // black cells never change
  bool progress = false;
  for (int c = 0; c < s.cells; ++c) {
    if (d[c] == kBlackBit) continue;
    for (int side = 0; side < 4; ++side) {
      const int o = s.neighbour[c * 4 + side];
      if (o >= 0 && s.root_domain[o] != kBlackBit) continue;
      if (!narrow(d, c, kEmptyBit | black_along_mask(side), changed, progress))
        return Verdict::fail;
    }
  }
  return progress ? Verdict::progress : Verdict::no_change;
}

}  // namespace

extern const ShakashakaRuleEntry black_side_rule{
    {"black-side", "shakashaka", Cost::root, true,
     "beside a black cell or the frame, a triangle lays a leg along it (no 45-degree white "
     "corner)"},
    black_side,
    /*idempotent=*/true};

}  // namespace bs::shakashaka
