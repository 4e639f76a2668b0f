// How many random instances a comparison against brute force draws.
//
// The sanitizer builds run the suite tens of times slower than Release, and the LP-heavy tests up
// to a hundred times: CoinFactorization allocates blocks of 160 to 320 KB for every
// factorisation, even of a tiny LP, and ASan serves each block of that size with its own mmap
// and munmap, whose TLB flushes dominate the run on a virtual machine. A sanitizer looks for
// memory and thread errors on the paths a test takes, and a fifth of the sample takes the same
// paths, so under a sanitizer these tests draw a fifth of their instances and their "this case
// must be common" floors shrink with them. The Release run of the suite keeps the full samples.
#pragma once

namespace bs::test {

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
inline constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif
#else
inline constexpr bool kSanitized = false;
#endif

// n under Release; a fifth of n (at least 1) under a sanitizer.
constexpr int samples(int n) {
  return kSanitized ? (n + 4) / 5 : n;
}

}  // namespace bs::test
