#include "solvers/measure.hpp"

#include <omp.h>
#include <sys/resource.h>

namespace bs {

namespace {
double cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_utime.tv_sec + u.ru_stime.tv_sec + 1e-6 * (u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}
double peak_rss_mb() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss / 1024.0;  // Linux reports KiB
}
}  // namespace

int resolve_threads(const Options& options) {
  const int t = static_cast<int>(options.integer("threads"));
  return t > 0 ? t : omp_get_num_procs();
}

Meter::Meter() : start_(std::chrono::steady_clock::now()), cpu_start_(cpu_seconds()) {}

double Meter::seconds() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void Meter::finish(Result& r, int threads) const {
  r.count("wall_seconds", seconds());
  r.count("cpu_seconds", cpu_seconds() - cpu_start_);
  r.count("peak_rss_mb", peak_rss_mb());
  r.count("threads", threads);
}

}  // namespace bs
