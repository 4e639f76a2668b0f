// Shakashaka's readers under the parser fuzzer: an instance in the text form or as a puzz.link
// URL, written back in both forms, must read as itself; a solution read against a fixed small
// instance must write back as itself, and the verifier must give it a verdict.
#include "solvers/shakashaka/fuzz.hpp"

#include "core/error.hpp"
#include "puzzles/shakashaka/format.hpp"
#include "puzzles/shakashaka/grid.hpp"

namespace bs::shakashaka {

namespace {

// A diamond of four triangles and a clue counting one of them: the shape solutions are read in.
// Its solution is "ab1" / "dc.".
constexpr std::string_view kTwoByThree =
    "2 3\n"
    "..1\n"
    "...\n";

std::string reread_instance(const Instance& in) {
  if (in.height < 1 || in.width < 1 || in.givens.size() != static_cast<size_t>(in.cells()))
    return "a reader accepted a malformed instance";
  if (!(parse_instance(format_instance(in), "fuzz.txt") == in))
    return "an instance written in the text form reads as another";
  if (!(parse_url(format_url(in), "fuzz.url") == in))
    return "an instance written as a URL reads as another";
  return "";
}

std::string reread_solution(std::string_view text) {
  static const Instance two_by_three = parse_instance(kTwoByThree, "two_by_three.txt");
  const Solution s = parse_solution(text, two_by_three, "fuzz.sol.txt");
  if (parse_solution(format_solution(s, two_by_three), two_by_three, "fuzz.sol.txt") != s)
    return "a solution written back reads as another";
  (void)verify_solution(two_by_three, s);
  return "";
}

}  // namespace

std::string reread(std::string_view text) {
  const auto readers = {
      +[](std::string_view t) { return reread_instance(parse_instance(t, "fuzz.txt")); },
      +[](std::string_view t) { return reread_instance(parse_url(t, "fuzz.url")); },
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
      "1 1\n.\n",
      kTwoByThree,
      // instances/shakashaka/ppb_02_10x10.txt
      "10 10\n..3.....2.\n..........\n...4...#..\n2....#....\n..........\n"
      "..........\n....4....3\n..#...2...\n..........\n.#.....1..\n",
  };
}

}  // namespace bs::shakashaka
