// The experiment runner: configs are checked before anything runs, every run becomes exactly one
// row whatever happens to it, and a sweep killed with SIGKILL and resumed loses and duplicates
// nothing.
#include "experiments/runner.hpp"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <sstream>
#include <thread>
#include <tuple>

#include "core/error.hpp"
#include "experiments/config.hpp"
#include "experiments/rows.hpp"
#include "solvers/solver.hpp"
#include "tests/sample_size.hpp"

namespace fs = std::filesystem;
using namespace bs::experiments;

namespace {

// Starts `boundsearch run CFG` quietly in a child process, its stderr into `err_path`, for a test
// that signals it; returns the child's pid (-1 when fork failed).
pid_t start_quiet_run(const std::string& cfg, const std::string& err_path) {
  const pid_t pid = ::fork();
  if (pid != 0) return pid;
  if (!std::freopen(err_path.c_str(), "w", stderr) || !std::freopen("/dev/null", "w", stdout))
    ::_exit(99);
  ::execl(BS_CLI, BS_CLI, "run", cfg.c_str(), "--progress", "quiet", "--no-report", nullptr);
  ::_exit(98);
}

// A fresh directory per test and process (ctest runs tests in parallel).
class RunnerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() /
           ("bs-runner-" + std::to_string(::getpid()) + "-" + info->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    board_ = write("board.txt", "# a 1x3 row\nXXo\n\nooX\n");
    board2_ = write("board2.txt", "XXo\n\nXoo\n");  // infeasible: the one jump ends at the right
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string write(const std::string& name, const std::string& text) {
    const fs::path p = dir_ / name;
    std::ofstream(p) << text;
    return p.string();
  }
  // A config over the two boards with `extra` appended; output inside the test dir.
  std::string config(const std::string& extra) {
    return write("c.toml", "puzzle = \"peg\"\ninstances = [\"" + board_ + "\", \"" + board2_ +
                               "\"]\noutput = \"" + (dir_ / "out").string() + "\"\n" + extra);
  }
  std::vector<nlohmann::json> all_rows() {
    std::vector<nlohmann::json> rows;
    for (const auto& f : row_files((dir_ / "out").string()))
      for (auto& r : read_rows(f)) rows.push_back(r);
    return rows;
  }
  // Runs the config's sweep quietly with `body`, its log dropped.
  SweepSummary quiet_sweep(const Config& c, const RunBody& body) {
    RunnerOptions o;
    o.progress = RunnerOptions::Progress::quiet;
    std::ostringstream log;
    return run_sweep(c, o, body, log);
  }
  // The same with each run through the CLI binary, and the rows it wrote.
  std::vector<nlohmann::json> quiet_sweep_rows(const Config& c) {
    quiet_sweep(c, solver_body(c, BS_CLI));
    return all_rows();
  }

  fs::path dir_;
  std::string board_, board2_;
};

bs::InputError config_error(const std::string& path) {
  try {
    load_config(path);
  } catch (const bs::InputError& e) {
    return e;
  }
  ADD_FAILURE() << "no error for " << path;
  return bs::InputError("", 0, 0, "");
}

// A memory limit for a function run in a forked child: `mb` on top of this test process's resident
// set, which the child starts with (under a sanitizer, hundreds of MB of shadow and quarantine).
// The runs the runner execs start afresh.
int64_t in_fork_memory_limit(int64_t mb) {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmRSS:", 0) == 0) return std::stoll(line.substr(6)) / 1024 + mb;
  return mb;
}

// Allocates and fills up to `bytes` (the resident set is what the runner limits), then waits for
// the watchdog. Bounded, so that a runner that failed to stop it would not take the machine.
void touch_memory(size_t bytes) {
  std::vector<std::unique_ptr<char[]>> hog;
  for (size_t got = 0; got < bytes; got += size_t{8} << 20) {
    hog.emplace_back(new char[size_t{8} << 20]);
    std::memset(hog.back().get(), 'x', size_t{8} << 20);
  }
  std::this_thread::sleep_for(std::chrono::seconds(60));
}

// A few MiB allocated and used, in this thread's own malloc arena.
void touch_a_little() {
  std::vector<std::unique_ptr<char[]>> blocks;
  for (int i = 0; i < 8; ++i) {
    blocks.emplace_back(new char[size_t{1} << 20]);
    std::memset(blocks.back().get(), 'x', size_t{1} << 20);
  }
}

// Busy for `seconds` of this thread's CPU time, whatever else the machine does.
void burn_cpu(double seconds) {
  timespec t{};
  volatile uint64_t spin = 0;
  do {
    for (int i = 0; i < 100000; ++i) spin = spin + 1;
    ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  } while (static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9 < seconds);
}

// A stand-in for a solver: the run's seed says what to do.
std::string scripted_body(const RunSpec& run) {
  switch (run.seed) {
    case 1:
      return R"({"status":"solved","stop_reason":"solution","verified":true,"certificate":null,)"
             R"("stats":{"nodes":7,"wall_seconds":0.001}})";
    case 2:
      std::raise(SIGSEGV);
      break;
    case 3:
      std::this_thread::sleep_for(std::chrono::seconds(30));
      break;
    case 4:
      touch_memory(size_t{2} << 30);
      break;
    case 5:
      throw std::runtime_error("the solver gave up");
  }
  return "{}";
}

}  // namespace

TEST_F(RunnerTest, ConfigErrorsNameFileLineAndKey) {
  struct Case {
    std::string text, key;
    int line;
  };
  const std::vector<Case> cases = {
      {"colour = 3\n", "colour", 4},
      {"threads = \"two\"\n", "threads", 4},
      {"repetitions = 0\n", "repetitions", 4},
      {"[configs.a]\nthreads = 2\n", "configs.a.threads", 5},
      {"[configs.a]\nspawn-depth = 99\n", "configs.a.spawn-depth", 5},
      {"[configs.a]\nno-such-option = 1\n", "configs.a.no-such-option", 5},
      {"baseline = \"zzz\"\n", "baseline", 4},
      {"[configs.a]\nbaseline = \"zzz\"\n", "configs.a.baseline", 5},
      {"[configs.a]\nbaseline = 3\n", "configs.a.baseline", 5},
      {"[base]\nbaseline = \"a\"\n", "base.baseline", 5},
      {"[base]\nrules = [1]\n", "base.rules", 5},
      {"[configs.a]\nrules = \"all,-no-such-rule\"\n", "configs.a.rules", 5},
      {"seeds = [1, 2, 1]\n", "seeds", 4},
      {"threads = [2, 2]\n", "threads", 4},
      // 2,000,000 runs: refused before the grid is built, at the repetitions key.
      {"repetitions = 1000000\nseeds = [1, 2]\n", "repetitions", 4},
      {"seeds = [1, 2]\nrepetitions = 1000000\n", "repetitions", 5},
  };
  for (const auto& c : cases) {
    const std::string path = config(c.text);
    const bs::InputError e = config_error(path);
    EXPECT_EQ(e.file(), path);
    EXPECT_EQ(e.line(), c.line) << c.text << " -> " << e.located();
    EXPECT_NE(std::string(e.what()).find("'" + c.key + "'"), std::string::npos) << e.located();
  }
  // A missing instance names its line too.
  const std::string missing = write("m.toml", "puzzle = \"peg\"\n\ninstances = [\"nope.txt\"]\n");
  const bs::InputError e = config_error(missing);
  EXPECT_EQ(e.line(), 3);
  EXPECT_NE(std::string(e.what()).find("nope.txt"), std::string::npos);
  // A glob that matches nothing, an unknown puzzle and a syntax error.
  EXPECT_EQ(
      config_error(write("g.toml", "puzzle = \"peg\"\ninstances = [\"/nonexistent/*.txt\"]\n"))
          .line(),
      2);
  EXPECT_EQ(config_error(write("p.toml", "puzzle = \"chess\"\n")).line(), 1);
  // A name the system refuses (longer than NAME_MAX) is a missing file, not an internal error.
  EXPECT_EQ(config_error(write("l.toml", "puzzle = \"peg\"\n\ninstances = [\"" +
                                             std::string(5000, 'a') + "\"]\n"))
                .line(),
            3);
  EXPECT_EQ(config_error(write("s.toml", "puzzle = \"peg\"\n\nthreads = [1,\n")).line(), 3);
}

TEST_F(RunnerTest, GridHasEveryCombinationInAFixedOrderWithDistinctKeys) {
  const Config c = load_config(config(
      "threads = [1, 2]\nseeds = [5, 6, 7]\nrepetitions = 2\n[configs.a]\n[configs.b]\nrules = "
      "\"none\"\n"));
  const auto runs = expand_runs(c);
  ASSERT_EQ(runs.size(), 2u * 2 * 2 * 3 * 2);
  std::set<std::string> keys, hashes;
  for (size_t i = 0; i < runs.size(); ++i) {
    EXPECT_EQ(runs[i].index, i);
    keys.insert(runs[i].key());
    hashes.insert(runs[i].config_hash);
    EXPECT_EQ(runs[i].options().integer("threads"), runs[i].threads);
    EXPECT_EQ(runs[i].options().integer("seed"), runs[i].seed);
  }
  EXPECT_EQ(keys.size(), runs.size());
  EXPECT_EQ(hashes.size(), 4u);  // configs x threads; seeds are not part of the hash
  EXPECT_EQ(expand_runs(load_config(config("threads = [1, 2]\nseeds = [5, 6, 7]\nrepetitions = "
                                           "2\n[configs.a]\n[configs.b]\nrules = \"none\"\n")))[7]
                .key(),
            runs[7].key());
}

TEST_F(RunnerTest, TwoConfigsWithTheSameOptionsKeepApartRows) {
  const Config c = load_config(config("[configs.a]\nrules = \"default\"\n[configs.b]\n"));
  std::set<std::string> keys;
  for (const auto& r : expand_runs(c)) keys.insert(r.key());
  EXPECT_EQ(keys.size(), expand_runs(c).size());
}

// A config may name its own baseline; the rows of the others name the sweep's. The key is not an
// option, so the config's options and its hash are those of the same config without it.
TEST_F(RunnerTest, AConfigsOwnBaselineGoesIntoItsRows) {
  const Config c = load_config(
      config("baseline = \"a\"\n[configs.a]\n[configs.b]\nrules = \"default\"\n[configs.c]\n"
             "rules = \"default\"\nbaseline = \"b\"\n"));
  ASSERT_EQ(c.configs.size(), 3u);
  EXPECT_EQ(c.configs[1].baseline, "");
  EXPECT_EQ(c.configs[2].baseline, "b");
  EXPECT_EQ(c.configs[1].overrides, c.configs[2].overrides);
  RunnerOptions o;
  o.progress = RunnerOptions::Progress::quiet;
  std::ostringstream log;
  EXPECT_EQ(run_sweep(
                c, o, [](const RunSpec&) { return std::string("{}"); }, log)
                .done,
            6u);
  auto baselines = [&] {
    std::map<std::string, std::string> of;  // the last row of each config wins
    for (const auto& r : all_rows()) of[r["config"]] = r["baseline"];
    return of;
  };
  EXPECT_EQ(baselines(), (std::map<std::string, std::string>{{"a", "a"}, {"b", "a"}, {"c", "b"}}));
  // Given another baseline later, a resumed sweep runs nothing again but writes c's rows anew
  // with it, so that the report follows the config; a second resume has nothing to write.
  const Config later = load_config(
      config("baseline = \"a\"\n[configs.a]\n[configs.b]\nrules = \"default\"\n[configs.c]\n"
             "rules = \"default\"\n"));
  o.resume = true;
  const SweepSummary s = run_sweep(
      later, o, [](const RunSpec&) -> std::string { throw 1; }, log);
  EXPECT_EQ(s.done, 0u);
  EXPECT_EQ(s.skipped, 6u);
  EXPECT_EQ(s.relabelled, 2u);
  EXPECT_EQ(baselines(), (std::map<std::string, std::string>{{"a", "a"}, {"b", "a"}, {"c", "a"}}));
  EXPECT_EQ(all_rows().size(), 8u);
  EXPECT_EQ(run_sweep(
                later, o, [](const RunSpec&) -> std::string { throw 1; }, log)
                .relabelled,
            0u);
  EXPECT_EQ(all_rows().size(), 8u);
}

// Shard files are merged into rows.jsonl: rows of keys it lacks and rows that give a key another
// baseline (a relabelled resume), in run order; rows it already holds are not copied twice, and
// the shard files go.
TEST_F(RunnerTest, MergingShardsAddsNewKeysAndNewBaselinesOnce) {
  const fs::path out = dir_ / "out";
  fs::create_directories(out);
  auto row = [](const std::string& key, int index, const char* baseline) {
    nlohmann::json r{{"key", key}, {"run_index", index}};
    r["baseline"] = baseline ? nlohmann::json(baseline) : nlohmann::json(nullptr);
    return r.dump() + "\n";
  };
  std::ofstream(out / "rows.jsonl") << row("k1", 1, "a") + row("k2", 2, nullptr);
  std::ofstream(out / "rows.shard-0-of-2.jsonl") << row("k4", 4, "a") + row("k1", 1, "a");
  std::ofstream(out / "rows.shard-1-of-2.jsonl")
      << row("k2", 2, nullptr) + row("k3", 3, "b") + row("k1", 1, "c");
  EXPECT_EQ(merge_shards(out.string()), 3u);
  EXPECT_EQ(row_files(out.string()), std::vector<std::string>{(out / "rows.jsonl").string()});
  std::vector<std::string> keys;
  for (const auto& r : read_rows((out / "rows.jsonl").string()))
    keys.push_back(r["key"].get<std::string>() + ":" + r["baseline"].dump());
  EXPECT_EQ(keys,
            (std::vector<std::string>{"k1:\"a\"", "k2:null", "k1:\"c\"", "k3:\"b\"", "k4:\"a\""}));
  EXPECT_EQ(recorded_rows(out.string()).at("k1")["baseline"], "c");
}

TEST_F(RunnerTest, RowsWithInvalidUtf8AreWrittenNotThrown) {
  auto body = [](const RunSpec&) -> std::string {
    std::fputs("\xc3\xa9\xc3\xa9 a tail cut in the middle of a character \xc3", stderr);
    std::fflush(stderr);
    std::abort();
  };
  const Config c = load_config(config(""));
  RunnerOptions o;
  o.progress = RunnerOptions::Progress::quiet;
  std::ostringstream log;
  EXPECT_EQ(run_sweep(c, o, body, log).done, 2u);
  const auto rows = all_rows();
  ASSERT_EQ(rows.size(), 2u);
  for (const auto& row : rows) {
    EXPECT_EQ(row["status"], "crash");
    // The stderr tail reaches the row: the valid characters kept, the cut one replaced (U+FFFD).
    ASSERT_TRUE(row.contains("error")) << row.dump();
    const std::string error = row["error"].get<std::string>();
    EXPECT_NE(error.find("\xc3\xa9\xc3\xa9 a tail cut in the middle of a character"),
              std::string::npos)
        << error;
    EXPECT_NE(error.find("\xef\xbf\xbd"), std::string::npos) << error;
  }
}

TEST_F(RunnerTest, GeneratorSpecsBecomeInstanceFiles) {
  const Config c =
      load_config(write("g.toml", "puzzle = \"peg\"\noutput = \"" + (dir_ / "out").string() +
                                      "\"\n[[generate]]\nkind = \"pairs\"\nrows = 1\ncols = 4\n"));
  EXPECT_EQ(c.instances.size(), 16u);
  for (const auto& f : c.instances) EXPECT_TRUE(fs::exists(f)) << f;
  const bs::InputError e =
      config_error(write("h.toml", "puzzle = \"peg\"\n[[generate]]\nkind = \"pairs\"\nrows = 1\n"));
  EXPECT_EQ(e.line(), 2);  // the [[generate]] table
  EXPECT_NE(std::string(e.what()).find("rows and cols"), std::string::npos) << e.located();
}

// Futoshiki's generator in a config: each file is the text `boundsearch generate futoshiki` gives
// for that size, seed and grade, and bad specs are located at their [[generate]] table.
TEST_F(RunnerTest, FutoshikiGeneratorSpecsBecomeTheGeneratorsFiles) {
  const std::string out = (dir_ / "fout").string();
  const Config c = load_config(write(
      "f.toml", "puzzle = \"futoshiki\"\noutput = \"" + out +
                    "\"\n[[generate]]\nsize = 5\ncount = 3\nseed = 7\n[[generate]]\nsize = 4\n"
                    "grade = \"value-elimination\"\n"));
  ASSERT_EQ(c.instances.size(), 4u);
  const bs::PuzzleSolver* futoshiki = bs::find_puzzle("futoshiki");
  const auto expect_file = [&](const std::string& name, int size, int seed, const char* grade) {
    const std::string path = out + "/instances/" + name + ".txt";
    EXPECT_TRUE(std::count(c.instances.begin(), c.instances.end(), path)) << path;
    bs::Options o;
    o.set("size", std::to_string(size));
    o.set("seed", std::to_string(seed));
    o.set("grade", grade);
    EXPECT_EQ(bs::read_file(path), futoshiki->generate(o)) << path;
  };
  expect_file("gen_5_seed7", 5, 7, "any");
  expect_file("gen_5_seed8", 5, 8, "any");
  expect_file("gen_5_seed9", 5, 9, "any");
  expect_file("gen_4_value-elimination_seed1", 4, 1, "value-elimination");
  // A complaint about one key points at that key (issue 30); one about the whole spec, at the
  // [[generate]] header (line 3).
  struct Bad {
    const char* spec;
    int line;
    const char* key;
  };
  for (const Bad& bad :
       {Bad{"size = 5\ncolour = 2\n", 5, "'generate.colour'"}, Bad{"count = 2\n", 3, "'generate'"},
        Bad{"size = 99\n", 3, "'generate'"}, Bad{"size = 5\ncount = 0\n", 5, "'generate.count'"},
        Bad{"size = 5\ngrade = \"hardest\"\n", 3, "'generate'"}}) {
    const bs::InputError e =
        config_error(write("fb.toml", std::string("puzzle = \"futoshiki\"\noutput = \"") + out +
                                          "\"\n[[generate]]\n" + bad.spec));
    EXPECT_EQ(e.line(), bad.line) << bad.spec << " -> " << e.located();
    EXPECT_NE(std::string(e.what()).find(bad.key), std::string::npos) << e.located();
  }
}

TEST_F(RunnerTest, CrashTimeoutMemoutAndErrorEachBecomeOneRowAndTheSweepGoesOn) {
  const Config c =
      load_config(config("seeds = [1, 2, 3, 4, 5]\ntime_limit = 1\nmemory_limit_mb = " +
                         std::to_string(in_fork_memory_limit(128)) + "\njobs = 2\n"));
  RunnerOptions o;
  o.progress = RunnerOptions::Progress::quiet;
  std::ostringstream log;
  const SweepSummary s = run_sweep(c, o, scripted_body, log);
  EXPECT_EQ(s.done, 10u);
  const auto rows = all_rows();
  ASSERT_EQ(rows.size(), 10u);
  std::map<int64_t, std::string> status_by_seed;
  for (const auto& r : rows) {
    const int64_t seed = r["seed"];
    const std::string status = r["status"];
    if (status_by_seed.count(seed)) {
      EXPECT_EQ(status_by_seed[seed], status);
    }
    status_by_seed[seed] = status;
    EXPECT_TRUE(r["wall_seconds"].is_number());
    EXPECT_EQ(r["config_hash"].get<std::string>().size(), 16u);
    EXPECT_TRUE(r.contains("git_commit") && r.contains("cpu_model") && r.contains("start_time"));
  }
  EXPECT_EQ(status_by_seed[1], "solved");
  EXPECT_EQ(status_by_seed[2], "crash");
  EXPECT_EQ(status_by_seed[3], "timeout");
  EXPECT_EQ(status_by_seed[4], "memout");
  EXPECT_EQ(status_by_seed[5], "error");
  EXPECT_EQ(s.answered, 2u);
  EXPECT_EQ(s.timeouts, 2u);
  EXPECT_EQ(s.memouts, 2u);
  EXPECT_EQ(s.failed, 4u);
  for (const auto& r : rows) {
    if (r["seed"] == 3) {
      EXPECT_LT(r["wall_seconds"].get<double>(), 5.0);  // the watchdog acted
    }
    if (r["seed"] == 5) {
      EXPECT_NE(r["error"].get<std::string>().find("the solver gave up"), std::string::npos);
    }
    if (r["seed"] == 1) {
      EXPECT_EQ(r["stats"]["nodes"], 7);
    }
  }
}

TEST_F(RunnerTest, RealSolverRowsCarryTheAnswerAndOptions) {
  const Config c = load_config(config("[configs.plain]\nrules = \"none\"\n[configs.full]\n"));
  const auto rows = quiet_sweep_rows(c);
  ASSERT_EQ(rows.size(), 4u);
  for (const auto& r : rows) {
    const bool first = r["instance"] == "board";
    EXPECT_EQ(r["status"], first ? "solved" : "infeasible") << r.dump();
    if (first) {
      EXPECT_TRUE(r["verified"].get<bool>());
    }
    if (!first) {
      EXPECT_TRUE(r["certificate"].is_string());
    }
    EXPECT_TRUE(r["stats"].contains("wall_seconds")) << r.dump();
    if (r["config"] == "plain") {
      EXPECT_EQ(r["options"]["rules"], "none");
    }
  }
  // Without --resume or --overwrite, existing rows are not touched.
  RunnerOptions o;
  o.progress = RunnerOptions::Progress::quiet;
  std::ostringstream log;
  EXPECT_THROW(run_sweep(c, o, solver_body(c, BS_CLI), log), bs::InputError);
  o.resume = true;
  const SweepSummary again = run_sweep(c, o, solver_body(c, BS_CLI), log);
  EXPECT_EQ(again.skipped, 4u);
  EXPECT_EQ(again.done, 0u);
}

TEST_F(RunnerTest, AHalfWrittenLineIsCutAndIgnored) {
  const std::string path = write("rows.jsonl", "{\"key\":\"a\"}\n{\"key\":\"b\"}\n{\"key\":\"c");
  EXPECT_EQ(read_rows(path).size(), 2u);
  {
    RowFile f(path);
    f.append({{"key", "d"}});
  }
  const auto rows = read_rows(path);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[2]["key"], "d");
  const std::string bad = write("bad.jsonl", "{\"key\":\"a\"}\nnot json\n");
  try {
    read_rows(bad);
    FAIL();
  } catch (const bs::InputError& e) {
    EXPECT_EQ(e.line(), 2);
  }
}

TEST_F(RunnerTest, KilledWithSigkillAndResumedLosesAndDuplicatesNothing) {
  // 2 boards x 60 seeds; each run sleeps a little, so kills land mid-sweep and mid-run.
  const std::string path = config("seeds = [" + [] {
    std::string s;
    for (int i = 0; i < 60; ++i) s += (i ? ", " : "") + std::to_string(100 + i);
    return s;
  }() + "]\njobs = 2\n");
  const Config c = load_config(path);
  const size_t grid = expand_runs(c).size();
  auto body = [](const RunSpec& run) {
    std::this_thread::sleep_for(std::chrono::milliseconds(2 + run.seed % 5));
    return std::string(R"({"status":"solved","stop_reason":"solution","stats":{"nodes":1}})");
  };
  std::mt19937 rng(7);
  int cut_mid_sweep = 0;  // rounds killed with some runs recorded and some not
  for (int round = 0; round < 6; ++round) {
    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      RunnerOptions o;
      o.resume = true;
      o.progress = RunnerOptions::Progress::quiet;
      std::ostringstream log;
      try {
        run_sweep(c, o, body, log);
      } catch (...) {
        ::_exit(3);
      }
      ::_exit(0);
    }
    // Killed once the sweep has recorded a new row (then a little later, to land mid-run too):
    // a fixed delay was too short for a loaded machine under AddressSanitizer, where every round
    // was killed before its first row and no kill landed mid-sweep.
    const size_t before = recorded_rows((dir_ / "out").string()).size();
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    int status = 0;
    pid_t ended = 0;  // the child, once it has exited by itself
    while (recorded_rows((dir_ / "out").string()).size() == before &&
           std::chrono::steady_clock::now() < deadline &&
           (ended = ::waitpid(pid, &status, WNOHANG)) == 0)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    if (ended == 0) {
      std::this_thread::sleep_for(std::chrono::milliseconds(rng() % 20));
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &status, 0);
    }
    if (WIFEXITED(status)) {
      EXPECT_EQ(WEXITSTATUS(status), 0);
    }
    const size_t recorded = recorded_rows((dir_ / "out").string()).size();
    cut_mid_sweep += WIFSIGNALED(status) && recorded > 0 && recorded < grid;
  }
  // Otherwise the test would not have tested a kill at all.
  EXPECT_GT(cut_mid_sweep, 0);
  RunnerOptions o;
  o.resume = true;
  o.progress = RunnerOptions::Progress::quiet;
  std::ostringstream log;
  const SweepSummary last = run_sweep(c, o, body, log);
  EXPECT_GT(last.skipped, 0u);
  // Every line is whole, and every key is there exactly once.
  const std::string text = bs::read_file((dir_ / "out" / "rows.jsonl").string());
  ASSERT_FALSE(text.empty());
  EXPECT_EQ(text.back(), '\n');
  std::map<std::string, int> seen;
  for (const auto& r : all_rows()) ++seen[r["key"]];
  EXPECT_EQ(seen.size(), grid);
  for (const auto& [k, n] : seen) EXPECT_EQ(n, 1) << k;
}

TEST_F(RunnerTest, ShardsSplitTheGridWithoutOverlap) {
  const Config c = load_config(config("seeds = [1, 2, 3]\n"));
  const size_t grid = expand_runs(c).size();
  auto body = [](const RunSpec&) {
    return std::string(R"({"status":"solved","stop_reason":"solution","stats":{}})");
  };
  size_t total = 0;
  for (int i = 0; i < 3; ++i) {
    RunnerOptions o;
    parse_shard(std::to_string(i + 1) + "/3", o);  // 1-based, as Slurm users count
    o.progress = RunnerOptions::Progress::quiet;
    std::ostringstream log;
    const SweepSummary s = run_sweep(c, o, body, log);
    total += s.done;
    EXPECT_NE(s.rows_path.find("rows.shard-" + std::to_string(i + 1) + "-of-3.jsonl"),
              std::string::npos);
  }
  EXPECT_EQ(total, grid);
  std::set<std::string> keys;
  for (const auto& r : all_rows()) keys.insert(r["key"]);
  EXPECT_EQ(keys.size(), grid);

  RunnerOptions o;
  EXPECT_THROW(parse_shard("4/3", o), std::invalid_argument);
  EXPECT_THROW(parse_shard("0/3", o), std::invalid_argument);
  EXPECT_THROW(parse_shard("1", o), std::invalid_argument);
  EXPECT_THROW(parse_shard("-1/2", o), std::invalid_argument);
  ::setenv("SLURM_ARRAY_TASK_ID", "5", 1);
  ::setenv("SLURM_ARRAY_TASK_MIN", "4", 1);
  ::setenv("SLURM_ARRAY_TASK_COUNT", "4", 1);
  EXPECT_TRUE(shard_from_slurm(o));
  EXPECT_EQ(o.shard_index, 1);
  EXPECT_EQ(o.shard_count, 4);
  ::unsetenv("SLURM_ARRAY_TASK_ID");
  ::unsetenv("SLURM_ARRAY_TASK_MIN");
  ::unsetenv("SLURM_ARRAY_TASK_COUNT");
}

// ---- how runs are executed and measured ----

// Issue 30, defect 1: a Futoshiki [[generate]] runs an OpenMP region in the runner's process;
// runs forked from it without exec and using OpenMP hung until their time limit. Each run is now
// a fresh exec'd process, so 2-thread runs solve as 1-thread ones do.
TEST_F(RunnerTest, TwoThreadRunsAfterAFutoshikiGeneratorSolve) {
  const Config c = load_config(write(
      "f.toml", "puzzle = \"futoshiki\"\noutput = \"" + (dir_ / "out").string() +
                    "\"\nthreads = [1, 2]\ntime_limit = 10\n[[generate]]\nsize = 5\ncount = 2\n"));
  const auto rows = quiet_sweep_rows(c);
  ASSERT_EQ(rows.size(), 4u);
  for (const auto& r : rows) {
    EXPECT_EQ(r["status"], "solved") << r.dump();
    EXPECT_TRUE(r["verified"].get<bool>()) << r.dump();
  }
}

// Issue 30, defect 3: the memory limit was RLIMIT_AS, and a 2-thread run's malloc arenas reserve
// address space they never touch, so a run of 20 MB was a memout under 150 MB. The limit is on
// the resident set now, and the row says how it was measured.
TEST_F(RunnerTest, ATwoThreadRunUnderAMemoryLimitIsNoMemout) {
  // A sanitizer's shadow memory is resident: its runs get room for it.
  const int limit = bs::test::kSanitized ? 1000 : 150;
  const Config c = load_config(
      write("m.toml", "puzzle = \"futoshiki\"\noutput = \"" + (dir_ / "out").string() +
                          "\"\nthreads = [2]\nmemory_limit_mb = " + std::to_string(limit) +
                          "\ncpu_limit = 60\n[[generate]]\nsize = 6\n"));
  const auto rows = quiet_sweep_rows(c);
  ASSERT_EQ(rows.size(), 1u);
  const auto& r = rows[0];
  EXPECT_EQ(r["status"], "solved") << r.dump();
  EXPECT_EQ(r["memory_measure"], "rss-watchdog");
  EXPECT_EQ(r["cpu_limit_s"], 60.0);
  EXPECT_GT(r["peak_rss_mb"].get<double>(), 0.0);
  EXPECT_LT(r["peak_rss_mb"].get<double>(), limit);
}

// The mechanism of defect 3 on any machine: address space reserved and never touched (as each
// thread's malloc arena and stack are) is no memory used. Under RLIMIT_AS this run was a memout.
TEST_F(RunnerTest, ReservedButUntouchedAddressSpaceIsNoMemout) {
  const Config c = load_config(config(
      "time_limit = 20\nmemory_limit_mb = " + std::to_string(in_fork_memory_limit(150)) + "\n"));
  const SweepSummary s = quiet_sweep(c, [](const RunSpec&) {
    // A sanitizer clears the shadow of a new mapping: an eighth of it, kept small.
    const size_t reserve = size_t{bs::test::kSanitized ? 512 : 4096} << 20;
    void* p = ::mmap(nullptr, reserve, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();  // what a solver's `new` would do
    std::memset(p, 'x', size_t{4} << 20);         // 4 MiB of it used
    std::thread other([] { touch_a_little(); });
    touch_a_little();
    other.join();
    ::munmap(p, reserve);
    return std::string(R"({"status":"solved","stop_reason":"solution","stats":{}})");
  });
  EXPECT_EQ(s.answered, 2u);
  for (const auto& r : all_rows()) EXPECT_EQ(r["status"], "solved") << r.dump();
}

// ... and a run that really fills more than its limit is a memout, its peak at the limit.
TEST_F(RunnerTest, ARunThatFillsMoreMemoryThanItsLimitIsAMemout) {
  const int64_t limit = in_fork_memory_limit(200);
  const Config c =
      load_config(config("time_limit = 20\nmemory_limit_mb = " + std::to_string(limit) + "\n"));
  const SweepSummary s = quiet_sweep(c, [](const RunSpec&) {
    touch_memory(size_t{2} << 30);
    return std::string("{}");
  });
  EXPECT_EQ(s.memouts, 2u);
  for (const auto& r : all_rows()) {
    EXPECT_EQ(r["status"], "memout") << r.dump();
    EXPECT_EQ(r["memory_measure"], "rss-watchdog");
    EXPECT_GE(r["peak_rss_mb"].get<double>(), limit);
    EXPECT_LT(r["wall_seconds"].get<double>(), 20.0);  // the memory watchdog, not the wall one
  }
}

// CPU time: the child's user + system time over all its threads, and a limit on it that ends a
// run as a timeout naming the CPU limit.
TEST_F(RunnerTest, CpuTimeCountsEveryThreadAndItsLimitIsATimeout) {
  const Config c = load_config(config("seeds = [1, 2]\ntime_limit = 60\ncpu_limit = 0.5\n"));
  const SweepSummary s = quiet_sweep(c, [](const RunSpec& run) {
    if (run.seed == 1) {  // two threads, 0.2 s of CPU each: 0.4 s in all, under the limit
      std::thread other(burn_cpu, 0.2);
      burn_cpu(0.2);
      other.join();
      return std::string(R"({"status":"solved","stop_reason":"solution","stats":{}})");
    }
    burn_cpu(30);  // the limit stops it
    return std::string("{}");
  });
  EXPECT_EQ(s.done, 4u);
  for (const auto& r : all_rows()) {
    EXPECT_EQ(r["cpu_limit_s"], 0.5);
    const double cpu = r["cpu_seconds"];
    if (r["seed"] == 1) {
      EXPECT_EQ(r["status"], "solved") << r.dump();
      EXPECT_GE(cpu, 0.35) << r.dump();
    } else {
      EXPECT_EQ(r["status"], "timeout") << r.dump();
      EXPECT_EQ(r["stop_reason"], "cpu-limit") << r.dump();
      EXPECT_GE(cpu, 0.45) << r.dump();
      EXPECT_LT(cpu, 5.0) << r.dump();
    }
  }
}

// Issue 30, defect 4: the runner's overhead counted the time of runs killed at their limit (3 s
// a run for two timeouts of 3 s), as a killed run has no time of its own in its row.
TEST_F(RunnerTest, RunnerOverheadLeavesOutTheTimeOfKilledRuns) {
  const Config c = load_config(config("time_limit = 0.2\n"));  // killed after 1.2 s each
  const SweepSummary s = quiet_sweep(c, [](const RunSpec&) {
    std::this_thread::sleep_for(std::chrono::seconds(30));
    return std::string("{}");
  });
  EXPECT_EQ(s.timeouts, 2u);
  EXPECT_GT(s.wall_seconds, 2.0);
  EXPECT_LT(s.overhead_ms_per_run(), 500.0) << s.wall_seconds << " s, " << s.run_seconds << " s";
}

// Jobs x threads beyond the cores: one warning line when the sweep starts, none otherwise.
TEST_F(RunnerTest, MoreThreadsThanCoresIsWarnedOnce) {
  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  auto body = [](const RunSpec&) {
    return std::string(R"({"status":"solved","stop_reason":"solution","stats":{}})");
  };
  RunnerOptions o;
  o.progress = RunnerOptions::Progress::quiet;
  o.overwrite = true;
  std::ostringstream calm, warned;
  run_sweep(load_config(config("threads = [1]\njobs = 1\n")), o, body, calm);
  EXPECT_EQ(calm.str().find("warning"), std::string::npos) << calm.str();
  run_sweep(load_config(config("threads = [" + std::to_string(cores) + "]\njobs = 2\n")), o, body,
            warned);
  const std::string text = warned.str();
  EXPECT_NE(text.find("warning: 2 jobs x " + std::to_string(cores) + " threads"), std::string::npos)
      << text;
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 1) << text;
}

// Issue 30, defect 5: SIGTERM to `boundsearch run` printed "internal error" and exited 3. SIGINT,
// SIGTERM and SIGHUP now stop the sweep cleanly, with one line and exit 130 or 143, and the rows
// written before stand.
TEST_F(RunnerTest, ASignalStopsTheBinaryCleanlyWithItsOwnExitCode) {
  // Sorted after board.txt, so that one row is written before the slow run starts.
  fs::copy_file(std::string(BS_SOURCE_DIR) + "/instances/peg/hard/rect_4x12_v01_f31.txt",
                dir_ / "z_slow.txt");
  const std::string cfg = write("s.toml", "puzzle = \"peg\"\ninstances = [\"" + board_ + "\", \"" +
                                              (dir_ / "z_slow.txt").string() + "\"]\noutput = \"" +
                                              (dir_ / "out").string() + "\"\ntime_limit = 60\n");
  const std::string rows_path = (dir_ / "out" / "rows.jsonl").string();
  const std::string err_path = (dir_ / "err.txt").string();
  for (const auto& [sig, name, code] :
       {std::tuple{SIGTERM, "SIGTERM", 143}, std::tuple{SIGINT, "SIGINT", 130},
        std::tuple{SIGHUP, "SIGHUP", 143}}) {
    fs::remove_all(dir_ / "out");
    const pid_t pid = start_quiet_run(cfg, err_path);
    ASSERT_GE(pid, 0);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (!(fs::exists(rows_path) && read_rows(rows_path).size() == 1) &&
           std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    std::this_thread::sleep_for(std::chrono::milliseconds(100));  // the slow run is under way
    ::kill(pid, sig);
    int status = 0;
    ::waitpid(pid, &status, 0);
    ASSERT_TRUE(WIFEXITED(status)) << name;
    EXPECT_EQ(WEXITSTATUS(status), code) << name;
    const std::string err = bs::read_file(err_path);
    EXPECT_NE(err.find(std::string("interrupted by ") + name + " after 1 runs"), std::string::npos)
        << err;
    EXPECT_EQ(err.find("internal error"), std::string::npos) << err;
    const auto rows = read_rows(rows_path);
    ASSERT_EQ(rows.size(), 1u) << name;
    EXPECT_EQ(rows[0]["instance"], "board");
    EXPECT_EQ(rows[0]["status"], "solved");
  }
}

// A signal while the config's [[generate]] runs (300 instances take seconds) ends the process at
// once, also cleanly: a generator does not look at the flag, and Slurm sends SIGKILL soon after
// its SIGTERM.
TEST_F(RunnerTest, ASignalDuringTheGeneratorStopsAtOnce) {
  const std::string cfg =
      write("g.toml", "puzzle = \"futoshiki\"\noutput = \"" + (dir_ / "out").string() +
                          "\"\n[[generate]]\nsize = 9\ncount = 300\n");
  const std::string err_path = (dir_ / "err.txt").string();
  const pid_t pid = start_quiet_run(cfg, err_path);
  ASSERT_GE(pid, 0);
  // Once the runner catches SIGTERM (SigCgt in /proc), it is loading the config: generating.
  const auto catches_sigterm = [pid] {
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    for (std::string line; std::getline(status, line);)
      if (line.rfind("SigCgt:", 0) == 0)
        return (std::stoull(line.substr(7), nullptr, 16) >> (SIGTERM - 1) & 1) != 0;
    return false;
  };
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (!catches_sigterm() && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  const auto sent = std::chrono::steady_clock::now();
  ::kill(pid, SIGTERM);
  int status = 0;
  ::waitpid(pid, &status, 0);
  EXPECT_LT(std::chrono::steady_clock::now() - sent, std::chrono::seconds(5));
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 143);
  const std::string err = bs::read_file(err_path);
  EXPECT_NE(err.find("interrupted by SIGTERM before the sweep started"), std::string::npos) << err;
  EXPECT_FALSE(fs::exists(dir_ / "out" / "rows.jsonl"));
}

// A run under another CPU limit is another run (its key differs); a config without one keeps the
// hash it had before the key existed, so that --resume of older sweeps still matches their rows.
TEST_F(RunnerTest, TheCpuLimitIsPartOfTheRunsKeyOnlyWhenSet) {
  const auto hash = [&](const std::string& extra) {
    return expand_runs(load_config(config(extra))).front().config_hash;
  };
  EXPECT_NE(hash("cpu_limit = 2\n"), hash(""));
  EXPECT_NE(hash("cpu_limit = 2\n"), hash("cpu_limit = 3\n"));
  EXPECT_EQ(hash("cpu_limit = 0\n"), hash(""));
  const bs::InputError e = config_error(config("cpu_limit = -1\n"));
  EXPECT_NE(std::string(e.what()).find("cpu_limit"), std::string::npos) << e.located();
}
