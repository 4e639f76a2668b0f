// R(J) for every jump, cheapest evidence first.
//
// 1. Symmetry: maps of the board that fix start and final permute the solutions, so R is constant
//    on orbits of jumps and is computed once per orbit.
// 2. LP: one warm-started CLP session maximizes each orbit's representative in turn. The floor of
//    the LP optimum is an upper bound; it becomes the column's upper bound at once, which tightens
//    the later LPs, and passes repeat while some bound still drops.
// 3. Lower bounds: every integer point met (an integral LP vertex, or any CBC solution) is a
//    solution, so its x_J, maximized over the orbit, is a lower bound on R(J). An orbit whose
//    lower bound reaches its LP floor is settled.
// 4. Branch-and-bound only for the orbits left, in parallel with one CBC model per solve. Each IP
//    asks for x_J >= (best lower bound)+1, so an infeasible answer settles the orbit as quickly
//    as CBC can prove it, and a feasible one yields its exact maximum.
// Branch-and-bound costs about 10 ms a model against ~0.1 ms for a warm LP resolve, hence the
// order.
#include "ilp/peg/jump_bounds.hpp"

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <tuple>
#include <utility>

#include "puzzles/peg/symmetry.hpp"

namespace bs::ilp {

namespace {

using Clock = std::chrono::steady_clock;

void check_instance(const peg::Instance& inst) {
  const size_t n = static_cast<size_t>(inst.board.holes());
  if (inst.start.size() != n || inst.final.size() != n)
    throw std::invalid_argument("jump bounds: start/final size differs from the board's holes");
}

std::string hole_name(const peg::Board& b, int h) {
  return "H_" + std::to_string(b.row_of(h)) + "_" + std::to_string(b.col_of(h));
}

// orbit[j] for every jump, numbered 0.. in order of first member.
std::vector<int> jump_orbits(const peg::Instance& inst, bool use_symmetry) {
  const int n = static_cast<int>(inst.board.jumps().size());
  std::vector<int> parent(n);
  std::iota(parent.begin(), parent.end(), 0);
  auto find = [&](int j) {
    while (parent[j] != j) j = parent[j] = parent[parent[j]];
    return j;
  };
  if (use_symmetry) {
    for (const auto& perm : peg::board_symmetries(inst.board)) {
      if (!peg::fixes(perm, inst.start) || !peg::fixes(perm, inst.final)) continue;
      const auto image = peg::jump_permutation(inst.board, perm);
      for (int j = 0; j < n; ++j) {
        const int a = find(j), b = find(image[j]);
        if (a != b) parent[std::max(a, b)] = std::min(a, b);
      }
    }
  }
  std::vector<int> orbit(n), id(n, -1);
  int count = 0;
  for (int j = 0; j < n; ++j) {
    const int r = find(j);
    if (id[r] < 0) id[r] = count++;
    orbit[j] = id[r];
  }
  return orbit;
}

// Whether A x = b has a solution in integers, signs ignored: 1 yes, 0 no, -1 when an entry
// outgrew 64 bits. Unimodular column operations (extended gcd) bring A to column echelon form
// L = A U; then L y = b is solved by forward substitution, which needs exact divisions. This is
// what the peg position classes (Conway's mod-2 invariants) amount to, and branch-and-bound is
// hopeless at proving it: CBC needs minutes for the English board with a corner as the target.
int integer_solvable(std::vector<std::vector<int64_t>> a, const std::vector<int64_t>& b) {
  const int m = static_cast<int>(a.size()), n = m ? static_cast<int>(a[0].size()) : 0;
  std::vector<int> pivot_col(m, -1);
  int k = 0;
  for (int i = 0; i < m && k < n; ++i) {
    for (int j = k + 1; j < n; ++j) {
      if (a[i][j] == 0) continue;
      if (a[i][k] == 0) {
        for (int r = i; r < m; ++r) std::swap(a[r][k], a[r][j]);
        continue;
      }
      // p a + q c = g; columns (k, j) <- (p col_k + q col_j, -(c/g) col_k + (a/g) col_j).
      int64_t old_r = a[i][k], r = a[i][j], old_p = 1, p = 0, old_q = 0, q = 1;
      while (r != 0) {
        const int64_t t = old_r / r;
        std::tie(old_r, r) = std::make_pair(r, old_r - t * r);
        std::tie(old_p, p) = std::make_pair(p, old_p - t * p);
        std::tie(old_q, q) = std::make_pair(q, old_q - t * q);
      }
      const int64_t g = old_r, u = a[i][k] / g, v = a[i][j] / g;
      for (int row = i; row < m; ++row) {
        const int64_t x = a[row][k], y = a[row][j];
        int64_t t1, t2, nk, nj;
        if (__builtin_mul_overflow(old_p, x, &t1) || __builtin_mul_overflow(old_q, y, &t2) ||
            __builtin_add_overflow(t1, t2, &nk) || __builtin_mul_overflow(-v, x, &t1) ||
            __builtin_mul_overflow(u, y, &t2) || __builtin_add_overflow(t1, t2, &nj))
          return -1;
        a[row][k] = nk, a[row][j] = nj;
      }
    }
    if (a[i][k] != 0) pivot_col[i] = k++;
  }
  std::vector<int64_t> y(n, 0);
  for (int i = 0; i < m; ++i) {
    __int128 rest = b[i];
    for (int c = 0; c < k; ++c) rest -= static_cast<__int128>(a[i][c]) * y[c];
    if (pivot_col[i] < 0) {
      if (rest != 0) return 0;
      continue;
    }
    const int64_t d = a[i][pivot_col[i]];
    if (rest % d != 0) return 0;
    const __int128 q = rest / d;
    if (q > INT64_MAX || q < INT64_MIN) return -1;
    y[pivot_col[i]] = static_cast<int64_t>(q);
  }
  return 1;
}

// The hole equations as integers: rows are holes, columns jumps.
int equations_integer_solvable(const peg::Instance& inst) {
  const auto& b = inst.board;
  const int n = static_cast<int>(b.jumps().size());
  std::vector<std::vector<int64_t>> a(b.holes(), std::vector<int64_t>(n, 0));
  std::vector<int64_t> rhs(b.holes());
  for (int j = 0; j < n; ++j) {
    const auto& jump = b.jumps()[j];
    a[jump.from][j] = a[jump.over][j] = 1;
    a[jump.to][j] = -1;
  }
  for (int h = 0; h < b.holes(); ++h) rhs[h] = int(inst.start[h] != 0) - (inst.final[h] != 0);
  return integer_solvable(std::move(a), rhs);
}

bool integral(const std::vector<double>& x) {
  for (double v : x)
    if (std::abs(v - std::round(v)) > 1e-7) return false;
  return true;
}

}  // namespace

LpModel feasibility_model(const peg::Instance& inst) {
  const auto& b = inst.board;
  const double pegdiff = std::max(0, peg::peg_count(inst.start) - peg::peg_count(inst.final));
  LpModel m;
  std::vector<Eigen::Triplet<double>> a;
  for (const auto& j : b.jumps()) {
    const int col = m.add_column(0, pegdiff, 0, true);
    m.set_column_name(col, "J_" + std::to_string(j.rc.row) + "_" + std::to_string(j.rc.col) + "_" +
                               peg::dir_char(j.rc.dir));
    a.emplace_back(j.from, col, 1.0);
    a.emplace_back(j.over, col, 1.0);
    a.emplace_back(j.to, col, -1.0);
  }
  std::vector<double> rhs(b.holes());
  for (int h = 0; h < b.holes(); ++h) rhs[h] = double(inst.start[h] != 0) - (inst.final[h] != 0);
  m.add_rows(a, rhs, rhs);
  for (int h = 0; h < b.holes(); ++h) m.set_row_name(h, hole_name(b, h));
  return m;
}

void write_feasibility_lp(const peg::Instance& instance, const std::string& path) {
  check_instance(instance);
  feasibility_model(instance).write_lp(path);
}

namespace {

// One computation of R(J), step by step (the file's head says why in this order): the jump
// orbits, each orbit's bounds lb <= R <= ub as they tighten, and the model the LPs and IPs share.
class JumpBoundsComputation {
 public:
  JumpBoundsComputation(const peg::Instance& inst, const JumpBoundsOptions& opt)
      : inst_(inst),
        opt_(opt),
        t0_(Clock::now()),
        n_(static_cast<int>(inst.board.jumps().size())) {}

  JumpBounds run() {
    check_instance(inst_);
    const int pegdiff = peg::peg_count(inst_.start) - peg::peg_count(inst_.final);
    // pegdiff bounds every x_J, so R starts there: whatever path returns early (a time limit
    // above all), R holds valid upper bounds, never the zeros that would cut real solutions.
    out_.R.assign(n_, std::max(pegdiff, 0));
    // Every jump removes exactly one peg, so these cases need no solver.
    if (pegdiff < 0) return finish(false, true);
    if (n_ == 0 || pegdiff == 0) return finish(inst_.start == inst_.final, true);
    if (equations_integer_solvable(inst_) == 0) return finish(false, true);
    find_orbits(pegdiff);
    model_ = feasibility_model(inst_);
    model_.set_maximize(true);
    switch (lp_bounds()) {
      case Step::infeasible:
        return finish(false, true);
      case Step::out_of_time:
        return with_upper_bounds(false);
      case Step::done:
        break;
    }
    if (opt_.exact) {
      const bool lp_settled_all = branch_and_bound();
      if (!have_point_ && !proven_infeasible_ && lp_settled_all) find_any_point();
    }
    if (proven_infeasible_) return finish(false, true);
    bool complete = have_point_ && !timed_out_;
    for (size_t o = 0; o < lb_.size(); ++o) complete = complete && lb_[o] >= ub_[o];
    return with_upper_bounds(complete);
  }

 private:
  enum class Step { done, infeasible, out_of_time };

  double elapsed() const { return std::chrono::duration<double>(Clock::now() - t0_).count(); }
  double remaining() const { return opt_.time_limit - elapsed(); }

  JumpBounds finish(bool feasible, bool complete) {
    out_.feasible = feasible;
    out_.complete = complete;
    if (!feasible) std::fill(out_.R.begin(), out_.R.end(), 0);
    out_.seconds = elapsed();
    return out_;
  }
  // A feasible answer: each jump's R is its orbit's upper bound.
  JumpBounds with_upper_bounds(bool complete) {
    for (int j = 0; j < n_; ++j) out_.R[j] = ub_[orbit_[j]];
    return finish(true, complete);
  }

  void find_orbits(int pegdiff) {
    orbit_ = jump_orbits(inst_, opt_.use_symmetry);
    const int orbits = *std::max_element(orbit_.begin(), orbit_.end()) + 1;
    members_.assign(orbits, {});
    for (int j = 0; j < n_; ++j) members_[orbit_[j]].push_back(j);
    lb_.assign(orbits, 0);
    ub_.assign(orbits, pegdiff);
  }

  // An integer solution: its x_J, maximized over each orbit, is a lower bound on R.
  void record(const std::vector<double>& x) {
    for (int j = 0; j < n_; ++j) {
      int& l = lb_[orbit_[j]];
      l = std::max(l, static_cast<int>(std::lround(x[j])));
    }
    have_point_ = true;
  }
  // The objective x_rep of orbit o.
  std::vector<double> unit(int o) const {
    std::vector<double> c(n_, 0.0);
    c[members_[o].front()] = 1.0;
    return c;
  }
  bool settled(int o) const { return have_point_ && lb_[o] >= ub_[o]; }

  // LP bounds, tightened in place: each orbit's LP floor becomes its columns' upper bound at
  // once, and passes repeat while some bound still drops.
  Step lp_bounds() {
    LpSession session(model_);
    bool changed = true;
    while (changed) {
      changed = false;
      for (int o = 0; o < static_cast<int>(lb_.size()); ++o) {
        if (settled(o)) continue;
        if (remaining() <= 0) return Step::out_of_time;
        session.set_objective(unit(o));
        const Solution s = session.resolve(remaining());
        ++out_.lp_solves;
        if (s.status == SolveStatus::infeasible) return Step::infeasible;
        // A time limit (or a CLP failure): keep the floors.
        if (s.status != SolveStatus::optimal) return Step::out_of_time;
        if (integral(s.x)) record(s.x);
        const int f = static_cast<int>(std::floor(s.objective + 1e-7));
        if (f < ub_[o]) {
          ub_[o] = std::max(f, 0);
          for (int j : members_[o]) {
            session.set_column_bounds(j, 0, ub_[o]);
            model_.set_column_bounds(j, 0, ub_[o]);
          }
          changed = true;
        }
      }
    }
    return Step::done;
  }

  // Branch-and-bound for the orbits the LP left open, in parallel with one CBC model per solve.
  // Returns whether the LP had settled every orbit (nothing was open).
  bool branch_and_bound() {
    std::vector<int> open;
    for (int o = 0; o < static_cast<int>(lb_.size()); ++o)
      if (!settled(o)) open.push_back(o);
    // Widest gaps first: they are the slow ones, and dynamic scheduling then balances the rest.
    std::stable_sort(open.begin(), open.end(),
                     [&](int a, int b) { return ub_[a] - lb_[a] > ub_[b] - lb_[b]; });
    const int threads = std::max(
        1, std::min<int>(opt_.threads > 0 ? opt_.threads : omp_get_max_threads(), open.size()));
    int ip_solves = 0;
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads) reduction(+ : ip_solves)
    for (size_t k = 0; k < open.size(); ++k) ip_solves += solve_orbit_ip(open[k]);
    out_.ip_solves = ip_solves;
    return open.empty();
  }

  // One orbit's IP, on the calling thread; the shared bounds are read and written under a lock.
  // Each IP asks for x_rep >= lb + 1, so an infeasible answer settles the orbit. Returns the IP
  // solves made (0 or 1).
  int solve_orbit_ip(int o) {
    const int rep = members_[o].front();
    bool skip;
    int floor_lb = 0;
    bool known = false;
#pragma omp critical(jump_bounds)
    {
      skip = proven_infeasible_ || settled(o);
      known = have_point_;
      floor_lb = lb_[o];
    }
    const double left = remaining();
    if (!skip && left <= 0) {
#pragma omp critical(jump_bounds)
      timed_out_ = true;
      skip = true;
    }
    if (skip) return 0;
    LpModel m = model_;  // one model per solve: CBC objects never cross threads
    m.set_objective(unit(o));
    // With a known solution, only a better x_rep is news; infeasible then means R = lb.
    if (known) m.set_column_bounds(rep, floor_lb + 1, ub_[o]);
    const Solution s = m.solve_ip(left);
#pragma omp critical(jump_bounds)
    {
      if (!s.x.empty() && s.status != SolveStatus::infeasible) record(s.x);
      if (s.status == SolveStatus::optimal) {
        ub_[o] = static_cast<int>(std::lround(s.objective));
      } else if (s.status == SolveStatus::infeasible) {
        if (known)
          ub_[o] = lb_[o];
        else
          proven_infeasible_ = true;
      } else {
        timed_out_ = true;  // limit or error: the LP floor stays as the bound
      }
    }
    return 1;
  }

  // Every orbit was settled by the LP, but no integral vertex turned up: ask for any point.
  void find_any_point() {
    LpModel m = model_;
    m.set_objective(std::vector<double>(n_, 0.0));
    const Solution s = m.solve_ip(remaining());
    ++out_.ip_solves;
    if (s.status == SolveStatus::infeasible)
      proven_infeasible_ = true;
    else if (!s.x.empty())
      record(s.x);
    else
      timed_out_ = true;
  }

  const peg::Instance& inst_;
  const JumpBoundsOptions& opt_;
  const Clock::time_point t0_;
  const int n_;  // jumps
  JumpBounds out_;
  std::vector<int> orbit_;                 // per jump
  std::vector<std::vector<int>> members_;  // per orbit, its jumps; the first is its representative
  std::vector<int> lb_, ub_;               // per orbit
  bool have_point_ = false;  // some integer solution is known, so the lower bounds are real
  bool proven_infeasible_ = false;
  bool timed_out_ = false;
  LpModel model_;
};

}  // namespace

JumpBounds compute_jump_bounds(const peg::Instance& inst, const JumpBoundsOptions& opt) {
  return JumpBoundsComputation(inst, opt).run();
}

}  // namespace bs::ilp
