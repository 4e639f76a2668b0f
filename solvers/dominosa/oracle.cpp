// Dominosa's instances for the rule oracle (tests/rule_oracle_test.cpp): grids of order 2 to 4,
// half of them with a planted solution and half with their numbers shuffled, so that some have
// one solution, some many and some none. They are counted, not solved, so the answer no rule may
// change is the exact number of solutions.
#include "solvers/dominosa/oracle.hpp"

#include "core/splitmix64.hpp"
#include "puzzles/dominosa/format.hpp"
#include "puzzles/dominosa/random.hpp"

namespace bs::dominosa {

std::string oracle_instance(uint64_t seed, Options& options) {
  options.set("count", "true");
  uint64_t state = seed;
  const int n = 2 + static_cast<int>(splitmix64(state) % 3);
  Instance in = random_planted_grid(n, seed).instance;
  if (splitmix64(state) % 2) {  // shuffle the numbers: still n+2 of each, any solutions or none
    for (size_t i = in.numbers.size(); i > 1; --i)
      std::swap(in.numbers[i - 1], in.numbers[splitmix64(state) % i]);
  }
  return format_instance(in);
}

std::string oracle_answer(const Result& result) {
  return std::string(to_string(result.status)) + ", " + std::to_string(result.solution_count) +
         (result.count_complete ? " solutions" : " solutions so far");
}

}  // namespace bs::dominosa
