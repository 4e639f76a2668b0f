// Per-unit outcomes of a run, packed as hex: unit i (a game, say) succeeded exactly when bit i % 4
// of hex digit i / 4 is set. Two runs over the same units (the same games of a seed) can then be
// compared unit by unit, which is far more precise than comparing their two rates: the report's
// win-rate table gives McNemar's test against the baseline from these strings
// (experiments/paired.hpp explains the test). 100,000 games take 25,000 characters.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace bs {

inline constexpr char kHexDigits[] = "0123456789abcdef";

inline std::string encode_outcomes(const std::vector<uint8_t>& success) {
  std::string hex((success.size() + 3) / 4, '0');
  for (size_t k = 0; k < hex.size(); ++k) {
    int digit = 0;
    for (size_t b = 0; b < 4 && 4 * k + b < success.size(); ++b)
      digit |= (success[4 * k + b] != 0) << b;
    hex[k] = kHexDigits[digit];
  }
  return hex;
}

// The outcomes of `units` units, or an empty vector when `hex` is not such a string (a character
// that is not a lowercase hex digit, the wrong length, or a bit set past the last unit).
inline std::vector<uint8_t> decode_outcomes(const std::string& hex, size_t units) {
  if (hex.size() != (units + 3) / 4) return {};
  std::vector<uint8_t> success(units);
  for (size_t k = 0; k < hex.size(); ++k) {
    const char c = hex[k];
    const int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    if (digit < 0) return {};
    for (int b = 0; b < 4; ++b) {
      const size_t i = 4 * k + b;
      if (!(digit >> b & 1)) continue;
      if (i >= units) return {};
      success[i] = 1;
    }
  }
  return success;
}

}  // namespace bs
