// A shared set of positions known to be dead (no solution below them).
//
// DeadTable is Stockfish's idea cut down to a set: an array of 64-bit atomic words, open
// addressing over a short probe window (one cache line), no locks. A slot is claimed by one
// compare-and-swap, so no key is ever stored twice; a full window simply drops the key. For dead
// positions that is harmless because the table is a cache: a missing entry costs a re-search,
// never a wrong answer. Callers that need every key kept use insert_exact, which reports a drop.
// bench/table_bench.cpp measures it against libcuckoo and tbb::concurrent_hash_map (figures in
// docs/history/peg.md); it is several times faster than both at insert-if-absent.
//
// The table also holds the backward frontier of the bidirectional search
// (search/bidirectional.hpp): those keys carry a tag bit of the caller's, so the two sets never
// meet, and set_tag_region() keeps them in a region at the front of the table. A frontier of
// 20,000 keys hashed over a 32 MB table would touch nearly every page of it, and those first-touch
// page faults once cost more than the whole English central game; in a region of 16 slots per
// key it touches a few hundred pages and stays in cache for the per-node goal probe. Untagged
// keys still use the whole table, region included.
// What must never happen is a false "dead", so a slot holds the key itself, not a hash of it,
// and keys are exact encodings of a position (a peg board of up to 64 holes is its own key).
// Key 0 is the empty-slot marker and is never stored.
//
// WideDeadTable is the same contract for keys wider than 64 bits, with striped locks; it is the
// correct-but-slower path for big boards, until a packed lock-free layout earns its place.
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <unordered_set>
#include <vector>

namespace bs::search {

class DeadTable {
 public:
  static constexpr int kProbe = 8;  // one cache line of slots

  explicit DeadTable(size_t megabytes) {
    size_t slots = std::bit_floor(std::max<size_t>(megabytes, 1) * (1u << 20) / sizeof(uint64_t));
    mask_ = slots - 1;
    // calloc leaves the pages to the kernel's zero page until first touch, so a large table that
    // a short search barely uses costs nothing to set up.
    slots_.reset(static_cast<std::atomic<uint64_t>*>(std::calloc(slots, sizeof(uint64_t))));
    if (!slots_) throw std::bad_alloc();
  }

  bool contains(uint64_t key) const {
    if (key == 0) return false;
    size_t i = start(key);
    for (int p = 0; p < kProbe; ++p, i = (i + 1) & mask_) {
      const uint64_t v = slots_[i].load(std::memory_order_relaxed);
      if (v == key) return true;
      if (v == 0) return false;
    }
    return false;
  }

  // Returns true if this call stored the key.
  bool insert(uint64_t key) {
    if (key == 0) return false;
    size_t i = start(key);
    for (int p = 0; p < kProbe; ++p, i = (i + 1) & mask_) {
      uint64_t v = slots_[i].load(std::memory_order_relaxed);
      if (v == key) return false;
      if (v == 0 && slots_[i].compare_exchange_strong(v, key, std::memory_order_relaxed))
        return true;
      if (v == key) return false;
    }
    return false;  // window full: dropped
  }

  // Insert-if-absent that says when the key was dropped. Callers that need every key kept (the
  // backward frontier of a bidirectional search, whose absence would read as "unreachable")
  // check for `full` and give up what they were building instead of trusting the table.
  enum class Stored { added, present, full };
  Stored insert_exact(uint64_t key) {
    if (key == 0) return Stored::full;  // the empty-slot marker cannot be a key
    size_t i = start(key);
    for (int p = 0; p < kProbe; ++p, i = (i + 1) & mask_) {
      uint64_t v = slots_[i].load(std::memory_order_relaxed);
      if (v == key) return Stored::present;
      if (v == 0 && slots_[i].compare_exchange_strong(v, key, std::memory_order_relaxed))
        return Stored::added;
      if (v == key) return Stored::present;
    }
    return Stored::full;
  }

  size_t capacity() const { return mask_ + 1; }

  // From now on, keys with any bit of `tag` set live in the first `slots` slots (rounded down to
  // a power of two, at least one window, at most the capacity). Call it before storing any such
  // key. Returns the region's size in slots.
  size_t set_tag_region(uint64_t tag, size_t slots) {
    const size_t region = std::bit_floor(std::clamp<size_t>(slots, kProbe, capacity()));
    tag_ = tag;
    region_mask_ = region - 1;
    return region;
  }

 private:
  size_t start(uint64_t key) const {
    const size_t mask = (key & tag_) ? region_mask_ : mask_;
    // Murmur3's finaliser: boards put their pegs in the low bits, so spread them out.
    key ^= key >> 33;
    key *= 0xff51afd7ed558ccdULL;
    key ^= key >> 33;
    return key & mask & ~size_t(kProbe - 1);
  }

  struct Free {
    void operator()(std::atomic<uint64_t>* p) const { std::free(p); }
  };
  std::unique_ptr<std::atomic<uint64_t>[], Free> slots_;
  size_t mask_ = 0;
  uint64_t tag_ = 0;  // keys with these bits go to the region [0, region_mask_]
  size_t region_mask_ = 0;
};

template <class Key, class Hash>
class WideDeadTable {
 public:
  static constexpr int kStripes = 64;

  explicit WideDeadTable(size_t megabytes)
      : limit_(std::max<size_t>(megabytes, 1) * (1u << 20) / (sizeof(Key) * 3) / kStripes) {}

  bool contains(const Key& key) const {
    const Stripe& s = stripe(key);
    std::lock_guard lock(s.mutex);
    return s.keys.count(key) != 0;
  }

  bool insert(const Key& key) {
    Stripe& s = stripe(key);
    std::lock_guard lock(s.mutex);
    if (s.keys.size() >= limit_) return false;  // full: drop, as the lock-free table does
    return s.keys.insert(key).second;
  }

 private:
  struct alignas(64) Stripe {
    mutable std::mutex mutex;
    std::unordered_set<Key, Hash> keys;
  };
  const Stripe& stripe(const Key& k) const { return stripes_[Hash{}(k) % kStripes]; }
  Stripe& stripe(const Key& k) { return stripes_[Hash{}(k) % kStripes]; }

  size_t limit_;
  Stripe stripes_[kStripes];
};

}  // namespace bs::search
