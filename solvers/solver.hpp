// One entry point per puzzle, behind one table.
//
// The CLI and the experiment runner know puzzles only through this table, in the manner of
// Simon Tatham's `const game`: a name, a line of help, the rules the puzzle has, and the calls
// every puzzle answers. A new puzzle is one solvers/<p>.cpp plus one line in solvers/registry.cpp.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/options.hpp"
#include "core/result.hpp"
#include "heuristics/rule.hpp"

namespace bs {

// An instance made by a generator: a short name (a file stem) and the text of its file.
struct GeneratedInstance {
  std::string name;
  std::string text;
};

struct PuzzleSolver {
  std::string_view name;
  std::string_view help;
  std::vector<RuleInfo> (*rules)();
  // Parses the instance file (InputError on bad input) and solves it.
  Result (*solve_file)(const std::string& path, const Options& options);
  // Replays a solution file against an instance file, independently of every solver. Returns an
  // empty string when the solution is right, else what is wrong. InputError on bad input.
  std::string (*verify_files)(const std::string& instance_path, const std::string& solution_path);
  // Makes instances from a generator spec, the key = value pairs of an experiment config's
  // [[generate]] table. Throws std::invalid_argument on a bad spec. nullptr: no generator.
  std::vector<GeneratedInstance> (*generate_instances)(
      const std::vector<std::pair<std::string, std::string>>& spec) = nullptr;
  // An SVG picture of the instance file, with its solution drawn in when `solved` (the instance
  // is solved first, with `options`). nullptr: the puzzle has no renderer yet.
  std::string (*render)(const std::string& path, const Options& options, bool solved) = nullptr;
  // Makes one instance from the options (size, seed, grade, ...) and returns its file text; the
  // same options give the same text. Throws std::invalid_argument on bad options, and
  // std::runtime_error when no instance was found within the generator's attempts.
  // nullptr: no generator.
  std::string (*generate)(const Options& options) = nullptr;
};

const std::vector<PuzzleSolver>& puzzle_solvers();
// nullptr when there is no such puzzle.
const PuzzleSolver* find_puzzle(std::string_view name);

// Facts about this build and machine, recorded with results.
struct BuildInfo {
  std::string git_commit;
  bool git_dirty = false;  // the tree had uncommitted changes when this binary was built
  std::string build_type, compiler;
};
BuildInfo build_info();

}  // namespace bs
