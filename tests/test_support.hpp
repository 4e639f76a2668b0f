// What several test files need: the expected-InputError check and running the built CLI.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "core/error.hpp"

namespace bs::testing_support {

// Runs f, which must throw InputError at line:col with `sub` in its message.
inline void expect_error(const std::function<void()>& f, int line, int col,
                         const std::string& sub) {
  try {
    f();
    ADD_FAILURE() << "expected InputError at " << line << ":" << col << " containing '" << sub
                  << "'";
  } catch (const InputError& e) {
    EXPECT_EQ(e.line(), line) << e.located();
    EXPECT_EQ(e.col(), col) << e.located();
    EXPECT_NE(std::string(e.what()).find(sub), std::string::npos) << e.located();
  }
}

// A shipped instance file: `rel` is its path below instances/.
inline std::string shipped_instance(const std::string& rel) {
  return std::string(BS_SOURCE_DIR) + "/instances/" + rel;
}

// The check "parse(text) throws InputError at line:col with `sub` in its message" as a function of
// (text, line, col, sub), for one parser; the text (its first 200 bytes) is traced on failure.
template <class Parse>
auto parse_error_check(Parse parse) {
  return [parse](const std::string& text, int line, int col, const std::string& sub) {
    SCOPED_TRACE(text.size() < 200 ? text : text.substr(0, 200) + "...");
    expect_error([&] { parse(text); }, line, col, sub);
  };
}

// One bad input of a table-driven parser test and where its error must point. The test is named
// after `kind` (letters and digits only) and the row's index in the table.
struct BadInput {
  const char* kind;
  std::string text;
  struct {
    int line, col;
  } at;  // 1-based
  const char* message;
};
inline std::string bad_input_name(const ::testing::TestParamInfo<BadInput>& info) {
  return std::string(info.param.kind) + "_" + std::to_string(info.index);
}
// What gtest prints for a failing row (it cannot print the struct by itself).
inline void PrintTo(const BadInput& b, std::ostream* os) {
  *os << b.kind << ' ' << ::testing::PrintToString(b.text.substr(0, 200)) << " at " << b.at.line
      << ':' << b.at.col;
}

// One test per row of the BadInput table `rows`, named prefix/suite.IsReportedWhereItIs/kind_index,
// each checking check(text, line, col, message); `check` is a parse_error_check.
#define BS_BAD_INPUT_TESTS(prefix, suite, rows, check)                               \
  class suite : public ::testing::TestWithParam<::bs::testing_support::BadInput> {}; \
  TEST_P(suite, IsReportedWhereItIs) {                                               \
    const ::bs::testing_support::BadInput& bad = GetParam();                         \
    check(bad.text, bad.at.line, bad.at.col, bad.message);                           \
  }                                                                                  \
  INSTANTIATE_TEST_SUITE_P(prefix, suite, ::testing::ValuesIn(rows),                 \
                           ::bs::testing_support::bad_input_name)

struct CliRun {
  int code;
  std::string out, err;
};

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// The built binary (BS_CLI) with `args`, its output captured. ctest runs tests as parallel
// processes: every file carries the process id.
inline CliRun run_cli(const std::string& args) {
  const std::string base = ::testing::TempDir() + "/cli_" + std::to_string(getpid());
  const std::string out = base + ".out", err = base + ".err";
  const std::string cmd = std::string(BS_CLI) + " " + args + " >" + out + " 2>" + err;
  const int status = std::system(cmd.c_str());
  CliRun run{WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
  std::remove(out.c_str());
  std::remove(err.c_str());
  return run;
}

// The files and folders temp_path handed out, removed when the test process ends (one per test
// under ctest), so that runs do not pile files up in the temporary directory.
struct TempFiles {
  std::vector<std::string> paths;
  ~TempFiles() {
    std::error_code ignored;
    for (const auto& p : paths) std::filesystem::remove_all(p, ignored);
  }
};
inline TempFiles& temp_files() {
  static TempFiles files;
  return files;
}

// A path in the temporary directory, unique to this process, removed when it ends.
inline std::string temp_path(const std::string& name) {
  const std::string path = ::testing::TempDir() + "/" + std::to_string(getpid()) + "_" + name;
  temp_files().paths.push_back(path);
  return path;
}

inline std::string write_temp(const std::string& name, const std::string& content) {
  const std::string path = temp_path(name);
  std::ofstream(path, std::ios::binary) << content;
  return path;
}

}  // namespace bs::testing_support
