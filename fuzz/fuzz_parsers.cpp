// libFuzzer target for every puzzle's parsers, read off the puzzle table.
//
// Instance and solution files come from users, so any byte string must either parse or fail with
// an InputError; anything else (a crash, a sanitizer report, another exception) is a bug, and what
// a reader accepts must write back and read as itself. Each puzzle's entry says how
// (PuzzleChecks::reread). The puzzle is named by the environment variable BS_FUZZ_PUZZLE, and its
// corpus is fuzz/corpus/parsers/<puzzle>/, so .ci/run fuzzes every puzzle that has a corpus there
// and a new puzzle needs no line of its own:
//   BS_FUZZ_PUZZLE=peg ./build-fuzz/fuzz_parsers -max_total_time=60 CORPUS
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "solvers/solver.hpp"

namespace {
const bs::PuzzleSolver* puzzle = nullptr;
}

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  const char* name = std::getenv("BS_FUZZ_PUZZLE");
  puzzle = name ? bs::find_puzzle(name) : nullptr;
  if (!puzzle || !puzzle->checks.reread) {
    std::fprintf(stderr, "fuzz_parsers: BS_FUZZ_PUZZLE must name a puzzle with a reread entry\n");
    std::exit(2);
  }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  if (const std::string why = puzzle->checks.reread(text); !why.empty()) {
    std::fprintf(stderr, "fuzz_parsers: %s: %s\n", std::string(puzzle->name).c_str(), why.c_str());
    std::abort();
  }
  return 0;
}
