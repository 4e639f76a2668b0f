// libFuzzer target for the game-record reader behind `boundsearch compare`.
//
// Record files are user input like any other: any byte string must either be read or fail with
// an InputError naming its line. The input is written to a file (the reader takes paths, as the
// CLI does) and compared with itself, which reads it twice and matches every game against its own
// layout: a file that reads must compare equal to itself, with no discordant game.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/error.hpp"
#include "experiments/paired.hpp"
#include "fuzz/fuzz_files.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::string path = "/tmp/fuzz_record_" + std::to_string(getpid()) + ".jsonl";
  bs::fuzzing::write_file(path, std::string_view(reinterpret_cast<const char*>(data), size));
  try {
    const auto p = bs::experiments::compare_records(path, path);
    if (p.only_a != 0 || p.only_b != 0 || p.unmatched != 0 || p.wins_a != p.wins_b ||
        p.p_value != 1)
      std::abort();
  } catch (const bs::InputError&) {
  }
  return 0;
}
