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

#include <functional>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
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
  double solver_seconds = 0;  // sum of the runs' own wall times, as the solvers measured them
  std::string rows_path;
  // Runner time per run beyond the runs themselves; meaningful with one job at a time.
  double overhead_ms_per_run() const;
};

// What a child does for one run: returns the Result as JSON text (core/result.hpp's to_json).
using RunBody = std::function<std::string(const RunSpec&)>;
// The real body: the config's puzzle solver on the run's instance and options.
RunBody solver_body(const Config& config);

// A sweep ended by SIGINT, SIGTERM or SIGHUP; the rows written so far stand.
struct Interrupted : std::runtime_error {
  using std::runtime_error::runtime_error;
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
