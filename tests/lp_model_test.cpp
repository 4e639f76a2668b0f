// LpModel and LpSession against answers known independently: brute force over small integer
// boxes, a hand-solved LP, Farkas certificates checked by arithmetic, and a knapsack solved by
// dynamic programming. The parallel test runs CBC from two OpenMP threads at once, which is the
// way the jump bounds use it, so the ThreadSanitizer job watches it too.
#include "ilp/lp_model.hpp"

#include <gtest/gtest.h>
#include <omp.h>

#include <atomic>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>

#include "tests/sample_size.hpp"

namespace bs::ilp {
namespace {

struct SmallIp {
  LpModel model;
  std::vector<int> upper;
  std::vector<std::vector<int>> a;  // rows x cols
  std::vector<double> rl, ru;
  std::vector<int> c;
};

SmallIp random_ip(std::mt19937& rng) {
  SmallIp p;
  auto uni = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  const int n = uni(2, 4), m = uni(1, 3);
  for (int j = 0; j < n; ++j) {
    p.upper.push_back(uni(0, 4));
    p.c.push_back(uni(-3, 3));
    p.model.add_column(0, p.upper[j], p.c[j], true);
  }
  std::vector<Eigen::Triplet<double>> t;
  for (int i = 0; i < m; ++i) {
    p.a.emplace_back(n);
    for (int j = 0; j < n; ++j) {
      p.a[i][j] = uni(-3, 3);
      if (p.a[i][j] != 0) t.emplace_back(i, j, p.a[i][j]);
    }
    const int kind = uni(0, 3), b = uni(-4, 8);
    if (kind == 0) p.rl.push_back(-kInf), p.ru.push_back(b);
    if (kind == 1) p.rl.push_back(b), p.ru.push_back(kInf);
    if (kind == 2) p.rl.push_back(b), p.ru.push_back(b);
    if (kind == 3) p.rl.push_back(b), p.ru.push_back(b + uni(0, 4));
  }
  p.model.add_rows(t, p.rl, p.ru);
  p.model.set_maximize(uni(0, 1) == 1);
  return p;
}

bool feasible(const SmallIp& p, const std::vector<int>& x) {
  for (size_t i = 0; i < p.a.size(); ++i) {
    double s = 0;
    for (size_t j = 0; j < x.size(); ++j) s += p.a[i][j] * x[j];
    if (s < p.rl[i] - 1e-9 || s > p.ru[i] + 1e-9) return false;
  }
  return true;
}

// Optimal value by enumerating the box; NaN when infeasible.
double brute_force(const SmallIp& p) {
  const int n = static_cast<int>(p.upper.size());
  std::vector<int> x(n, 0);
  double best = NAN;
  while (true) {
    if (feasible(p, x)) {
      double v = 0;
      for (int j = 0; j < n; ++j) v += p.c[j] * x[j];
      if (std::isnan(best) || (p.model.maximize() ? v > best : v < best)) best = v;
    }
    int j = 0;
    while (j < n && x[j] == p.upper[j]) x[j++] = 0;
    if (j == n) break;
    ++x[j];
  }
  return best;
}

TEST(LpModelParallel, RandomIpsMatchBruteForce) {
  constexpr int kCount = bs::test::samples(1200);
  std::atomic<int> mismatches{0}, infeasible{0};
#pragma omp parallel for num_threads(2) schedule(dynamic, 8)
  for (int k = 0; k < kCount; ++k) {
    std::mt19937 rng(1000 + k);
    const SmallIp p = random_ip(rng);
    const double want = brute_force(p);
    const Solution s = p.model.solve_ip();
    bool ok;
    if (std::isnan(want)) {
      ok = s.status == SolveStatus::infeasible;
      ++infeasible;
    } else {
      std::vector<int> x;
      for (double v : s.x) x.push_back(static_cast<int>(std::lround(v)));
      ok = s.status == SolveStatus::optimal && std::abs(s.objective - want) < 1e-6 &&
           x.size() == p.upper.size() && feasible(p, x);
    }
    if (!ok) {
      ++mismatches;
#pragma omp critical
      ADD_FAILURE() << "ip " << k << ": want " << want << " got " << to_string(s.status) << " "
                    << s.objective;
    }
  }
  EXPECT_EQ(mismatches.load(), 0);
  // Both outcomes must be exercised for the test to mean something.
  EXPECT_GT(infeasible.load(), kCount / 20);
  EXPECT_LT(infeasible.load(), kCount * 19 / 20);
}

// max 3x + 2y  s.t.  x + y <= 4,  x + 3y <= 9,  0 <= x <= 3, y >= 0.  Optimum x = 3, y = 1.
LpModel known_lp(bool integer = false) {
  LpModel m;
  m.add_column(0, 3, 3, integer);
  m.add_column(0, kInf, 2, integer);
  m.add_rows({{0, 0, 1}, {0, 1, 1}, {1, 0, 1}, {1, 1, 3}}, {-kInf, -kInf}, {4, 9});
  m.set_maximize(true);
  return m;
}

TEST(LpModel, DualsOfKnownLp) {
  const Solution s = known_lp().solve_lp();
  ASSERT_EQ(s.status, SolveStatus::optimal);
  EXPECT_NEAR(s.objective, 11, 1e-9);
  EXPECT_NEAR(s.x[0], 3, 1e-9);
  EXPECT_NEAR(s.x[1], 1, 1e-9);
  ASSERT_EQ(s.duals.size(), 2u);
  EXPECT_NEAR(s.duals[0], 2, 1e-9);  // one more unit of row 0 buys one more y, worth 2
  EXPECT_NEAR(s.duals[1], 0, 1e-9);  // row 1 is slack
  // The same numbers for the minimization of the negated objective, with negated duals.
  LpModel m = known_lp();
  m.set_maximize(false);
  m.set_objective({-3, -2});
  const Solution t = m.solve_lp();
  ASSERT_EQ(t.status, SolveStatus::optimal);
  EXPECT_NEAR(t.objective, -11, 1e-9);
  EXPECT_NEAR(t.duals[0], -2, 1e-9);
}

TEST(LpModel, SessionWarmStartsAgreeWithFreshSolves) {
  LpModel m = known_lp(true);
  LpSession session(m);
  for (int k = 0; k < 20; ++k) {
    const std::vector<double> c = {double(k % 5) - 2, double(k % 3) - 1};
    if (k == 10) {
      session.set_column_bounds(0, 0, 1);
      m.set_column_bounds(0, 0, 1);
    }
    session.set_objective(c);
    m.set_objective(c);
    const Solution a = session.resolve(), b = m.solve_lp();
    // The region is a bounded polytope, so every objective has an optimum: two failures that
    // agreed would pass unseen.
    ASSERT_EQ(b.status, SolveStatus::optimal) << k;
    ASSERT_EQ(a.status, b.status) << k;
    EXPECT_NEAR(a.objective, b.objective, 1e-9) << k;
  }
  m.set_objective({1, 1});
  session.set_objective({1, 1});
  m.set_column_bounds(0, 0, 1);
  const Solution ip = session.solve_ip();
  ASSERT_EQ(ip.status, SolveStatus::optimal);
  EXPECT_NEAR(ip.objective, 3, 1e-9);  // the LP says 1 + 8/3; y must be whole, so 1 + 2 or 0 + 3
}

// One session loaded with model after model, of other sizes and senses, and with some infeasible:
// each load must forget the last model (its rows, bounds, basis and sense), so every answer is
// that of a fresh solve of the same model, and of brute force over its box.
TEST(LpModel, ReloadedSessionAgreesWithFreshSolves) {
  std::mt19937 rng(20261125);
  LpSession session;
  int optimal = 0, infeasible = 0;
  for (int k = 0; k < 300; ++k) {
    SmallIp p = random_ip(rng);
    // Whole boxes and integer data, but as LPs: relax integrality by marking nothing integer.
    LpModel lp;
    for (size_t j = 0; j < p.upper.size(); ++j) lp.add_column(0, p.upper[j], p.c[j], false);
    lp.add_rows(p.model.entries(), p.rl, p.ru);
    lp.set_maximize(p.model.maximize());
    session.load(lp);
    const Solution a = session.resolve(), b = lp.solve_lp();
    ASSERT_EQ(a.status, b.status) << k;
    if (b.status == SolveStatus::optimal) {
      EXPECT_NEAR(a.objective, b.objective, 1e-7) << k;
      ++optimal;
    }
    infeasible += b.status == SolveStatus::infeasible;
    // An integer point that brute force finds is a point of the LP too.
    if (!std::isnan(brute_force(p))) {
      EXPECT_EQ(a.status, SolveStatus::optimal) << k;
    }
  }
  EXPECT_GE(optimal, 100);
  EXPECT_GE(infeasible, 30);
}

// Checks y as a certificate the way the wrapper promises: max over x >= 0 of (y^T A) x is below
// min of y^T b over the >= rows. For rows A x >= b with x >= 0 that means y >= 0, y^T A <= 0 and
// y^T b > 0.
TEST(LpModel, FarkasRayIsACertificate) {
  // x + y >= 5,  -x - 2y >= -3 (x + 2y <= 3),  x - y >= -10;  x, y >= 0.  Rows 0 and 1 clash.
  const std::vector<std::vector<double>> a = {{1, 1}, {-1, -2}, {1, -1}};
  const std::vector<double> b = {5, -3, -10};
  LpModel m;
  m.add_column(0, kInf, 1, false);
  m.add_column(0, kInf, 1, false);
  std::vector<Eigen::Triplet<double>> t;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 2; ++j) t.emplace_back(i, j, a[i][j]);
  m.add_rows(t, b, {kInf, kInf, kInf});
  const Solution s = m.solve_lp();
  ASSERT_EQ(s.status, SolveStatus::infeasible);
  ASSERT_EQ(s.farkas.size(), 3u) << "CLP gave no usable dual ray";
  double ytb = 0;
  for (int i = 0; i < 3; ++i) {
    EXPECT_GE(s.farkas[i], -1e-9);
    ytb += s.farkas[i] * b[i];
  }
  for (int j = 0; j < 2; ++j) {
    double yta = 0;
    for (int i = 0; i < 3; ++i) yta += s.farkas[i] * a[i][j];
    EXPECT_LE(yta, 1e-9);
  }
  EXPECT_GT(ytb, 1e-6);

  // A session finds the same after a bound change makes a feasible LP infeasible.
  LpModel f;
  f.add_column(0, 10, 1, false);
  f.add_rows({{0, 0, 1}}, {4}, {kInf});
  LpSession session(f);
  ASSERT_EQ(session.resolve().status, SolveStatus::optimal);
  session.set_column_bounds(0, 0, 2);
  const Solution r = session.resolve();
  ASSERT_EQ(r.status, SolveStatus::infeasible);
  if (!r.farkas.empty()) {
    EXPECT_GT(r.farkas[0], 0);  // x >= 4 against x <= 2: a positive multiple of the row
  }
}

TEST(LpModel, TimeLimitNeverGivesAWrongOptimum) {
  // A 0/1 knapsack with awkward weights; dynamic programming gives the true optimum.
  std::mt19937 rng(7);
  const int n = 60, cap = 1000;
  std::vector<int> w(n), v(n);
  LpModel m;
  std::vector<Eigen::Triplet<double>> t;
  for (int j = 0; j < n; ++j) {
    w[j] = 50 + static_cast<int>(rng() % 100);
    v[j] = w[j] + static_cast<int>(rng() % 20);
    m.add_column(0, 1, v[j], true);
    t.emplace_back(0, j, w[j]);
  }
  m.add_rows(t, {-kInf}, {double(cap)});
  m.set_maximize(true);
  std::vector<int> best(cap + 1, 0);
  for (int j = 0; j < n; ++j)
    for (int c = cap; c >= w[j]; --c) best[c] = std::max(best[c], best[c - w[j]] + v[j]);
  int limited = 0;
  for (double limit : {0.0, 0.001, 0.01, 0.05, kInf}) {
    const Solution s = m.solve_ip(limit);
    limited += s.status == SolveStatus::limit;
    ASSERT_TRUE(s.status == SolveStatus::limit || s.status == SolveStatus::optimal)
        << limit << " " << to_string(s.status);
    if (s.status == SolveStatus::optimal) {
      EXPECT_NEAR(s.objective, best[cap], 1e-6) << limit;
    }
    if (!s.x.empty()) {
      double weight = 0;
      for (int j = 0; j < n; ++j) weight += w[j] * s.x[j];
      EXPECT_LE(weight, cap + 1e-6);
      EXPECT_LE(s.objective, best[cap] + 1e-6);
    }
    if (limit == kInf) {
      EXPECT_EQ(s.status, SolveStatus::optimal);
    } else {
      EXPECT_LT(s.seconds, limit + 0.5);
    }
  }
  EXPECT_GT(limited, 0) << "no solve was stopped by its limit, so the test checked none";
}

TEST(LpModel, WriteLpProducesAFile) {
  LpModel m = known_lp();
  m.set_column_name(0, "x");
  m.set_row_name(1, "cap");
  const std::string path = ::testing::TempDir() + "lp_model_test.lp";
  std::remove(path.c_str());
  m.write_lp(path);
  std::ifstream in(path);
  ASSERT_TRUE(in.good());
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_NE(text.str().find("Maximize"), std::string::npos) << text.str();
  EXPECT_NE(text.str().find("cap:"), std::string::npos) << text.str();
  EXPECT_NE(text.str().find(" x "), std::string::npos) << text.str();
  std::remove(path.c_str());
  EXPECT_THROW(m.write_lp("/nonexistent-dir/x.lp"), std::runtime_error);
}

TEST(LpModel, StatusNames) {
  EXPECT_STREQ(to_string(SolveStatus::optimal), "optimal");
  EXPECT_STREQ(to_string(SolveStatus::limit), "limit");
}

}  // namespace
}  // namespace bs::ilp
