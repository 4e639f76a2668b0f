#include "heuristics/peg/residual_lp.hpp"

#include "ilp/peg/jump_bounds.hpp"

namespace bs::peg {

Verdict ResidualLpRule::post(PegRoot& root, Certificate&) {
  const Instance& in = root.instance;
  model_ = std::make_unique<ilp::LpModel>(ilp::feasibility_model(in));
  final_.assign(in.final.begin(), in.final.end());
  holes_ = in.board.holes();
  jumps_ = static_cast<int>(in.board.jumps().size());
  start_count_ = peg_count(in.start);
  max_depth_ = root.options.lazy_depth;
  return Verdict::no_change;
}

Verdict ResidualLpRule::propagate(const PegNode& node) const {
  const int depth = start_count_ - node.count;
  if (depth <= 0 || depth > max_depth_) return Verdict::no_change;
  std::string key(reinterpret_cast<const char*>(node.pegs), 2 * sizeof(uint64_t));
  key.append(reinterpret_cast<const char*>(node.used), jumps_);
  std::unique_ptr<ilp::LpSession> session;
  {
    std::lock_guard lock(mutex_);
    if (const auto it = cache_.find(key); it != cache_.end())
      return it->second ? Verdict::no_change : Verdict::fail;
    if (!pool_.empty()) {
      session = std::move(pool_.back());
      pool_.pop_back();
    }
  }
  if (!session) session = std::make_unique<ilp::LpSession>(*model_);
  for (int h = 0; h < holes_; ++h) {
    const double rhs = double(node.peg(h)) - double(final_[h] != 0);
    session->set_row_bounds(h, rhs, rhs);
  }
  for (int j = 0; j < jumps_; ++j)
    session->set_column_bounds(j, 0, std::max(0, node.budget[j] - node.used[j]));
  const ilp::SolveStatus status = session->resolve().status;
  // Only a proved infeasibility cuts; a limit or an error says nothing.
  const bool feasible = status != ilp::SolveStatus::infeasible;
  std::lock_guard lock(mutex_);
  pool_.push_back(std::move(session));
  cache_.emplace(std::move(key), feasible);
  return feasible ? Verdict::no_change : Verdict::fail;
}

}  // namespace bs::peg
