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

// Set in the child only: its address-space limit in KiB, for the crash handler.
long g_limit_kib = 0;

// A field of /proc/self/status in KiB ("VmSize:", "VmPeak:"), read with async-signal-safe calls.
long status_kib(const char* field) {
  char buf[4096];
  const int fd = ::open("/proc/self/status", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  const ssize_t n = ::read(fd, buf, sizeof buf - 1);
  ::close(fd);
  if (n <= 0) return 0;
  buf[n] = 0;
  const char* p = std::strstr(buf, field);
  if (!p) return 0;
  p += std::strlen(field);
  while (*p == ' ' || *p == '\t') ++p;
  long kib = 0;
  while (*p >= '0' && *p <= '9') kib = kib * 10 + (*p++ - '0');
  return kib;
}

void write_number(int fd, long v) {
  char digits[24];
  int n = 0;
  do digits[n++] = static_cast<char>('0' + v % 10);
  while ((v /= 10) > 0 && n < 24);
  while (n > 0) (void)!::write(fd, &digits[--n], 1);
}

// A crash close to the address-space limit is taken for a memory-out: C code (CBC's, for one)
// does not throw when malloc returns NULL, it dereferences it or fails an assertion. "Close" is
// either the peak within 15 % of the limit or less than half the limit (at most 256 MiB) left
// now, where one failed large request would have stood (CBC's cut generators ask for tens of MiB
// at once). A real bug in a run that also sits
// near its limit is misread this way; the handler says on stderr, so the row's error shows it.
void crash_handler(int sig) {
  const long peak = status_kib("VmPeak:"), size = status_kib("VmSize:");
  const long left = g_limit_kib - size;
  const long room = g_limit_kib / 2 < 262144 ? g_limit_kib / 2 : 262144;
  if (g_limit_kib > 0 && (peak * 100 >= g_limit_kib * 85 || left < room)) {
    static const char a[] = "boundsearch: crashed with ", b[] = " KiB of address space left of ",
                      c[] = " KiB: counted as out of memory\n";
    (void)!::write(STDERR_FILENO, a, sizeof a - 1);
    write_number(STDERR_FILENO, left > 0 ? left : 0);
    (void)!::write(STDERR_FILENO, b, sizeof b - 1);
    write_number(STDERR_FILENO, g_limit_kib);
    (void)!::write(STDERR_FILENO, c, sizeof c - 1);
    out_of_memory();
  }
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

void install_crash_handlers() {
  static char alt_stack[1 << 16];  // the handler must run even when the fault is a stack overflow
  stack_t ss{};
  ss.ss_sp = alt_stack;
  ss.ss_size = sizeof alt_stack;
  ::sigaltstack(&ss, nullptr);
  struct sigaction sa {};
  sa.sa_handler = crash_handler;
  sa.sa_flags = SA_ONSTACK | SA_RESETHAND;
  for (int sig : {SIGSEGV, SIGBUS, SIGABRT}) ::sigaction(sig, &sa, nullptr);
}

// Runs in the child; never returns.
[[noreturn]] void child_main(int fd, const std::string& stderr_path, pid_t parent,
                             const Limits& limits, const std::function<std::string()>& body) {
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != parent) ::_exit(1);  // the parent died before prctl took effect
  // A group of its own: a Ctrl-C or a job-wide SIGTERM reaches the runner, which ends its
  // children itself and writes no row for them, rather than recording them as crashed.
  ::setpgid(0, 0);
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) ::signal(sig, SIG_DFL);
  const int null_fd = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
  if (null_fd >= 0) ::dup2(null_fd, STDOUT_FILENO);
  const int err_fd = ::open(stderr_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (err_fd >= 0) ::dup2(err_fd, STDERR_FILENO);
  rlimit no_core{0, 0};
  ::setrlimit(RLIMIT_CORE, &no_core);
  if (limits.memory_mb > 0) {
    const rlim_t bytes = static_cast<rlim_t>(limits.memory_mb) << 20;
    rlimit as{bytes, bytes};
    ::setrlimit(RLIMIT_AS, &as);
    g_limit_kib = static_cast<long>(limits.memory_mb) * 1024;
    install_crash_handlers();
  }
  // Any thread's failed `new` ends the run as out of memory, not as a crash.
  std::set_new_handler(out_of_memory);
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

Sandbox::Sandbox(std::string stderr_dir) : stderr_dir_(std::move(stderr_dir)) {}

Sandbox::~Sandbox() {
  for (auto& c : children_) {
    ::kill(c.pid, SIGKILL);
    ::waitpid(c.pid, nullptr, 0);
    if (c.fd >= 0) ::close(c.fd);
  }
}

void Sandbox::start(size_t tag, const Limits& limits, const std::function<std::string()>& body) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0)
    throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
  Child c;
  c.tag = tag;
  c.limits = limits;
  // The pid keeps apart the runners (shards, MPI ranks) that share one output directory.
  c.stderr_path =
      stderr_dir_ + "/run-" + std::to_string(::getpid()) + "-" + std::to_string(tag) + ".stderr";
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
  }
  if (pid == 0) {
    ::close(fds[0]);
    child_main(fds[1], c.stderr_path, parent, limits, body);
  }
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
  o.cpu_seconds = static_cast<double>(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
                  static_cast<double>(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-6;
  o.peak_rss_mb = static_cast<double>(ru.ru_maxrss) / 1024.0;  // Linux reports KiB
  if (WIFEXITED(status)) o.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) o.signal = WTERMSIG(status);
  o.killed_by_watchdog = c.term_sent;
  o.out_of_memory = o.exit_code == kExitOutOfMemory ||
                    (o.signal != 0 && c.limits.memory_mb > 0 &&
                     o.peak_rss_mb >= 0.97 * static_cast<double>(c.limits.memory_mb));
  o.output = std::move(c.output);
  o.stderr_tail = tail_of(c.stderr_path, 600);
  ::unlink(c.stderr_path.c_str());  // the tail goes into the row; the file would only pile up
  return o;
}

std::optional<std::pair<size_t, ChildOutcome>> Sandbox::wait_any(int max_ms) {
  if (children_.empty()) throw std::logic_error("Sandbox::wait_any with no child");
  std::vector<pollfd> pfds;
  const auto give_up = Clock::now() + std::chrono::milliseconds(max_ms);
  for (;;) {
    const auto now = Clock::now();
    if (now >= give_up) return std::nullopt;
    int timeout_ms = static_cast<int>(
        std::chrono::duration_cast<std::chrono::milliseconds>(give_up - now).count() + 1);
    for (auto& c : children_) {
      if (c.limits.wall_seconds <= 0) continue;
      if (!c.term_sent && now >= c.term_at) {
        ::kill(c.pid, SIGTERM);
        c.term_sent = true;
      }
      if (c.term_sent && !c.kill_sent && now >= c.kill_at) {
        ::kill(c.pid, SIGKILL);
        c.kill_sent = true;
      }
      if (!c.kill_sent) {
        const auto next = c.term_sent ? c.kill_at : c.term_at;
        const auto ms =
            std::chrono::duration_cast<std::chrono::milliseconds>(next - now).count() + 1;
        if (ms < timeout_ms) timeout_ms = static_cast<int>(ms);
      }
    }
    pfds.clear();
    for (auto& c : children_) pfds.push_back({c.fd, POLLIN, 0});
    const int n = ::poll(pfds.data(), pfds.size(), timeout_ms);
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
