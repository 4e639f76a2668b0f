// Dominosa solver: propagation to a fixpoint at every node, inside the generic parallel DFS.
//
// Flow. The selected rules run to a fixpoint at the root: the most expensive rule that made
// progress is the puzzle's grade, or "search" when the rules stop short of a full cover. Then
// the generic DFS (search/dfs.hpp) branches, by default on the item (cell or domino) with the
// fewest placements left, the exact-cover rule of Knuth's Algorithm X, and propagates at every
// node it enters; counting (`count`, with `--limit 2` a proof of uniqueness) uses the same
// engine with a solution limit. `--method ip` solves the reference integer model in CBC instead.
//
// Nothing of the search core is Dominosa's: the domains, the trail, the fixpoint driver and the
// branching are the propagation layer's (propagation/problem.hpp), over Structure as its model.
// This file chooses the rules and options, builds the root, and turns the outcome into a Result.
#include "solvers/dominosa/solver.hpp"

#include <algorithm>
#include <bit>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>

#include "core/error.hpp"
#include "heuristics/dominosa/dominosa_rule.hpp"
#include "ilp/dominosa/ip.hpp"
#include "propagation/problem.hpp"
#include "puzzles/dominosa/format.hpp"
#include "puzzles/dominosa/render.hpp"
#include "search/dfs.hpp"
#include "solvers/core_learning.hpp"
#include "solvers/core_search.hpp"
#include "solvers/dominosa/bench.hpp"
#include "solvers/dominosa/count.hpp"
#include "solvers/dominosa/first_solution.hpp"
#include "solvers/dominosa/fuzz.hpp"
#include "solvers/dominosa/generate.hpp"
#include "solvers/dominosa/options.hpp"
#include "solvers/dominosa/oracle.hpp"
#include "solvers/measure.hpp"
#include "solvers/verify_result.hpp"

namespace bs::dominosa {

namespace {

using propagation::Branching;

// The depth of a search never exceeds the cells it fixes.
constexpr int kEveryNode = 1 << 30;
// How a certificate says the rules refuted the root.
constexpr const char* kRootRefuted = "refute the root";

DominosaProblem::State root_state(const Structure& s) {
  DominosaProblem::State st;
  st.dom = s.root_state();
  return st;
}

// The placements of the full cover a solution path reaches from the propagated root.
// The placements a state with every cell fixed holds, sorted.
std::vector<int> placements_of(const Structure& s, const std::vector<Mask>& dom) {
  std::vector<int> placements;
  for (int cell = 0; cell < s.cells; ++cell) {
    const int dir = std::countr_zero(dom[cell]);
    if (dir == right || dir == down) placements.push_back(s.placement_at[cell * 4 + dir]);
  }
  std::sort(placements.begin(), placements.end());
  return placements;
}

std::vector<int> replay(const DominosaProblem& p, const Structure& s, DominosaProblem::State st,
                        const std::vector<DominosaProblem::Move>& path) {
  if (!p.replay(st, path)) throw std::logic_error("dominosa: replay failed");
  return placements_of(s, st.dom);
}

// The solution as a Result shows it: rows of letters, and the same rows as a JSON array.
void record_solution(const Instance& in, const Solution& solution, Result& r) {
  nlohmann::json rows = nlohmann::json::array();
  for (int row = 0; row < in.height(); ++row) {
    const auto first = solution.begin() + static_cast<std::ptrdiff_t>(row) * in.width();
    r.solution_lines.emplace_back(first, first + in.width());
    rows.push_back(r.solution_lines.back());
  }
  r.solution_json = rows.dump();
}

// The baseline: the reference integer model instead of rules and search. Counting excludes each
// solution found by a no-good cut and solves again (ilp/dominosa/ip.hpp).
void solve_by_ip(const Instance& in, const CommonOptions& options, Result& r, Solution& found) {
  const double limit_s = options.time_limit > 0 ? options.time_limit : ilp::kInf;
  if (options.count) {
    const uint64_t limit = options.limit;
    const ilp::DominosaIpCount c = ilp::count_dominosa_ip(
        in, limit > 0 ? static_cast<int>(std::min<uint64_t>(limit, 1 << 30)) : 1 << 30, limit_s);
    r.count("ip_solves", c.ip_solves);
    r.solution_count = c.count;
    r.count_complete = c.exact;
    r.count("solutions", c.count);
    const bool reached_limit = limit > 0 && static_cast<uint64_t>(c.count) >= limit;
    if (c.count > 0) {
      r.status = Status::solved;
      r.stop = c.exact         ? StopReason::exhausted
               : reached_limit ? StopReason::solution
                               : StopReason::time_limit;
      found = solution_from_placements(in, c.solutions.front());
    } else if (c.exact) {
      r.status = Status::infeasible;
      r.certificate = {"infeasible-ip", "CBC proved the integer model infeasible", "{}"};
    } else {
      r.stop = StopReason::time_limit;
    }
    return;
  }
  const ilp::DominosaIpResult ip = ilp::solve_dominosa_ip(in, limit_s);
  r.count("ip_solves", 1);
  if (ip.status == ilp::SolveStatus::optimal) {
    r.status = Status::solved;
    r.stop = StopReason::solution;
    found = solution_from_placements(in, ip.placements);
  } else if (ip.status == ilp::SolveStatus::infeasible) {
    r.status = Status::infeasible;
    r.certificate = {"infeasible-ip", "CBC proved the integer model infeasible", "{}"};
  } else {
    r.stop = StopReason::time_limit;
  }
}

bool wants_first_solution(const DominosaOptions& o, const Instance& in) {
  switch (o.first_solution) {
    case FirstSolutionUse::on:
      return true;
    case FirstSolutionUse::off:
      return false;
    case FirstSolutionUse::automatic:
      break;
  }
  return in.n >= kFirstSolutionOrder;
}

// Guided by a first solution, the search goes mostly straight down, and a rule that looks at the
// whole grid at every node costs more than the few wrong turns it saves. There every rule of
// linear cost and up is costly, and by default runs at the root only: the constant-cost rules
// (cell-single, domino-single) settle what each move forces. Measured with `count dominosa FILE
// --limit 2` on random planted grids of order 100 (seeds 1 and 4, one run each, a shared
// machine): the search took 2.7 and 2.6 s with every rule at every node, 0.80 and 0.37 s with
// the quadratic rules at the root only, 0.16 and 0.13 s with this; orders 40 and 60 the same way.
// When the local search stops short of a solution, its tiling is a weaker guide, and the rules
// keep their usual depths.
int costly_depth(const DominosaOptions& o, bool lean) {
  if (o.costly_depth >= 0) return o.costly_depth;
  return lean ? 0 : kEveryNode;
}

// The search's problem guided by a first solution found by local search from the propagated
// root (first_solution.hpp), or nothing when the local search found no tiling. The phase orders
// the search's values and nothing else, so every answer stays exact.
std::optional<DominosaProblem> guided_problem(const Structure& s, const DominosaOptions& o,
                                              const std::vector<std::string>& names,
                                              const DominosaProblem::State& root, double seconds,
                                              Result& r) {
  const Meter meter;
  const FirstSolution first =
      first_solution(s, root.dom.data(), FirstSolutionConfig{o.common.seed, 0, seconds});
  r.count("first_solution_missing", first.missing);
  r.count("first_solution_start_missing", first.start_missing);
  r.count("first_solution_moves", static_cast<double>(first.moves));
  r.count("first_solution_verified", first.verified ? 1 : 0);
  r.count("first_solution_timed_out", first.timed_out ? 1 : 0);
  r.count("first_solution_restarts", first.restarts);
  r.count("first_solution_seconds", meter.seconds());
  if (first.tiling.empty()) return std::nullopt;
  const bool lean = first.verified;
  std::optional<DominosaProblem> guided;
  guided.emplace(
      s, dominosa_problem_rules(names, o.common.profile, lean ? Cost::linear : Cost::probing),
      o.branching, o.values_down, costly_depth(o, lean));
  guided->set_phase(phase_of(s, first.tiling));
  return guided;
}

// count with the component counter (count.hpp): exact, serial, and past 64 bits. A count a limit
// cut short has no partial value (the parts multiply), so none is reported (solution_count stays
// -1, no "count" in the JSON) and the status stays unknown, the stop reason naming the limit.
void count_components(const DominosaProblem& problem, const Structure& s,
                      const DominosaProblem::State& root, bool consistent, const DominosaOptions& o,
                      const std::vector<std::string>& names, const search::Stats& root_stats,
                      const Meter& meter, Result& r, Solution& found) {
  ComponentCount c;
  if (consistent) {
    ComponentCountLimits limits;
    limits.nodes = o.common.node_limit;
    if (o.common.time_limit > 0)
      limits.seconds = std::max(1e-3, o.common.time_limit - meter.seconds());
    c = count_by_components(problem, s, root, limits);
  } else {
    c.complete = true;  // the rules refuted the root: no solution
  }
  c.stats.merge(root_stats);
  r.stop = c.stop;
  r.count("nodes", static_cast<double>(c.nodes));
  r.count("splits", static_cast<double>(c.splits));
  r.count("most_components", static_cast<double>(c.most_components));
  r.count("cache_hits", static_cast<double>(c.cache_hits));
  r.count("cache_entries", static_cast<double>(c.cache_entries));
  for (size_t i = 0; i < names.size(); ++i)
    r.count_rule(names[i], c.stats.calls[i], c.stats.prunes[i],
                 o.common.profile ? &c.stats.nanoseconds[i] : nullptr);
  r.count_complete = c.complete;
  if (!c.complete) return;  // no count at all: the parts multiply, so a partial one says nothing
  const BigCount most = std::numeric_limits<int64_t>::max();
  r.count_text = decimal(c.solutions);
  r.solution_count =
      c.solutions > most ? std::numeric_limits<int64_t>::max() : static_cast<int64_t>(c.solutions);
  r.count("solutions", c.solutions.convert_to<double>());
  if (c.solutions == 0) {
    r.status = Status::infeasible;
    r.certificate = no_solution_certificate(consistent, c.nodes, names, kRootRefuted);
    return;
  }
  r.status = Status::solved;
  found.assign(s.cells, '?');
  for (int cell = 0; cell < s.cells; ++cell)
    if (propagation::fixed(c.witness[cell]))
      found[cell] = kLetters[std::countr_zero(c.witness[cell])];
}

// The last step of every solve: the meter, the count's honesty, and the solution verified.
Result finish(const Instance& in, const Meter& meter, int threads, const Solution& found, Result& r,
              Solution* solution) {
  meter.finish(r, threads);
  settle_count(r);  // a count cut short by a limit is unknown
  if (r.status == Status::solved) {
    const std::string why = verify_solution(in, found);
    if (!why.empty()) throw std::logic_error("dominosa solver produced a wrong cover: " + why);
    r.verified = true;
    record_solution(in, found, r);
    if (solution) *solution = found;
  }
  return r;
}

}  // namespace

const std::vector<std::string>& grade_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v = select_rules(dominosa_rule_infos(), "default");
    v.push_back("search");
    return v;
  }();
  return names;
}

Analysis analyse(const Instance& in, int limit, const std::string& rules, uint64_t node_limit,
                 int threads) {
  Analysis a;
  const std::vector<std::string> names = select_rules(dominosa_rule_infos(), rules);
  const Structure s(in);
  const DominosaProblem problem(s, dominosa_problem_rules(names, false), Branching::items, false,
                                kEveryNode);
  DominosaProblem::State root = root_state(s);
  search::Stats stats;
  int hardest = -1;
  if (!problem.fixpoint(root, stats, &hardest)) {
    a.complete = true;
    return a;
  }
  // The grade is an index into the default names, whatever rules ran. A rule beyond them (lp,
  // probe, matching-bgl) grades as search: the default rules alone would not have sufficed.
  if (hardest >= 0) {
    const auto at = std::find(grade_names().begin(), grade_names().end(), names[hardest]);
    a.hardest = at == grade_names().end() ? static_cast<int>(grade_names().size()) - 1
                                          : static_cast<int>(at - grade_names().begin());
  }
  a.needs_search = root.open > 0;
  search::DfsConfig cfg;
  cfg.count = true;
  cfg.count_limit = static_cast<uint64_t>(limit);
  cfg.keep_paths = static_cast<size_t>(limit);
  cfg.limits.nodes = node_limit;
  cfg.threads = threads;
  cfg.split_subtrees = kAnalysisSubtrees;
  const auto out = search::depth_first(problem, root, cfg);
  a.solutions = static_cast<int>(out.solutions);
  a.complete = out.stop == StopReason::exhausted;
  a.nodes = out.stats.nodes;
  for (const auto& path : out.kept) a.found.push_back(replay(problem, s, root, path));
  return a;
}

std::vector<int> open_cells_at_root(const Instance& in, const std::string& rules) {
  const Structure s(in);
  const DominosaProblem problem(
      s, dominosa_problem_rules(select_rules(dominosa_rule_infos(), rules), false),
      Branching::items, false, kEveryNode);
  DominosaProblem::State root = root_state(s);
  search::Stats stats;
  const bool consistent = problem.fixpoint(root, stats, nullptr);
  std::vector<int> open;
  for (int c = 0; c < s.cells; ++c)
    if (!consistent || !fixed(root.dom[c])) open.push_back(c);
  return open;
}

Result solve(const Instance& in, const Options& options, Solution* solution) {
  const Meter meter;
  Result r;
  r.puzzle = "dominosa";
  r.instance = in.name;
  r.options = options.non_default();
  const DominosaOptions o = DominosaOptions::read(options);
  const int threads = resolve_threads(options);
  // The component counter adds probing to the default rules: it decides the large components
  // of random grids, which the default rules leave to a search of many failing branches
  // (docs/history/dominosa.md, "Exact counts of random grids").
  const bool probe_too = o.common.count && o.by_components && o.common.rules == "default";
  const std::vector<std::string> names =
      select_rules(dominosa_rule_infos(), probe_too ? "default,probe" : o.common.rules);
  Solution found;
  if (o.by_ip) {
    solve_by_ip(in, o.common, r, found);
    return finish(in, meter, threads, found, r, solution);
  }

  const Structure s(in);
  if (o.learning) {
    const auto rules =
        learning_rules<DominosaRuleEntry>(dominosa_problem_rules(names, false), names);
    const auto out = learn_search(s, rules, root_state(s).dom, o.common,
                                  {o.values_down, o.costly_depth}, meter, r);
    if (out.found) found = solution_from_placements(in, placements_of(s, out.first));
    return finish(in, meter, 1, found, r, solution);
  }
  const DominosaProblem unguided(s, dominosa_problem_rules(names, o.common.profile), o.branching,
                                 o.values_down, costly_depth(o, false));
  const CoreSearchWords words{"none", kRootRefuted};
  auto cs = core_root(unguided, root_state(s), names, words, r);
  if (o.common.count && o.by_components) {
    count_components(unguided, s, cs.root, cs.consistent, o, names, cs.root_stats, meter, r, found);
    return finish(in, meter, 1, found, r, solution);
  }
  const double seconds_left =
      o.common.time_limit > 0 ? std::max(1e-3, o.common.time_limit - meter.seconds()) : 0;
  const std::optional<DominosaProblem> guided =
      cs.consistent && cs.root.open > 0 && wants_first_solution(o, in)
          ? guided_problem(s, o, names, cs.root, seconds_left, r)
          : std::nullopt;
  const DominosaProblem& problem = guided ? *guided : unguided;
  core_search(problem, cs, names, o.common, threads, meter, words, r);
  if (cs.out.found) found = solution_from_placements(in, replay(problem, s, cs.root, cs.out.path));
  return finish(in, meter, threads, found, r, solution);
}

std::string check_certificate(const Instance& in, const Certificate& cert) {
  if (cert.kind == "propagation" || cert.kind == "exhaustive-search" ||
      cert.kind == "learned-refutation") {
    // A second method that shares nothing with the rules or the search: the integer model.
    const ilp::DominosaIpResult ip = ilp::solve_dominosa_ip(in, 60);
    if (ip.status == ilp::SolveStatus::infeasible) return "";
    if (ip.status == ilp::SolveStatus::optimal)
      return "the integer model found a solution: the certificate is wrong";
    throw CheckUnfinished(std::string("the integer model did not decide (") +
                          ilp::to_string(ip.status) + "); the certificate is not re-checked");
  }
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
  return "unknown certificate kind '" + cert.kind + "'";
}

namespace {

Result solve_file(const std::string& path, const Options& options) {
  return solve(read_instance(path), options);
}

// A solution's rows from a `solve --json` result: an array of height strings of width letters.
Solution solution_from_json(const nlohmann::json& rows, const Instance& in,
                            const std::string& path) {
  if (!rows.is_array() || static_cast<int>(rows.size()) != in.height())
    throw InputError(
        path, 1, 1, "a solved result needs \"solution\": " + std::to_string(in.height()) + " rows");
  Solution s;
  for (const auto& row : rows) {
    if (!row.is_string() || static_cast<int>(row.get<std::string>().size()) != in.width())
      throw InputError(path, 1, 1,
                       "each solution row needs " + std::to_string(in.width()) + " letters");
    const std::string text = row.get<std::string>();
    s.insert(s.end(), text.begin(), text.end());
  }
  return s;
}

// A JSON result from `solve --json` is checked whole: its cover verified, or its certificate
// re-checked by another method. Anything else is read as rows of letters (a .sol file).
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
  Solution solution;
  const Result r = solve(in, options, &solution);
  if (r.status != Status::solved)
    throw std::invalid_argument(path + ": no solution to draw (" + to_string(r.status) + ")");
  return render_svg(in, &solution);
}

}  // namespace

PuzzleSolver dominosa_solver() {
  PuzzleSolver p{"dominosa",
                 "pair every cell with a neighbour so each domino is used once; count, generate",
                 dominosa_rule_infos, solve_file, verify_any};
  p.render = render;
  p.read_instance_file = [](const std::string& path) { (void)read_instance(path); };
  p.options = dominosa_option_rows;
  p.bench = dominosa_bench;
  p.generate = generate_text;
  p.generate_instances = generate_instances;
  p.checks.oracle_instance = oracle_instance;
  p.checks.oracle_answer = oracle_answer;
  p.checks.reread = reread;
  p.checks.fuzz_instances = fuzz_instances();
  return p;
}

}  // namespace bs::dominosa
