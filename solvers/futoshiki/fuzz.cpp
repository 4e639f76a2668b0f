// Futoshiki's readers under the parser fuzzer: an instance in the seed format or as a Tatham game
// id, written back in both forms, must read as itself, and the root checks must take it; a
// solution grid must read or be refused.
#include "solvers/futoshiki/fuzz.hpp"

#include <stdexcept>

#include "core/error.hpp"
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

}  // namespace

std::string reread(std::string_view text) {
  const auto readers = {
      +[](std::string_view t) { return reread_instance(parse_instance(t, "fuzz.txt")); },
      +[](std::string_view t) { return reread_instance(parse_sgtid(t, "fuzz.sgtid")); },
      +[](std::string_view t) {
        (void)parse_grid(t, 4, "fuzz.sol");
        return std::string();
      },
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
