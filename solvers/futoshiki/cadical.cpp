// `--method cadical`: the CNF to a temporary file, CaDiCaL as a child process, its answer read
// back and verified (cadical.hpp says what a count costs and how time limits are kept).
#include "solvers/futoshiki/cadical.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <thread>
#include <vector>

#include "core/error.hpp"
#include "puzzles/futoshiki/cnf.hpp"

extern char** environ;

namespace bs::futoshiki {

namespace {

using Clock = std::chrono::steady_clock;

bool is_executable_file(const std::string& path) {
  struct stat st {};
  return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && access(path.c_str(), X_OK) == 0;
}

// A file made by mkstemp in $TMPDIR (or /tmp), removed when this goes out of scope.
class TempFile {
 public:
  explicit TempFile(const char* stem) {
    const char* dir = std::getenv("TMPDIR");
    std::string pattern = std::string(dir && *dir ? dir : "/tmp") + "/" + stem + "-XXXXXX";
    fd_ = mkstemp(pattern.data());
    if (fd_ < 0)
      throw std::runtime_error("cannot make a temporary file " + pattern + ": " +
                               std::strerror(errno));
    path_ = pattern;
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  ~TempFile() {
    close(fd_);
    unlink(path_.c_str());
  }
  const std::string& path() const { return path_; }
  int fd() const { return fd_; }

  void write_all(const std::string& text) const {
    for (size_t done = 0; done < text.size();) {
      const ssize_t w = write(fd_, text.data() + done, text.size() - done);
      if (w < 0 && errno == EINTR) continue;
      if (w <= 0) throw std::runtime_error("cannot write " + path_ + ": " + std::strerror(errno));
      done += static_cast<size_t>(w);
    }
  }

 private:
  int fd_ = -1;
  std::string path_;
};

// posix_spawn's file actions, destroyed on every path.
struct FileActions {
  posix_spawn_file_actions_t actions;
  FileActions() { posix_spawn_file_actions_init(&actions); }
  ~FileActions() { posix_spawn_file_actions_destroy(&actions); }
  FileActions(const FileActions&) = delete;
  FileActions& operator=(const FileActions&) = delete;
};

// A spawned child that is killed and reaped if it is still running when this goes out of scope
// (an exception while waiting must not leave a process behind).
class Child {
 public:
  explicit Child(pid_t pid) : pid_(pid) {}
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;
  ~Child() {
    if (pid_ > 0) kill_and_reap();
  }
  // The exit status once the child has ended, nullopt while it runs.
  std::optional<int> poll() {
    int status = 0;
    const pid_t got = waitpid(pid_, &status, WNOHANG);
    if (got == 0) return std::nullopt;
    if (got < 0) {
      if (errno == EINTR) return std::nullopt;
      throw std::runtime_error(std::string("waitpid: ") + std::strerror(errno));
    }
    pid_ = -1;
    return status;
  }
  void kill_and_reap() {
    if (pid_ <= 0) return;  // reaped already: never kill(-1, ...)
    kill(pid_, SIGKILL);
    int status = 0;
    while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    pid_ = -1;
  }

 private:
  pid_t pid_;
};

// One run of the binary on a CNF file.
struct Run {
  bool killed = false;  // past its deadline, killed before it answered
  int exit_code = -1;   // when it exited; -1 when a signal ended it
  std::string output;   // stdout and stderr together
  double seconds = 0;   // wall time from spawn to reaping
};

// Runs `binary -q [-t whole_seconds] cnf_path`, killing it at `deadline` (when given).
Run run_cadical(const std::string& binary, const std::string& cnf_path,
                std::optional<Clock::time_point> deadline) {
  std::vector<std::string> args = {binary, "-q"};
  if (deadline) {
    const double left = std::chrono::duration<double>(*deadline - Clock::now()).count();
    args.push_back("-t");
    args.push_back(std::to_string(std::max<long long>(1, std::llround(std::ceil(left)))));
  }
  args.push_back(cnf_path);
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);

  const TempFile output("boundsearch-cadical-out");
  FileActions fa;
  posix_spawn_file_actions_addopen(&fa.actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&fa.actions, output.fd(), 1);
  posix_spawn_file_actions_adddup2(&fa.actions, output.fd(), 2);
  Run run;
  const Clock::time_point start = Clock::now();
  pid_t pid = 0;
  if (const int err = posix_spawn(&pid, binary.c_str(), &fa.actions, nullptr, argv.data(), environ))
    throw std::runtime_error("cannot run " + binary + ": " + std::strerror(err));
  Child child(pid);
  std::optional<int> status;
  // Polled every millisecond: the wait adds at most that to a call, and costs nothing to speak of.
  while (!(status = child.poll())) {
    if (deadline && Clock::now() >= *deadline) {
      child.kill_and_reap();
      run.killed = true;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  run.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  if (status && WIFEXITED(*status)) run.exit_code = WEXITSTATUS(*status);
  run.output = read_file(output.path());
  return run;
}

// The start of a run's output, for an error message.
std::string excerpt(const std::string& output) {
  constexpr size_t kShown = 300;
  return output.empty() ? "(no output)"
                        : output.substr(0, kShown) + (output.size() > kShown ? "..." : "");
}

// CaDiCaL's exit codes, as the SAT competition has them.
constexpr int kExitSat = 10, kExitUnsat = 20, kExitUnknown = 0;

// Calls CaDiCaL on the growing CNF of one instance and keeps the counters.
class Caller {
 public:
  Caller(const Instance& in, const CommonOptions& options)
      : in_(in), binary_(cadical_binary()), cnf_(encode_cnf(in)) {
    if (options.time_limit > 0)
      deadline_ = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                     std::chrono::duration<double>(options.time_limit));
  }

  // One call on the CNF with every grid blocked so far. Unknown when the time ran out.
  SatOutput call() {
    if (deadline_ && Clock::now() >= *deadline_) return {};
    const TempFile file("boundsearch-cnf");
    file.write_all(format_dimacs(cnf_, "futoshiki " + in_.name));
    const Run run = run_cadical(binary_, file.path(), deadline_);
    ++calls_;
    seconds_ += run.seconds;
    if (run.killed) return {};
    const SatOutput out = parse_sat_output(run.output, in_.n, "cadical output");
    check_exit(run, out);
    if (out.answer == SatAnswer::satisfiable) {
      if (const std::string why = verify_solution(in_, out.grid); !why.empty())
        throw std::logic_error("cadical's model is no solution of " + in_.name + ": " + why);
    }
    return out;
  }

  void block(const Grid& grid) { cnf_.clauses.push_back(blocking_clause(grid, in_.n)); }

  void record(Result& r) const {
    r.count("cadical_calls", calls_);
    r.count("cadical_seconds", seconds_);
  }

 private:
  // The exit code must be the answer's; unknown only when CaDiCaL had a time limit to stop at.
  void check_exit(const Run& run, const SatOutput& out) const {
    const int expected = out.answer == SatAnswer::satisfiable     ? kExitSat
                         : out.answer == SatAnswer::unsatisfiable ? kExitUnsat
                                                                  : kExitUnknown;
    if (run.exit_code != expected || (out.answer == SatAnswer::unknown && !deadline_))
      throw std::runtime_error(binary_ + " ended with exit code " + std::to_string(run.exit_code) +
                               " and no answer to match it: " + excerpt(run.output));
  }

  const Instance& in_;
  std::string binary_;
  Cnf cnf_;
  std::optional<Clock::time_point> deadline_;
  int calls_ = 0;
  double seconds_ = 0;
};

void mark_infeasible(Result& r) {
  r.status = Status::infeasible;
  r.stop = StopReason::exhausted;
  r.certificate = {kCadicalUnsat, "CaDiCaL found the direct CNF encoding unsatisfiable", "{}"};
}

// One solution, or the proof there is none.
void solve_once(Caller& cadical, Result& r, Grid& grid) {
  const SatOutput out = cadical.call();
  if (out.answer == SatAnswer::satisfiable) {
    r.status = Status::solved;
    r.stop = StopReason::solution;
    grid = out.grid;
  } else if (out.answer == SatAnswer::unsatisfiable) {
    mark_infeasible(r);
  } else {
    r.stop = StopReason::time_limit;
  }
}

// Solutions one call each, every one found blocked before the next call, until UNSAT (the count
// is complete), the count limit, or the time limit (settle_count then makes the run unknown).
void count_by_blocking(Caller& cadical, uint64_t limit, Result& r, Grid& grid) {
  int64_t found = 0;
  bool complete = false, timed_out = false;
  while (limit == 0 || static_cast<uint64_t>(found) < limit) {
    const SatOutput out = cadical.call();
    if (out.answer == SatAnswer::unknown) {
      timed_out = true;
      break;
    }
    if (out.answer == SatAnswer::unsatisfiable) {
      complete = true;
      break;
    }
    if (found++ == 0) grid = out.grid;
    cadical.block(out.grid);
  }
  r.solution_count = found;
  r.count_complete = complete;
  r.count("solutions", static_cast<double>(found));
  if (found == 0 && complete) {
    mark_infeasible(r);
    return;
  }
  if (found > 0) r.status = Status::solved;
  r.stop = complete    ? StopReason::exhausted
           : timed_out ? StopReason::time_limit
                       : StopReason::solution;
}

}  // namespace

std::string cadical_binary() {
  if (const char* given = std::getenv("BS_CADICAL"); given && *given) {
    if (!is_executable_file(given))
      throw std::invalid_argument(std::string("--method cadical: BS_CADICAL=") + given +
                                  " is no executable file");
    return given;
  }
  const char* path = std::getenv("PATH");
  const std::string dirs = path ? path : "";
  for (size_t p = 0, q; p <= dirs.size(); p = q + 1) {
    q = dirs.find(':', p);
    if (q == std::string::npos) q = dirs.size();
    const std::string dir = q > p ? dirs.substr(p, q - p) : ".";
    if (const std::string candidate = dir + "/cadical"; is_executable_file(candidate))
      return candidate;
  }
  throw std::invalid_argument(
      "--method cadical: no cadical binary on PATH (install the Debian package cadical, or set "
      "BS_CADICAL to its path)");
}

void solve_by_cadical(const Instance& instance, const CommonOptions& options, Result& r,
                      Grid& grid) {
  Caller cadical(instance, options);
  if (options.count)
    count_by_blocking(cadical, options.limit, r, grid);
  else
    solve_once(cadical, r, grid);
  cadical.record(r);
}

}  // namespace bs::futoshiki
