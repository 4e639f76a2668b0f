// Shakashaka's instances for the rule oracle (tests/rule_oracle_test.cpp): grids of 2 to 4 rows
// and columns, about a quarter of the cells black and half of those clued with a random count
// their neighbours allow, so that some have one solution, many have several and some none. They
// are counted, not solved, so the answer no rule may change is the exact number of solutions.
#include "solvers/shakashaka/oracle.hpp"

#include "core/splitmix64.hpp"
#include "puzzles/shakashaka/format.hpp"

namespace bs::shakashaka {

std::string oracle_instance(uint64_t seed, Options& options) {
  options.set("count", "true");
  uint64_t state = seed;
  Instance in;
  in.height = 2 + static_cast<int>(splitmix64(state) % 3);
  in.width = 2 + static_cast<int>(splitmix64(state) % 3);
  in.givens.assign(in.cells(), kWhite);
  for (int c = 0; c < in.cells(); ++c) {
    if (splitmix64(state) % 4) continue;
    const int r = c / in.width, col = c % in.width;
    const int around = (r > 0) + (r + 1 < in.height) + (col > 0) + (col + 1 < in.width);
    in.givens[c] =
        splitmix64(state) % 2 ? kBlack : static_cast<int>(splitmix64(state) % (around + 1));
  }
  return format_instance(in);
}

std::string oracle_answer(const Result& result) {
  return std::string(to_string(result.status)) + ", " + std::to_string(result.solution_count) +
         (result.count_complete ? " solutions" : " solutions so far");
}

}  // namespace bs::shakashaka
