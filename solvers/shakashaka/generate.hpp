// The Shakashaka generator: `boundsearch generate shakashaka --size WxH --seed S [--grade G]`.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/options.hpp"
#include "puzzles/shakashaka/grid.hpp"
#include "solvers/solver.hpp"

namespace bs::shakashaka {

struct Generated {
  Instance instance;     // unique, and every clue needed
  Solution solution;     // its one solution: the planted tiling
  std::string grade;     // the hardest default rule its solve needs, or "search"
  int attempt = 0;       // the planted grid (sub-seed) that succeeded, 0-based
  int unique_calls = 0;  // uniqueness proofs in that attempt
};

// A minimal unique puzzle of `width` x `height` for `seed`, of grade `grade` ("any", a default
// rule's name or "search"). Throws std::invalid_argument for an unknown grade and
// std::runtime_error when no attempt within kGenerateAttempts gives that grade.
Generated generate(int width, int height, uint64_t seed, const std::string& grade);
inline constexpr int kGenerateAttempts = 64;

std::string generate_text(const Options& options);

std::vector<GeneratedInstance> generate_instances(
    const std::vector<std::pair<std::string, std::string>>& spec);

}  // namespace bs::shakashaka
