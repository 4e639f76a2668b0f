// The Structure rules read: its tables, the domino counts, the check of plain backtracking and
// the exact-cover branching (dominosa_rule.hpp).
#include <algorithm>

#include "heuristics/dominosa/dominosa_rule.hpp"

namespace bs::dominosa {

Structure::Structure(const Instance& in)
    : instance(&in),
      n(in.n),
      width(in.width()),
      height(in.height()),
      cells(in.cells()),
      placements(in.placements()),
      domino_count(dominoes(in.n)),
      neighbour(4 * in.cells(), -1),
      placement_at(4 * in.cells(), -1),
      ends(in.placements()),
      domino_of(in.placements()),
      first_to(in.placements()),
      domino_start(dominoes(in.n) + 1, 0),
      root_domain(in.cells(), 0),
      region(in.cells()) {
  for (int cell = 0; cell < cells; ++cell)
    for (int d = 0; d < 4; ++d) {
      const auto dir = static_cast<Direction>(d);
      neighbour[cell * 4 + d] = in.neighbour(cell, dir);
      placement_at[cell * 4 + d] = in.placement_at(cell, dir);
      if (neighbour[cell * 4 + d] >= 0) root_domain[cell] |= direction_bit(dir);
    }
  for (int p = 0; p < placements; ++p) {
    ends[p] = in.placement(p);
    first_to[p] = ends[p].horizontal ? right : down;
    domino_of[p] = in.domino_of(p);
    ++domino_start[domino_of[p] + 1];
  }
  for (int k = 0; k < domino_count; ++k) domino_start[k + 1] += domino_start[k];
  of_domino.resize(placements);
  std::vector<int> next(domino_start.begin(), domino_start.end() - 1);
  for (int p = 0; p < placements; ++p) of_domino[next[domino_of[p]]++] = p;
  // Regions are bands of whole rows, at most 64 of them.
  const int bands = std::min(height, 64);
  band_start.assign(bands + 1, 0);
  for (int b = 0; b <= bands; ++b) band_start[b] = (height * b / bands) * width;
  for (int b = 0; b < bands; ++b)
    for (int cell = band_start[b]; cell < band_start[b + 1]; ++cell)
      region[cell] = static_cast<uint8_t>(b);
  all_regions = bands == 64 ? ~Regions{0} : (Regions{1} << bands) - 1;
}

std::vector<Mask> Structure::root_state() const {
  std::vector<Mask> d(words(), 0);
  std::copy(root_domain.begin(), root_domain.end(), d.begin());
  init_counts(d.data());
  return d;
}

void Structure::init_counts(Mask* d) const {
  std::fill(d + cells, d + words(), Mask{0});
  for (int p = 0; p < placements; ++p)
    if (alive(d, p)) ++count(d, domino_of[p]);
}

bool Structure::fixed_values_agree(const Mask* d) const {
  // Stamps instead of a cleared array: the check runs at every node.
  thread_local std::vector<uint32_t> placed_at;
  thread_local uint32_t stamp = 0;
  if (placed_at.size() < static_cast<size_t>(domino_count)) {
    placed_at.assign(domino_count, 0);
    stamp = 0;
  }
  if (++stamp == 0) {
    std::fill(placed_at.begin(), placed_at.end(), 0);
    stamp = 1;
  }
  for (int cell = 0; cell < cells; ++cell) {
    const Mask m = d[cell];
    if (!fixed(m)) continue;
    const int dir = std::countr_zero(m);
    const int other = neighbour[cell * 4 + dir];
    if (other < 0 || !(d[other] & (Mask{1} << (dir ^ 1)))) return false;
    if (other < cell || !fixed(d[other])) continue;
    const int k = domino_of[placement_at[cell * 4 + dir]];
    if (placed_at[k] == stamp) return false;
    placed_at[k] = stamp;
  }
  return true;
}

void Structure::branch_moves(const Mask* d, bool down, std::vector<uint32_t>& out) const {
  // The item with the fewest options: a cell counts its alive placements, a domino its count.
  // A settled item (a fixed cell, a domino with a placed placement) offers no choice.
  int best_cell = -1, best_domino = -1, best = 1 << 30;
  for (int cell = 0; cell < cells && best > 2; ++cell) {
    const Mask m = d[cell];
    if (fixed(m)) continue;
    int options = 0;
    for (Mask rest = m; rest; rest &= rest - 1) {
      const int dir = std::countr_zero(rest);
      options += (d[neighbour[cell * 4 + dir]] & (Mask{1} << (dir ^ 1))) != 0;
    }
    if (options < best) best = options, best_cell = cell;
  }
  for (int k = 0; k < domino_count && best > 2; ++k) {
    const int options = static_cast<int>(count(d, k));
    if (options < 2 || options >= best) continue;
    bool settled = false;
    for (int i = domino_start[k]; i < domino_start[k + 1] && !settled; ++i)
      settled = placed(d, of_domino[i]);
    if (!settled) best = options, best_domino = k, best_cell = -1;
  }
  const size_t first = out.size();
  if (best_cell >= 0) {
    for (Mask rest = d[best_cell]; rest; rest &= rest - 1)
      out.push_back(static_cast<uint32_t>(best_cell) << 5 | std::countr_zero(rest));
  } else if (best_domino >= 0) {
    for (int i = domino_start[best_domino]; i < domino_start[best_domino + 1]; ++i) {
      const int p = of_domino[i];
      if (!alive(d, p)) continue;
      // Fix an end that is still open, so that the move changes the node.
      const int end = fixed(d[ends[p].first]) ? ends[p].second : ends[p].first;
      out.push_back(static_cast<uint32_t>(end) << 5 | direction_from(p, end));
    }
  }
  if (down) std::reverse(out.begin() + static_cast<std::ptrdiff_t>(first), out.end());
}

}  // namespace bs::dominosa
