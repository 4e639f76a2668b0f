// Minimising the clue set of a Shakashaka puzzle: the generator's second step, after the random
// tiling (puzzles/shakashaka/random.hpp) has given a puzzle with a clue on every black cell.
//
// It is independent of any solver: the caller passes `unique`, which says whether an instance has
// exactly one solution (the generator passes the propagating search with a limit of 2, the tests
// a brute force). Black cells stay black; only their numbers go (a dropped clue becomes kBlack).
//
// One pass over the clues in a seed-shuffled order drops each clue whose removal keeps the puzzle
// unique. That single pass already leaves every remaining clue needed: removing clues only
// removes constraints, so the solutions of a smaller clue set include those of a larger one. A
// clue c kept at its turn was kept because S \ {c} had two or more solutions, S being the clue set
// at that time; the final set F is a subset of S, so F \ {c} is a subset of S \ {c} and has all
// those solutions too. (Every instance in the pass has the planted solution, so "not unique" means
// "two or more solutions", never "none".) The argument needs `unique` to be exact; a solver that
// gives up under a budget and answers "not unique" could break it, so the minimiser checks each
// remaining clue once more at the end, as the issue asks, and treats a failure as a bug.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "puzzles/shakashaka/grid.hpp"

namespace bs::shakashaka {

using UniqueTest = std::function<bool(const Instance&)>;

struct Minimised {
  Instance puzzle;       // the minimal puzzle: the input's black cells, a subset of its clues
  int dropped = 0;       // clues removed
  int unique_calls = 0;  // calls of `unique`, the final check's included
};

// Minimises the clues of `full` (see above). Empty when `full` itself is not unique: there is
// nothing to minimise then. When `check_each` holds, every clue left is checked to be needed, and
// a clue that is not throws std::logic_error naming it: `unique` is then not exact.
std::optional<Minimised> minimise_clues(Instance full, const UniqueTest& unique, uint64_t seed,
                                        bool check_each = true);

// The clued cells of `puzzle` whose clue can go with the puzzle staying unique, ascending; empty
// for a minimal puzzle. One call of `unique` per clue.
std::vector<int> needless_clues(const Instance& puzzle, const UniqueTest& unique);

}  // namespace bs::shakashaka
