#include "heuristics/peg/jump_bounds.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "ilp/peg/ip_proof.hpp"
#include "ilp/peg/jump_bounds.hpp"

namespace bs::peg {

ilp::JumpBoundsOptions jump_bounds_options(const PegOptions& options, int threads,
                                           double seconds_left) {
  ilp::JumpBoundsOptions opt;
  opt.threads = options.bounds_threads;
  if (opt.threads == 0) opt.threads = threads;
  if (options.bounds_time_limit > 0) opt.time_limit = options.bounds_time_limit;
  opt.time_limit = std::min(opt.time_limit, std::max(0.0, seconds_left));
  opt.exact = options.exact_bounds;
  return opt;
}

nlohmann::json ip_proof_json(const std::vector<IpProofStep>& steps) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& s : steps) {
    if (s.jump >= 0)
      out.push_back({{"branch", {s.jump, s.at}}});
    else if (s.modulus != 0)
      out.push_back({{"y", s.y}, {"modulus", s.modulus}});
    else
      out.push_back({{"y", s.y}});
  }
  return out;
}

namespace {

// The branch-and-bound proof that a checker confirms without solving (ilp/peg/ip_proof.hpp).
// Without one the certificate says why, and `verify` reports it unchecked.
void add_proof(PegRoot& root, nlohmann::json& data, std::string& detail) {
  if (root.options.proof_boxes <= 0) {
    detail += "; no proof kept (--proof-boxes 0)";
    data["no_proof"] = "--proof-boxes 0";
    return;
  }
  const ilp::IpProof proof = ilp::prove_ip_infeasible(
      root.instance, std::max(0.0, root.seconds_left()), root.options.proof_boxes);
  root.counters.emplace_back("proof_boxes", proof.boxes);
  root.counters.emplace_back("proof_seconds", proof.seconds);
  if (!proof.complete) {
    detail += "; no proof kept (" + proof.why + ")";
    data["no_proof"] = proof.why;
    return;
  }
  data["proof"] = ip_proof_json(proof.steps);
  if (proof.steps.size() == 1 && proof.steps[0].modulus != 0)
    detail += "; proof: the hole equations have no solution modulo " +
              std::to_string(proof.steps[0].modulus);
  else
    detail += "; branch-and-bound proof: " + std::to_string(proof.boxes) + " LP boxes";
}

}  // namespace

Verdict JumpBoundsRule::post(PegRoot& root, Certificate& why) {
  const ilp::JumpBoundsOptions opt =
      jump_bounds_options(root.options, root.threads, root.seconds_left());
  const std::string& lp_file = root.options.lp_file;
  if (!lp_file.empty()) ilp::write_feasibility_lp(root.instance, lp_file);

  const ilp::JumpBounds b = ilp::compute_jump_bounds(root.instance, opt);
  root.counters.emplace_back("bound_lp_solves", b.lp_solves);
  root.counters.emplace_back("bound_ip_solves", b.ip_solves);
  root.counters.emplace_back("bound_seconds", b.seconds);
  root.counters.emplace_back("bounds_exact", b.complete ? 1 : 0);
  if (!b.feasible) {
    why.kind = "infeasible-ip";
    why.detail = "the Kiyomi-Matsui feasibility IP has no solution";
    nlohmann::json data{{"lp_file", lp_file}};
    add_proof(root, data, why.detail);
    if (!lp_file.empty()) why.detail += " (written to " + lp_file + ")";
    why.data_json = data.dump();
    return Verdict::fail;
  }
  if (b.R.size() != root.budget.size())
    throw std::logic_error("jump-bounds: one bound per jump expected");
  int dropped = 0;
  bool tightened = false;
  for (size_t j = 0; j < root.budget.size(); ++j) {
    if (b.R[j] < root.budget[j]) {
      root.budget[j] = b.R[j];
      tightened = true;
    }
    dropped += root.budget[j] == 0;
  }
  root.counters.emplace_back("jumps_dropped", dropped);
  return tightened ? Verdict::progress : Verdict::no_change;
}

}  // namespace bs::peg
