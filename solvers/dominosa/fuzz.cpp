// Dominosa's readers under the parser fuzzer: an instance in the text form or as a Tatham game id,
// written back in both forms, must read as itself and be well formed; a solution read against a
// fixed small instance must write back as itself, and the verifier must give it a verdict.
#include "solvers/dominosa/fuzz.hpp"

#include "core/error.hpp"
#include "puzzles/dominosa/format.hpp"
#include "puzzles/dominosa/grid.hpp"

namespace bs::dominosa {

namespace {

// Order 2, solved by three rows of horizontal dominoes (LRLR): the shape solutions are read in.
constexpr std::string_view kOrder2 =
    "2\n"
    "0 0 0 1\n"
    "2 2 1 1\n"
    "1 2 0 2\n";

std::string reread_instance(const Instance& in) {
  if (const std::string bad = check_numbers(in); !bad.empty())
    return "a reader accepted a malformed instance: " + bad;
  if (!(parse_instance(format_instance(in), "fuzz.txt") == in))
    return "an instance written in the text form reads as another";
  if (!(parse_sgtid(format_sgtid(in), "fuzz.sgtid") == in))
    return "an instance written as a game id reads as another";
  return "";
}

std::string reread_solution(std::string_view text) {
  static const Instance order2 = parse_instance(kOrder2, "order2.txt");
  const Solution s = parse_solution(text, order2, "fuzz.sol");
  if (parse_solution(format_solution(s, order2), order2, "fuzz.sol") != s)
    return "a solution written back reads as another";
  (void)verify_solution(order2, s);
  return "";
}

}  // namespace

std::string reread(std::string_view text) {
  const auto readers = {
      +[](std::string_view t) { return reread_instance(parse_instance(t, "fuzz.txt")); },
      +[](std::string_view t) { return reread_instance(parse_sgtid(t, "fuzz.sgtid")); },
      +[](std::string_view t) { return reread_solution(t); },
  };
  for (auto* reader : readers) {
    try {
      if (std::string why = reader(text); !why.empty()) return why;
    } catch (const InputError&) {
    }
  }
  return "";
}

std::vector<std::string_view> fuzz_instances() {
  return {
      "1\n0 0 1\n1 1 0\n",
      kOrder2,
      // instances/dominosa/sgt_unique/dom_006_hard_1.txt
      "6\n0 2 6 4 5 4 2 3\n0 5 6 1 2 4 2 3\n0 6 6 2 6 1 1 4\n2 5 5 0 0 2 3 1\n"
      "0 3 6 4 6 2 4 5\n1 5 1 4 3 6 0 3\n0 3 3 5 5 4 1 1\n",
  };
}

}  // namespace bs::dominosa
