// The monotonic clock in nanoseconds, as one integer: what --profile adds up per rule call.
//
// An integer sum of nanoseconds stays exact over billions of calls, where a double of seconds
// would drop the short calls once the total grows; steady_clock is a vDSO read on Linux, about
// 20 ns, which is why timing is opt-in rather than always on.
#pragma once

#include <chrono>
#include <cstdint>

namespace bs {

inline uint64_t monotonic_ns() {
  return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                   std::chrono::steady_clock::now().time_since_epoch())
                                   .count());
}

}  // namespace bs
