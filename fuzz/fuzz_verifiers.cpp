// libFuzzer target for the independent verifiers behind `boundsearch verify`.
//
// Every claim the toolkit makes is checked by a verifier, and the result files it reads come from
// users, other tools and hand edits. So for any bytes given as the result of a fixed, valid
// instance, each puzzle's verifier must return its verdict (empty: right; else what is wrong),
// throw an InputError naming the result file, or throw CheckUnfinished (a certificate's re-check
// out of time); anything else (a crash, a sanitizer report, a JSON type error, another
// exception) is a bug. The first byte picks the instance, among those the puzzle table offers
// (each entry's fuzz_instances); the rest is the result file: a jump list or
// `solve --json` for peg, a grid or JSON for Futoshiki, JSON for a Minesweeper position and a
// game set.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"
#include "fuzz/fuzz_files.hpp"
#include "solvers/solver.hpp"
#include "solvers/verify_result.hpp"

namespace {

struct Case {
  const bs::PuzzleSolver* puzzle;
  std::string_view instance;
};

// Every valid instance every puzzle offers its verifier's fuzzing (the puzzle table's
// fuzz_instances), so that a new puzzle is fuzzed without a line here.
const std::vector<Case>& cases() {
  static const std::vector<Case> all = [] {
    std::vector<Case> out;
    for (const bs::PuzzleSolver& p : bs::puzzle_solvers())
      for (std::string_view text : p.checks.fuzz_instances) out.push_back({&p, text});
    return out;
  }();
  return all;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const Case& c = cases()[data[0] % cases().size()];
  const std::string stem = "/tmp/fuzz_verify_" + std::to_string(getpid());
  const std::string instance = stem + "_instance.txt", result = stem + "_result";
  bs::fuzzing::write_file(instance, c.instance);
  bs::fuzzing::write_file(result,
                          std::string_view(reinterpret_cast<const char*>(data) + 1, size - 1));
  if (!c.puzzle->verify_files) std::abort();
  try {
    (void)c.puzzle->verify_files(instance, result);
  } catch (const bs::InputError& e) {
    if (e.file() != result) std::abort();  // the instance is valid: only the result can be wrong
  } catch (const bs::CheckUnfinished&) {   // a re-check out of time: "unchecked", no failure
  }
  return 0;
}
