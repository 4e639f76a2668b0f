// Futoshiki's readers under the parser fuzzer: an instance in the seed format or as a Tatham game
// id, written back in both forms, must read as itself, and the root checks must take it; a
// solution grid must read or be refused; a SAT solver's output (side 2: eight variables, so that
// fuzzed models can be grids) must read as a grid that, written back as a model, reads as itself.
#include "solvers/futoshiki/fuzz.hpp"

#include <stdexcept>

#include "core/error.hpp"
#include "puzzles/futoshiki/cnf.hpp"
#include "puzzles/futoshiki/format.hpp"
#include "puzzles/futoshiki/grid.hpp"

namespace bs::futoshiki {

namespace {

std::string reread_instance(const Instance& in) {
  if (!(parse_instance(format_instance(in), "fuzz.txt") == in))
    return "an instance written in the seed format reads as another";
  // A seed file may join non-neighbours, which a game id cannot express; that alone may throw.
  try {
    if (!(parse_sgtid(format_sgtid(in), "fuzz.sgtid") == in))
      return "an instance written as a game id reads as another";
  } catch (const std::invalid_argument&) {
  }
  (void)find_contradiction(in);
  (void)verify_solution(in, Grid(in.givens.size(), 1));
  return "";
}

// The output for a side-2 CNF: an answer, and for a model its grid, which must read back whole.
std::string reread_sat_output(std::string_view text) {
  constexpr int n = 2;
  const SatOutput out = parse_sat_output(text, n, "fuzz.out");
  if (out.answer != SatAnswer::satisfiable) return "";
  std::string model = "s SATISFIABLE\nv";
  for (int cell = 0; cell < n * n; ++cell)
    for (int v = 1; v <= n; ++v) {
      // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on " " + std::to_string().
      model += ' ';
      model += std::to_string(out.grid[cell] == v ? cnf_variable(n, cell, v)
                                                  : -cnf_variable(n, cell, v));
    }
  model += " 0\n";
  if (parse_sat_output(model, n, "fuzz.out").grid != out.grid)
    return "a model written back reads as another grid";
  return "";
}

}  // namespace

std::string reread(std::string_view text) {
  const auto readers = {
      +[](std::string_view t) { return reread_instance(parse_instance(t, "fuzz.txt")); },
      +[](std::string_view t) { return reread_instance(parse_sgtid(t, "fuzz.sgtid")); },
      +[](std::string_view t) {
        (void)parse_grid(t, 4, "fuzz.sol");
        return std::string();
      },
      +[](std::string_view t) { return reread_sat_output(t); },
  };
  for (auto* reader : readers) {
    try {
      if (std::string why = reader(text); !why.empty()) return why;
    } catch (const InputError&) {
    }
  }
  return "";
}

}  // namespace bs::futoshiki
