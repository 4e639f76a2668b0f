// The 95% Wilson score interval of a binomial proportion: what a win rate over n games is quoted
// with. Unlike the normal approximation it stays inside [0, 1] and behaves at 0 and n wins.
#pragma once

#include <cmath>
#include <cstdint>

namespace bs {

inline void wilson_interval(int64_t wins, int64_t games, double& low, double& high) {
  if (games <= 0) {
    low = 0, high = 1;
    return;
  }
  const double z = 1.959963984540054, n = static_cast<double>(games);
  const double p = static_cast<double>(wins) / n;
  const double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
  const double half = z / (1 + z * z / n) * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n));
  low = centre - half;
  high = centre + half;
}

}  // namespace bs
