// libFuzzer target for the report's row reader and everything computed from the rows.
//
// Row files are written by the runner, but they are also merged by hand, copied between machines
// and cut short by a kill, so `boundsearch report` must take any bytes: either the rows read and
// every table is made and rendered, or the input fails with an InputError naming the row file
// (or std::invalid_argument for rows that disagree on a config's baseline, which the CLI also
// reports with exit 2). Anything else is a bug: a crash, a sanitizer report (out-of-range
// outcome bits, a NaN cast to an integer) or another exception. The input is also read a second
// time in another file split, which must give the same tables: the report depends on the rows,
// not on the files they came in.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>

#include "core/error.hpp"
#include "experiments/report.hpp"
#include "fuzz/fuzz_files.hpp"

namespace {

namespace fs = std::filesystem;

// Every table rendered three ways, or "" when the rows are refused.
std::string tables_of(const std::string& dir, bool* refused) {
  try {
    const bs::report::Analysis a = bs::report::analyse(bs::report::read_rows(dir));
    std::string out;
    for (const auto& t : bs::report::make_tables(a))
      out += bs::report::to_csv(t) + bs::report::to_markdown(t) + bs::report::to_latex(t);
    *refused = false;
    return out;
  } catch (const bs::InputError& e) {
    if (e.file().rfind(dir, 0) != 0) std::abort();  // the error names the folder or a file in it
  } catch (const std::invalid_argument&) {
  }
  *refused = true;
  return "";
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  static const fs::path one = fs::temp_directory_path() / ("fuzz_rows_" + std::to_string(getpid()));
  static const fs::path two = fs::path(one.string() + "_split");
  fs::remove_all(one);
  fs::remove_all(two);
  fs::create_directories(one);
  fs::create_directories(two);
  bs::fuzzing::write_file(one / "rows.jsonl", text);
  // The same lines over two files, cut after a line in the middle; a last line without its newline
  // stays last, so both folders hold the same complete lines in the same order.
  size_t cut = text.find('\n', text.size() / 2);
  cut = cut == std::string_view::npos ? text.size() : cut + 1;
  bs::fuzzing::write_file(two / "rows.a.jsonl", text.substr(0, cut));
  bs::fuzzing::write_file(two / "rows.b.jsonl", text.substr(cut));

  bool refused_one = false, refused_two = false;
  const std::string a = tables_of(one.string(), &refused_one);
  const std::string b = tables_of(two.string(), &refused_two);
  // Both folders hold the same complete lines in the same order, so they must agree.
  if (refused_one != refused_two || a != b) std::abort();
  return 0;
}
