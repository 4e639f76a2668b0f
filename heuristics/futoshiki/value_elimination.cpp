// value-elimination: a fixed cell's value leaves every other cell of its row and column.
//
// The cheapest deduction of a Latin square, and the one a person does first. One pass per line
// collects the fixed values (two cells fixed to one value fail) and removes them from the rest.
// A removal can fix another cell, so the pass repeats on the line until nothing changes; other
// lines see the effect when the solver restarts the rules.
#include "heuristics/futoshiki/futoshiki_rule.hpp"

namespace bs::futoshiki {

namespace {

Verdict value_elimination(const Structure& s, Mask* d) {
  bool progress = false;
  for (int l = 0; l < 2 * s.n; ++l) {
    const int* cells = s.line(l);
    for (bool again = true; again;) {
      again = false;
      Mask seen = 0, open = 0;
      for (int j = 0; j < s.n; ++j) {
        const Mask m = d[cells[j]];
        if (!fixed(m)) {
          open |= m;
          continue;
        }
        if (seen & m) return Verdict::fail;
        seen |= m;
      }
      if (!(open & seen)) break;  // nothing to remove: the usual case, one pass
      for (int j = 0; j < s.n; ++j) {
        Mask& m = d[cells[j]];
        if (fixed(m) || !(m & seen)) continue;
        m &= ~seen;
        if (!m) return Verdict::fail;
        progress = true;
        again |= fixed(m);
      }
    }
  }
  return progress ? Verdict::progress : Verdict::no_change;
}

}  // namespace

extern const FutoshikiRuleEntry value_elimination_rule{
    {"value-elimination", "futoshiki", Cost::linear, true,
     "a fixed value leaves the other cells of its row and column"},
    value_elimination};

}  // namespace bs::futoshiki
