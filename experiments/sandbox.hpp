// One run in a child process of its own, under limits, as runsolver and BenchExec do it.
//
// A solver that crashes, loops or eats all memory must cost one row, not the sweep. So each run
// is a child process. The parent forks, and the child, before anything else, dies with the parent
// (PR_SET_PDEATHSIG, so a killed runner leaves no orphans), takes a process group of its own,
// points its stderr at a file and sets RLIMIT_CPU; then it execs a fresh program (the runner's
// own binary, with a hidden subcommand) that reads its run and writes its answer, a JSON text,
// into a pipe. Only async-signal-safe calls stand between fork and exec: the runner may hold
// threads and locks of its own (a Futoshiki [[generate]] leaves an OpenMP pool behind), and a
// forked copy that used them would hang, as 2-thread runs did after a generator. The exec'd
// program starts with none of the runner's state.
//
// The parent keeps the watchdogs: at the wall limit plus a grace period it sends SIGTERM and a
// second later SIGKILL; every 20 ms it reads the child's resident set and CPU time from
// /proc and kills it with SIGKILL at the memory limit (a memout) or at the CPU-time limit (a
// timeout). Resident memory, not address space, is what is limited: a thread's malloc arena
// reserves 64 MiB of address space it never touches, so RLIMIT_AS made a 2-thread run of 20 MB a
// memout under 150 MB. wait4 gives the CPU time (user + system, all threads) and the kernel's peak
// resident set. cgroup v2 memory limits (memory.max, memory.peak) would also count page cache and
// memory of grandchildren; they need a delegated v2 memory controller, which this runner does not
// set up (memory_measure() names the method used, and rows carry it).
//
// Tests may run a function in the forked child instead of exec (ChildTask::in_fork); that is safe
// only for a function that uses no lock or thread pool of the parent, which a test's stand-in can
// promise and a solver cannot.
// Many children may run at once; the caller drives them with Sandbox::wait_any.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace bs::experiments {

struct Limits {
  double wall_seconds = 0;   // the run's time limit; 0 means no wall watchdog
  double grace_seconds = 1;  // extra wall time before SIGTERM, for a solver to stop by itself
  double cpu_seconds = 0;    // user + system time of all its threads; 0 means none
  int64_t memory_mb = 0;     // resident set; 0 means none
};

// How memory was limited and measured: by sampling the child's resident set ("rss-watchdog"), or
// not limited at all ("none"; the peak is still the kernel's, from wait4).
const char* memory_measure(const Limits& limits);

// What a child does: exec `argv` (argv[0] is the program) with the result pipe as fd 3, or, in
// tests only, run `in_fork` in the forked child itself and write what it returns.
struct ChildTask {
  std::vector<std::string> argv;
  std::function<std::string()> in_fork;
};

// The file descriptor on which an exec'd child writes its answer.
inline constexpr int kResultFd = 3;

// What happened to one child, as the parent saw it.
struct ChildOutcome {
  std::string output;               // what the child wrote into the pipe
  std::string stderr_tail;          // the last few hundred bytes of its stderr
  int exit_code = -1;               // when it exited
  int signal = 0;                   // when a signal ended it
  bool killed_by_watchdog = false;  // at the wall limit
  bool killed_at_cpu_limit = false;
  bool out_of_memory = false;  // the child said so (exit code 86), or it reached the memory limit
  std::string memory_measure = "none";
  double wall_seconds = 0, cpu_seconds = 0, peak_rss_mb = 0;
};

// The exit code of a child whose allocation failed (a failed `new` in any thread).
inline constexpr int kExitOutOfMemory = 86;

class Sandbox {
 public:
  // `stderr_dir`: where children's stderr files go (deleted when empty).
  explicit Sandbox(std::string stderr_dir);
  ~Sandbox();  // kills and reaps every child still running

  // Starts a child for `task`. `tag` is returned by wait_any with the outcome. Exceptions from an
  // in_fork function become {"error": what} outputs.
  void start(size_t tag, const Limits& limits, const ChildTask& task);

  size_t running() const { return children_.size(); }

  // Waits up to `max_ms` for some child to end and returns its tag and outcome, or nothing when
  // the time passed first or a signal arrived (so the caller can print progress or stop).
  // Enforces the watchdogs meanwhile. Must not be called with no child running.
  std::optional<std::pair<size_t, ChildOutcome>> wait_any(int max_ms);

 private:
  struct Child {
    size_t tag;
    pid_t pid;
    int fd;  // read end of the pipe
    std::string stderr_path;
    Limits limits;
    std::chrono::steady_clock::time_point start, term_at, kill_at;
    bool term_sent = false, kill_sent = false, cpu_killed = false, memory_killed = false;
    double peak_rss_mb = 0;  // the largest resident set the watchdog saw
    // An exec'd run's command line, NUL-separated: until /proc shows it, the child is still the
    // runner's copy, whose resident set is the runner's, and the watchdog does not sample it.
    std::string exec_cmdline;
    std::string output;
  };
  ChildOutcome reap(Child& c);
  void watch_wall(Child& c, std::chrono::steady_clock::time_point now);
  void watch_usage(Child& c);

  std::string stderr_dir_;
  std::vector<Child> children_;
};

// In the exec'd child: the answer goes to kResultFd; a failed `new` exits with kExitOutOfMemory.
void write_result(const std::string& output);
void exit_on_failed_allocation();

}  // namespace bs::experiments
