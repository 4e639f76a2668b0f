// Peg solitaire's readers under the parser fuzzer: a board file read, written and read again must
// be the same instance; a jump list read must write back every jump.
#include "solvers/peg/fuzz.hpp"

#include "core/error.hpp"
#include "puzzles/peg/format.hpp"

namespace bs::peg {

namespace {

std::string reread_instance(std::string_view text) {
  const Instance in = parse_instance(text, "fuzz.txt");
  const Instance again = parse_instance(format_instance(in), "fuzz.txt");
  if (again.name == in.name && again.board == in.board && again.start == in.start &&
      again.final == in.final)
    return "";
  return "a board written back reads as another";
}

std::string reread_jumps(std::string_view text) {
  for (const JumpRC& j : parse_jumps(text, "fuzz.txt"))
    if (format_jump(j).empty()) return "a jump writes as nothing";
  return "";
}

}  // namespace

std::string reread(std::string_view text) {
  for (auto* reader : {reread_instance, reread_jumps}) {
    try {
      if (std::string why = reader(text); !why.empty()) return why;
    } catch (const InputError&) {
    }
  }
  return "";
}

}  // namespace bs::peg
