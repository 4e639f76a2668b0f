// The puzzle table, and what is read off it: the option table and the scope checks.
#include <algorithm>
#include <stdexcept>

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

const PuzzleSolver& puzzle_or_throw(std::string_view name) {
  if (const PuzzleSolver* p = find_puzzle(name)) return *p;
  std::string message = "unknown puzzle '" + std::string(name) + "' (known:";
  for (const auto& s : puzzle_solvers()) message.append(" ").append(s.name);
  throw std::invalid_argument(message + ")");
}

// The global rows, then each puzzle's own rows once (two puzzles may share a scope's rows).
const std::vector<OptionSpec>& option_table() {
  static const std::vector<OptionSpec> table = [] {
    std::vector<OptionSpec> rows = global_option_rows();
    std::vector<const std::vector<OptionSpec>*> seen;
    for (const PuzzleSolver& p : puzzle_solvers()) {
      if (!p.options || std::find(seen.begin(), seen.end(), &p.options()) != seen.end()) continue;
      seen.push_back(&p.options());
      rows.insert(rows.end(), p.options().begin(), p.options().end());
    }
    return rows;
  }();
  return table;
}

void check_option_scopes(const PuzzleSolver& puzzle,
                         const std::vector<std::pair<std::string, std::string>>& given) {
  for (const auto& [name, value] : given)
    if (const OptionSpec* spec = find_option(name))
      check_option_scope(*spec, puzzle.scope(), puzzle.name);
}

const std::vector<std::string>& CommandInput::all(std::string_view name) const {
  static const std::vector<std::string> none;
  const auto it = values.find(name);
  return it == values.end() ? none : it->second;
}

std::string CommandInput::value(std::string_view name) const {
  const std::vector<std::string>& v = all(name);
  return v.empty() ? std::string() : v.back();
}

BuildInfo build_info() {
#ifndef BS_BUILD_TYPE
#define BS_BUILD_TYPE "unknown"
#define BS_COMPILER "unknown"
#endif
  return {BS_GIT_COMMIT, BS_GIT_DIRTY != 0, BS_BUILD_TYPE, BS_COMPILER};
}

}  // namespace bs
