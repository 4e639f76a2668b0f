#include "build_info.inc"  // generated at build time: BS_GIT_COMMIT, BS_GIT_DIRTY
#include "solvers/futoshiki/solver.hpp"
#include "solvers/mines/solver.hpp"
#include "solvers/peg/solver.hpp"
#include "solvers/solver.hpp"

namespace bs {

const std::vector<PuzzleSolver>& puzzle_solvers() {
  static const std::vector<PuzzleSolver> table = {
      peg::peg_solver(),  // one line per puzzle
      futoshiki::futoshiki_solver(),
      mines::mines_solver(),
      mines::mines_games_solver(),
  };
  return table;
}

const PuzzleSolver* find_puzzle(std::string_view name) {
  for (const auto& s : puzzle_solvers())
    if (s.name == name) return &s;
  return nullptr;
}

BuildInfo build_info() {
#ifndef BS_BUILD_TYPE
#define BS_BUILD_TYPE "unknown"
#define BS_COMPILER "unknown"
#endif
  return {BS_GIT_COMMIT, BS_GIT_DIRTY != 0, BS_BUILD_TYPE, BS_COMPILER};
}

}  // namespace bs
