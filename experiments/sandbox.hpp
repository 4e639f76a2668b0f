// One run in a forked child, under limits, as runsolver and BenchExec do it.
//
// A solver that crashes, loops or eats all memory must cost one row, not the sweep. So each run
// is a child process: the child sets RLIMIT_AS to the memory limit, turns a failed allocation
// into a distinct exit code, and writes its answer (a JSON text) into a pipe; the parent keeps a
// wall-clock watchdog that sends SIGTERM at the limit plus a grace period and SIGKILL a second
// later, and reads the child's CPU time and peak memory from wait4. The child dies with the
// parent (PR_SET_PDEATHSIG), so a killed runner leaves no orphans behind.
//
// The parent is single-threaded and never runs a solver, which is what makes fork() without
// exec() safe here: no OpenMP pool or lock of the parent is copied into a child in a bad state.
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
  double wall_seconds = 0;   // the run's time limit; 0 means no watchdog
  double grace_seconds = 1;  // extra time before SIGTERM, for a solver to stop by itself
  int64_t memory_mb = 0;     // RLIMIT_AS; 0 means none
};

// What happened to one child, as the parent saw it.
struct ChildOutcome {
  std::string output;       // what the child wrote into the pipe
  std::string stderr_tail;  // the last few hundred bytes of its stderr
  int exit_code = -1;       // when it exited
  int signal = 0;           // when a signal ended it
  bool killed_by_watchdog = false;
  bool out_of_memory = false;  // the child said so, or its peak memory reached the limit
  double wall_seconds = 0, cpu_seconds = 0, peak_rss_mb = 0;
};

// The exit code of a child whose allocation failed under RLIMIT_AS: a failed `new` in any thread,
// or a crash (SIGSEGV, SIGBUS, SIGABRT) with the address space within 15 % of the limit, which is
// how C code such as CBC's reacts to a malloc that returned NULL.
inline constexpr int kExitOutOfMemory = 86;

class Sandbox {
 public:
  // `stderr_dir`: where children's stderr files go (deleted when empty).
  explicit Sandbox(std::string stderr_dir);
  ~Sandbox();  // kills and reaps every child still running

  // Forks a child that runs `body` and writes its return value into the pipe. `tag` is returned
  // by wait_any with the outcome. Exceptions from body become {"error": what} outputs.
  void start(size_t tag, const Limits& limits, const std::function<std::string()>& body);

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
    bool term_sent = false, kill_sent = false;
    std::string output;
  };
  ChildOutcome reap(Child& c);

  std::string stderr_dir_;
  std::vector<Child> children_;
};

}  // namespace bs::experiments
