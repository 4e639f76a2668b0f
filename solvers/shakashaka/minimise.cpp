// The clue minimiser (minimise.hpp): a seed-shuffled single pass, then the check of each clue.
#include "solvers/shakashaka/minimise.hpp"

#include <stdexcept>
#include <string>
#include <utility>

#include "core/splitmix64.hpp"

namespace bs::shakashaka {

namespace {

bool is_clue(int given) {
  return given >= 0 && given <= 4;
}

std::vector<int> clued_cells(const Instance& in) {
  std::vector<int> cells;
  for (int c = 0; c < in.cells(); ++c)
    if (is_clue(in.givens[c])) cells.push_back(c);
  return cells;
}

// Fisher-Yates from splitmix64, so the order is the same on every platform.
void shuffle(std::vector<int>& v, uint64_t seed) {
  uint64_t state = seed ^ 0x6d69'6e69'6d69'7365ULL;  // "minimise"
  for (size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[splitmix64(state) % i]);
}

// Whether `in` stays unique with the clue at `cell` dropped; `in` is left as it was.
bool unique_without(Instance& in, int cell, const UniqueTest& unique) {
  const int clue = in.givens[cell];
  in.givens[cell] = kBlack;
  const bool stays = unique(in);
  in.givens[cell] = clue;
  return stays;
}

std::string at(int cell, int width) {
  return "row " + std::to_string(cell / width + 1) + ", column " + std::to_string(cell % width + 1);
}

}  // namespace

std::optional<Minimised> minimise_clues(Instance full, const UniqueTest& unique, uint64_t seed,
                                        bool check_each) {
  Minimised m;
  ++m.unique_calls;
  if (!unique(full)) return std::nullopt;
  std::vector<int> order = clued_cells(full);
  shuffle(order, seed);
  for (int cell : order) {
    ++m.unique_calls;
    if (unique_without(full, cell, unique)) {
      full.givens[cell] = kBlack;
      ++m.dropped;
    }
  }
  if (check_each) {
    const std::vector<int> needless = needless_clues(full, unique);
    m.unique_calls += full.clues();
    if (!needless.empty())
      throw std::logic_error("shakashaka minimiser: the clue at " + at(needless[0], full.width) +
                             " was needed during the pass but is not at the end, so the "
                             "uniqueness test is not exact");
  }
  m.puzzle = std::move(full);
  return m;
}

std::vector<int> needless_clues(const Instance& puzzle, const UniqueTest& unique) {
  Instance in = puzzle;
  std::vector<int> needless;
  for (int cell : clued_cells(in))
    if (unique_without(in, cell, unique)) needless.push_back(cell);
  return needless;
}

}  // namespace bs::shakashaka
