// The Structure rules read: its tables, the places view, and the check of plain backtracking
// (futoshiki_rule.hpp).
#include <algorithm>

#include "heuristics/futoshiki/futoshiki_rule.hpp"

namespace bs::futoshiki {

Structure::Structure(const Instance& in)
    : n(in.n),
      all(in.n >= 32 ? ~Mask{0} : (Mask{1} << in.n) - 1),
      all_lines(2 * in.n >= 64 ? ~Lines{0} : (Lines{1} << 2 * in.n) - 1),
      lines(2 * in.n * in.n),
      inequalities(in.inequalities),
      degree(in.n * in.n, 0),
      cell_start(in.n * in.n + 1, 0),
      row_of(in.n * in.n),
      column_of(in.n * in.n),
      cell_lines(in.n * in.n) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      lines[i * n + j] = i * n + j;        // row i
      lines[(n + i) * n + j] = j * n + i;  // column i
      row_of[i * n + j] = static_cast<uint8_t>(i);
      column_of[i * n + j] = static_cast<uint8_t>(n + j);
      cell_lines[i * n + j] = Lines{1} << i | Lines{1} << (n + j);
    }
  std::vector<std::vector<int>> touching(n * n);
  for (int k = 0; k < static_cast<int>(inequalities.size()); ++k) {
    const Inequality& q = inequalities[k];
    ++degree[q.greater];
    ++degree[q.smaller];
    touching[q.greater].push_back(k);
    touching[q.smaller].push_back(k);
  }
  for (int c = 0; c < n * n; ++c) {
    cell_start[c + 1] = cell_start[c] + static_cast<int>(touching[c].size());
    by_cell.insert(by_cell.end(), touching[c].begin(), touching[c].end());
  }
}

void Structure::init_places(Mask* d) const {
  std::fill(d + cells(), d + words(), Mask{0});
  for (int l = 0; l < 2 * n; ++l) {
    Mask* at = places(d, l);
    const int* cells_of = line(l);
    for (int j = 0; j < n; ++j)
      for (Mask m = d[cells_of[j]]; m; m &= m - 1) at[std::countr_zero(m)] |= Mask{1} << j;
  }
}

bool Structure::fixed_values_agree(const Mask* d) const {
  for (int l = 0; l < 2 * n; ++l) {
    Mask seen = 0;
    for (int j = 0; j < n; ++j) {
      const Mask m = d[line(l)[j]];
      if (!fixed(m)) continue;
      if (seen & m) return false;
      seen |= m;
    }
  }
  for (const Inequality& q : inequalities) {
    const Mask a = d[q.greater], b = d[q.smaller];
    if (fixed(a) && fixed(b) && a <= b) return false;  // one bit each: masks order as values
  }
  return true;
}

Lines dirty_lines(const Structure& s, const Dirty& dirty) {
  if (dirty.everywhere) return s.all_lines;
  Lines out = 0;
  for (const Narrowing* e = dirty.begin; e != dirty.end; ++e) out |= s.lines_of(e->var);
  return out;
}

}  // namespace bs::futoshiki
