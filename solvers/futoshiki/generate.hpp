// The Futoshiki generators: a random solution grid, then a minimal set of clues that pins it down,
// either stripped from every clue (generate, `--clues all`) or added until unique and then
// stripped (generate_minimal, `--clues add`: harder puzzles).
//
// They live in solvers/ and not in puzzles/ because deciding "unique" and "how hard" needs the
// solver (analyse() in solvers/futoshiki/solver.hpp, count_up_to() below). Everything random comes
// from one std::mt19937_64 and from bounded draws written here rather than the std::
// distributions, whose results differ between standard libraries: the same (size, seed, grade,
// method) gives the same puzzle byte for byte.
#pragma once

#include <cstdint>
#include <random>
#include <string>

#include "core/options.hpp"
#include "puzzles/futoshiki/grid.hpp"
#include "solvers/futoshiki/solver.hpp"

namespace bs::futoshiki {

// A near-uniform random Latin square of order n (values 1..n, row-major), by Jacobson-Matthews
// moves from the cyclic square.
Grid random_latin_square(int n, std::mt19937_64& rng);

// The grade of an analysed puzzle: a rule name from grade_names(), "search" when propagation at
// the root does not finish it, or "givens" when no rule was needed at all.
std::string grade_of(const Analysis& analysis);

struct Generated {
  Instance instance;  // unique, minimal, inequalities sorted as the parsers sort them
  Grid solution;
  std::string grade;
  int attempt = 0;       // the sub-seed that succeeded, 0-based
  int oracle_calls = 0;  // generate_minimal: the calls of count_up_to() it made
};

// A unique puzzle of side n whose clues are minimal: removing any one clue (while `grade` is
// "any") leaves at least two solutions. With another grade, a clue is also kept when removing it
// would make the puzzle harder than the grade, and a puzzle of a different grade is discarded for
// the next sub-seed. Throws std::invalid_argument for an unknown grade or a bad size, and
// std::runtime_error when no puzzle of the grade turns up within the attempts.
Generated generate(int n, uint64_t seed, const std::string& grade);

// The oracle of generate_minimal (generate_minimal.cpp): the number of solutions of `instance`
// up to `limit`, by the toolkit's own solver on `threads` threads (the count up to a limit is the
// same on any number), within `time_limit` seconds (0: none); kUnknownCount when the limit
// stopped it first.
inline constexpr int kUnknownCount = -1;
int count_up_to(const Instance& instance, int limit, double time_limit, int threads = 1);

struct MinimalSettings {
  double time_limit = 0;  // seconds for the whole run, 0: none
  bool progress = false;  // a progress line on standard error every ~2 s
  int threads = 1;        // of each oracle call (--threads): the answers do not depend on it
};

// A unique puzzle of side n made by adding clues at random until unique, then removing each clue
// uniqueness does not need: minimal, and typically much harder than generate()'s (`--clues add`).
// `grade` is left empty. Throws std::invalid_argument for a bad size, and std::runtime_error
// naming the limit when the time limit runs out first.
Generated generate_minimal(int n, uint64_t seed, const MinimalSettings& settings);

// The table entry behind `boundsearch generate futoshiki`: options size, seed and grade; returns
// the puzzle in the seed text format, preceded by one comment line naming how it was made. Option
// clues picks the method: all (generate()) or add (generate_minimal(), under --time-limit).
std::string generate_text(const Options& options);

}  // namespace bs::futoshiki
