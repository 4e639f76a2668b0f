// single-row: the two rules every player knows. A row whose remaining target is 0 makes all its
// undecided cells safe ("all free neighbours"); a row whose remaining target equals its undecided
// cells makes them all mines ("all mine neighbours"). A target below 0 or above the undecided
// cells is a contradiction. One pass over the rows, linear in their size.
#include "heuristics/mines/single_row.hpp"

namespace bs::mines {

Verdict apply_single_row(MineSystem& s, int self) {
  bool progress = false;
  for (size_t r = 0; r < s.rows.size(); ++r) {
    const Row& row = s.rows[r];
    int mines, open;
    s.tally(row, mines, open);
    const int left = row.target - mines;
    if (left < 0 || left > open) {
      s.failed_row = static_cast<int>(r);
      return Verdict::fail;
    }
    if (open == 0 || (left != 0 && left != open)) continue;
    for (int v : row.vars)
      if (s.value[v] < 0) {
        s.value[v] = left == 0 ? 0 : 1;
        s.decided_by[v] = static_cast<int8_t>(self);
      }
    progress = true;
  }
  return progress ? Verdict::progress : Verdict::no_change;
}

}  // namespace bs::mines
