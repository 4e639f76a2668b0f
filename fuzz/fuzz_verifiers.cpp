// libFuzzer target for the independent verifiers behind `boundsearch verify`.
//
// Every claim the toolkit makes is checked by a verifier, and the result files it reads come from
// users, other tools and hand edits. So for any bytes given as the result of a fixed, valid
// instance, each puzzle's verifier must return its verdict (empty: right; else what is wrong) or
// throw an InputError naming the result file; anything else (a crash, a sanitizer report, a JSON
// type error, another exception) is a bug. The first byte picks the instance; the rest is the
// result file: a jump list or `solve --json` for peg (one solvable instance, one that is not, so
// that both moves and certificates are read), a grid or JSON for Futoshiki, and JSON for a
// Minesweeper position and a game set.
#include <unistd.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/error.hpp"
#include "fuzz/fuzz_files.hpp"
#include "solvers/solver.hpp"

namespace {

struct Case {
  const char* puzzle;
  const char* instance;
};

const std::array<Case, 5> kCases{{
    {"peg", "oXXXX\nXXXXX\nXXXXX\nXXXXX\n\nooooX\nooooo\nooooo\nooooo\n"},
    {"peg", "oXXXX\nXXXXX\nXXXXX\n\nXoooo\nooooo\nooooo\n"},
    {"futoshiki",
     "5\n3 -1 -1 -1 -1\n-1 -1 -1 -1 -1\n-1 -1 -1 -1 -1\n-1 -1 -1 -1 -1\n-1 -1 3 -1 -1\n"
     "2 1 3 1\n2 3 1 3\n3 3 2 3\n3 4 4 4\n4 2 4 1\n5 2 4 2\n5 2 5 1\n5 5 4 5\n"},
    {"mines", "4 3 2\n01..\n12..\n....\n"},
    {"mines-games", "16x16x40 snr 3,3\n"},
}};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const Case& c = kCases[data[0] % kCases.size()];
  const std::string stem = "/tmp/fuzz_verify_" + std::to_string(getpid());
  const std::string instance = stem + "_instance.txt", result = stem + "_result";
  bs::fuzzing::write_file(instance, c.instance);
  bs::fuzzing::write_file(result,
                          std::string_view(reinterpret_cast<const char*>(data) + 1, size - 1));
  const bs::PuzzleSolver* solver = bs::find_puzzle(c.puzzle);
  if (!solver || !solver->verify_files) std::abort();
  try {
    (void)solver->verify_files(instance, result);
  } catch (const bs::InputError& e) {
    if (e.file() != result) std::abort();  // the instance is valid: only the result can be wrong
  }
  return 0;
}
