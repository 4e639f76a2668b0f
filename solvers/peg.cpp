// Peg solitaire solver: the rules of the game, the registered rules, and the generic DFS.
//
// Flow. The game's own facts come first (start == final; a final with as many pegs as the
// start). Then the selected rules are posted cheapest first; a root rule may prove the instance
// impossible, with a certificate, or shrink the jump budget. Then the DFS runs over a bit set
// (one 64-bit word for boards up to 64 holes, a 128-bit one beyond), with a shared table of dead
// positions. Every solution is replayed by the independent verifier before it is reported.
//
// Why the dead table is sound here. A position P is stored dead when the search below it ended,
// uninterrupted, without reaching the final configuration. With jump budgets in play this could
// depend on the path to P; it does not, because every complete solution obeys the budgets
// (they come from relaxations every solution satisfies), so any completion of P that exists
// would have been found from any path to P.
#include "solvers/peg.hpp"

#include <omp.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/error.hpp"
#include "heuristics/peg/jump_bounds.hpp"
#include "heuristics/peg/peg_rule.hpp"
#include "ilp/peg_jump_bounds.hpp"
#include "puzzles/peg/format.hpp"
#include "puzzles/peg/generate.hpp"
#include "puzzles/peg/position_class.hpp"
#include "puzzles/peg/verify.hpp"
#include "search/dfs.hpp"
#include "search/transposition_table.hpp"
#include "solvers/measure.hpp"

namespace bs::peg {

namespace {

using u128 = unsigned __int128;

struct Hash128 {
  size_t operator()(u128 k) const {
    const uint64_t lo = static_cast<uint64_t>(k), hi = static_cast<uint64_t>(k >> 64);
    return std::hash<uint64_t>{}(lo ^ (hi * 0x9e3779b97f4a7c15ULL));
  }
};

template <class Bits>
class PegProblem {
 public:
  using Move = uint16_t;  // index into board.jumps()
  struct State {
    Bits pegs;
    int count;
    std::vector<uint8_t> used;  // per jump
  };

  PegProblem(const Instance& in, const std::vector<int>& budget,
             std::vector<std::pair<const PegRule*, int>> node_rules)
      : budget_(budget), node_rules_(std::move(node_rules)) {
    const auto& jumps = in.board.jumps();
    for (size_t j = 0; j < jumps.size(); ++j) {
      need_.push_back(bit(jumps[j].from) | bit(jumps[j].over));
      to_.push_back(bit(jumps[j].to));
      if (budget_[j] > 0) active_.push_back(static_cast<Move>(j));
    }
    final_ = to_bits(in.final);
    final_count_ = peg_count(in.final);
  }

  State root(const Config& start) const {
    return State{to_bits(start), peg_count(start), std::vector<uint8_t>(budget_.size(), 0)};
  }

  bool is_goal(const State& s) const { return s.count == final_count_ && s.pegs == final_; }

  bool prune(const State& s, search::Stats& stats) const {
    if (s.count <= final_count_) return true;  // not the goal, and jumps only remove pegs
    if (node_rules_.empty()) return false;
    const uint64_t words[2] = {static_cast<uint64_t>(s.pegs), high(s.pegs)};
    const PegNode node{words, s.used.data(), budget_.data(), s.count};
    for (const auto& [rule, index] : node_rules_) {
      ++stats.calls[index];
      if (rule->propagate(node) == Verdict::fail) {
        ++stats.prunes[index];
        return true;
      }
    }
    return false;
  }

  void moves(const State& s, std::vector<Move>& out) const {
    for (Move j : active_)
      if ((s.pegs & need_[j]) == need_[j] && !(s.pegs & to_[j]) && s.used[j] < budget_[j])
        out.push_back(j);
  }

  void apply(State& s, Move j) const {
    s.pegs ^= need_[j] | to_[j];
    --s.count;
    ++s.used[j];
  }
  void undo(State& s, Move j) const {
    s.pegs ^= need_[j] | to_[j];
    ++s.count;
    --s.used[j];
  }

  Bits key(const State& s) const { return s.pegs; }

 private:
  static Bits bit(int h) { return Bits{1} << h; }
  static uint64_t high(Bits b) {
    if constexpr (sizeof(Bits) > 8) return static_cast<uint64_t>(b >> 64);
    return 0;
  }
  static Bits to_bits(const Config& c) {
    Bits b = 0;
    for (size_t h = 0; h < c.size(); ++h)
      if (c[h]) b |= bit(static_cast<int>(h));
    return b;
  }

  std::vector<Bits> need_, to_;
  std::vector<Move> active_;
  const std::vector<int>& budget_;
  std::vector<std::pair<const PegRule*, int>> node_rules_;
  Bits final_ = 0;
  int final_count_ = 0;
};

template <class Bits, class Table>
search::DfsOutcome<uint16_t> run_search(const Instance& in, const PegRoot& root,
                                        std::vector<std::pair<const PegRule*, int>> node_rules,
                                        const search::DfsConfig& cfg, size_t hash_mb) {
  PegProblem<Bits> problem(in, root.budget, std::move(node_rules));
  if (hash_mb == 0) return search::depth_first(problem, problem.root(in.start), cfg);
  Table table(hash_mb);
  return search::depth_first(problem, problem.root(in.start), cfg, &table);
}

void set_infeasible(Result& r, StopReason stop, Certificate why) {
  r.status = Status::infeasible;
  r.stop = stop;
  r.certificate = std::move(why);
}

}  // namespace

Result solve(const Instance& in, const Options& options, std::vector<JumpRC>& jumps) {
  const auto t0 = std::chrono::steady_clock::now();
  const Meter meter;
  Result r;
  r.puzzle = "peg";
  r.solution_key = "moves";
  r.instance = in.name;
  r.options = options.non_default();
  jumps.clear();
  if (options.flag("count"))
    throw std::invalid_argument("peg: counting solutions is not supported; solve finds one");
  const int threads = resolve_threads(options);
  const int start_pegs = peg_count(in.start), final_pegs = peg_count(in.final);
  auto finish = [&]() -> Result {
    meter.finish(r, threads);
    if (r.status == Status::solved) {
      nlohmann::json moves = nlohmann::json::array();
      for (const JumpRC& j : jumps) {
        r.solution_lines.push_back(format_jump(j));
        moves.push_back({j.row, j.col, std::string(1, dir_char(j.dir))});
      }
      r.solution_json = moves.dump();
      const VerifyResult v = verify_solution(in, jumps);
      if (!v.ok) throw std::logic_error("peg solver produced a wrong solution: " + v.message);
      r.verified = true;
    }
    return r;
  };

  // The game's own facts, before any rule.
  if (in.start == in.final) {
    r.status = Status::solved;
    r.stop = StopReason::root;
    return finish();
  }
  if (final_pegs >= start_pegs || final_pegs == 0) {
    set_infeasible(
        r, StopReason::root,
        {"peg-count",
         "a jump removes exactly one peg and never the last: " + std::to_string(start_pegs) +
             " pegs cannot become " + std::to_string(final_pegs),
         nlohmann::json{{"start_pegs", start_pegs}, {"final_pegs", final_pegs}}.dump()});
    return finish();
  }

  // Root rules, cheapest first.
  const auto& entries = peg_rules();
  std::vector<std::unique_ptr<PegRule>> rules;
  std::vector<std::string> names = select_rules(peg_rule_infos(), options.text("rules"));
  // Rule counters live in fixed per-thread arrays indexed by position in this list.
  if (names.size() > static_cast<size_t>(search::kMaxRules))
    throw std::logic_error("more peg rules than search::kMaxRules counter slots");
  PegRoot root{
      in, options, threads, std::vector<int>(in.board.jumps().size(), start_pegs - final_pegs), {}};
  if (const double t = options.real("time-limit"); t > 0)
    root.deadline = t0 + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                             std::chrono::duration<double>(t));
  std::vector<std::pair<const PegRule*, int>> node_rules;
  for (size_t i = 0; i < names.size(); ++i) {
    for (const auto& e : entries)
      if (e.info.name == names[i]) rules.push_back(e.make());
    Certificate why;
    if (rules.back()->post(root, why) == Verdict::fail) {
      r.count("decided_by_" + names[i], 1);
      r.count("prunes_" + names[i], 1);  // the root is a node too: reports count it per rule
      for (auto& kv : root.counters) r.count(kv.first, kv.second);
      set_infeasible(r, StopReason::root, why);
      return finish();
    }
    if (rules.back()->checks_nodes())
      node_rules.emplace_back(rules.back().get(), static_cast<int>(i));
  }
  for (auto& kv : root.counters) r.count(kv.first, kv.second);

  // The search.
  search::DfsConfig cfg;
  cfg.threads = threads;
  cfg.spawn_depth = static_cast<int>(options.integer("spawn-depth"));
  cfg.limits.nodes = static_cast<uint64_t>(options.integer("node-limit"));
  if (const double t = options.real("time-limit"); t > 0) {
    const double spent =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    cfg.limits.seconds = std::max(1e-3, t - spent);
  }
  const size_t hash_mb = static_cast<size_t>(options.integer("hash"));
  search::DfsOutcome<uint16_t> out =
      in.board.holes() <= 64
          ? run_search<uint64_t, search::DeadTable>(in, root, node_rules, cfg, hash_mb)
          : run_search<u128, search::WideDeadTable<u128, Hash128>>(in, root, node_rules, cfg,
                                                                   hash_mb);
  r.stop = out.stop;
  r.count("nodes", static_cast<double>(out.stats.nodes));
  r.count("table_hits", static_cast<double>(out.stats.table_hits));
  r.count("table_stores", static_cast<double>(out.stats.table_stores));
  r.count("tasks", static_cast<double>(out.stats.tasks));
  r.count("max_depth", static_cast<double>(out.stats.max_depth));
  for (size_t i = 0; i < names.size(); ++i) {
    if (!out.stats.calls[i]) continue;
    r.count("calls_" + names[i], static_cast<double>(out.stats.calls[i]));
    r.count("prunes_" + names[i], static_cast<double>(out.stats.prunes[i]));
  }
  r.count("search_seconds", out.seconds);
  if (out.found) {
    r.status = Status::solved;
    for (uint16_t j : out.path) jumps.push_back(in.board.jumps()[j].rc);
  } else if (out.stop == StopReason::exhausted) {
    std::string rules_used;
    for (const auto& n : names) rules_used += (rules_used.empty() ? "" : ",") + n;
    set_infeasible(r, StopReason::exhausted,
                   {"exhaustive-search",
                    "searched every reachable position: " + std::to_string(out.stats.nodes) +
                        " nodes, rules " + (rules_used.empty() ? "none" : rules_used),
                    nlohmann::json{{"nodes", out.stats.nodes}, {"rules", rules_used}}.dump()});
  }
  return finish();
}

Result solve(const Instance& in, const Options& options) {
  std::vector<JumpRC> jumps;
  return solve(in, options, jumps);
}

std::string bounds_table(const Instance& in, const Options& options) {
  const ilp::JumpBounds b =
      ilp::compute_jump_bounds(in, jump_bounds_options(options, resolve_threads(options)));
  std::ostringstream out;
  if (!b.feasible) {
    out << "# the feasibility IP is infeasible: no solution\n";
    return out.str();
  }
  out << "# R(J) for " << b.R.size() << " jumps; " << b.lp_solves << " LP solves, " << b.ip_solves
      << " IP solves, " << b.seconds * 1e3 << " ms"
      << (b.complete ? "" : " (LP bounds: time limit)") << "\n# row col dir R\n";
  const auto& jumps = in.board.jumps();
  for (size_t j = 0; j < jumps.size(); ++j)
    out << format_jump(jumps[j].rc) << ' ' << b.R[j] << '\n';
  return out.str();
}

std::string check_certificate(const Instance& in, const Certificate& cert) {
  nlohmann::json data;
  try {
    data = nlohmann::json::parse(cert.data_json);
  } catch (const nlohmann::json::exception&) {
    return "the certificate's data is not JSON";
  }
  auto number = [&](const char* key) -> int64_t {
    if (!data.contains(key) || !data[key].is_number_integer())
      throw std::invalid_argument(std::string("certificate data lacks the integer '") + key + "'");
    return data[key].get<int64_t>();
  };
  try {
    if (cert.kind == "peg-count") {
      const int s = peg_count(in.start), f = peg_count(in.final);
      if (number("start_pegs") != s || number("final_pegs") != f)
        return "the peg counts in the certificate are not the board's";
      if (!(f >= s || f == 0) || in.start == in.final) return "these peg counts allow a solution";
      return "";
    }
    if (cert.kind == "position-class") {
      const int a = position_class(in.board, in.start), b = position_class(in.board, in.final);
      if (number("start_class") != a || number("final_class") != b)
        return "the classes in the certificate are not the board's (start " + describe_class(a) +
               ", final " + describe_class(b) + ")";
      if (a == b) return "start and final are in the same class: the classes prove nothing";
      return "";
    }
    if (cert.kind == "infeasible-ip") {
      const ilp::FeasibilityCheck check = ilp::recheck_feasibility_ip(in, 60);
      if (check.status == ilp::SolveStatus::infeasible) return "";
      return std::string("the feasibility IP re-solved as ") + ilp::to_string(check.status) +
             " (by " + check.method + ")";
    }
    if (cert.kind == "exhaustive-search") {
      Options plain;
      plain.set("rules", "none");
      plain.set("time-limit", "60");
      const Result again = solve(in, plain);
      if (again.status == Status::infeasible) return "";
      if (again.status == Status::solved) return "a plain search found a solution";
      return "the plain search did not finish in 60 s; the certificate is not re-checked";
    }
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "unknown certificate kind '" + cert.kind + "'";
}

namespace {

Result solve_file(const std::string& path, const Options& options) {
  return solve(read_instance(path), options);
}

std::string verify_parsed_json(const Instance& in, const nlohmann::json& j,
                               const std::string& path);

// A JSON result (from `solve --json`) is checked whole: its moves are replayed, or its
// certificate re-checked. Anything else is read as a jump list.
std::string verify_json(const Instance& in, const std::string& text, const std::string& path) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    int line = 1, col = 1;
    for (size_t i = 0; i + 1 < e.byte && i < text.size(); ++i) {
      if (text[i] == '\n') {
        ++line;
        col = 1;
      } else {
        ++col;
      }
    }
    throw InputError(path, line, col, "not valid JSON");
  }
  try {
    return verify_parsed_json(in, j, path);
  } catch (const nlohmann::json::exception& e) {
    throw InputError(path, 1, 1, std::string("unexpected JSON content: ") + e.what());
  }
}

std::string verify_parsed_json(const Instance& in, const nlohmann::json& j,
                               const std::string& path) {
  const std::string status = j.is_object() && j.contains("status") && j["status"].is_string()
                                 ? j["status"].get<std::string>()
                                 : std::string();
  if (status == "solved") {
    if (!j.contains("moves") || !j["moves"].is_array())
      throw InputError(path, 1, 1, "a solved result needs a \"moves\" array");
    std::vector<JumpRC> jumps;
    for (const auto& m : j["moves"]) {
      JumpRC rc;
      auto small_int = [](const nlohmann::json& v) {
        return v.is_number_integer() && v.get<int64_t>() >= 0 && v.get<int64_t>() < 1000000;
      };
      if (!m.is_array() || m.size() != 3 || !small_int(m[0]) || !small_int(m[1]) ||
          !m[2].is_string() || m[2].get<std::string>().size() != 1 ||
          !dir_from_char(m[2].get<std::string>()[0], rc.dir))
        throw InputError(path, 1, 1, "each move must be [row, col, \"N|E|S|W\"]");
      rc.row = m[0].get<int>();
      rc.col = m[1].get<int>();
      jumps.push_back(rc);
    }
    const VerifyResult v = verify_solution(in, jumps);
    return v.ok ? std::string() : v.message;
  }
  if (status == "infeasible") {
    // .at(), not []: on a const object, [] with a missing key is undefined behaviour.
    if (!j.contains("certificate"))
      throw InputError(path, 1, 1, "an infeasible result needs a certificate with a kind");
    const auto& c = j.at("certificate");
    if (!c.is_object() || !c.contains("kind") || !c["kind"].is_string())
      throw InputError(path, 1, 1, "an infeasible result needs a certificate with a kind");
    Certificate cert;
    cert.kind = c["kind"].get<std::string>();
    cert.data_json = c.contains("data") ? c["data"].dump() : "{}";
    return check_certificate(in, cert);
  }
  throw InputError(path, 1, 1, "status must be \"solved\" or \"infeasible\" to be verified");
}

std::string verify_files(const std::string& instance_path, const std::string& solution_path) {
  const Instance in = read_instance(instance_path);
  const std::string text = read_file(solution_path);
  if (text.find_first_not_of(" \t\r\n") != std::string::npos &&
      text[text.find_first_not_of(" \t\r\n")] == '{')
    return verify_json(in, text, solution_path);
  const std::vector<JumpRC> jumps = parse_jumps(text, solution_path);
  const VerifyResult v = verify_solution(in, jumps);
  return v.ok ? std::string() : v.message;
}

}  // namespace

std::vector<GeneratedInstance> generate_instances(
    const std::vector<std::pair<std::string, std::string>>& spec) {
  std::vector<GeneratedInstance> out;
  for (auto& [name, text] : generate_from_spec(spec)) out.push_back({name, text});
  return out;
}

PuzzleSolver peg_solver() {
  return PuzzleSolver{
      "peg",          "peg solitaire: find a jump sequence from start to final, or prove none",
      peg_rule_infos, solve_file,
      verify_files,   generate_instances};
}

}  // namespace bs::peg
