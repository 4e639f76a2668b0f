// The puzzle table: one entry per puzzle holds the puzzle's whole surface.
//
// In the manner of Simon Tatham's `const game`, everything the rest of the toolkit knows about a
// puzzle it learns from the puzzle's entry here: its name and help, its rules and its option rows
// (for `list`, `--help`, the configs and the result rows), the calls every puzzle answers (solve,
// verify), the ones some answer (render, generate), its own commands (`bounds`, `play`, ...), its
// `bench` positions and the valid instances its verifier is fuzzed against. The CLI, the runner,
// `bench` and the fuzzers read the table and name no puzzle, so a new puzzle is its own folders
// plus one line in solvers/registry.cpp (docs/ARCHITECTURE.md has the checklist).
#pragma once

#include <cstdint>
#include <map>
#include <ostream>
#include <set>
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

// What `bench` positions came to: the nodes they searched (a game's nodes are its clicks), their
// time, a line per position, and (for the whole bench) the nodes of each puzzle.
struct BenchReport {
  uint64_t nodes = 0;
  double seconds = 0;
  std::string text;
  std::vector<std::pair<std::string, uint64_t>> by_puzzle;
};

// A flag of a puzzle's own command: a switch, one value, or one or more values (kept in order).
struct CommandFlag {
  enum Kind { boolean, value, values };
  std::string_view name;  // without the dashes
  std::string_view help;
  Kind kind = boolean;
};

// What the CLI hands a puzzle's command: the file, the options (scope-checked), and its flags.
struct CommandInput {
  std::string puzzle, file;
  Options options;
  std::set<std::string, std::less<>> switches;
  std::map<std::string, std::vector<std::string>, std::less<>> values;

  bool has(std::string_view name) const { return switches.count(name) > 0; }
  // The flag's values in the order given; empty when it was not given.
  const std::vector<std::string>& all(std::string_view name) const;
  // The flag's last value; empty when it was not given.
  std::string value(std::string_view name) const;
};

// A command of the puzzle's own: `boundsearch NAME PUZZLE [FILE] [--flags] [--options]`.
struct PuzzleCommand {
  std::string_view name, help;
  std::string_view file_help;  // what FILE is; empty: the command takes no file
  std::vector<CommandFlag> flags;
  // Runs the command and returns its exit code (0 answered, 1 unknown). Bad input throws
  // InputError or std::invalid_argument, as everywhere: the CLI turns both into exit code 2.
  int (*run)(const CommandInput& input, std::ostream& out) = nullptr;
};

// What the tests and fuzzers that read the puzzle table ask of a puzzle.
struct PuzzleChecks {
  // The rule oracle (tests/rule_oracle_test.cpp) asks each rule alone and no rule at all (the
  // exhaustive search or count: the brute force) about small random instances, and the two must
  // give the same `oracle_answer`: no rule may change what is true. `oracle_instance` makes the
  // text of one instance from a seed, and sets the options it is asked under (counting, where
  // the puzzle counts). Every puzzle with rules has both.
  std::string (*oracle_instance)(uint64_t seed, Options& options) = nullptr;
  std::string (*oracle_answer)(const Result& result) = nullptr;
  // The parser fuzzer's check (fuzz/fuzz_parsers.cpp): reads `text` with each of the puzzle's
  // readers (instances, solutions, its other formats); what one accepts is written back and read
  // again. Returns what disagreed, "" when nothing did; bad input is no disagreement (InputError
  // is caught inside). Its corpus is fuzz/corpus/parsers/<name>/. nullptr: no text formats.
  std::string (*reread)(std::string_view text) = nullptr;
  // Valid instance texts whose verifier the verifier fuzzer feeds arbitrary solution files.
  std::vector<std::string_view> fuzz_instances = {};
};

struct PuzzleSolver {
  std::string_view name;
  std::string_view help;
  std::vector<RuleInfo> (*rules)();
  // Parses the instance file (InputError on bad input) and solves it.
  Result (*solve_file)(const std::string& path, const Options& options);
  // Replays a solution file against an instance file, independently of every solver. Returns an
  // empty string when the solution is right, else what is wrong. InputError on bad input;
  // CheckUnfinished (solvers/verify_result.hpp) when a certificate's re-check could not finish.
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
  // The puzzle's own option rows, each scoped to option_scope. nullptr: none.
  const std::vector<OptionSpec>& (*options)() = nullptr;
  // Whose scoped options this puzzle reads: its name when empty. (`mines-games` reads the
  // Minesweeper player's.)
  std::string_view option_scope = {};
  // The puzzle's own commands. nullptr: none.
  std::vector<PuzzleCommand> (*commands)() = nullptr;
  // Searches the puzzle's fixed `bench` positions serially with the default options; throws
  // std::logic_error when a position's answer is not the known one. nullptr: none.
  BenchReport (*bench)() = nullptr;
  // What the rule oracle and the fuzzers ask of the puzzle (PuzzleChecks, above).
  PuzzleChecks checks = {};
  // Reads the instance file and drops it: throws InputError (file:line:col) when it is no
  // instance of this puzzle. The runner reads every instance of a config with it before a sweep
  // starts, so that a wrong file is a config error, not a column of error rows. nullptr: none.
  void (*read_instance_file)(const std::string& path) = nullptr;

  std::string_view scope() const { return option_scope.empty() ? name : option_scope; }
};

const std::vector<PuzzleSolver>& puzzle_solvers();
// nullptr when there is no such puzzle.
const PuzzleSolver* find_puzzle(std::string_view name);
// The puzzle of that name; std::invalid_argument naming the known ones when there is none.
const PuzzleSolver& puzzle_or_throw(std::string_view name);
// Checks every option set in `given` against the puzzle's scope (std::invalid_argument).
void check_option_scopes(const PuzzleSolver& puzzle,
                         const std::vector<std::pair<std::string, std::string>>& given);

// Facts about this build and machine, recorded with results.
struct BuildInfo {
  std::string git_commit;
  bool git_dirty = false;  // the tree had uncommitted changes when this binary was built
  std::string build_type, compiler;
};
BuildInfo build_info();

}  // namespace bs
