// subset: the "1-2 pattern" and its kin. If the undecided cells of row A all lie in row B, then
// the cells of B outside A hold exactly (left of B) - (left of A) mines. When that is 0 they are
// safe, when it is their number they are mines, and outside 0..their number the position is
// inconsistent. Only rows that share a cell can nest, so each row is compared with the rows
// through its cells. The mine-count row is left out: it contains every row, so comparing each
// row with it costs a pass over the whole board per row, and what it could teach (the frontier
// needs every remaining mine) the enumeration and the LP find exactly.
//
// One call decides all it can find in one sweep, keeping each row's undecided cells and target
// up to date as it decides: returning after the first decision made the driver rebuild these
// tables over the whole board for every decision, which was 40% of the time on a 255x255 board.
// Decisions made from up-to-date rows are the rule's own deductions, so the fixpoint with the
// cheap rule is the same; only which of the two rules is credited with a cell can differ.
#include "heuristics/mines/subset.hpp"

#include <algorithm>

namespace bs::mines {

Verdict apply_subset(const MineSystem& s, Mask* d, const Dirty&, Changes& changed) {
  // The undecided cells and remaining target of each row.
  const size_t n = s.rows.size();
  // Inline arrays: a digit row has at most 8 cells and a cell at most 8 digits, so building these
  // afresh at every call allocates the outer arrays alone, not one array per row and per cell.
  // The mine-count row's entries stay empty (it would be the longest row of all, and unused).
  std::vector<RowCells> open(n);
  std::vector<int> left(n);
  std::vector<boost::container::small_vector<int, 8>> rows_of(s.vars);
  for (size_t r = 0; r < n; ++r) {
    if (s.rows[r].source < 0) continue;  // the mine-count row: left out, as above
    int mines = 0;
    for (int v : s.rows[r].vars) {
      if (d[v] == kUndecided) open[r].push_back(v);
      mines += d[v] == kMine;
    }
    left[r] = s.rows[r].target - mines;
    for (int v : open[r]) rows_of[v].push_back(static_cast<int>(r));
  }
  std::vector<int> partners, diff;
  bool progress = false;
  for (size_t a = 0; a < n; ++a) {
    if (open[a].empty() || s.rows[a].source < 0) continue;
    partners.clear();
    for (int v : open[a]) partners.insert(partners.end(), rows_of[v].begin(), rows_of[v].end());
    std::sort(partners.begin(), partners.end());
    partners.erase(std::unique(partners.begin(), partners.end()), partners.end());
    // A decision below takes cells of some row B outside row A, never cells of A: open[a] holds
    // still while its partners are tried, and each open[b] is read as it is now.
    for (int b : partners) {
      if (b == static_cast<int>(a) || open[b].size() <= open[a].size()) continue;
      if (!std::includes(open[b].begin(), open[b].end(), open[a].begin(), open[a].end())) continue;
      diff.clear();
      std::set_difference(open[b].begin(), open[b].end(), open[a].begin(), open[a].end(),
                          std::back_inserter(diff));
      const int t = left[b] - left[a];
      if (t < 0 || t > static_cast<int>(diff.size())) {
        s.fail_at(d, b);
        return Verdict::fail;
      }
      if (t != 0 && t != static_cast<int>(diff.size())) continue;
      // A row these decisions overfill or starve is the cheap rule's to find: it runs next.
      for (int v : diff) {
        decide(d, v, t == 0 ? kSafe : kMine, changed);
        for (int r : rows_of[v]) {
          open[r].erase(std::find(open[r].begin(), open[r].end(), v));
          left[r] -= t == 0 ? 0 : 1;
        }
      }
      progress = true;
    }
  }
  return progress ? Verdict::progress : Verdict::no_change;
}

}  // namespace bs::mines
