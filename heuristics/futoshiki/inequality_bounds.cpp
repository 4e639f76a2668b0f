// inequality-bounds: a > b cuts a's low values and b's high values, along whole chains.
//
// For a > b, a must exceed b's least possible value and b must stay below a's greatest, so
// a loses every value <= min(b) and b every value >= max(a). Applied to a fixpoint, the bounds
// run along chains: in a > b > c on a 5-grid, a >= 3 and c <= 3 before any cell is known. This
// is bounds consistency on each inequality, which for a single a > b is also domain consistency
// (any value of a above min(b) has a support, and symmetrically).
#include "heuristics/futoshiki/futoshiki_rule.hpp"

namespace bs::futoshiki {

namespace {

Verdict inequality_bounds(const Structure& s, Mask* d) {
  bool progress = false;
  for (bool again = true; again;) {
    again = false;
    for (const Inequality& q : s.inequalities) {
      Mask& a = d[q.greater];
      Mask& b = d[q.smaller];
      if (!a || !b) return Verdict::fail;
      // values of a above min(b): clear bits 0..min(b)-1, i.e. the values 1..min(b)
      const Mask a_cut = a & ~((Mask{2} << (lowest_value(b) - 1)) - 1);
      // values of b below max(a): keep bits 0..max(a)-2
      const int top = highest_value(a);
      const Mask b_cut = top <= 1 ? 0 : b & ((Mask{1} << (top - 1)) - 1);
      if (a_cut != a || b_cut != b) {
        if (!a_cut || !b_cut) return Verdict::fail;
        a = a_cut;
        b = b_cut;
        again = progress = true;
      }
    }
  }
  return progress ? Verdict::progress : Verdict::no_change;
}

}  // namespace

extern const FutoshikiRuleEntry inequality_bounds_rule{
    {"inequality-bounds", "futoshiki", Cost::linear, true,
     "a > b: a above the least value of b, b below the greatest of a, along chains"},
    inequality_bounds};

}  // namespace bs::futoshiki
