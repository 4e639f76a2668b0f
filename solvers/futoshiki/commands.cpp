// Futoshiki's own commands: `export`, the instance in another solver's format.
//
// `boundsearch export futoshiki FILE --cnf` writes the direct CNF encoding
// (puzzles/futoshiki/cnf.hpp) in DIMACS, so that any SAT solver can be run on the very formula
// `--method cadical` runs; `--block SOLUTION` appends the blocking clause of a solved grid (a grid
// file or a `solve --json` result), which makes the uniqueness question one more SAT call:
// unsatisfiable means the puzzle has no solution but that one.
#include "solvers/futoshiki/commands.hpp"

#include <fstream>
#include <stdexcept>

#include "core/error.hpp"
#include "puzzles/futoshiki/cnf.hpp"
#include "puzzles/futoshiki/format.hpp"
#include "solvers/futoshiki/solver.hpp"

namespace bs::futoshiki {

namespace {

int export_command(const CommandInput& input, std::ostream& out) {
  if (!input.has("cnf"))
    throw std::invalid_argument("export futoshiki: name the format (--cnf, DIMACS CNF)");
  const Instance in = read_instance(input.file);
  Cnf cnf = encode_cnf(in);
  std::string comment = "futoshiki " + in.name + ": the direct encoding";
  for (const std::string& path : input.all("block")) {
    cnf.clauses.push_back(blocking_clause(read_solution_file(in, path), in.n));
    comment += ", blocking " + path;
  }
  const std::string text = format_dimacs(cnf, comment);
  const std::string output = input.value("output");
  if (output.empty()) {
    out << text;
    return 0;
  }
  std::ofstream file(output, std::ios::binary);
  if (!(file << text)) throw InputError(output, 0, 0, "cannot write the CNF");
  return 0;
}

}  // namespace

std::vector<PuzzleCommand> futoshiki_commands() {
  return {
      {"export",
       "write the instance in another solver's format (--cnf: the direct DIMACS CNF encoding)",
       "instance file",
       {{"cnf", "DIMACS CNF, x(r,c,v) = r*n*n + c*n + v", CommandFlag::boolean},
        {"block",
         "append the blocking clause of this solution (a grid file or a `solve --json` result); "
         "may be given more than once",
         CommandFlag::values},
        {"output", "write to this file, not stdout", CommandFlag::value}},
       export_command},
  };
}

}  // namespace bs::futoshiki
