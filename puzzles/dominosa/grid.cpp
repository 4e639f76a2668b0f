// Dominosa geometry and the verifier (grid.hpp).
#include "puzzles/dominosa/grid.hpp"

#include <algorithm>

namespace bs::dominosa {

Placement Instance::placement(int p) const {
  const int w = width(), horizontal = height() * (w - 1);
  if (p < horizontal) {
    const int r = p / (w - 1), c = p % (w - 1);
    return {r * w + c, r * w + c + 1, true};
  }
  const int first = p - horizontal;  // (r, c) with r < height - 1: cell r*w + c
  return {first, first + w, false};
}

int Instance::neighbour(int cell, Direction d) const {
  const int w = width(), r = cell / w, c = cell % w;
  switch (d) {
    case right:
      return c + 1 < w ? cell + 1 : -1;
    case left:
      return c > 0 ? cell - 1 : -1;
    case down:
      return r + 1 < height() ? cell + w : -1;
    case up:
      return r > 0 ? cell - w : -1;
  }
  return -1;
}

int Instance::placement_at(int cell, Direction d) const {
  const int other = neighbour(cell, d);
  if (other < 0) return -1;
  const int w = width(), horizontal = height() * (w - 1);
  const int first = std::min(cell, other);
  if (d == right || d == left) return (first / w) * (w - 1) + first % w;
  return horizontal + first;
}

std::vector<int> solution_placements(const Instance& in, const Solution& s) {
  std::vector<int> out;
  if (static_cast<int>(s.size()) != in.cells()) return {};
  for (int cell = 0; cell < in.cells(); ++cell) {
    const char* at = std::find(kLetters, kLetters + 4, s[cell]);
    if (at == kLetters + 4) return {};
    const auto d = static_cast<Direction>(at - kLetters);
    const int other = in.neighbour(cell, d);
    if (other < 0 || s[other] != kLetters[opposite(d)]) return {};
    if (cell < other) out.push_back(in.placement_at(cell, d));
  }
  std::sort(out.begin(), out.end());
  return out;
}

Solution solution_from_placements(const Instance& in, const std::vector<int>& placements) {
  Solution s(in.cells(), '?');
  for (const int p : placements) {
    const Placement pl = in.placement(p);
    s[pl.first] = pl.horizontal ? 'L' : 'T';
    s[pl.second] = pl.horizontal ? 'R' : 'B';
  }
  return s;
}

namespace {

std::string at(const Instance& in, int cell) {
  return "row " + std::to_string(cell / in.width() + 1) + " column " +
         std::to_string(cell % in.width() + 1);
}

}  // namespace

std::string check_numbers(const Instance& in) {
  if (in.n < 1 || in.n > kMaxOrder) return "order " + std::to_string(in.n) + " is not 1..255";
  if (static_cast<int>(in.numbers.size()) != in.cells())
    return "the grid has " + std::to_string(in.numbers.size()) + " numbers, not " +
           std::to_string(in.cells());
  std::vector<int> seen(in.n + 1, 0);
  for (int cell = 0; cell < in.cells(); ++cell) {
    const int v = in.numbers[cell];
    if (v < 0 || v > in.n)
      return at(in, cell) + ": " + std::to_string(v) + " is not 0.." + std::to_string(in.n);
    ++seen[v];
  }
  for (int v = 0; v <= in.n; ++v)
    if (seen[v] != in.n + 2)
      return "number " + std::to_string(v) + " appears " + std::to_string(seen[v]) +
             " times, not " + std::to_string(in.n + 2);
  return "";
}

std::string verify_solution(const Instance& in, const Solution& s) {
  if (const std::string bad = check_numbers(in); !bad.empty()) return "bad instance: " + bad;
  if (static_cast<int>(s.size()) != in.cells())
    return "the solution has " + std::to_string(s.size()) + " cells, not " +
           std::to_string(in.cells());
  std::vector<int> used(dominoes(in.n), -1);
  for (int cell = 0; cell < in.cells(); ++cell) {
    const char* letter = std::find(kLetters, kLetters + 4, s[cell]);
    if (letter == kLetters + 4) return at(in, cell) + ": '" + s[cell] + "' is not L, R, T or B";
    const auto d = static_cast<Direction>(letter - kLetters);
    const int other = in.neighbour(cell, d);
    if (other < 0) return at(in, cell) + ": its partner would be off the grid";
    if (s[other] != kLetters[opposite(d)])
      return at(in, cell) + " and " + at(in, other) + " do not pair up";
    if (other < cell) continue;  // each domino once, from its first cell
    const int domino = domino_index(in.numbers[cell], in.numbers[other], in.n);
    if (used[domino] >= 0)
      return "domino " + std::to_string(in.numbers[cell]) + "-" +
             std::to_string(in.numbers[other]) + " is used twice, at " + at(in, used[domino]) +
             " and " + at(in, cell);
    used[domino] = cell;
  }
  // (n+1)(n+2)/2 placements, none repeated, among (n+1)(n+2)/2 dominoes: each used once.
  return "";
}

}  // namespace bs::dominosa
