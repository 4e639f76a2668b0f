#include "experiments/runner.hpp"

#include <sched.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <thread>

#include "core/error.hpp"
#include "core/result.hpp"
#include "experiments/data_checks.hpp"
#include "experiments/rows.hpp"
#include "experiments/sandbox.hpp"
#include "solvers/solver.hpp"

namespace bs::experiments {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

struct Provenance {
  std::string host, cpu_model;
  BuildInfo build;
};

const Provenance& provenance() {
  static const Provenance p = [] {
    Provenance q;
    char host[256] = {};
    if (::gethostname(host, sizeof host - 1) == 0) q.host = host;
    std::ifstream cpuinfo("/proc/cpuinfo");
    for (std::string line; std::getline(cpuinfo, line);)
      if (line.rfind("model name", 0) == 0) {
        const size_t colon = line.find(':');
        if (colon != std::string::npos)
          q.cpu_model = line.substr(line.find_first_not_of(' ', colon + 1));
        break;
      }
    q.build = build_info();
    return q;
  }();
  return p;
}

std::string utc_now() {
  const auto now = std::chrono::system_clock::now();
  const std::time_t t = std::chrono::system_clock::to_time_t(now);
  const auto ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() % 1000;
  std::tm tm{};
  ::gmtime_r(&t, &tm);
  char date[32], buf[48];
  std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%S", &tm);
  std::snprintf(buf, sizeof buf, "%s.%03dZ", date, static_cast<int>(ms));
  return buf;
}

volatile std::sig_atomic_t g_interrupted = 0;
volatile std::sig_atomic_t g_stop_at_once = 0;  // the innermost StopOnSignals's mode
int g_stop_depth = 0;  // StopOnSignals alive; the outermost one resets and restores

constexpr std::array<int, 3> kStopSignals{SIGINT, SIGTERM, SIGHUP};

const char* signal_name(int sig) {
  return sig == SIGINT    ? "SIGINT"
         : sig == SIGTERM ? "SIGTERM"
         : sig == SIGHUP  ? "SIGHUP"
                          : "a signal";
}

// With runs under way a signal is noted, and the sweep's loop looks (no SA_RESTART: poll()
// returns EINTR). Before them nothing is worth finishing, and a [[generate]] or the reading of
// recorded rows would not look for seconds, so the process ends at once, with its line and exit
// code (async-signal-safe calls only).
void note_signal(int sig) {
  g_interrupted = sig;
  if (!g_stop_at_once) return;
  static const char before[] = "boundsearch: interrupted by ";
  static const char after[] = " before the sweep started; no run was recorded\n";
  const char* name = signal_name(sig);
  (void)!::write(STDERR_FILENO, before, sizeof before - 1);
  (void)!::write(STDERR_FILENO, name, std::strlen(name));
  (void)!::write(STDERR_FILENO, after, sizeof after - 1);
  ::_exit(sig == SIGINT ? 130 : 143);
}

// The cores this process may run on (its affinity mask, as under taskset or Slurm), or the
// machine's when the mask cannot be read.
int usable_cores() {
  cpu_set_t set;
  if (::sched_getaffinity(0, sizeof set, &set) == 0) return CPU_COUNT(&set);
  return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

// One line when the runs at a time, each with its threads, want more cores than there are: their
// wall times would then include waiting for a core, and CPU time would no longer track them.
void warn_if_oversubscribed(const Config& config, int jobs, size_t runs, std::ostream& log) {
  if (runs == 0) return;
  const int cores = usable_cores();
  int threads = 1;
  for (int t : config.threads) threads = std::max(threads, t == 0 ? cores : t);
  const int64_t wanted = int64_t{std::min<int64_t>(jobs, static_cast<int64_t>(runs))} * threads;
  if (wanted > cores)
    log << "boundsearch: warning: " << std::min<int64_t>(jobs, static_cast<int64_t>(runs))
        << " jobs x " << threads << " threads = " << wanted << " exceed the " << cores
        << " cores this process may use; runs will wait for cores and their wall times grow\n"
        << std::flush;
}

// What the child of one run does: exec the binary with the run's spec, or (tests) call a function.
ChildTask child_task(const RunBody& body, const RunSpec& run) {
  ChildTask task;
  if (body.in_fork) {
    task.in_fork = [&body, &run] { return body.in_fork(run); };
    return task;
  }
  nlohmann::json options = nlohmann::json::object();
  for (const auto& [k, v] : run.options().non_default()) options[k] = v;
  const nlohmann::json spec{
      {"puzzle", body.puzzle}, {"instance", run.instance}, {"options", options}};
  task.argv = {body.executable, kRunOneCommand, spec.dump()};
  return task;
}

// The time a run took by its own account: the solver's, else the runner's measure of the child.
double run_seconds(const nlohmann::json& row, const ChildOutcome& outcome) {
  const auto& stats = row["stats"];
  if (stats.contains("wall_seconds") && stats["wall_seconds"].is_number())
    return stats["wall_seconds"].get<double>();
  return outcome.wall_seconds;
}

bool answered(const std::string& status) {
  return status == "solved" || status == "infeasible";
}

std::string rows_name(const RunnerOptions& o) {
  if (o.shard_count == 1) return "rows.jsonl";
  return "rows.shard-" + std::to_string(o.shard_index + 1) + "-of-" +
         std::to_string(o.shard_count) + ".jsonl";
}

// The progress line: live on a terminal, a plain line every ten seconds otherwise.
class Progress {
 public:
  Progress(RunnerOptions::Progress mode, std::ostream& log, size_t total)
      : log_(log), total_(total), start_(Clock::now()), last_(start_) {
    live_ = mode == RunnerOptions::Progress::live ||
            (mode == RunnerOptions::Progress::automatic && ::isatty(STDERR_FILENO));
    quiet_ = mode == RunnerOptions::Progress::quiet;
  }
  void update(const SweepSummary& s, bool final) {
    if (quiet_ || total_ == 0) return;
    const auto now = Clock::now();
    if (!live_ && !final && now - last_ < std::chrono::seconds(10)) return;
    last_ = now;
    const double elapsed = std::chrono::duration<double>(now - start_).count();
    const double rate = elapsed > 0 ? static_cast<double>(s.done) / elapsed : 0;
    const double eta = rate > 0 ? static_cast<double>(total_ - s.done) / rate : 0;
    char line[256];
    std::snprintf(line, sizeof line,
                  "[%zu/%zu] %.1f runs/s  ETA %d:%02d  answered %zu  timeout %zu  memout %zu  "
                  "failed %zu",
                  s.done, total_, rate, static_cast<int>(eta) / 60, static_cast<int>(eta) % 60,
                  s.answered, s.timeouts, s.memouts, s.failed);
    if (live_)
      log_ << "\r\033[K" << line << (final ? "\n" : "") << std::flush;
    else
      log_ << line << '\n' << std::flush;
  }

 private:
  std::ostream& log_;
  size_t total_;
  Clock::time_point start_, last_;
  bool live_ = false, quiet_ = false;
};

// Resuming rows made under another setting of a config would pool both under one name.
void refuse_changed_config(const Config& config,
                           const std::map<std::string, nlohmann::json>& recorded) {
  const std::vector<std::string> changes = changed_configs(config, recorded);
  if (changes.empty()) return;
  std::string what;
  for (const auto& c : changes) what += "\n  " + c;
  throw std::invalid_argument(
      "run: --resume, but the config changed since its rows were recorded:" + what +
      "\nthe old rows and the new would be pooled under one config name; start again with "
      "--overwrite, write to another output, or pass --resume-changed to keep both");
}

}  // namespace

void parse_shard(const std::string& text, RunnerOptions& o) {
  const size_t slash = text.find('/');
  int i = -1, n = 0;
  bool ok = slash != std::string::npos;
  if (ok) {
    auto [p1, e1] = std::from_chars(text.data(), text.data() + slash, i);
    auto [p2, e2] = std::from_chars(text.data() + slash + 1, text.data() + text.size(), n);
    ok = e1 == std::errc() && e2 == std::errc() && p1 == text.data() + slash &&
         p2 == text.data() + text.size();
  }
  if (ok && n >= 1 && i == 0)
    throw std::invalid_argument("--shard: shards are numbered from 1, as Slurm users count: " +
                                std::string("1/") + std::to_string(n) + " to " + std::to_string(n) +
                                "/" + std::to_string(n) + ", not '" + text + "'");
  if (!ok || n < 1 || i < 1 || i > n)
    throw std::invalid_argument("--shard: expected i/n with 1 <= i <= n, not '" + text + "'");
  o.shard_index = i - 1;
  o.shard_count = n;
}

bool shard_from_slurm(RunnerOptions& o) {
  const char* id = std::getenv("SLURM_ARRAY_TASK_ID");
  const char* count = std::getenv("SLURM_ARRAY_TASK_COUNT");
  if (!id || !count || o.shard_count != 1) return false;
  const char* min = std::getenv("SLURM_ARRAY_TASK_MIN");
  const char* step = std::getenv("SLURM_ARRAY_TASK_STEP");  // --array=0-15:2 numbers 0, 2, ...
  const long by = step ? std::max(1L, std::strtol(step, nullptr, 10)) : 1;
  const long i = (std::strtol(id, nullptr, 10) - (min ? std::strtol(min, nullptr, 10) : 0)) / by;
  parse_shard(std::to_string(i + 1) + "/" + count, o);
  return true;
}

double SweepSummary::overhead_ms_per_run() const {
  return done ? (wall_seconds - run_seconds) * 1e3 / static_cast<double>(done) : 0;
}

// While a sweep runs, SIGINT, SIGTERM and SIGHUP end it cleanly: the runner stops taking runs,
// the Sandbox's destructor kills the children, and no row is written for them, so --resume runs
// them again. (A Slurm cancel or time limit sends SIGTERM to the whole job; without this, runs
// that died of it a moment before the runner would be recorded as crashes and never retried.)
StopOnSignals::StopOnSignals(When when) : outer_at_once_(g_stop_at_once) {
  g_stop_at_once = when == When::at_once;
  if (g_stop_depth++ > 0) return;
  g_interrupted = 0;
  struct sigaction sa {};
  sa.sa_handler = note_signal;
  for (size_t i = 0; i < kStopSignals.size(); ++i) ::sigaction(kStopSignals[i], &sa, &old_[i]);
}

StopOnSignals::~StopOnSignals() {
  g_stop_at_once = outer_at_once_;
  if (--g_stop_depth > 0) return;
  for (size_t i = 0; i < kStopSignals.size(); ++i) ::sigaction(kStopSignals[i], &old_[i], nullptr);
}

RunBody solver_body(const Config& config, std::string executable) {
  return RunBody(std::move(executable), config.puzzle);
}

int run_one(const std::string& spec_text) {
  exit_on_failed_allocation();
  std::string output;
  try {
    const nlohmann::json spec = nlohmann::json::parse(spec_text);
    const PuzzleSolver* solver = find_puzzle(spec.at("puzzle").get<std::string>());
    if (!solver) throw std::invalid_argument("no puzzle " + spec.at("puzzle").dump());
    Options options;
    for (const auto& [k, v] : spec.at("options").items()) options.set(k, v.get<std::string>());
    output = to_json(solver->solve_file(spec.at("instance").get<std::string>(), options)).dump();
  } catch (const InputError& e) {
    output = nlohmann::json{{"error", e.located()}}.dump();
  } catch (const std::bad_alloc&) {
    return kExitOutOfMemory;
  } catch (const std::exception& e) {
    output = nlohmann::json{{"error", e.what()}}.dump();
  }
  write_result(output);
  return 0;
}

// The baseline a run's row names: its config's own, else the sweep's; null when there is none.
nlohmann::json baseline_json(const Config& config, const RunSpec& run) {
  const std::string& name = run.config->baseline.empty() ? config.baseline : run.config->baseline;
  return name.empty() ? nlohmann::json(nullptr) : nlohmann::json(name);
}

nlohmann::json make_row(const Config& config, const RunSpec& run, const ChildOutcome& out,
                        const std::string& start_time, const std::string& shard) {
  const Provenance& env = provenance();
  nlohmann::json row;
  row["schema"] = 1;
  row["key"] = run.key();
  row["experiment"] = config.name;
  row["puzzle"] = config.puzzle;
  row["instance"] = fs::path(run.instance).stem().string();
  row["instance_path"] = run.instance;
  row["config"] = run.config->name;
  row["config_hash"] = run.config_hash;
  row["baseline"] = baseline_json(config, run);
  row["run_index"] = run.index;
  row["seed"] = run.seed;
  row["repetition"] = run.repetition;
  row["threads"] = run.threads;

  const nlohmann::json result = nlohmann::json::parse(out.output, nullptr, false);
  const bool readable = result.is_object();
  std::string status, error;
  if (out.out_of_memory) {
    status = "memout";
    error = out.exit_code == kExitOutOfMemory ? "an allocation failed"
                                              : "killed at the memory limit (resident set)";
  } else if (out.killed_at_cpu_limit) {
    status = "timeout";
    error = "killed at the CPU-time limit";
  } else if (out.killed_by_watchdog) {
    status = "timeout";
    error = "killed by the watchdog";
  } else if (out.signal != 0) {
    status = "crash";
    error = std::string("killed by signal ") + std::to_string(out.signal) + " (" +
            ::strsignal(out.signal) + ")";
  } else if (out.exit_code != 0) {
    status = "crash";
    error = "exit code " + std::to_string(out.exit_code);
  } else if (!readable) {
    status = "error";
    error = "the run wrote no readable result";
  } else if (result.contains("error")) {
    status = "error";
    error =
        result["error"].is_string() ? result["error"].get<std::string>() : result["error"].dump();
  } else {
    status = result.value("status", "error");
    if (status == "unknown" && result.value("stop_reason", "") == "time-limit") status = "timeout";
  }
  row["status"] = status;
  const bool has_result = readable && !result.contains("error") && status != "memout";
  row["stop_reason"] = has_result && result.contains("stop_reason") ? result["stop_reason"]
                                                                    : nlohmann::json(nullptr);
  if (out.killed_at_cpu_limit && !out.out_of_memory) row["stop_reason"] = "cpu-limit";
  row["verified"] = has_result && result.value("verified", false);
  row["certificate"] = nullptr;
  if (has_result && result.contains("certificate") && result["certificate"].is_object())
    row["certificate"] = result["certificate"].value("kind", "");
  // Counting runs and graded puzzles: the count (and whether it is all) and the hardest rule.
  // Runs over many units: which succeeded, for the report's paired comparison.
  for (const char* key : {"count", "count_complete", "hardest_rule", "outcomes"})
    if (has_result && result.contains(key)) row[key] = result[key];
  row["wall_seconds"] = out.wall_seconds;
  row["cpu_seconds"] = out.cpu_seconds;
  row["peak_rss_mb"] = out.peak_rss_mb;
  row["time_limit"] = config.time_limit;
  row["memory_limit_mb"] = config.memory_limit_mb;
  row["cpu_limit_s"] = config.cpu_limit;  // 0: none
  row["memory_measure"] = out.memory_measure;
  row["exit_code"] = out.exit_code;
  row["signal"] = out.signal;
  if (!error.empty() || !out.stderr_tail.empty()) {
    std::string e = error;
    if (!out.stderr_tail.empty() && status != "solved" && status != "infeasible")
      e += (e.empty() ? "" : "; stderr: ") + out.stderr_tail;
    if (!e.empty()) row["error"] = e;
  }
  row["stats"] = has_result && result.contains("stats") && result["stats"].is_object()
                     ? result["stats"]
                     : nlohmann::json::object();
  nlohmann::json options = nlohmann::json::object();
  for (const auto& [k, v] : run.options().non_default()) options[k] = v;
  row["options"] = options;
  row["git_commit"] = env.build.git_commit;
  row["git_dirty"] = env.build.git_dirty;
  row["compiler"] = env.build.compiler;
  row["build_type"] = env.build.build_type;
  row["host"] = env.host;
  row["cpu_model"] = env.cpu_model;
  row["start_time"] = start_time;
  row["shard"] = shard;
  attach_answer_check(config.expected, run.instance, row);
  return row;
}

SweepSummary run_sweep(const Config& config, const RunnerOptions& options, const RunBody& body,
                       std::ostream& log) {
  const StopOnSignals before_the_runs(StopOnSignals::When::at_once);
  SweepSummary s;
  std::error_code ec;
  fs::create_directories(config.output, ec);
  if (ec)
    throw InputError(config.output, 0, 0, "cannot create the output directory: " + ec.message());
  s.rows_path = (fs::path(config.output) / rows_name(options)).string();

  // Shards of one grid share the directory and start at once, so a shard looks only at its own
  // file and at the merged one; an unsharded sweep looks at every row file.
  const std::string merged = (fs::path(config.output) / "rows.jsonl").string();
  std::vector<std::string> mine;
  if (options.shard_count == 1)
    mine = row_files(config.output);
  else
    mine = {s.rows_path, merged};
  // Shard files of another split (say 3 shards then, 2 now) hold rows of this grid too.
  const std::string ours = "-of-" + std::to_string(options.shard_count) + ".jsonl";
  for (const auto& f : row_files(config.output)) {
    const std::string name = fs::path(f).filename().string();
    if (options.shard_count > 1 && name.rfind("rows.shard-", 0) == 0 && !name.ends_with(ours))
      mine.push_back(f);
  }
  for (const auto& f : mine) {
    std::error_code gone;  // another rank may remove a file between the look and the check
    const auto size = fs::file_size(f, gone);
    if (gone || size == 0) continue;
    if (options.overwrite) {
      fs::remove(f, gone);
    } else if (!options.resume) {
      throw InputError(f, 0, 0,
                       "already holds rows: pass --resume to continue the sweep, or --overwrite "
                       "to start it again");
    }
  }
  const std::map<std::string, nlohmann::json> done =
      options.resume ? recorded_rows(config.output) : std::map<std::string, nlohmann::json>{};
  if (!options.resume_changed) refuse_changed_config(config, done);
  RowFile rows(s.rows_path);
  // The config beside its rows, so that the directory says how it was made.
  fs::copy_file(config.file, fs::path(config.output) / "config.toml",
                fs::copy_options::overwrite_existing, ec);

  const std::vector<RunSpec> grid = expand_runs(config);
  s.grid = grid.size();
  std::vector<const RunSpec*> todo;
  for (const RunSpec& r : grid) {
    if (r.index % static_cast<size_t>(options.shard_count) !=
        static_cast<size_t>(options.shard_index))
      continue;
    ++s.mine;
    const auto recorded = done.find(r.key());
    if (recorded == done.end()) {
      todo.push_back(&r);
      continue;
    }
    ++s.skipped;
    // A config given another baseline since it ran keeps its result: its row is written again
    // with the new baseline (the last row of a key wins), so that the report follows the config.
    const nlohmann::json baseline = baseline_json(config, r);
    if (recorded->second.value("baseline", nlohmann::json()) != baseline) {
      nlohmann::json row = recorded->second;
      row["baseline"] = baseline;
      rows.append(row);
      ++s.relabelled;
    }
  }

  const int jobs = options.jobs > 0 ? options.jobs : config.jobs;
  Limits limits;
  limits.wall_seconds = config.time_limit;
  limits.grace_seconds = std::max(1.0, 0.1 * config.time_limit);
  limits.memory_mb = config.memory_limit_mb;
  limits.cpu_seconds = config.cpu_limit;
  warn_if_oversubscribed(config, jobs, todo.size(), log);

  const std::string shard =
      std::to_string(options.shard_index + 1) + "/" + std::to_string(options.shard_count);
  Progress progress(options.progress, log, todo.size());
  const StopOnSignals during_the_runs(StopOnSignals::When::after_the_runs_in_hand);
  Sandbox sandbox(config.output);
  std::vector<std::string> start_times(todo.size());
  const auto sweep_start = Clock::now();
  size_t next = 0;
  while (!g_interrupted && (next < todo.size() || sandbox.running() > 0)) {
    while (next < todo.size() && sandbox.running() < static_cast<size_t>(jobs)) {
      const RunSpec& run = *todo[next];
      start_times[next] = utc_now();
      sandbox.start(next, limits, child_task(body, run));
      ++next;
    }
    auto ended = sandbox.wait_any(1000);
    if (g_interrupted) break;  // no row for runs cut short by our own signal
    if (!ended) {
      s.wall_seconds = std::chrono::duration<double>(Clock::now() - sweep_start).count();
      progress.update(s, false);
      continue;
    }
    auto& [tag, outcome] = *ended;
    const nlohmann::json row = make_row(config, *todo[tag], outcome, start_times[tag], shard);
    rows.append(row);
    if (row.value("answer_check", "") == "wrong") s.wrong_answers.push_back(wrong_answer_line(row));
    const std::string status = row["status"];
    ++s.done;
    if (answered(status)) ++s.answered;
    if (status == "timeout") ++s.timeouts;
    if (status == "memout") ++s.memouts;
    if (status == "crash" || status == "error") ++s.failed;
    s.run_seconds += run_seconds(row, outcome);
    s.wall_seconds = std::chrono::duration<double>(Clock::now() - sweep_start).count();
    progress.update(s, false);
  }
  s.wall_seconds = std::chrono::duration<double>(Clock::now() - sweep_start).count();
  progress.update(s, true);
  if (g_interrupted)
    throw Interrupted(g_interrupted, std::string("interrupted by ") + signal_name(g_interrupted) +
                                         " after " + std::to_string(s.done) +
                                         " runs; the runs in flight were not recorded (continue "
                                         "with --resume)");
  return s;
}

}  // namespace bs::experiments
