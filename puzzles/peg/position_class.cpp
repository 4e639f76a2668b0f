// Computes the rule-of-three class of a configuration; the invariant is explained in the header.
#include "puzzles/peg/position_class.hpp"

#include <stdexcept>

namespace bs::peg {

int position_class(const Board& board, const Config& config) {
  if (config.size() != static_cast<size_t>(board.holes())) {
    throw std::invalid_argument("position_class: configuration size differs from the board's");
  }
  int na[3] = {0, 0, 0}, nb[3] = {0, 0, 0};
  for (int h = 0; h < board.holes(); ++h) {
    if (!config[h]) continue;
    const int r = board.row_of(h), c = board.col_of(h);
    ++na[(r + c) % 3];
    ++nb[((r - c) % 3 + 3) % 3];  // C++ '%' keeps the sign of r - c
  }
  return ((na[0] + na[1]) & 1) | ((na[1] + na[2]) & 1) << 1 | ((nb[0] + nb[1]) & 1) << 2 |
         ((nb[1] + nb[2]) & 1) << 3;
}

std::string describe_class(int k) {
  if (k < 0 || k > 15) throw std::invalid_argument("describe_class: class out of range 0..15");
  auto bit = [k](int i) { return std::to_string((k >> i) & 1); };
  return "class " + std::to_string(k) + " (parities nA0+nA1=" + bit(0) + " nA1+nA2=" + bit(1) +
         " nB0+nB1=" + bit(2) + " nB1+nB2=" + bit(3) + ")";
}

}  // namespace bs::peg
