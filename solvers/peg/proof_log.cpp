// The plain search that writes a proof log; see proof_log.hpp.
#include "solvers/peg/proof_log.hpp"

#include <bit>
#include <unordered_set>

#include "ilp/peg/pagoda.hpp"
#include "solvers/measure.hpp"

namespace bs::peg {

namespace {

struct PositionHash {
  size_t operator()(const LogPosition& p) const { return p.mix(); }
};

class LogSearch {
 public:
  LogSearch(const Instance& in, uint64_t max_positions, search::Budget& budget,
            const std::vector<char>& unused)
      : in_(in),
        jumps_(allowed_jumps(in.board.jumps(), unused)),
        unused_(unused),
        max_positions_(max_positions),
        budget_(budget),
        final_(LogPosition::of(in.final)),
        final_pegs_(final_.pegs()) {}

  ProofLog run() {
    const Meter meter;
    // Pagodas with w(final) >= 1 that vanish on different regions: the same kind the pagoda
    // rule cuts with, respecting every jump the log may play (the checker knows no jump
    // budget, only the jumps proved unused).
    std::vector<int> allowed(in_.board.jumps().size(), 1);
    for (size_t j = 0; j < unused_.size() && j < allowed.size(); ++j) allowed[j] = !unused_[j];
    for (const auto& p : ilp::pagoda_pool(in_.board, in_.final, allowed, 8))
      out_.pagodas.push_back(p);
    final_weight_.assign(out_.pagodas.size(), 0);
    std::vector<int64_t> weight(out_.pagodas.size(), 0);
    for (size_t k = 0; k < out_.pagodas.size(); ++k)
      for (int h = 0; h < in_.board.holes(); ++h) {
        final_weight_[k] += in_.final[h] ? out_.pagodas[k][h] : 0;
        weight[k] += in_.start[h] ? out_.pagodas[k][h] : 0;
      }
    const LogPosition start = LogPosition::of(in_.start);
    if (start == final_) {
      out_.found = true;
      out_.why = "the start is the final";
    } else if (dead_by_rule(start, weight)) {
      out_.complete = true;  // the checker must find the start in the log, so log it
      out_.positions.push_back(start);
    } else if (refute(start, weight.data())) {
      out_.complete = true;
    }
    if (!out_.complete) out_.positions.clear();
    out_.seconds = meter.seconds();
    return std::move(out_);
  }

 private:
  bool dead_by_rule(const LogPosition& p, const std::vector<int64_t>& weight) const {
    const int pegs = p.pegs();
    if (pegs < final_pegs_ || (pegs == final_pegs_ && !(p == final_))) return true;
    for (size_t k = 0; k < weight.size(); ++k)
      if (weight[k] < final_weight_[k]) return true;
    return false;
  }

  // True when every move from p is refuted; p is then logged. False on a stop or a solution.
  bool refute(const LogPosition& p, const int64_t* weight) {
    const size_t cuts = out_.pagodas.size();
    std::vector<int64_t> child_weight(cuts);
    for (const Jump& j : jumps_) {
      if (!p.peg(j.from) || !p.peg(j.over) || p.peg(j.to)) continue;
      if (budget_.poll(unpublished_)) return stop(to_string(budget_.reason()));
      ++out_.nodes;
      LogPosition child = p;
      child.flip(j.from);
      child.flip(j.over);
      child.flip(j.to);
      if (child == final_) {
        out_.found = true;
        return stop("the plain search reached the final");
      }
      for (size_t k = 0; k < cuts; ++k)
        child_weight[k] =
            weight[k] - out_.pagodas[k][j.from] - out_.pagodas[k][j.over] + out_.pagodas[k][j.to];
      if (dead_by_rule(child, child_weight) || dead_.count(child)) continue;
      if (!refute(child, child_weight.data())) return false;
    }
    if (out_.positions.size() >= max_positions_)
      return stop("the log would hold more than " + std::to_string(max_positions_) + " positions");
    dead_.insert(p);
    out_.positions.push_back(p);
    return true;
  }

  bool stop(std::string why) {
    if (out_.why.empty()) out_.why = std::move(why);
    return false;
  }

  static std::vector<Jump> allowed_jumps(const std::vector<Jump>& all,
                                         const std::vector<char>& unused) {
    std::vector<Jump> out;
    for (size_t j = 0; j < all.size(); ++j)
      if (j >= unused.size() || !unused[j]) out.push_back(all[j]);
    return out;
  }

  const Instance& in_;
  const std::vector<Jump> jumps_;
  const std::vector<char> unused_;
  const uint64_t max_positions_;
  search::Budget& budget_;
  const LogPosition final_;
  const int final_pegs_;
  std::vector<int64_t> final_weight_;
  std::unordered_set<LogPosition, PositionHash> dead_;
  uint64_t unpublished_ = 0;
  ProofLog out_;
};

}  // namespace

ProofLog build_proof_log(const Instance& instance, uint64_t max_positions, search::Budget& budget,
                         const std::vector<char>& unused) {
  return LogSearch(instance, max_positions, budget, unused).run();
}

}  // namespace bs::peg
