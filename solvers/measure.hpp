// What every solver measures about its own run: wall and CPU seconds, peak memory, threads.
//
// Kept in one place so that every puzzle's Result carries the same counters under the same names,
// which the experiment report relies on.
#pragma once

#include <chrono>

#include "core/options.hpp"
#include "core/result.hpp"

namespace bs {

// --threads, with 0 meaning one per core.
int resolve_threads(const Options& options);

class Meter {
 public:
  Meter();
  double seconds() const;  // wall seconds since construction
  // Appends wall_seconds, cpu_seconds, peak_rss_mb and threads to r's counters.
  void finish(Result& r, int threads) const;

 private:
  std::chrono::steady_clock::time_point start_;
  double cpu_start_;
};

}  // namespace bs
