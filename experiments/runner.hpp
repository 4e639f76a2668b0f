// `boundsearch run CONFIG`: the sweep of a config, run by run, into raw rows.
//
// Each run of the grid (experiments/config.hpp) is executed in a sandboxed child
// (experiments/sandbox.hpp) and becomes exactly one row, whatever happens to it: solved,
// infeasible, unknown, timeout, memout, crash or error. Rows go to <output>/rows.jsonl, or to
// <output>/rows.shard-<i>-of-<n>.jsonl when the grid is split between machines, so that shards
// never write to one file. A row carries the run's outcome, the runner's measures (wall, CPU,
// peak memory), every solver counter, every non-default option, and where it was made (config
// hash, commit and dirty flag, compiler, build type, host, CPU model, start time).
//
// Splitting the grid: `--shard i/n` (1-based, 1 <= i <= n, as Slurm users count) keeps the runs
// at grid positions i-1, i-1+n, i-1+2n, ... in rows.shard-i-of-n.jsonl; `0/n` is refused rather
// than read as either shard. Under a Slurm job array the runner reads SLURM_ARRAY_TASK_ID /
// SLURM_ARRAY_TASK_COUNT itself; under mpirun the ranks are the shards and rank 0 merges the
// shard files (experiments/distributed.hpp).
//
// Each row of an instance with a known answer says whether the run's answer agrees with it
// (experiments/answers.hpp); the summary lists the wrong ones.
#pragma once

#include <signal.h>

#include <array>
#include <functional>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "experiments/config.hpp"

namespace bs::experiments {

struct RunnerOptions {
  int jobs = 0;  // runs at a time; 0 means the config's `jobs`
  bool resume = false;
  bool overwrite = false;
  bool resume_changed = false;  // resume even when the config changed (experiments/data_checks.hpp)
  int shard_index = 0, shard_count = 1;  // 0-based index; the user's `--shard` is 1-based
  enum class Progress { automatic, live, lines, quiet } progress = Progress::automatic;
};

// Parses "i/n" (1 <= i <= n); throws std::invalid_argument.
void parse_shard(const std::string& text, RunnerOptions& options);
// Applies SLURM_ARRAY_TASK_ID (minus SLURM_ARRAY_TASK_MIN) and SLURM_ARRAY_TASK_COUNT when both
// are set and no shard was given. Returns whether it did.
bool shard_from_slurm(RunnerOptions& options);

struct SweepSummary {
  size_t grid = 0;        // runs in the whole grid
  size_t mine = 0;        // runs of this shard
  size_t skipped = 0;     // already recorded (--resume)
  size_t relabelled = 0;  // of those, rows written again with their config's new baseline
  size_t done = 0, answered = 0, timeouts = 0, memouts = 0, failed = 0;
  std::vector<std::string> wrong_answers;  // one line per run whose answer is known to be wrong
  double wall_seconds = 0;                 // of the sweep
  // The sum of the runs' own wall times: the solver's measure when it wrote one, else (a run
  // killed at a limit, a crash) the child's wall time as the runner saw it.
  double run_seconds = 0;
  std::string rows_path;
  // Runner time per run beyond the runs themselves; meaningful with one job at a time.
  double overhead_ms_per_run() const;
};

// The hidden subcommand of the boundsearch binary that runs one run in a fresh process:
// `boundsearch __run-one SPEC`, SPEC a JSON object {"puzzle", "instance", "options"}. It writes
// the Result's JSON to file descriptor 3 (experiments/sandbox.hpp) and returns the exit code.
inline constexpr const char* kRunOneCommand = "__run-one";
int run_one(const std::string& spec);

// What a child does for one run. The real one execs a binary that answers kRunOneCommand; tests
// may instead give a function, run in the forked child without exec.
struct RunBody {
  std::string executable, puzzle;                      // exec: the binary and the puzzle
  std::function<std::string(const RunSpec&)> in_fork;  // tests: returns the Result's JSON text
  RunBody(std::string executable_, std::string puzzle_)
      : executable(std::move(executable_)), puzzle(std::move(puzzle_)) {}
  template <class F>
  requires std::is_invocable_r_v<std::string, const F&, const RunSpec&> RunBody(F function)
      : in_fork(std::move(function)) {}  // a test's function converts implicitly
};
// The real body: the config's puzzle solver on the run's instance and options, in a fresh process
// of `executable` (by default the running binary itself).
RunBody solver_body(const Config& config, std::string executable = "/proc/self/exe");

// While one lives, SIGINT, SIGTERM and SIGHUP stop the process cleanly; the innermost one says
// how. `at_once`: the process ends in the signal handler, with one line on stderr and exit code
// 130 (SIGINT) or 143 (SIGTERM, SIGHUP); for when nothing is worth keeping yet and the work would
// not look for seconds (the CLI's load_config with its [[generate]], run_sweep's reading of the
// recorded rows). `after_the_runs_in_hand`: the signal is noted, and run_sweep stops taking runs,
// kills the ones in flight (no row for them) and throws Interrupted.
class StopOnSignals {
 public:
  enum class When { at_once, after_the_runs_in_hand };
  explicit StopOnSignals(When when);
  ~StopOnSignals();
  StopOnSignals(const StopOnSignals&) = delete;
  StopOnSignals& operator=(const StopOnSignals&) = delete;

 private:
  std::array<struct sigaction, 3> old_{};
  int outer_at_once_;
};

// A sweep ended by SIGINT, SIGTERM or SIGHUP; the rows written so far stand.
struct Interrupted : std::runtime_error {
  Interrupted(int signal_, const std::string& what) : std::runtime_error(what), signal(signal_) {}
  int signal;
  int exit_code() const { return signal == SIGINT ? 130 : 143; }  // SIGTERM and SIGHUP: 143
};

// Runs this shard's part of the grid. Throws InputError when the rows file exists and neither
// resume nor overwrite was asked, and std::invalid_argument when resuming rows made under
// another setting of a config (unless resume_changed). Progress goes to `log`.
SweepSummary run_sweep(const Config& config, const RunnerOptions& options, const RunBody& body,
                       std::ostream& log);

// The row of one run, from what the child wrote and what the parent measured. Exposed for tests.
struct ChildOutcome;
nlohmann::json make_row(const Config& config, const RunSpec& run, const ChildOutcome& outcome,
                        const std::string& start_time, const std::string& shard = "0/1");

}  // namespace bs::experiments
