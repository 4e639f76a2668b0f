// splitmix64 (Steele, Lea and Flood): a 64-bit generator whose state is a counter, so that a
// stream is fixed by its seed alone on every platform. The toolkit's deals, shuffles and test keys
// all draw from it; game i of a Minesweeper run depends on its exact outputs, so it must never
// change.
#pragma once

#include <cstdint>

namespace bs {

// Advances `state` and returns the next output. Distinct states give distinct outputs (the mix
// is a bijection), so a stream does not repeat within 2^64 draws.
inline uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

}  // namespace bs
