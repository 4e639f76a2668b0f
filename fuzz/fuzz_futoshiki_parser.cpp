// libFuzzer target for the Futoshiki parsers: the seed format and Tatham's game ids.
//
// Puzzle files come from users, so any byte string must either parse or fail with an InputError;
// anything else (a crash, a sanitizer report, another exception) is a bug. A successful parse must
// also survive its printer and parse again unchanged, which keeps printers and parsers in step,
// and the verifier and contradiction finder must accept whatever the parsers let through.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string_view>

#include "core/error.hpp"
#include "puzzles/futoshiki/format.hpp"
#include "puzzles/futoshiki/grid.hpp"

namespace {

void check(const bs::futoshiki::Instance& in) {
  using namespace bs::futoshiki;
  if (!(parse_instance(format_instance(in), "fuzz.txt") == in)) std::abort();
  // A seed file may join non-neighbours, which a game id cannot express; that alone may throw.
  try {
    if (!(parse_sgtid(format_sgtid(in), "fuzz.sgtid") == in)) std::abort();
  } catch (const std::invalid_argument&) {
  }
  (void)find_contradiction(in);
  (void)verify_solution(in, Grid(in.givens.size(), 1));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    check(bs::futoshiki::parse_instance(text, "fuzz.txt"));
  } catch (const bs::InputError&) {
  }
  try {
    check(bs::futoshiki::parse_sgtid(text, "fuzz.sgtid"));
  } catch (const bs::InputError&) {
  }
  try {
    (void)bs::futoshiki::parse_grid(text, 4, "fuzz.sol");
  } catch (const bs::InputError&) {
  }
  return 0;
}
