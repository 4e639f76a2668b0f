// Branch-and-bound with a proof; see ip_proof.hpp.
#include "ilp/peg/ip_proof.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>

#include "ilp/peg/jump_bounds.hpp"

namespace bs::ilp {

namespace {

using Clock = std::chrono::steady_clock;

class Prover {
 public:
  Prover(const peg::Instance& in, double time_limit, int max_boxes, int used_jump)
      : in_(in),
        used_jump_(used_jump),
        model_(feasibility_model(in)),
        time_limit_(time_limit),
        max_boxes_(max_boxes),
        t0_(Clock::now()) {}

  IpProof run() {
    const int pegdiff = peg::peg_count(in_.start) - peg::peg_count(in_.final);
    if (pegdiff < 0 || (used_jump_ >= 0 && pegdiff < 1)) {  // the checker needs no steps
      out_.complete = true;
      return finish();
    }
    const size_t n = in_.board.jumps().size();
    lower_.assign(n, 0);
    upper_.assign(n, pegdiff);
    if (used_jump_ >= 0) lower_[used_jump_] = 1;
    bool proved = false;
    for (int64_t p : {2, 3, 5, 7, 11, 13})
      if (auto y = modular_certificate(p)) {
        out_.steps.push_back({-1, 0, std::move(*y), p});
        proved = true;
        break;
      }
    if (!proved) proved = box();
    out_.complete = proved && peg::check_ip_proof(in_, out_.steps, used_jump_).empty();
    if (!out_.complete && out_.why.empty()) out_.why = "the proof failed its own check";
    return finish();
  }

 private:
  double elapsed() const { return std::chrono::duration<double>(Clock::now() - t0_).count(); }
  IpProof finish() {
    out_.seconds = elapsed();
    return std::move(out_);
  }
  bool fail(std::string why) {
    out_.why = std::move(why);
    return false;
  }

  // y with y^T A = 0 and y^T b != 0 modulo the prime p, when the equations have no solution
  // modulo p: Gaussian elimination over GF(p) of the rows [A | b], each row carrying the
  // combination of holes it has become. A row whose A part vanishes while its b does not is y.
  std::optional<std::vector<int64_t>> modular_certificate(int64_t p) const {
    const auto& jumps = in_.board.jumps();
    const int holes = in_.board.holes(), n = static_cast<int>(jumps.size());
    auto mod = [p](int64_t v) { return ((v % p) + p) % p; };
    std::vector<std::vector<int64_t>> row(holes, std::vector<int64_t>(n + 1 + holes, 0));
    for (int j = 0; j < n; ++j) {
      row[jumps[j].from][j] = 1;
      row[jumps[j].over][j] = 1;
      row[jumps[j].to][j] = p - 1;
    }
    for (int h = 0; h < holes; ++h) {
      row[h][n] = mod(int64_t(in_.start[h] != 0) - (in_.final[h] != 0));
      row[h][n + 1 + h] = 1;
    }
    auto inverse = [&](int64_t a) {  // a^(p-2), p prime
      int64_t r = 1;
      for (int64_t e = p - 2; e > 0; --e) r = r * a % p;
      return r;
    };
    int rank = 0;
    for (int col = 0; col < n && rank < holes; ++col) {
      int pivot = -1;
      for (int r = rank; r < holes && pivot < 0; ++r)
        if (row[r][col] != 0) pivot = r;
      if (pivot < 0) continue;
      std::swap(row[rank], row[pivot]);
      const int64_t inv = inverse(row[rank][col]);
      for (auto& v : row[rank]) v = v * inv % p;
      for (int r = 0; r < holes; ++r)
        if (r != rank && row[r][col] != 0) {
          const int64_t f = row[r][col];
          for (size_t c = 0; c < row[r].size(); ++c) row[r][c] = mod(row[r][c] - f * row[rank][c]);
        }
      ++rank;
    }
    for (int r = rank; r < holes; ++r)
      if (row[r][n] != 0) return std::vector<int64_t>(row[r].begin() + n + 1, row[r].end());
    return std::nullopt;
  }

  // Proves the current box empty, appending its subtree; false when it cannot.
  bool box() {
    if (out_.boxes >= max_boxes_) return fail("more than " + std::to_string(max_boxes_) + " boxes");
    const double left = time_limit_ - elapsed();
    if (left <= 0) return fail("time limit");
    ++out_.boxes;
    const Solution s = solve_box(left);
    if (s.status == SolveStatus::infeasible) return leaf(s.farkas);
    if (s.status != SolveStatus::optimal)
      return fail(std::string("an LP ended ") + to_string(s.status));
    const int j = most_fractional(s.x);
    if (j < 0) return fail("the IP has an integer solution");
    const auto k = static_cast<int64_t>(std::floor(s.x[j]));
    out_.steps.push_back({j, k, {}, 0});
    const int64_t old_upper = upper_[j], old_lower = lower_[j];
    upper_[j] = k;
    const bool low = box();
    upper_[j] = old_upper;
    if (!low) return false;
    lower_[j] = k + 1;
    const bool high = box();
    lower_[j] = old_lower;
    return high;
  }

  // The box's LP in a model of its own, gone before the subtrees recurse.
  Solution solve_box(double seconds) const {
    LpModel m = model_;
    for (size_t j = 0; j < lower_.size(); ++j)
      m.set_column_bounds(static_cast<int>(j), static_cast<double>(lower_[j]),
                          static_cast<double>(upper_[j]));
    return m.solve_lp(seconds);
  }

  static int most_fractional(const std::vector<double>& x) {
    int best = -1;
    double best_gap = 1e-6;
    for (size_t j = 0; j < x.size(); ++j) {
      const double gap = std::abs(x[j] - std::round(x[j]));
      if (gap > best_gap) best_gap = gap, best = static_cast<int>(j);
    }
    return best;
  }

  // The ray, scaled so that its largest entry is `scale`, rounded; the first scale whose
  // rounding passes the exact check makes the leaf.
  bool leaf(const std::vector<double>& ray) {
    if (ray.empty()) return fail("CLP gave no Farkas ray");
    double largest = 0;
    for (double v : ray) largest = std::max(largest, std::abs(v));
    if (!(largest > 0)) return fail("CLP gave a zero Farkas ray");
    std::vector<int64_t> y(ray.size());
    for (double scale : {1.0, 2.0, 3.0, 4.0, 6.0, 12.0, 60.0, 840.0, 1e6, 1e9}) {
      for (size_t h = 0; h < ray.size(); ++h)
        y[h] = static_cast<int64_t>(std::llround(ray[h] / largest * scale));
      peg::IpProofStep step{-1, 0, y, 0};
      if (peg::check_ip_leaf(in_, lower_, upper_, step).empty()) {
        out_.steps.push_back(std::move(step));
        return true;
      }
    }
    return fail("no rounding of a Farkas ray passed the exact check");
  }

  const peg::Instance& in_;
  const int used_jump_;
  const LpModel model_;
  const double time_limit_;
  const int max_boxes_;
  const Clock::time_point t0_;
  std::vector<int64_t> lower_, upper_;
  IpProof out_;
};

}  // namespace

IpProof prove_ip_infeasible(const peg::Instance& instance, double time_limit, int max_boxes,
                            int used_jump) {
  return Prover(instance, time_limit, max_boxes, used_jump).run();
}

}  // namespace bs::ilp
