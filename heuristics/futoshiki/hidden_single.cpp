// hidden-single: a value that only one cell of a line can take goes there.
//
// Each row and column is a permutation, so every value must appear somewhere in it. Two running
// masks per line (values seen once, values seen more than once) find, in one pass, the values no
// cell can take (fail) and the values exactly one cell can take (fix that cell). Counterpart of
// value-elimination, which reasons from cells to values; this one reasons from values to cells.
#include "heuristics/futoshiki/futoshiki_rule.hpp"

namespace bs::futoshiki {

namespace {

Verdict hidden_single(const Structure& s, Mask* d) {
  bool progress = false;
  for (int l = 0; l < 2 * s.n; ++l) {
    const int* cells = s.line(l);
    Mask once = 0, more = 0, placed = 0;
    for (int j = 0; j < s.n; ++j) {
      const Mask m = d[cells[j]];
      more |= once & m;
      once |= m;
      if (fixed(m)) placed |= m;
    }
    if (once != s.all) return Verdict::fail;
    const Mask single = once & ~more & ~placed;  // placed values are singles already: skip them
    if (!single) continue;
    for (int j = 0; j < s.n; ++j) {
      Mask& m = d[cells[j]];
      const Mask mine = m & single;
      if (!mine) continue;
      if (mine & (mine - 1)) return Verdict::fail;  // two values only this cell can take
      if (m != mine) {
        m = mine;
        progress = true;
      }
    }
  }
  return progress ? Verdict::progress : Verdict::no_change;
}

}  // namespace

extern const FutoshikiRuleEntry hidden_single_rule{
    {"hidden-single", "futoshiki", Cost::linear, true,
     "a value only one cell of a row or column can take goes there"},
    hidden_single};

}  // namespace bs::futoshiki
