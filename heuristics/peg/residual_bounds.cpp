#include "heuristics/peg/residual_bounds.hpp"

namespace bs::peg {

Verdict ResidualBoundsRule::post(PegRoot& root, Certificate&) {
  const Board& board = root.instance.board;
  final_.assign(root.instance.final.begin(), root.instance.final.end());
  fill_.assign(board.holes(), {});
  empty_.assign(board.holes(), {});
  const auto& jumps = board.jumps();
  for (size_t j = 0; j < jumps.size(); ++j) {
    fill_[jumps[j].to].push_back(static_cast<int>(j));
    empty_[jumps[j].from].push_back(static_cast<int>(j));
    empty_[jumps[j].over].push_back(static_cast<int>(j));
  }
  return Verdict::no_change;
}

Verdict ResidualBoundsRule::propagate(const PegNode& node) const {
  const int holes = static_cast<int>(final_.size());
  for (int h = 0; h < holes; ++h) {
    const int have = node.peg(h);
    if (have == final_[h]) continue;
    const auto& candidates = have ? empty_[h] : fill_[h];
    bool possible = false;
    for (int j : candidates) {
      if (node.used[j] < node.budget[j]) {
        possible = true;
        break;
      }
    }
    if (!possible) return Verdict::fail;
  }
  return Verdict::no_change;
}

}  // namespace bs::peg
