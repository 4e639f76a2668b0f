// The Futoshiki integer program against a brute-force oracle written here.
//
// The oracle fills the cells in row-major order and checks rows, columns and inequalities as soon
// as both ends are filled; it knows nothing of the IP, so agreeing on feasibility and on the
// number of solutions (up to 3) over hundreds of random instances is real evidence that the rows,
// the clique form of the inequalities and the no-good cuts are right. Instances are planted
// (givens and inequalities read off a random Latin square, so at least one solution exists),
// planted and then corrupted (one given changed or one inequality flipped, often infeasible), or
// drawn blindly; all come from fixed seeds.
#include "ilp/futoshiki/ip.hpp"

#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <numeric>
#include <random>
#include <sstream>

#include "tests/sample_size.hpp"

namespace bs::ilp {
namespace {

using futoshiki::Grid;
using futoshiki::Inequality;
using futoshiki::Instance;

struct Oracle {
  int count = 0;  // capped at the cap given
  Grid first;     // the first solution in row-major lexicographic order
};

Oracle brute_force(const Instance& in, int cap) {
  const int n = in.n, cells = n * n;
  // Givens count as filled from the start: they sit in the row and column masks, so an empty
  // cell never tries a value given elsewhere in its lines, and an inequality is checked as soon
  // as its last empty end is filled. Without this a clash with a late given was found only after
  // every earlier cell had been filled, which made infeasible 6x6 instances slow.
  Oracle out;
  std::vector<unsigned> row(n, 0), col(n, 0);
  for (int c = 0; c < cells; ++c) {
    const int v = in.givens[c];
    if (v == 0) continue;
    const unsigned bit = 1u << v;
    if ((row[c / n] | col[c % n]) & bit) return out;
    row[c / n] |= bit, col[c % n] |= bit;
  }
  Grid g = in.givens;
  std::vector<std::vector<Inequality>> at(cells);
  for (const auto& q : in.inequalities) {
    const int last =
        std::max(in.givens[q.greater] ? -1 : q.greater, in.givens[q.smaller] ? -1 : q.smaller);
    if (last >= 0)
      at[last].push_back(q);
    else if (g[q.greater] <= g[q.smaller])
      return out;
  }
  auto fill = [&](auto&& self, int c) -> void {
    while (c < cells && in.givens[c]) ++c;
    if (c == cells) {
      if (out.count++ == 0) out.first = g;
      return;
    }
    const int i = c / n, j = c % n;
    for (int v = 1; v <= n && out.count < cap; ++v) {
      const unsigned bit = 1u << v;
      if ((row[i] | col[j]) & bit) continue;
      g[c] = v;
      bool ok = true;
      for (const auto& q : at[c]) ok = ok && g[q.greater] > g[q.smaller];
      if (ok) {
        row[i] |= bit, col[j] |= bit;
        self(self, c + 1);
        row[i] &= ~bit, col[j] &= ~bit;
      }
      g[c] = 0;
    }
  };
  fill(fill, 0);
  return out;
}

Grid random_latin_square(int n, std::mt19937& rng) {
  std::vector<int> r(n), c(n), s(n);
  std::iota(r.begin(), r.end(), 0);
  std::iota(c.begin(), c.end(), 0);
  std::iota(s.begin(), s.end(), 1);
  std::shuffle(r.begin(), r.end(), rng);
  std::shuffle(c.begin(), c.end(), rng);
  std::shuffle(s.begin(), s.end(), rng);
  Grid g(n * n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) g[i * n + j] = s[(r[i] + c[j]) % n];
  return g;
}

// A random cell and its right or lower neighbour.
std::pair<int, int> random_adjacent(int n, std::mt19937& rng) {
  while (true) {
    const int c = static_cast<int>(rng() % (n * n));
    const bool right = rng() % 2;
    if (right && c % n + 1 < n) return {c, c + 1};
    if (!right && c / n + 1 < n) return {c, c + n};
  }
}

Instance random_instance(int n, std::mt19937& rng) {
  Instance in;
  in.n = n;
  in.givens.assign(n * n, 0);
  std::uniform_real_distribution<double> u(0, 1);
  const int kind = static_cast<int>(rng() % 3);  // 0 planted, 1 planted and corrupted, 2 blind
  const double given_p = 0.1 + 0.3 * u(rng);
  const int inequalities = static_cast<int>(rng() % (n * n / 2 + 2));
  if (kind < 2) {
    const Grid sq = random_latin_square(n, rng);
    for (int c = 0; c < n * n; ++c)
      if (u(rng) < given_p) in.givens[c] = sq[c];
    for (int k = 0; k < inequalities; ++k) {
      const auto [a, b] = random_adjacent(n, rng);
      in.inequalities.push_back(sq[a] > sq[b] ? Inequality{a, b} : Inequality{b, a});
    }
    if (kind == 1) {
      if (!in.inequalities.empty() && rng() % 2) {
        auto& q = in.inequalities[rng() % in.inequalities.size()];
        std::swap(q.greater, q.smaller);
      } else {
        const int c = static_cast<int>(rng() % (n * n));
        in.givens[c] = 1 + static_cast<int>((sq[c] + rng() % (n - 1)) % n);  // never sq[c]
      }
    }
  } else {
    for (int c = 0; c < n * n; ++c)
      if (u(rng) < given_p / 2) in.givens[c] = 1 + static_cast<int>(rng() % n);
    for (int k = 0; k < inequalities; ++k) {
      const auto [a, b] = random_adjacent(n, rng);
      in.inequalities.push_back(rng() % 2 ? Inequality{a, b} : Inequality{b, a});
    }
  }
  return in;
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Checks one instance against the oracle's capped count; returns a complaint or "".
struct IpSeconds {
  double solve = 0, count = 0;
};

std::string cross_check(const Instance& in, int oracle_count, IpSeconds& spent) {
  std::ostringstream why;
  const FutoshikiIpResult s = solve_futoshiki_ip(in);
  spent.solve += s.seconds;
  if (oracle_count == 0) {
    if (s.status != SolveStatus::infeasible) why << "solve says " << to_string(s.status) << "; ";
  } else if (s.status != SolveStatus::optimal) {
    why << "solve says " << to_string(s.status) << "; ";
  } else if (const std::string v = futoshiki::verify_solution(in, s.grid); !v.empty()) {
    why << "solve's grid: " << v << "; ";
  }
  const FutoshikiIpCount k = count_futoshiki_ip(in, 3);
  spent.count += k.seconds;
  if (k.count != std::min(3, oracle_count))
    why << "count " << k.count << " against the oracle's " << oracle_count << "; ";
  if (k.exact != (oracle_count < 3)) why << "exact " << k.exact << "; ";
  for (size_t a = 0; a < k.solutions.size(); ++a) {
    if (const std::string v = futoshiki::verify_solution(in, k.solutions[a]); !v.empty())
      why << "counted grid " << a << ": " << v << "; ";
    for (size_t b = 0; b < a; ++b)
      if (k.solutions[a] == k.solutions[b]) why << "grids " << b << " and " << a << " repeat; ";
  }
  return why.str();
}

TEST(FutoshikiIp, MatchesBruteForceOnSmallInstances) {
  constexpr int kCount = bs::test::samples(300);
  std::vector<int> by_count(4, 0);  // oracle counts 0, 1, 2, 3+
  IpSeconds spent;
  const auto t0 = std::chrono::steady_clock::now();
  std::mt19937 rng(20240611);
  for (int k = 0; k < kCount; ++k) {
    const Instance in = random_instance(3 + k % 3, rng);
    const int want = brute_force(in, 3).count;
    ++by_count[want];
    const std::string why = cross_check(in, want, spent);
    EXPECT_TRUE(why.empty()) << "instance " << k << " (n = " << in.n << "): " << why;
  }
  // Every outcome must occur often enough for the comparison to mean something.
  for (int c = 0; c < 4; ++c) EXPECT_GE(by_count[c], kCount / 20) << "oracle count " << c;
  RecordProperty("seconds", std::to_string(seconds_since(t0)));
  std::printf(
      "[          ] oracle counts 0/1/2/3+: %d/%d/%d/%d; IP solve %.2f ms, count %.2f ms "
      "a puzzle; %.2f s in all\n",
      by_count[0], by_count[1], by_count[2], by_count[3], 1e3 * spent.solve / kCount,
      1e3 * spent.count / kCount, seconds_since(t0));
}

TEST(FutoshikiIp, SixBySixAgainstBruteForce) {
  constexpr int kCount = bs::test::samples(60);
  int infeasible = 0;
  IpSeconds spent;
  double oracle_seconds = 0;
  std::mt19937 rng(6);
  for (int k = 0; k < kCount; ++k) {
    const Instance in = random_instance(6, rng);
    const auto t0 = std::chrono::steady_clock::now();
    const int want = brute_force(in, 3).count;
    oracle_seconds += seconds_since(t0);
    infeasible += want == 0;
    const std::string why = cross_check(in, want, spent);
    EXPECT_TRUE(why.empty()) << "instance " << k << ": " << why;
  }
  EXPECT_GE(infeasible, kCount / 10);
  EXPECT_LE(infeasible, kCount * 9 / 10);
  std::printf(
      "[          ] %d of %d infeasible; IP solve %.2f ms, count %.2f ms a puzzle; oracle "
      "%.2f s in all\n",
      infeasible, kCount, 1e3 * spent.solve / kCount, 1e3 * spent.count / kCount, oracle_seconds);
}

TEST(FutoshikiIp, TwoThreadsGiveTheSameAnswers) {
  constexpr int kCount = bs::test::samples(60);
  std::mt19937 rng(99);
  std::vector<Instance> instances;
  for (int k = 0; k < kCount; ++k) instances.push_back(random_instance(4 + k % 2, rng));
  struct Answer {
    SolveStatus status;
    Grid grid;
    int count;
    bool exact;
  };
  auto answer = [&](int k) {
    const FutoshikiIpResult s = solve_futoshiki_ip(instances[k]);
    const FutoshikiIpCount c = count_futoshiki_ip(instances[k], 3);
    return Answer{s.status, s.grid, c.count, c.exact};
  };
  std::vector<Answer> serial, parallel(kCount);
  for (int k = 0; k < kCount; ++k) serial.push_back(answer(k));
  std::atomic<int> threads_seen{0};
#pragma omp parallel num_threads(2)
  {
#pragma omp single
    threads_seen = omp_get_num_threads();
#pragma omp for schedule(dynamic, 1)
    for (int k = 0; k < kCount; ++k) parallel[k] = answer(k);
  }
  EXPECT_EQ(threads_seen.load(), 2);
  for (int k = 0; k < kCount; ++k) {
    EXPECT_EQ(parallel[k].status, serial[k].status) << k;
    // CBC is deterministic for one model, so even the grid found must not change.
    EXPECT_EQ(parallel[k].grid, serial[k].grid) << k;
    EXPECT_EQ(parallel[k].count, serial[k].count) << k;
    EXPECT_EQ(parallel[k].exact, serial[k].exact) << k;
  }
}

// A 4x4 puzzle with one solution, by hand: row 1 is 2 then an increasing run, so 2 1 3 4;
// column 1 is 2 then a decreasing run, so 2 4 3 1; row 2 is 4 then decreasing, so 4 3 2 1; the
// rest follows from the Latin rule alone.
//   2 1 3 4
//   4 3 2 1
//   3 4 1 2
//   1 2 4 3
TEST(FutoshikiIp, KnownPuzzle) {
  Instance in;
  in.n = 4;
  in.givens = {2, 0, 0, 0,  //
               0, 0, 0, 0,  //
               0, 0, 0, 0,  //
               0, 0, 0, 0};
  // (1,3) > (1,2), (1,4) > (1,3), (2,1) > (3,1) > (4,1), (2,2) > (2,3) > (2,4).
  in.inequalities = {{2, 1}, {3, 2}, {4, 8}, {8, 12}, {5, 6}, {6, 7}};
  const Grid want = {2, 1, 3, 4, 4, 3, 2, 1, 3, 4, 1, 2, 1, 2, 4, 3};
  EXPECT_EQ(brute_force(in, 10).count, 1);
  const FutoshikiIpResult s = solve_futoshiki_ip(in);
  ASSERT_EQ(s.status, SolveStatus::optimal);
  EXPECT_EQ(s.grid, want);
  const FutoshikiIpCount k = count_futoshiki_ip(in, 10);
  EXPECT_EQ(k.count, 1);
  EXPECT_TRUE(k.exact);
  EXPECT_EQ(k.ip_solves, 2);
}

TEST(FutoshikiIp, EdgeCases) {
  Instance one{"one", 1, {0}, {}};
  auto s = solve_futoshiki_ip(one);
  ASSERT_EQ(s.status, SolveStatus::optimal);
  EXPECT_EQ(s.grid, Grid{1});
  auto c = count_futoshiki_ip(one, 5);
  EXPECT_EQ(c.count, 1);
  EXPECT_TRUE(c.exact);

  // Every cell given: one candidate, no cut needed to prove the count.
  Instance full{"full", 3, {1, 2, 3, 2, 3, 1, 3, 1, 2}, {{1, 0}}};
  c = count_futoshiki_ip(full, 5);
  EXPECT_EQ(c.count, 1);
  EXPECT_TRUE(c.exact);
  EXPECT_EQ(c.ip_solves, 1);
  full.inequalities = {{0, 1}};  // 1 > 2: the givens break it
  EXPECT_EQ(solve_futoshiki_ip(full).status, SolveStatus::infeasible);
  c = count_futoshiki_ip(full, 5);
  EXPECT_EQ(c.count, 0);
  EXPECT_TRUE(c.exact);

  Instance empty3{"empty", 3, std::vector<int>(9, 0), {}};
  EXPECT_EQ(count_futoshiki_ip(empty3, 100).count, 12);  // the 3x3 Latin squares
  EXPECT_TRUE(count_futoshiki_ip(empty3, 100).exact);
  c = count_futoshiki_ip(empty3, 12);
  EXPECT_EQ(c.count, 12);
  EXPECT_FALSE(c.exact);  // the limit stops it before the proof
  c = count_futoshiki_ip(empty3, 0);
  EXPECT_EQ(c.count, 0);
  EXPECT_FALSE(c.exact);
  c = count_futoshiki_ip(empty3, 3, 0.0);
  EXPECT_FALSE(c.exact);

  Instance self = empty3;
  self.inequalities = {{4, 4}};
  EXPECT_EQ(solve_futoshiki_ip(self).status, SolveStatus::infeasible);
  Instance cycle = empty3;
  cycle.inequalities = {{0, 1}, {1, 4}, {4, 3}, {3, 0}};
  EXPECT_EQ(solve_futoshiki_ip(cycle).status, SolveStatus::infeasible);
  Instance chain = empty3;  // a chain of 3 needs 4 values
  chain.inequalities = {{0, 1}, {1, 2}, {2, 5}};
  EXPECT_EQ(solve_futoshiki_ip(chain).status, SolveStatus::infeasible);

  Instance bad = empty3;
  bad.givens[0] = 4;
  EXPECT_THROW(solve_futoshiki_ip(bad), std::invalid_argument);
  bad = empty3;
  bad.inequalities = {{0, 9}};
  EXPECT_THROW(count_futoshiki_ip(bad, 1), std::invalid_argument);
  bad = empty3;
  bad.givens.pop_back();
  EXPECT_THROW(solve_futoshiki_ip(bad), std::invalid_argument);
  bad.n = 0;
  bad.givens.clear();
  EXPECT_THROW(solve_futoshiki_ip(bad), std::invalid_argument);
}

TEST(FutoshikiIp, WritesAnLpFile) {
  Instance in{"lp", 3, {0, 0, 2, 0, 0, 0, 0, 0, 0}, {{0, 1}}};
  const std::string path = ::testing::TempDir() + "futoshiki_ip_test.lp";
  std::remove(path.c_str());
  write_futoshiki_lp(in, path);
  std::ifstream file(path);
  ASSERT_TRUE(file.good());
  std::stringstream text;
  text << file.rdbuf();
  for (const char* want : {"Minimize", "cell_1_1:", "row_3_2:", "col_2_3:", "gt_1_3:", " x_1_3_2",
                           "1 <= x_1_3_2 <= 1", "General"})
    EXPECT_NE(text.str().find(want), std::string::npos) << want << "\n" << text.str();
  std::remove(path.c_str());
}

}  // namespace
}  // namespace bs::ilp
