// libFuzzer target for the peg board and jump-list parsers.
//
// Board files come from users, so any byte string must either parse or fail with an InputError;
// anything else (a crash, a sanitizer report, another exception) is a bug. A successful parse must
// also survive format_instance and parse again unchanged, which keeps printer and parser in step.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/error.hpp"
#include "puzzles/peg/format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const bs::peg::Instance in = bs::peg::parse_instance(text, "fuzz.txt");
    const bs::peg::Instance again =
        bs::peg::parse_instance(bs::peg::format_instance(in), "fuzz.txt");
    if (!(again.name == in.name && again.board == in.board && again.start == in.start &&
          again.final == in.final)) {
      std::abort();  // the printer and the parser disagree
    }
  } catch (const bs::InputError&) {
  }
  try {
    for (const auto& j : bs::peg::parse_jumps(text, "fuzz.txt")) {
      if (bs::peg::format_jump(j).empty()) std::abort();
    }
  } catch (const bs::InputError&) {
  }
  return 0;
}
