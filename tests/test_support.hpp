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
