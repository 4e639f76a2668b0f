// The peg puzzle's own commands: `bounds` (the Kiyomi-Matsui R(J) table of a board) and
// `analyse` (every one-vacancy to one-peg problem of a board, decided and tabulated).
#include "solvers/peg/commands.hpp"

#include "puzzles/peg/format.hpp"
#include "solvers/measure.hpp"
#include "solvers/peg/analysis.hpp"
#include "solvers/peg/solver.hpp"

namespace bs::peg {

namespace {

int bounds_command(const CommandInput& in, std::ostream& out) {
  out << bounds_table(read_instance(in.file), in.options);
  return 0;
}

// The file's stem names the board in the tables.
std::string board_name(const std::string& path) {
  std::string name = path.substr(path.find_last_of('/') + 1);
  return name.substr(0, name.find('.'));
}

int analyse_command(const CommandInput& in, std::ostream& out) {
  const Instance shape = read_instance(in.file);
  const BoardAnalysis a = analyse_board(board_name(in.file), shape.board, in.options,
                                        resolve_threads(in.options), in.has("recheck-search"));
  out << analysis_markdown(a);
  if (const std::string dir = in.value("out"); !dir.empty()) write_analysis(a, dir);
  return 0;
}

}  // namespace

std::vector<PuzzleCommand> peg_commands() {
  return {
      {"bounds",
       "print the Kiyomi-Matsui R(J) table of a peg board",
       "instance file",
       {},
       bounds_command},
      {"analyse",
       "decide every one-vacancy to one-peg problem of a board; tables and SVGs",
       "a board file (its start configuration gives the holes)",
       {{"out", "write table.md, table.tex, summary.json and svg/start_R-C.svg here",
         CommandFlag::value},
        {"recheck-search", "re-check exhaustive-search answers with the plain search too (slow)",
         CommandFlag::boolean}},
       analyse_command},
  };
}

}  // namespace bs::peg
