// The puzzle table, and what is read off it: the option table and the scope checks.
#include <algorithm>
#include <deque>
#include <stdexcept>
#include <string>

#include "build_info.inc"  // generated at build time: BS_GIT_COMMIT, BS_GIT_DIRTY
#include "solvers/dominosa/solver.hpp"
#include "solvers/futoshiki/solver.hpp"
#include "solvers/mines/solver.hpp"
#include "solvers/peg/solver.hpp"
#include "solvers/shakashaka/solver.hpp"
#include "solvers/solver.hpp"

namespace bs {

const std::vector<PuzzleSolver>& puzzle_solvers() {
  static const std::vector<PuzzleSolver> table = {
      peg::peg_solver(),  // one line per puzzle
      futoshiki::futoshiki_solver(),
      mines::mines_solver(),
      mines::mines_games_solver(),
      dominosa::dominosa_solver(),
      shakashaka::shakashaka_solver(),
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
// Puzzles that read an option of the same name and meaning (`grade`, `method`, `branching`)
// share one row: its scope lists them all ("futoshiki,dominosa"), and its help is each one's,
// named, where they differ. Two rows of one name must agree on type, default and range.
const std::vector<OptionSpec>& option_table() {
  static std::deque<std::string> merged_text;  // the scopes and helps merged rows point into
  static const std::vector<OptionSpec> table = [] {
    std::vector<OptionSpec> rows = global_option_rows();
    std::vector<const std::vector<OptionSpec>*> seen;
    for (const PuzzleSolver& p : puzzle_solvers()) {
      if (!p.options || std::find(seen.begin(), seen.end(), &p.options()) != seen.end()) continue;
      seen.push_back(&p.options());
      for (const OptionSpec& row : p.options()) {
        const auto same = std::find_if(rows.begin(), rows.end(),
                                       [&](const OptionSpec& r) { return r.name == row.name; });
        if (same == rows.end()) {
          rows.push_back(row);
          continue;
        }
        if (same->scope.empty() || same->type != row.type || same->fallback != row.fallback ||
            same->lo != row.lo || same->hi != row.hi)
          throw std::logic_error("option --" + std::string(row.name) +
                                 " is declared twice with different types, defaults or ranges");
        if (same->help != row.help) {
          const bool first_merge = same->scope.find(',') == std::string_view::npos;
          merged_text.push_back((first_merge ? std::string(same->scope) + ": " : "") +
                                std::string(same->help) + "; " + std::string(row.scope) + ": " +
                                std::string(row.help));
          same->help = merged_text.back();
        }
        merged_text.push_back(std::string(same->scope) + "," + std::string(row.scope));
        same->scope = merged_text.back();
      }
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
