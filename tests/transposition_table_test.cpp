// DeadTable under contention, and when it overflows. The table may drop a key whose probe window
// is full, but it must never report a key nobody stored, and the compare-exchange on an empty
// slot must make exactly one of the racing inserts of a key say "stored". The parallel test runs
// under ThreadSanitizer in CI (ctest -R Parallel), so it also proves the table free of data races.
#include "search/transposition_table.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <latch>
#include <thread>
#include <vector>

#include "core/splitmix64.hpp"

namespace {

using bs::splitmix64;

// n distinct nonzero keys: splitmix64 is a bijection of its counter, so no output repeats
std::vector<uint64_t> distinct_keys(uint64_t seed, size_t n) {
  std::vector<uint64_t> keys;
  while (keys.size() < n) {
    const uint64_t k = splitmix64(seed);
    if (k != 0) keys.push_back(k);
  }
  return keys;
}

// n nonzero keys outside `taken`
std::vector<uint64_t> absent_keys(uint64_t seed, size_t n, std::vector<uint64_t> taken) {
  std::sort(taken.begin(), taken.end());
  std::vector<uint64_t> keys;
  while (keys.size() < n) {
    const uint64_t k = splitmix64(seed);
    if (k != 0 && !std::binary_search(taken.begin(), taken.end(), k)) keys.push_back(k);
  }
  return keys;
}

TEST(TranspositionTableParallel, ConcurrentInsertIsExact) {
  constexpr int kWriters = 3;
  constexpr size_t kKeys = 20000;
  bs::search::DeadTable table(1);  // 131072 slots: about 15 % full, so drops are rare
  const std::vector<uint64_t> keys = distinct_keys(1, kKeys);
  const std::vector<uint64_t> absent = absent_keys(2, 50000, keys);

  // Writer w inserts every key whose index is not w modulo kWriters, so each key is raced for by
  // two writers; even writers go forwards and odd ones backwards. A reader asks for keys nobody
  // inserts until the writers are done.
  std::vector<std::vector<char>> stored(kWriters, std::vector<char>(kKeys, 0));
  std::atomic<size_t> false_hits{0};
  std::atomic<int> writers_done{0};
  std::latch start(kWriters + 1);
  std::vector<std::thread> threads;
  for (int w = 0; w < kWriters; ++w) {
    threads.emplace_back([&, w] {
      start.arrive_and_wait();
      for (size_t n = 0; n < kKeys; ++n) {
        const size_t i = w % 2 == 0 ? n : kKeys - 1 - n;
        if (i % kWriters != static_cast<size_t>(w)) stored[w][i] = table.insert(keys[i]);
      }
      ++writers_done;
    });
  }
  threads.emplace_back([&] {
    start.arrive_and_wait();
    size_t hits = 0;
    do {
      for (uint64_t k : absent) hits += table.contains(k);
    } while (writers_done.load() < kWriters);
    false_hits = hits;
  });
  for (std::thread& t : threads) t.join();

  EXPECT_EQ(false_hits.load(), 0u) << "a key nobody inserted was reported during the inserts";
  size_t dropped = 0;
  for (size_t i = 0; i < kKeys; ++i) {
    int owners = 0;
    for (int w = 0; w < kWriters; ++w) owners += stored[w][i];
    ASSERT_LE(owners, 1) << "key " << i << " stored by two threads";
    // stored by one thread <=> in the table: a stored key stays, a dropped key is never there
    ASSERT_EQ(table.contains(keys[i]), owners == 1) << "key " << i;
    dropped += owners == 0;
  }
  EXPECT_LE(dropped, kKeys / 1000) << "the table should hardly drop anything at this load";
  for (uint64_t k : absent) ASSERT_FALSE(table.contains(k));
  // once stored, a key is present to every later insert
  for (size_t i = 0; i < kKeys; ++i) {
    if (table.contains(keys[i])) {
      ASSERT_FALSE(table.insert(keys[i]));
    }
  }
}

TEST(TranspositionTable, FullWindowsDropKeysWithoutFalsePositives) {
  bs::search::DeadTable table(1);
  const size_t capacity = table.capacity();
  // Three keys per slot: by pigeonhole most must be dropped, and nearly every window fills.
  const std::vector<uint64_t> keys = distinct_keys(3, 3 * capacity);
  std::vector<char> stored(keys.size());
  size_t kept = 0;
  for (size_t i = 0; i < keys.size(); ++i) {
    stored[i] = table.insert(keys[i]);
    kept += stored[i];
  }
  EXPECT_LE(kept, capacity);
  EXPECT_GE(kept, capacity - capacity / 100) << "a full table should have nearly no empty slot";
  for (size_t i = 0; i < keys.size(); ++i) {
    // a dropped key must stay absent: its window is full of other keys
    ASSERT_EQ(table.contains(keys[i]), stored[i] != 0) << "key " << i;
    if (stored[i]) {
      ASSERT_FALSE(table.insert(keys[i])) << "key " << i;
    }
  }
  for (uint64_t k : absent_keys(4, 100000, keys)) ASSERT_FALSE(table.contains(k));
  EXPECT_FALSE(table.insert(0));
  EXPECT_FALSE(table.contains(0));
}

// Tagged keys live in a region at the front of the table: the region fills on its own, at its own
// size, while untagged keys keep the whole table and tagged ones are never confused with them.
TEST(TranspositionTable, TaggedKeysStayInTheirRegion) {
  constexpr uint64_t kTag = uint64_t{1} << 63;
  bs::search::DeadTable table(1);
  const size_t region = table.set_tag_region(kTag, 1000);
  EXPECT_EQ(region, 512u) << "rounded down to a power of two";
  std::vector<uint64_t> keys = distinct_keys(5, 4 * region);
  size_t kept = 0;
  for (uint64_t& k : keys) {
    k = (k >> 1) | kTag;
    kept += table.insert_exact(k) == bs::search::DeadTable::Stored::added;
  }
  EXPECT_EQ(kept, region) << "four keys a slot fill the region exactly, and no more";
  // The rest of the table is still free for untagged keys, far beyond the region's size.
  const std::vector<uint64_t> plain = distinct_keys(6, table.capacity() / 2);
  size_t stored = 0;
  for (uint64_t k : plain) stored += table.insert(k >> 1);
  EXPECT_GE(stored, plain.size() * 9 / 10);
  size_t found = 0;
  for (uint64_t k : keys) found += table.contains(k);
  EXPECT_EQ(found, region) << "untagged inserts never evict a tagged key";
}

}  // namespace
