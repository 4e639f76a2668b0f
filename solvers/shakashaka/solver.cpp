// Shakashaka solver: propagation to a fixpoint at every node, inside the generic parallel DFS.
//
// Flow. The selected rules run to a fixpoint at the root: the most expensive rule that made
// progress is the puzzle's grade, or "search" when the rules stop short of a full grid. Then the
// generic DFS (search/dfs.hpp) branches on one cell at a time and propagates at every node it
// enters; `count --limit 2` is the same engine with a solution limit, which proves a puzzle
// unique. All of that is the shared core's (solvers/core_search.hpp over propagation/problem.hpp,
// with Structure as the model); this file chooses the rules and options, builds the root, and
// turns a solution path into a grid.
#include "solvers/shakashaka/solver.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "core/error.hpp"
#include "heuristics/shakashaka/shakashaka_rule.hpp"
#include "ilp/shakashaka/ip.hpp"
#include "propagation/problem.hpp"
#include "puzzles/shakashaka/format.hpp"
#include "puzzles/shakashaka/render.hpp"
#include "search/dfs.hpp"
#include "solvers/core_learning.hpp"
#include "solvers/core_search.hpp"
#include "solvers/measure.hpp"
#include "solvers/shakashaka/bench.hpp"
#include "solvers/shakashaka/fuzz.hpp"
#include "solvers/shakashaka/generate.hpp"
#include "solvers/shakashaka/options.hpp"
#include "solvers/shakashaka/oracle.hpp"
#include "solvers/verify_result.hpp"

namespace bs::shakashaka {

namespace {

using ShakashakaProblem = propagation::Problem<Structure, RuleInfo>;
using propagation::Branching;

constexpr const char* kRootRefuted = "left a cell with no state at the root";

// Every node: a search is never deeper than the grid has cells.
constexpr int kEveryNode = 1 << 30;

ShakashakaProblem::Rules rule_functions(const std::vector<std::string>& names, bool timed) {
  if (names.size() > static_cast<size_t>(std::min(search::kMaxRules, kMaxFixpointRules)))
    throw std::logic_error("more shakashaka rules than counter slots");
  ShakashakaProblem::Rules out;
  out.timed = timed;
  for (const auto& name : names)
    for (const auto& e : shakashaka_rules())
      if (e.info.name == name) {
        out.shallow.push_back(&e);
        if (e.info.cost < Cost::probing) out.deep = static_cast<int>(out.shallow.size());
      }
  return out;
}

ShakashakaProblem::State root_state(const Structure& s) {
  ShakashakaProblem::State st;
  st.dom = s.root_state();
  return st;
}

// The grid a solution path reaches from the propagated root: black cells 0, white ones their
// state.
// The solution a state with every cell fixed holds.
Solution solution_of(const Structure& s, const std::vector<Mask>& dom) {
  Solution g(s.cells, 0);
  for (int c = 0; c < s.cells; ++c)
    if (dom[c] != kBlackBit) g[c] = propagation::lowest_value(dom[c]);
  return g;
}

Solution replay(const ShakashakaProblem& p, const Structure& s, ShakashakaProblem::State st,
                const std::vector<ShakashakaProblem::Move>& path) {
  if (!p.replay(st, path)) throw std::logic_error("shakashaka: replay failed");
  return solution_of(s, st.dom);
}

// The solution as rows of letters, for the JSON and the terminal.
void record_solution(const Instance& in, const Solution& solution, Result& r) {
  const std::string text = format_solution(solution, in);
  nlohmann::json rows = nlohmann::json::array();
  size_t p = text.find('\n') + 1;  // after the "H W" line
  for (size_t q; p < text.size(); p = q + 1) {
    q = text.find('\n', p);
    if (q == std::string::npos) q = text.size();
    r.solution_lines.push_back(text.substr(p, q - p));
    rows.push_back(r.solution_lines.back());
  }
  r.solution_json = rows.dump();
}

// The last step of every solve: the meter, the count's honesty, and the solution verified.
Result finish(const Instance& in, const Meter& meter, int threads, const Solution& found, Result& r,
              Solution* solution) {
  meter.finish(r, threads);
  settle_count(r);  // a count cut short by a limit is unknown
  if (r.status == Status::solved) {
    const std::string why = verify_solution(in, found);
    if (!why.empty()) throw std::logic_error("shakashaka solver produced a wrong grid: " + why);
    r.verified = true;
    record_solution(in, found, r);
    if (solution) *solution = found;
  }
  return r;
}

// The baseline: the reference integer model instead of rules and search. Counting excludes each
// solution found by a no-good cut and solves again (ilp/shakashaka/ip.hpp).
void solve_by_ip(const Instance& in, const ShakashakaOptions& o, Result& r, Solution& found) {
  const double limit_s = o.common.time_limit > 0 ? o.common.time_limit : ilp::kInf;
  const auto families = o.ip_hull ? ilp::ShakashakaFamilies::hull : ilp::ShakashakaFamilies::sound;
  if (o.common.count) {
    const uint64_t limit = o.common.limit;
    const ilp::ShakashakaIpCount c = ilp::count_shakashaka_ip(
        in, limit > 0 ? static_cast<int>(std::min<uint64_t>(limit, 1 << 30)) : 1 << 30, limit_s,
        families);
    if (c.error)
      throw std::runtime_error("shakashaka: CBC failed while counting on the integer model");
    r.count("ip_solves", c.ip_solves);
    r.solution_count = c.count;
    r.count_complete = c.exact;
    r.count("solutions", c.count);
    // Short of exact, the count stopped either at its count limit (an answer: "at least that
    // many") or at the time limit (no answer; settle_count makes it unknown).
    const bool reached_limit = limit > 0 && static_cast<uint64_t>(c.count) >= limit;
    if (c.count > 0) {
      r.status = Status::solved;
      r.stop = c.exact         ? StopReason::exhausted
               : reached_limit ? StopReason::solution
                               : StopReason::time_limit;
      found = c.solutions.front();
    } else if (c.exact) {
      r.status = Status::infeasible;
      r.certificate = {"infeasible-ip", "CBC proved the integer model infeasible", "{}"};
    } else {
      r.stop = StopReason::time_limit;
    }
    return;
  }
  const ilp::ShakashakaIpResult ip = ilp::solve_shakashaka_ip(in, limit_s, families);
  r.count("ip_solves", 1);
  if (ip.status == ilp::SolveStatus::optimal) {
    r.status = Status::solved;
    r.stop = StopReason::solution;
    found = ip.solution;
  } else if (ip.status == ilp::SolveStatus::infeasible) {
    r.status = Status::infeasible;
    r.certificate = {"infeasible-ip", "CBC proved the integer model infeasible", "{}"};
  } else if (ip.status == ilp::SolveStatus::error) {
    throw std::runtime_error("shakashaka: CBC failed on the integer model");
  } else {
    r.stop = StopReason::time_limit;
  }
}

int probe_depth(const ShakashakaOptions& o) {
  return o.probe_depth >= 0 ? o.probe_depth : kEveryNode;
}

}  // namespace

const std::vector<std::string>& grade_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v = select_rules(shakashaka_rule_infos(), "default");
    v.push_back("search");
    return v;
  }();
  return names;
}

Analysis analyse(const Instance& in, int limit, const std::string& rules, uint64_t node_limit) {
  Analysis a;
  const std::vector<std::string> names = select_rules(shakashaka_rule_infos(), rules);
  const Structure s(in);
  const ShakashakaProblem problem(s, rule_functions(names, false), Branching::dom_deg, false,
                                  kEveryNode);
  ShakashakaProblem::State root = root_state(s);
  search::Stats stats;
  int hardest = -1;
  if (!problem.fixpoint(root, stats, &hardest)) {
    a.complete = true;
    return a;
  }
  // The grade is an index into the default names, whatever rules ran; a rule beyond them grades
  // as search: the default rules alone would not have sufficed.
  if (hardest >= 0) {
    const auto at = std::find(grade_names().begin(), grade_names().end(), names[hardest]);
    a.hardest = at == grade_names().end() ? static_cast<int>(grade_names().size()) - 1
                                          : static_cast<int>(at - grade_names().begin());
  }
  a.needs_search = root.open > 0;
  search::DfsConfig cfg;
  cfg.count = true;
  cfg.count_limit = static_cast<uint64_t>(limit);
  cfg.limits.nodes = node_limit;
  const auto out = search::depth_first(problem, root, cfg);
  a.solutions = static_cast<int>(out.solutions);
  a.complete = out.stop == StopReason::exhausted ||
               (limit > 0 && out.solutions >= static_cast<uint64_t>(limit));
  if (out.found) a.first = replay(problem, s, root, out.path);
  return a;
}

Result solve(const Instance& in, const Options& options, Solution* solution) {
  const Meter meter;
  Result r;
  r.puzzle = "shakashaka";
  r.instance = in.name;
  r.options = options.non_default();
  const ShakashakaOptions o = ShakashakaOptions::read(options);
  const int threads = resolve_threads(options);
  const std::vector<std::string> names = select_rules(shakashaka_rule_infos(), o.common.rules);
  Solution found;
  if (o.by_ip) {
    solve_by_ip(in, o, r, found);
    return finish(in, meter, threads, found, r, solution);
  }

  const Structure s(in);
  if (o.learning) {
    const auto rules = learning_rules<ShakashakaRuleEntry>(rule_functions(names, false), names);
    const auto out = learn_search(s, rules, root_state(s).dom, o.common,
                                  {o.values_down, o.probe_depth}, meter, r);
    if (out.found) found = solution_of(s, out.first);
    return finish(in, meter, 1, found, r, solution);
  }
  const ShakashakaProblem problem(s, rule_functions(names, o.common.profile), o.branching,
                                  o.values_down, probe_depth(o));
  const auto cs = run_core_search(problem, root_state(s), names, o.common, threads, meter,
                                  {"none", kRootRefuted}, r);
  if (cs.out.found) found = replay(problem, s, cs.root, cs.out.path);
  return finish(in, meter, threads, found, r, solution);
}

std::string check_certificate(const Instance& in, const Certificate& cert) {
  if (cert.kind == "infeasible-ip") {
    // The other way round: the search, which shares nothing with the model, must agree.
    Options plain;
    plain.set("time-limit", "60");
    const Result again = solve(in, plain);
    if (again.status == Status::infeasible) return "";
    if (again.status == Status::solved)
      return "the search found a solution: the certificate is wrong";
    throw CheckUnfinished("the search did not decide in 60 s; the certificate is not re-checked");
  }
  if (cert.kind == "propagation" || cert.kind == "exhaustive-search" ||
      cert.kind == "learned-refutation") {
    // A second method that shares nothing with the rules or the search: the integer model.
    const ilp::ShakashakaIpResult ip =
        ilp::solve_shakashaka_ip(in, 60, ilp::ShakashakaFamilies::hull);
    if (ip.status == ilp::SolveStatus::infeasible) return "";
    if (ip.status == ilp::SolveStatus::optimal)
      return "the integer model found a solution: the certificate is wrong";
    throw CheckUnfinished(std::string("the integer model did not decide (") +
                          ilp::to_string(ip.status) + "); the certificate is not re-checked");
  }
  return "unknown certificate kind '" + cert.kind + "'";
}

namespace {

Result solve_file(const std::string& path, const Options& options) {
  return solve(read_instance(path), options);
}

// A solved result's solution: H rows of W letters, read as a solution file would be.
Solution solution_from_json(const nlohmann::json& rows, const Instance& in,
                            const std::string& path) {
  if (!rows.is_array() || static_cast<int>(rows.size()) != in.height)
    throw InputError(path, 1, 1,
                     "a solved result needs \"solution\": " + std::to_string(in.height) + " rows");
  std::string text;
  for (const auto& row : rows) {
    if (!row.is_string() || static_cast<int>(row.get<std::string>().size()) != in.width)
      throw InputError(path, 1, 1,
                       "each solution row needs " + std::to_string(in.width) + " letters");
    text += row.get<std::string>() + "\n";
  }
  return parse_solution(text, in, path);
}

// A JSON result from `solve --json` is checked whole: its grid verified, or its certificate
// re-checked by another method. Anything else is read as a solution file.
std::string verify_any(const std::string& instance_path, const std::string& solution_path) {
  const std::string text = read_file(solution_path);
  if (!is_json_result(text)) return verify_files(instance_path, solution_path);
  const Instance in = read_instance(instance_path);
  return verify_result_text(
      text, solution_path,
      [&](const nlohmann::json& rows) {
        return verify_solution(in, solution_from_json(rows, in, solution_path));
      },
      [&](const Certificate& cert) { return check_certificate(in, cert); });
}

std::string render(const std::string& path, const Options& options, bool solved) {
  const Instance in = read_instance(path);
  if (!solved) return render_svg(in, nullptr);
  Solution grid;
  const Result r = solve(in, options, &grid);
  if (r.status != Status::solved)
    throw std::invalid_argument(path + ": no solution to draw (" + to_string(r.status) + ")");
  return render_svg(in, &grid);
}

}  // namespace

PuzzleSolver shakashaka_solver() {
  PuzzleSolver p{"shakashaka",
                 "fill white cells with black triangles so that every white area is a "
                 "rectangle; count, generate",
                 shakashaka_rule_infos, solve_file, verify_any};
  p.render = render;
  p.generate = generate_text;
  p.generate_instances = generate_instances;
  p.read_instance_file = [](const std::string& path) { (void)read_instance(path); };
  p.options = shakashaka_option_rows;
  p.bench = shakashaka_bench;
  p.checks = {oracle_instance, oracle_answer, reread, fuzz_instances()};
  return p;
}

}  // namespace bs::shakashaka
