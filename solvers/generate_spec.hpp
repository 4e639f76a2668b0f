// The keys every puzzle's [[generate]] table shares, read one way: a whole (or real) number in a
// range, or one clear error naming the key. The runner reports the error with the config's file and
// table.
#pragma once

#include <cctype>
#include <cstdint>
#include <exception>
#include <stdexcept>
#include <string>

#include "core/options.hpp"

namespace bs {

// The value of generator key `key` as a whole number in [lo, hi]; throws std::invalid_argument
// for anything else (a sign or digits only, nothing after them).
inline int64_t generator_whole(const std::string& key, const std::string& value, int64_t lo,
                               int64_t hi) {
  size_t used = 0;
  int64_t x = 0;
  try {
    x = std::stoll(value, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  // std::stoll skips leading white space; a key's value may not have any.
  if (used != value.size() || value.empty() || std::isspace(static_cast<unsigned char>(value[0])) ||
      x < lo || x > hi)
    throw std::invalid_argument("generator key '" + key + "' must be a whole number in [" +
                                std::to_string(lo) + ", " + std::to_string(hi) + "]");
  return x;
}

// The value of generator key `key` as a real number in [lo, hi], or in (lo, hi] when
// `above_lo`; throws std::invalid_argument for anything else (white space, text after the
// number, NaN, infinity). `what` names the number in a few words ("the fraction of safe cells
// open"), so that the one message says what the key is as well as what it may be.
inline double generator_real(const std::string& key, const std::string& value, double lo, double hi,
                             bool above_lo, const std::string& what) {
  size_t used = 0;
  double x = 0;
  try {
    x = std::stod(value, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  // NaN (std::stod reads "nan") fails every comparison, so it is caught by !(x <= hi).
  const bool in_range = (above_lo ? x > lo : x >= lo) && x <= hi;
  if (used != value.size() || value.empty() || std::isspace(static_cast<unsigned char>(value[0])) ||
      !in_range)
    throw std::invalid_argument("generator key '" + key + "' is " + what + ", a number in " +
                                (above_lo ? "(" : "[") + real_text(lo) + ", " + real_text(hi) +
                                "], not '" + value + "'");
  return x;
}

// The ranges of the shared keys: how many puzzles one table makes, and the first seed (seeds
// are exact in a double, which the result rows carry them as).
inline constexpr int64_t kMaxGeneratedCount = 10000;
inline constexpr int64_t kMaxGeneratorSeed = int64_t{1} << 53;

}  // namespace bs
