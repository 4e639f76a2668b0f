// libFuzzer target for the experiment config loader (TOML) and the grid it expands to.
//
// A config is a file users write by hand, so any byte string must either load or fail with an
// InputError naming the file, a line and a key; anything else (a crash, a sanitizer report, a
// filesystem_error or another exception) is a bug. A config that loads must expand to a grid
// whose keys are distinct and whose indices are its positions.
//
// Two kinds of input are skipped rather than run. [[generate]] tables write instance files under
// the config's output directory, which the fuzzer must not scatter over the machine; and
// wildcards (`*`, `?`) in instance patterns would let an input glob the whole file system, which
// is slow rather than wrong. Their checking is covered by tests/runner_test.cpp.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>
#include <string_view>

#include "core/error.hpp"
#include "experiments/config.hpp"
#include "fuzz/fuzz_files.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  if (text.find("generate") != std::string_view::npos ||
      text.find_first_of("*?") != std::string_view::npos)
    return 0;
  static const std::string path = "/tmp/fuzz_config_" + std::to_string(getpid()) + ".toml";
  bs::fuzzing::write_file(path, text);
  try {
    const bs::experiments::Config config = bs::experiments::load_config(path);
    const auto runs = bs::experiments::expand_runs(config);
    std::set<std::string> keys;
    for (size_t i = 0; i < runs.size(); ++i) {
      if (runs[i].index != i || !keys.insert(runs[i].key()).second) std::abort();
    }
  } catch (const bs::InputError& e) {
    if (e.file() != path) std::abort();  // the error names the config, not something else
  }
  return 0;
}
