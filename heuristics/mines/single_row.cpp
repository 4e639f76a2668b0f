// single-row: the two rules every player knows. A row whose remaining target is 0 makes all its
// undecided cells safe ("all free neighbours"); a row whose remaining target equals its undecided
// cells makes them all mines ("all mine neighbours"). A target below 0 or above the undecided
// cells is a contradiction. One pass over the rows, linear in their size.
#include "heuristics/mines/single_row.hpp"

namespace bs::mines {

Verdict apply_single_row(const MineSystem& s, Mask* d, const Dirty&, Changes& changed) {
  bool progress = false;
  for (size_t r = 0; r < s.rows.size(); ++r) {
    const Row& row = s.rows[r];
    int mines, open;
    MineSystem::tally(row, d, mines, open);
    const int left = row.target - mines;
    if (left < 0 || left > open) {
      s.fail_at(d, static_cast<int>(r));
      return Verdict::fail;
    }
    if (open == 0 || (left != 0 && left != open)) continue;
    for (int v : row.vars)
      if (d[v] == kUndecided) decide(d, v, left == 0 ? kSafe : kMine, changed);
    progress = true;
  }
  return progress ? Verdict::progress : Verdict::no_change;
}

}  // namespace bs::mines
