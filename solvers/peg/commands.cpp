// The peg puzzle's own commands: `bounds` (the Kiyomi-Matsui R(J) table of a board) and
// `analyse` (every one-vacancy to one-peg problem of a board, decided and tabulated; exit code 1,
// and the undecided pairs on stderr, when any is left undecided).
#include "solvers/peg/commands.hpp"

#include <iostream>

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
                                        resolve_threads(in.options));
  out << analysis_markdown(a);
  const std::string dir = in.value("out");
  if (!dir.empty()) write_analysis(a, dir);
  // Every output is written first; then an undecided pair is an unknown answer: exit code 1.
  const std::string undecided = undecided_summary(a);
  if (undecided.empty()) return 0;
  std::cerr << "boundsearch: " << undecided
            << (dir.empty() ? std::string()
                            : "; every pair's answer is in " + dir + "/summary.json")
            << '\n';
  return 1;
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
       "decide every one-vacancy to one-peg problem of a board; tables and SVGs; exit 1 (the "
       "undecided pairs on stderr) when a pair is left undecided",
       "a board file (its start configuration gives the holes)",
       {{"out", "write table.md, table.tex, summary.json and svg/start_R-C.svg here",
         CommandFlag::value},
},
       analyse_command},
  };
}

}  // namespace bs::peg
