// `--method cadical` against the default search: on shipped puzzles and on small random ones
// with no solution, one, and several, the status and the count up to 2 (the uniqueness call)
// must agree, an UNSAT answer must carry a certificate that `verify` re-checks, and no run may
// leave a temporary file behind. Stand-in binaries (BS_CADICAL) that hang, babble or contradict
// their exit code check the time limit and the errors. The tests with the real solver are
// skipped only when no cadical binary is installed.
#include "solvers/futoshiki/cadical.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <random>

#include "core/error.hpp"
#include "puzzles/futoshiki/format.hpp"
#include "solvers/futoshiki/oracle.hpp"
#include "solvers/futoshiki/solver.hpp"
#include "tests/futoshiki/oracle.hpp"
#include "tests/test_support.hpp"

using namespace bs;
using namespace bs::futoshiki;

namespace {

bool have_cadical() {
  try {
    (void)cadical_binary();
    return true;
  } catch (const std::invalid_argument&) {
    return false;
  }
}

#define SKIP_WITHOUT_CADICAL() \
  if (!have_cadical()) GTEST_SKIP() << "no cadical binary on PATH or in BS_CADICAL"

Result count_two(const Instance& in, const std::string& method) {
  Options o;
  o.set("count", "true");
  o.set("limit", "2");
  o.set("method", method);
  return solve(in, o);
}

Grid solve_first(const Instance& in) {
  Grid grid;
  const Result r = solve(in, Options{}, &grid);
  EXPECT_EQ(r.status, Status::solved);
  return grid;
}

void expect_same_answer(const Instance& in, const std::string& what) {
  const Result search = count_two(in, "search"), sat = count_two(in, "cadical");
  EXPECT_EQ(sat.status, search.status) << what;
  EXPECT_EQ(sat.solution_count, search.solution_count) << what;
  EXPECT_EQ(sat.count_complete, search.count_complete) << what;
  // An infeasible puzzle may stop at the root for the search (a contradiction among the givens)
  // where CaDiCaL searched; a solved one stops alike (exhausted at one, the limit at two).
  if (sat.status == Status::solved) {
    EXPECT_EQ(sat.stop, search.stop) << what;
  }
  // One call, and a second on the CNF with the first grid blocked, when there is a grid.
  EXPECT_EQ(sat.counter("cadical_calls"), search.solution_count == 0 ? 1 : 2) << what;
  if (sat.status == Status::solved) {
    EXPECT_TRUE(sat.verified);
  }
  if (sat.status == Status::infeasible) {
    EXPECT_EQ(sat.certificate.kind, kCadicalUnsat);
    EXPECT_EQ(check_certificate(in, sat.certificate), "") << what;
  }
}

TEST(FutoshikiCadical, AgreesWithTheSearchOnShippedPuzzles) {
  SKIP_WITHOUT_CADICAL();
  for (const char* name :
       {"fut_05_extreme_1", "fut_05_recursive_2", "fut_06_tricky_3", "fut_07_extreme_1"}) {
    const Instance in =
        read_instance(testing_support::shipped_instance("futoshiki/sgt_unequal/") + name + ".txt");
    expect_same_answer(in, name);
  }
}

TEST(FutoshikiCadical, AgreesWithTheSearchOnRandomPuzzlesWithNoneOneOrMoreSolutions) {
  SKIP_WITHOUT_CADICAL();
  int seen[3] = {};  // none, one, several
  // The same twelve under a sanitizer: the time is CaDiCaL's, which is not instrumented.
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    Options ignored;
    Instance in = parse_instance(oracle_instance(seed, ignored), "oracle");
    const int count = oracle::brute_count(in);
    expect_same_answer(in, "seed " + std::to_string(seed));
    ++seen[std::min(count, 2)];
    if (count >= 2) {
      // All givens but one cell's of a solution: a unique puzzle.
      Grid first = solve_first(in);
      first[seed % first.size()] = 0;
      in.givens = first;
      expect_same_answer(in, "seed " + std::to_string(seed) + " made unique");
      ++seen[1];
    }
  }
  EXPECT_GT(seen[0], 0);
  EXPECT_GT(seen[1], 0);
  EXPECT_GT(seen[2], 0);
}

// An environment variable set for one scope, and put back as it was.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const std::string& value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    setenv(name, value.c_str(), 1);
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;
  ~ScopedEnv() {
    if (old_)
      setenv(name_, old_->c_str(), 1);
    else
      unsetenv(name_);
  }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

// A fresh, empty folder for this test's temporary files (TMPDIR), and stand-in binaries.
std::filesystem::path fresh_folder(const std::string& name) {
  const std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) /
                                    ("cadical_" + name + "_" + std::to_string(getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir / "tmp");
  return dir;
}

// An executable shell script standing in for cadical.
std::string stand_in(const std::filesystem::path& dir, const std::string& name,
                     const std::string& body) {
  const std::filesystem::path path = dir / name;
  std::ofstream(path) << "#!/bin/sh\n" << body << "\n";
  chmod(path.c_str(), 0755);
  return path.string();
}

Instance shipped_five() {
  return read_instance(
      testing_support::shipped_instance("futoshiki/sgt_unequal/fut_05_extreme_1.txt"));
}

TEST(FutoshikiCadical, NoTemporaryFileIsLeftBehind) {
  SKIP_WITHOUT_CADICAL();
  const std::filesystem::path dir = fresh_folder("left");
  const ScopedEnv tmp("TMPDIR", (dir / "tmp").string());
  const Result r = count_two(shipped_five(), "cadical");
  EXPECT_EQ(r.solution_count, 1);
  EXPECT_TRUE(std::filesystem::is_empty(dir / "tmp"));
  std::filesystem::remove_all(dir);
}

TEST(FutoshikiCadical, ACallPastTheTimeLimitIsKilledAndTheRunIsUnknown) {
  const std::filesystem::path dir = fresh_folder("hang");
  const ScopedEnv tmp("TMPDIR", (dir / "tmp").string());
  const ScopedEnv binary("BS_CADICAL", stand_in(dir, "hang", "exec sleep 60"));
  for (const bool count : {false, true}) {
    Options o;
    o.set("method", "cadical");
    o.set("time-limit", "0.1");
    if (count) o.set("count", "true"), o.set("limit", "2");
    const Result r = solve(shipped_five(), o);
    EXPECT_EQ(r.status, Status::unknown);
    EXPECT_EQ(r.stop, StopReason::time_limit);
    EXPECT_EQ(r.counter("cadical_calls"), 1);
    EXPECT_LT(r.counter("wall_seconds"), 30) << "the child was not killed";
  }
  EXPECT_TRUE(std::filesystem::is_empty(dir / "tmp"));
  std::filesystem::remove_all(dir);
}

TEST(FutoshikiCadical, OutputThatIsNoAnswerIsAnError) {
  const std::filesystem::path dir = fresh_folder("bad");
  const ScopedEnv tmp("TMPDIR", (dir / "tmp").string());
  Options o;
  o.set("method", "cadical");
  {
    const ScopedEnv binary("BS_CADICAL", stand_in(dir, "babble", "echo hello; exit 10"));
    testing_support::expect_error([&] { solve(shipped_five(), o); }, 1, 1,
                                  "not a comment, status or values line");
  }
  {
    // UNSAT with the exit code of no answer, and no time limit to explain it.
    const ScopedEnv binary("BS_CADICAL", stand_in(dir, "liar", "echo 's UNSATISFIABLE'"));
    EXPECT_THROW(solve(shipped_five(), o), std::runtime_error);
  }
  {
    const ScopedEnv binary("BS_CADICAL", stand_in(dir, "crash", "exit 1"));
    EXPECT_THROW(solve(shipped_five(), o), std::runtime_error);
  }
  {
    const ScopedEnv binary("BS_CADICAL", (dir / "absent").string());
    EXPECT_THROW(solve(shipped_five(), o), std::invalid_argument);
  }
  EXPECT_TRUE(std::filesystem::is_empty(dir / "tmp"));
  std::filesystem::remove_all(dir);
}

}  // namespace
