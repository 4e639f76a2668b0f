// Peg solitaire's instances for the rule oracle (tests/rule_oracle_test.cpp): small boards
// where the plain search decides every vacancy-to-peg problem at once. A rectangle of 3x3 to 4x5
// holes, sometimes with a corner cut off, one vacancy and one final peg drawn at random, the peg
// in every other instance from the holes of the vacancy's position class (docs of
// puzzles/peg/position_class.hpp), so that solvable problems are common; the answer no rule may
// change is the status (solvable or not).
#include "solvers/peg/oracle.hpp"

#include <random>

#include "puzzles/peg/board.hpp"
#include "puzzles/peg/format.hpp"
#include "puzzles/peg/position_class.hpp"

namespace bs::peg {

std::string oracle_instance(uint64_t seed, Options&) {
  std::mt19937_64 rng(seed);
  const int rows = 3 + static_cast<int>(rng() % 2), cols = 3 + static_cast<int>(rng() % 3);
  std::vector<char> hole(rows * cols, 1);
  if (rng() % 3 == 0) hole[0] = 0;  // a corner cut off: not every board is a rectangle
  std::vector<int> holes;
  for (int i = 0; i < rows * cols; ++i)
    if (hole[i]) holes.push_back(i);
  const int vacancy = holes[rng() % holes.size()];
  int last = holes[rng() % holes.size()];
  auto config = [&](auto peg_at) {
    std::string text;
    for (int r = 0; r < rows; ++r) {
      for (int c = 0; c < cols; ++c) {
        const int i = r * cols + c;
        text += hole[i] ? (peg_at(i) ? 'X' : 'o') : '-';
      }
      text += '\n';
    }
    return text;
  };
  const std::string start = config([&](int i) { return i != vacancy; });
  if (seed % 2 == 0) {  // a final peg of the start's class, when the board has one
    const Instance shape = parse_instance(start + "\n" + start, "oracle");
    const int want = position_class(shape.board, shape.start);
    std::vector<int> same;
    for (int h : holes) {
      const Instance one =
          parse_instance(start + "\n" + config([&](int i) { return i == h; }), "oracle");
      if (position_class(one.board, one.final) == want) same.push_back(h);
    }
    if (!same.empty()) last = same[rng() % same.size()];
  }
  return start + "\n" + config([&](int i) { return i == last; });
}

std::string oracle_answer(const Result& result) {
  return to_string(result.status);
}

}  // namespace bs::peg
