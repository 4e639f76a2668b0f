// Symmetry detection by trying the eight maps of D4 on the holes' bounding box.
//
// Using the bounding box rather than the declared grid means a board drawn with empty margins
// still finds its symmetries. Everything here is a few hundred integer operations; no search.
#include "puzzles/peg/symmetry.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <utility>

namespace bs::peg {

std::vector<std::vector<int>> board_symmetries(const Board& board) {
  const int n = board.holes();
  if (n == 0) return {{}};
  int r0 = board.rows(), r1 = -1, c0 = board.cols(), c1 = -1;
  for (int h = 0; h < n; ++h) {
    r0 = std::min(r0, board.row_of(h)), r1 = std::max(r1, board.row_of(h));
    c0 = std::min(c0, board.col_of(h)), c1 = std::max(c1, board.col_of(h));
  }
  const int height = r1 - r0 + 1, width = c1 - c0 + 1;
  // (r, c) relative to the box; transform t of D4 as (swap axes, flip rows, flip columns).
  std::vector<std::vector<int>> result;
  for (int t = 0; t < 8; ++t) {
    const bool swap = t & 4, flip_r = t & 1, flip_c = t & 2;
    if (swap && height != width) continue;
    std::vector<int> perm(n);
    bool ok = true;
    for (int h = 0; h < n && ok; ++h) {
      int r = board.row_of(h) - r0, c = board.col_of(h) - c0;
      if (swap) std::swap(r, c);
      if (flip_r) r = height - 1 - r;
      if (flip_c) c = width - 1 - c;
      perm[h] = board.hole_at(r + r0, c + c0);
      ok = perm[h] >= 0;
    }
    // Maps injective on cells, so hitting holes only means a permutation of the holes.
    if (ok && std::find(result.begin(), result.end(), perm) == result.end())
      result.push_back(std::move(perm));
  }
  return result;  // t = 0 is the identity and always succeeds, so it comes first
}

std::vector<int> jump_permutation(const Board& board, const std::vector<int>& hole_perm) {
  const auto& jumps = board.jumps();
  std::map<std::pair<int, int>, int> by_ends;  // (from, to) names a jump uniquely
  for (size_t j = 0; j < jumps.size(); ++j)
    by_ends[{jumps[j].from, jumps[j].to}] = static_cast<int>(j);
  std::vector<int> image(jumps.size());
  for (size_t j = 0; j < jumps.size(); ++j) {
    const auto it = by_ends.find({hole_perm.at(jumps[j].from), hole_perm.at(jumps[j].to)});
    if (it == by_ends.end()) throw std::invalid_argument("jump_permutation: not a board symmetry");
    image[j] = it->second;
  }
  return image;
}

bool fixes(const std::vector<int>& perm, const Config& config) {
  for (size_t h = 0; h < perm.size(); ++h)
    if (config.at(perm[h]) != config[h]) return false;
  return true;
}

}  // namespace bs::peg
