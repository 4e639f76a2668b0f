#include "experiments/sandbox.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <new>
#include <nlohmann/json.hpp>
#include <stdexcept>

namespace bs::experiments {

namespace {

using Clock = std::chrono::steady_clock;

void write_all(int fd, const std::string& s) {
  size_t done = 0;
  while (done < s.size()) {
    const ssize_t n = ::write(fd, s.data() + done, s.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    done += static_cast<size_t>(n);
  }
}

[[noreturn]] void out_of_memory() {
  ::_exit(kExitOutOfMemory);
}

// How often the parent reads a limited child's resident set and CPU time. A run that allocates a
// GB a second overshoots its limit by about 20 MB before it is killed.
constexpr auto kSampleEvery = std::chrono::milliseconds(20);

// What the forked child needs between fork and exec, prepared by the parent: after fork only
// async-signal-safe calls may run (no allocation), since another thread of the parent may have
// held the allocator's lock at the fork.
struct ChildSetup {
  pid_t parent;
  int result_fd;
  const char* stderr_path;
  rlim_t cpu_rlimit;  // whole seconds; 0: none
  char* const* argv;  // null: run the in_fork function
};

// Runs in the forked child: everything that makes it a sandboxed run, up to exec.
void enter_sandbox(const ChildSetup& s) {
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);       // survives exec
  if (::getppid() != s.parent) ::_exit(1);  // the parent died before prctl took effect
  // A group of its own: a Ctrl-C or a job-wide SIGTERM reaches the runner, which ends its
  // children itself and writes no row for them, rather than recording them as crashed.
  ::setpgid(0, 0);
  for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGXCPU}) ::signal(sig, SIG_DFL);
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  const int null_fd = ::open("/dev/null", O_RDWR | O_CLOEXEC);
  if (null_fd >= 0) {
    ::dup2(null_fd, STDIN_FILENO);
    ::dup2(null_fd, STDOUT_FILENO);
  }
  const int err_fd = ::open(s.stderr_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (err_fd >= 0) ::dup2(err_fd, STDERR_FILENO);
  rlimit no_core{0, 0};
  ::setrlimit(RLIMIT_CORE, &no_core);
  // The kernel's own CPU limit, in whole seconds, behind the watchdog's finer one: SIGXCPU at the
  // soft limit, SIGKILL a second later.
  if (s.cpu_rlimit > 0) {
    rlimit cpu{s.cpu_rlimit, s.cpu_rlimit + 1};
    ::setrlimit(RLIMIT_CPU, &cpu);
  }
}

[[noreturn]] void exec_run(const ChildSetup& s) {
  if (s.result_fd == kResultFd)
    ::fcntl(kResultFd, F_SETFD, 0);  // dup2 onto itself would keep close-on-exec
  else
    ::dup2(s.result_fd, kResultFd);
  ::execv(s.argv[0], s.argv);
  static const char msg[] = "boundsearch: cannot exec the run\n";
  (void)!::write(STDERR_FILENO, msg, sizeof msg - 1);
  ::_exit(127);
}

// Tests only: the function runs in the forked child, as a whole run would.
[[noreturn]] void run_in_fork(int fd, const std::function<std::string()>& body) {
  exit_on_failed_allocation();
  std::string output;
  try {
    output = body();
  } catch (const std::bad_alloc&) {
    out_of_memory();
  } catch (const std::exception& e) {
    output = nlohmann::json{{"error", e.what()}}.dump();
  } catch (...) {
    output = R"({"error": "unknown exception"})";
  }
  write_all(fd, output);
  ::_exit(0);  // no atexit handlers: they belong to the parent's copy of the program
}

// The CPU time (user + system, all threads) and resident set of a running child, from
// /proc/<pid>/stat; false when it cannot be read (the child is gone).
struct Usage {
  double cpu_seconds = 0, rss_mb = 0;
};
// Whether /proc/<pid>/cmdline is `cmdline` (arguments NUL-separated): the child has exec'd.
bool shows_cmdline(pid_t pid, const std::string& cmdline) {
  char path[64];
  std::snprintf(path, sizeof path, "/proc/%d/cmdline", static_cast<int>(pid));
  const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  std::string seen(cmdline.size() + 1, '\0');
  const ssize_t n = ::read(fd, seen.data(), seen.size());
  ::close(fd);
  return n == static_cast<ssize_t>(cmdline.size()) && seen.compare(0, cmdline.size(), cmdline) == 0;
}

bool read_usage(pid_t pid, Usage& u) {
  char path[64], buf[1024];
  std::snprintf(path, sizeof path, "/proc/%d/stat", static_cast<int>(pid));
  const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  const ssize_t n = ::read(fd, buf, sizeof buf - 1);
  ::close(fd);
  if (n <= 0) return false;
  buf[n] = 0;
  // The command name may hold spaces and parentheses: fields are counted after the last ')'.
  const char* p = std::strrchr(buf, ')');
  if (!p) return false;
  unsigned long long utime = 0, stime = 0;
  long long rss_pages = 0;
  // Fields 3..24: state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime
  // stime cutime cstime priority nice threads itrealvalue starttime vsize rss.
  if (std::sscanf(p + 1,
                  " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu %*d %*d %*d %*d "
                  "%*d %*d %*u %*u %lld",
                  &utime, &stime, &rss_pages) != 3)
    return false;
  static const double tick = static_cast<double>(::sysconf(_SC_CLK_TCK));
  static const double page_mb = static_cast<double>(::sysconf(_SC_PAGESIZE)) / (1 << 20);
  u.cpu_seconds = static_cast<double>(utime + stime) / tick;
  u.rss_mb = static_cast<double>(rss_pages) * page_mb;
  return true;
}

std::string tail_of(const std::string& path, size_t bytes) {
  std::string out;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return out;
  const off_t size = ::lseek(fd, 0, SEEK_END);
  if (size > 0) {
    const off_t from = std::max<off_t>(0, size - static_cast<off_t>(bytes));
    out.resize(static_cast<size_t>(size - from));
    const ssize_t n = ::pread(fd, out.data(), out.size(), from);
    out.resize(n > 0 ? static_cast<size_t>(n) : 0);
  }
  ::close(fd);
  return out;
}

}  // namespace

const char* memory_measure(const Limits& limits) {
  return limits.memory_mb > 0 ? "rss-watchdog" : "none";
}

void write_result(const std::string& output) {
  write_all(kResultFd, output);
}

void exit_on_failed_allocation() {
  std::set_new_handler(out_of_memory);  // any thread's failed `new` ends the run as a memout
}

Sandbox::Sandbox(std::string stderr_dir) : stderr_dir_(std::move(stderr_dir)) {}

Sandbox::~Sandbox() {
  for (auto& c : children_) {
    ::kill(c.pid, SIGKILL);
    ::waitpid(c.pid, nullptr, 0);
    if (c.fd >= 0) ::close(c.fd);
  }
}

void Sandbox::start(size_t tag, const Limits& limits, const ChildTask& task) {
  Child c;
  c.tag = tag;
  c.limits = limits;
  for (const auto& a : task.argv) c.exec_cmdline += a + '\0';
  // The pid keeps apart the runners (shards, MPI ranks) that share one output directory.
  c.stderr_path =
      stderr_dir_ + "/run-" + std::to_string(::getpid()) + "-" + std::to_string(tag) + ".stderr";
  std::vector<char*> argv;
  for (const auto& a : task.argv) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0)
    throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
  const ChildSetup setup{::getpid(), fds[1], c.stderr_path.c_str(),
                         static_cast<rlim_t>(std::ceil(limits.cpu_seconds)),
                         task.argv.empty() ? nullptr : argv.data()};
  const pid_t pid = ::fork();
  if (pid < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
  }
  if (pid == 0) {
    ::close(fds[0]);
    enter_sandbox(setup);
    if (setup.argv) exec_run(setup);
    run_in_fork(fds[1], task.in_fork);
  }
  ::setpgid(pid, pid);  // as the child does, so that no signal to the group finds it unset
  ::close(fds[1]);
  ::fcntl(fds[0], F_SETFL, O_NONBLOCK);
  c.pid = pid;
  c.fd = fds[0];
  c.start = Clock::now();
  if (limits.wall_seconds > 0) {
    c.term_at = c.start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(
                              limits.wall_seconds + limits.grace_seconds));
    c.kill_at = c.term_at + std::chrono::seconds(1);
  }
  children_.push_back(std::move(c));
}

ChildOutcome Sandbox::reap(Child& c) {
  ChildOutcome o;
  int status = 0;
  rusage ru{};
  while (::wait4(c.pid, &status, 0, &ru) < 0 && errno == EINTR) {
  }
  o.wall_seconds = std::chrono::duration<double>(Clock::now() - c.start).count();
  // wait4's times are the child's user and system time over all its threads.
  o.cpu_seconds = static_cast<double>(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
                  static_cast<double>(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-6;
  // The kernel's peak resident set (Linux reports KiB), or the watchdog's, if it saw more.
  o.peak_rss_mb = std::max(static_cast<double>(ru.ru_maxrss) / 1024.0, c.peak_rss_mb);
  o.memory_measure = memory_measure(c.limits);
  if (WIFEXITED(status)) o.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) o.signal = WTERMSIG(status);
  o.killed_by_watchdog = c.term_sent;
  const double cpu_limit = c.limits.cpu_seconds;
  o.killed_at_cpu_limit =
      c.cpu_killed || (cpu_limit > 0 && (o.signal == SIGXCPU ||
                                         (o.signal == SIGKILL && o.cpu_seconds >= cpu_limit)));
  // A SIGKILL that no watchdog sent, at the memory limit, is a memout too: the kernel's OOM
  // killer, when the machine ran out before the watchdog looked. Any other signal (the wall
  // watchdog's SIGTERM, a crash) keeps its own status, however large the run was.
  o.out_of_memory =
      o.exit_code == kExitOutOfMemory || c.memory_killed ||
      (o.signal == SIGKILL && !c.kill_sent && !c.cpu_killed && c.limits.memory_mb > 0 &&
       o.peak_rss_mb >= 0.97 * static_cast<double>(c.limits.memory_mb));
  o.output = std::move(c.output);
  o.stderr_tail = tail_of(c.stderr_path, 600);
  ::unlink(c.stderr_path.c_str());  // the tail goes into the row; the file would only pile up
  return o;
}

// The wall-clock watchdog: SIGTERM at the limit plus the grace period, SIGKILL a second later.
void Sandbox::watch_wall(Child& c, Clock::time_point now) {
  if (c.limits.wall_seconds <= 0) return;
  if (!c.term_sent && now >= c.term_at) {
    ::kill(c.pid, SIGTERM);
    c.term_sent = true;
  }
  if (c.term_sent && !c.kill_sent && now >= c.kill_at) {
    ::kill(c.pid, SIGKILL);
    c.kill_sent = true;
  }
}

// The resident-set and CPU-time watchdog: SIGKILL at either limit. A solver cannot stop itself at
// them (it knows only its wall limit), so there is no grace period.
void Sandbox::watch_usage(Child& c) {
  if (c.memory_killed || c.cpu_killed) return;
  if (!c.exec_cmdline.empty()) {
    if (!shows_cmdline(c.pid, c.exec_cmdline)) return;  // not exec'd yet
    c.exec_cmdline.clear();
  }
  Usage u;
  if (!read_usage(c.pid, u)) return;
  c.peak_rss_mb = std::max(c.peak_rss_mb, u.rss_mb);
  if (c.limits.memory_mb > 0 && u.rss_mb >= static_cast<double>(c.limits.memory_mb)) {
    ::kill(c.pid, SIGKILL);
    c.memory_killed = true;
  } else if (c.limits.cpu_seconds > 0 && u.cpu_seconds >= c.limits.cpu_seconds) {
    ::kill(c.pid, SIGKILL);
    c.cpu_killed = true;
  }
}

std::optional<std::pair<size_t, ChildOutcome>> Sandbox::wait_any(int max_ms) {
  if (children_.empty()) throw std::logic_error("Sandbox::wait_any with no child");
  std::vector<pollfd> pfds;
  const auto give_up = Clock::now() + std::chrono::milliseconds(max_ms);
  const auto ms_until = [](Clock::time_point then, Clock::time_point now) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(then - now).count() + 1;
  };
  for (;;) {
    const auto now = Clock::now();
    if (now >= give_up) return std::nullopt;
    auto timeout_ms = ms_until(give_up, now);
    for (auto& c : children_) {
      watch_wall(c, now);
      if (c.limits.wall_seconds > 0 && !c.kill_sent)
        timeout_ms = std::min(timeout_ms, ms_until(c.term_sent ? c.kill_at : c.term_at, now));
      if (c.limits.memory_mb > 0 || c.limits.cpu_seconds > 0) {
        watch_usage(c);
        timeout_ms = std::min<decltype(timeout_ms)>(timeout_ms, kSampleEvery.count());
      }
    }
    pfds.clear();
    for (auto& c : children_) pfds.push_back({c.fd, POLLIN, 0});
    const int n = ::poll(pfds.data(), pfds.size(), static_cast<int>(timeout_ms));
    if (n < 0 && errno == EINTR) return std::nullopt;  // a signal: let the caller look
    if (n < 0) throw std::runtime_error(std::string("poll: ") + std::strerror(errno));
    for (size_t i = 0; n > 0 && i < children_.size(); ++i) {
      if (!pfds[i].revents) continue;
      Child& c = children_[i];
      char buf[65536];
      bool eof = false;
      for (;;) {
        const ssize_t got = ::read(c.fd, buf, sizeof buf);
        if (got > 0) {
          c.output.append(buf, static_cast<size_t>(got));
          continue;
        }
        if (got < 0 && errno == EINTR) continue;
        eof = got == 0 || (errno != EAGAIN && errno != EWOULDBLOCK);
        break;
      }
      if (!eof) continue;
      ::close(c.fd);
      c.fd = -1;
      ChildOutcome o = reap(c);
      const size_t tag = c.tag;
      children_.erase(children_.begin() + static_cast<std::ptrdiff_t>(i));
      return std::make_pair(tag, std::move(o));
    }
  }
}

}  // namespace bs::experiments
