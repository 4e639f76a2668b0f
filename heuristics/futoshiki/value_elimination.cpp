// value-elimination: a fixed cell's value leaves every other cell of its row and column.
//
// The cheapest deduction of a Latin square, and the one a person does first. One sweep collects
// the fixed values of every row and column (two cells fixed to one value fail), a second removes
// them from the open cells. A removal can fix another cell, so the sweeps repeat until none does.
// It runs after every change any other rule makes, so it is written for speed: two straight
// passes over the grid, no line table.
#include <array>

#include "heuristics/futoshiki/futoshiki_rule.hpp"

namespace bs::futoshiki {

namespace {

// m itself when it holds one value, else 0; without a branch, since which cells are fixed is
// what the branch predictor cannot learn.
inline Mask if_fixed(Mask m) {
  return m & (Mask{0} - static_cast<Mask>((m & (m - 1)) == 0));
}

Verdict value_elimination(const Structure& s, Mask* d) {
  const int n = s.n;
  bool progress = false;
  for (bool fixed_some = true; fixed_some;) {
    // One sweep collects the fixed values of every row and column; a second removes them from
    // the open cells. Cells are row-major (grid.hpp), so no line table is needed.
    std::array<Mask, kMaxN> row{}, col{};
    Mask clash = 0;
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c) {
        const Mask f = if_fixed(d[r * n + c]);
        clash |= (row[r] | col[c]) & f;
        row[r] |= f;
        col[c] |= f;
      }
    if (clash) return Verdict::fail;
    Mask changed = 0, emptied = 0, newly_fixed = 0;
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c) {
        const Mask m = d[r * n + c];
        const Mask kept = m & (~(row[r] | col[c]) | if_fixed(m));
        changed |= kept ^ m;
        emptied |= static_cast<Mask>(kept == 0);
        newly_fixed |= if_fixed(kept) & ~if_fixed(m);  // its value must leave its lines too
        d[r * n + c] = kept;
      }
    if (emptied) return Verdict::fail;
    progress |= changed != 0;
    fixed_some = newly_fixed != 0;
  }
  return progress ? Verdict::progress : Verdict::no_change;
}

}  // namespace

extern const FutoshikiRuleEntry value_elimination_rule{
    {"value-elimination", "futoshiki", Cost::linear, true,
     "a fixed value leaves the other cells of its row and column"},
    value_elimination};

}  // namespace bs::futoshiki
