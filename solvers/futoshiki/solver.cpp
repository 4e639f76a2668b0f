// Futoshiki solver: propagation to a fixpoint at every node, inside the generic parallel DFS.
//
// Flow. Root contradictions that need no search come first (puzzles/futoshiki/grid.hpp), with a
// certificate anyone can recompute. Then the selected rules run to a fixpoint at the root: the
// most expensive rule that made progress is the puzzle's grade, or "search" when the rules stop
// short of a full grid. Then the generic DFS (search/dfs.hpp) branches on one cell at a time and
// propagates at every node it enters; counting runs use the same engine with a solution limit.
//
// Nothing of the search core is Futoshiki's: the domains, the trail, the fixpoint driver and the
// branching are the propagation layer's (propagation/problem.hpp), over Structure as its model.
// This file chooses the rules and options, builds the root, and turns the outcome into a Result.
#include "solvers/futoshiki/solver.hpp"

#include <algorithm>
#include <exception>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "core/error.hpp"
#include "heuristics/futoshiki/futoshiki_rule.hpp"
#include "ilp/futoshiki/ip.hpp"
#include "propagation/problem.hpp"
#include "puzzles/futoshiki/format.hpp"
#include "puzzles/futoshiki/render.hpp"
#include "search/dfs.hpp"
#include "solvers/core_learning.hpp"
#include "solvers/core_search.hpp"
#include "solvers/futoshiki/bench.hpp"
#include "solvers/futoshiki/cadical.hpp"
#include "solvers/futoshiki/commands.hpp"
#include "solvers/futoshiki/fuzz.hpp"
#include "solvers/futoshiki/generate.hpp"
#include "solvers/futoshiki/options.hpp"
#include "solvers/futoshiki/oracle.hpp"
#include "solvers/generate_spec.hpp"
#include "solvers/measure.hpp"
#include "solvers/verify_result.hpp"

namespace bs::futoshiki {

namespace {

// The search core is the propagation layer's (propagation/problem.hpp): the cells are its
// variables, the Futoshiki rules its rules, and Structure the model it branches over.
using FutoshikiProblem = propagation::Problem<Structure, RuleInfo>;
using ActiveRules = FutoshikiProblem::Rules;
using propagation::Branching;

// The root state: every value everywhere but at the givens, and the places to match.
FutoshikiProblem::State root_state(const Structure& s, const Instance& in) {
  FutoshikiProblem::State st;
  st.dom.assign(s.words(), s.all);
  for (int c = 0; c < in.cells(); ++c)
    if (in.givens[c]) st.dom[c] = value_bit(in.givens[c]);
  s.init_places(st.dom.data());
  return st;
}

// Every node: the depth of a search never exceeds the cells it fixes.
constexpr int kEveryNode = kMaxN * kMaxN;

// --probe-depth, with -1 resolved. Where the search must refute subtrees (solving, proving a
// puzzle unique) probing at every node pays many times over. Counting every solution of an
// under-constrained grid is the opposite case: nearly every subtree holds solutions, so a probe
// has nothing to cut (fut_07_count_1m: the same 2,044,583 nodes with and without it, 7x the
// time with it; docs/history/futoshiki.md).
int probe_depth(const FutoshikiOptions& o) {
  if (o.probe_depth >= 0) return o.probe_depth;
  return o.common.count && o.common.limit == 0 ? 1 : kEveryNode;
}

// select_rules() gives the names cheapest first, so the probing rules come last.
ActiveRules rule_functions(const std::vector<std::string>& names, bool timed = false) {
  if (names.size() > static_cast<size_t>(std::min(search::kMaxRules, kMaxFixpointRules)))
    throw std::logic_error("more futoshiki rules than counter slots");
  ActiveRules out;
  out.timed = timed;
  for (const auto& name : names)
    for (const auto& e : futoshiki_rules())
      if (e.info.name == name) {
        out.shallow.push_back(&e);
        if (e.info.cost < Cost::probing) out.deep = static_cast<int>(out.shallow.size());
      }
  return out;
}

// The full grid a solution path reaches from the propagated root.
Grid replay(const FutoshikiProblem& p, const Structure& s, FutoshikiProblem::State st,
            const std::vector<FutoshikiProblem::Move>& path) {
  if (!p.replay(st, path)) throw std::logic_error("futoshiki: replay failed");
  Grid g(s.cells());
  for (size_t c = 0; c < g.size(); ++c) g[c] = lowest_value(st.dom[c]);
  return g;
}

// The baseline: the reference integer model instead of rules and search. Counting excludes each
// solution found by a no-good cut and solves again (ilp/futoshiki/ip.hpp).
void solve_by_ip(const Instance& in, const CommonOptions& options, Result& r, Grid& grid) {
  const double limit_s = options.time_limit > 0 ? options.time_limit : ilp::kInf;
  if (options.count) {
    const uint64_t limit = options.limit;
    const ilp::FutoshikiIpCount c = ilp::count_futoshiki_ip(
        in, limit > 0 ? static_cast<int>(std::min<uint64_t>(limit, 1 << 30)) : 1 << 30, limit_s);
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
      grid = c.solutions.front();
    } else if (c.exact) {
      r.status = Status::infeasible;
      r.certificate = {"infeasible-ip", "CBC proved the integer model infeasible", "{}"};
    } else {
      r.stop = StopReason::time_limit;
    }
    return;
  }
  const ilp::FutoshikiIpResult ip = ilp::solve_futoshiki_ip(in, limit_s);
  r.count("ip_solves", 1);
  if (ip.status == ilp::SolveStatus::optimal) {
    r.status = Status::solved;
    r.stop = StopReason::solution;
    grid = ip.grid;
  } else if (ip.status == ilp::SolveStatus::infeasible) {
    r.status = Status::infeasible;
    r.certificate = {"infeasible-ip", "CBC proved the integer model infeasible", "{}"};
  } else {
    r.stop = StopReason::time_limit;
  }
}

// --method learn: the rules under the search that learns from its conflicts
// (solvers/core_learning.hpp).
void solve_by_learning(const Structure& s, const Instance& in, const FutoshikiOptions& o,
                       const std::vector<std::string>& names, const Meter& meter, Result& r,
                       Grid& grid) {
  const auto rules = learning_rules<FutoshikiRuleEntry>(rule_functions(names), names);
  const auto out = learn_search(s, rules, root_state(s, in).dom, o.common,
                                {o.values_down, o.probe_depth}, meter, r);
  if (!out.found) return;
  grid.assign(out.first.size(), 0);
  for (size_t c = 0; c < grid.size(); ++c) grid[c] = lowest_value(out.first[c]);
}

}  // namespace

const std::vector<std::string>& grade_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v = select_rules(futoshiki_rule_infos(), "default");
    v.push_back("search");
    return v;
  }();
  return names;
}

Analysis analyse(const Instance& in, int limit, Exclusion excluded) {
  Analysis a;
  if (!find_contradiction(in).empty()) return a;
  const std::vector<std::string>& names = grade_names();
  const Structure s(in);
  const FutoshikiProblem problem(
      s, rule_functions(std::vector<std::string>(names.begin(), names.end() - 1)),
      Branching::dom_probe, false, kEveryNode);
  FutoshikiProblem::State root = root_state(s, in);
  if (excluded.cell >= 0) {
    Mask& d = root.dom[excluded.cell];
    const Mask lost = d & value_bit(excluded.value);
    d &= ~lost;
    s.drop_places(root.dom.data(), excluded.cell, lost);
  }
  search::Stats stats;
  if (!problem.fixpoint(root, stats, &a.hardest)) return a;
  a.needs_search = root.open > 0;
  search::DfsConfig cfg;
  cfg.count = true;
  cfg.count_limit = static_cast<uint64_t>(limit);
  const auto out = search::depth_first(problem, root, cfg);
  a.solutions = static_cast<int>(out.solutions);
  if (out.found) a.first = replay(problem, s, root, out.path);
  return a;
}

Result solve(const Instance& in, const Options& options, Grid* solution) {
  const Meter meter;
  Result r;
  r.puzzle = "futoshiki";
  r.instance = in.name;
  r.options = options.non_default();
  const FutoshikiOptions o = FutoshikiOptions::read(options);
  const int threads = resolve_threads(options);
  const bool count = o.common.count;
  const std::vector<std::string> names = select_rules(futoshiki_rule_infos(), o.common.rules);
  Grid grid;

  auto finish = [&]() -> Result {
    meter.finish(r, threads);
    if (count && r.solution_count < 0) {  // decided before the search: no solution at all
      r.solution_count = 0;
      r.count_complete = true;
    }
    settle_count(r);  // a count cut short by a limit is unknown, by DFS and IP alike
    if (r.status == Status::solved) {
      const std::string why = verify_solution(in, grid);
      if (!why.empty()) throw std::logic_error("futoshiki solver produced a wrong grid: " + why);
      r.verified = true;
      nlohmann::json rows = nlohmann::json::array();
      for (int i = 0; i < in.n; ++i) {
        std::vector<int> row(grid.begin() + i * in.n, grid.begin() + (i + 1) * in.n);
        rows.push_back(row);
      }
      r.solution_json = rows.dump();
      const std::string text = format_grid(grid, in.n);
      for (size_t p = 0, q; p < text.size(); p = q + 1) {
        q = text.find('\n', p);
        if (q == std::string::npos) q = text.size();
        r.solution_lines.push_back(text.substr(p, q - p));
      }
      if (solution) *solution = grid;
    }
    return r;
  };

  if (o.by_ip) {
    solve_by_ip(in, o.common, r, grid);
    return finish();
  }
  if (o.by_cadical) {
    solve_by_cadical(in, o.common, r, grid);
    return finish();
  }

  if (const std::string why = find_contradiction(in); !why.empty()) {
    r.status = Status::infeasible;
    r.stop = StopReason::root;
    r.certificate = {"contradiction", why, nlohmann::json{{"reason", why}}.dump()};
    return finish();
  }

  const Structure s(in);
  if (o.learning) {
    solve_by_learning(s, in, o, names, meter, r, grid);
    return finish();
  }
  const FutoshikiProblem problem(s, rule_functions(names, o.common.profile), o.branching,
                                 o.values_down, probe_depth(o));
  const auto cs = run_core_search(problem, root_state(s, in), names, o.common, threads, meter,
                                  {"givens", "empty a domain at the root"}, r);
  if (cs.out.found) grid = replay(problem, s, cs.root, cs.out.path);
  return finish();
}

}  // namespace bs::futoshiki

namespace bs::futoshiki {

std::string check_certificate(const Instance& in, const Certificate& cert) {
  if (cert.kind == "contradiction") {
    const std::string why = find_contradiction(in);
    return why.empty() ? "no contradiction among the givens and inequalities" : "";
  }
  if (cert.kind == "infeasible-ip" || cert.kind == kCadicalUnsat) {
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
    const ilp::FutoshikiIpResult ip = ilp::solve_futoshiki_ip(in, 60);
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

// A solution's rows from a `solve --json` result: n arrays of n integers, each value clamped to
// -1..kMaxN + 1 so that a huge one stays out of range instead of overflowing an int.
Grid grid_from_json(const nlohmann::json& rows, const Instance& in, const std::string& path) {
  if (!rows.is_array() || static_cast<int>(rows.size()) != in.n)
    throw InputError(path, 1, 1,
                     "a solved result needs \"solution\": " + std::to_string(in.n) + " rows");
  Grid g;
  for (const auto& row : rows) {
    if (!row.is_array() || static_cast<int>(row.size()) != in.n)
      throw InputError(path, 1, 1, "each solution row needs " + std::to_string(in.n) + " integers");
    for (const auto& v : row) {
      if (!v.is_number_integer()) throw InputError(path, 1, 1, "a value is not an integer");
      g.push_back(static_cast<int>(std::clamp<int64_t>(v.get<int64_t>(), -1, kMaxN + 1)));
    }
  }
  return g;
}

}  // namespace

Grid read_solution_file(const Instance& in, const std::string& path) {
  const std::string text = read_file(path);
  if (!is_json_result(text)) return parse_grid(text, in.n, path);
  nlohmann::json result;
  try {
    result = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception&) {
    throw InputError(path, 1, 1, "not valid JSON");
  }
  const auto status = result.is_object() ? result.find("status") : result.end();
  if (status == result.end() || *status != "solved")
    throw InputError(path, 1, 1, "a result that holds a solution needs \"status\": \"solved\"");
  Grid g = grid_from_json(result.value("solution", nlohmann::json()), in, path);
  for (const int v : g)
    if (v < 1 || v > in.n)
      throw InputError(path, 1, 1, "a value outside 1.." + std::to_string(in.n));
  return g;
}

namespace {

// A JSON result from `solve --json` is checked whole: its grid verified, or its certificate
// re-checked. Anything else is read as a grid of n rows.
std::string verify_files(const std::string& instance_path, const std::string& solution_path) {
  const Instance in = read_instance(instance_path);
  const std::string text = read_file(solution_path);
  if (!is_json_result(text)) return verify_solution(in, parse_grid(text, in.n, solution_path));
  return verify_result_text(
      text, solution_path,
      [&](const nlohmann::json& rows) {
        return verify_solution(in, grid_from_json(rows, in, solution_path));
      },
      [&](const Certificate& cert) { return check_certificate(in, cert); });
}

std::string render(const std::string& path, const Options& options, bool solved) {
  const Instance in = read_instance(path);
  if (!solved) return render_svg(in, nullptr);
  Grid grid;
  const Result r = solve(in, options, &grid);
  if (r.status != Status::solved)
    throw std::invalid_argument(path + ": no solution to draw (" + to_string(r.status) + ")");
  return render_svg(in, &grid);
}

// An experiment config's [[generate]] table: `count` puzzles (1 by default) of side `size`, from
// seeds `seed`, `seed` + 1, ... (1 by default), at `grade` ("any" by default), by the method
// `clues` ("all" by default, or "add": minimal puzzles); each is the very text `boundsearch
// generate futoshiki` writes for that size, seed, grade and method, so a sweep over generated
// puzzles can be reproduced file by file. Names: gen_<size>_seed<seed>, with the grade after the
// size when one is asked for, or "min" for clues = "add". No progress line: the puzzles are made
// several at a time.
std::vector<GeneratedInstance> generate_instances(
    const std::vector<std::pair<std::string, std::string>>& spec) {
  Options options;
  bool sized = false;
  int64_t count = 1, first = 1;
  for (const auto& [k, v] : spec) {
    if (k == "size") {
      options.set("size", v);
      sized = true;
    } else if (k == "grade") {
      options.set("grade", v);
    } else if (k == "clues") {
      options.set("clues", v);
    } else if (k == "count") {
      count = generator_whole(k, v, 1, kMaxGeneratedCount);
    } else if (k == "seed") {
      first = generator_whole(k, v, 0, kMaxGeneratorSeed);
    } else {
      throw std::invalid_argument("unknown generator key '" + k +
                                  "' (futoshiki knows size, count, seed, grade, clues)");
    }
  }
  if (!sized) throw std::invalid_argument("futoshiki's generator needs a size");
  options.set("progress", "off");
  const FutoshikiOptions o = FutoshikiOptions::read(options);
  const std::string n = std::to_string(o.size);
  const std::string kind = o.clues_added ? "_min" : o.grade == "any" ? "" : "_" + o.grade;
  // Each puzzle depends on its seed alone, so they are made in parallel (a side-20 puzzle takes
  // about a minute) and land in seed order; the first failure by seed is the one reported.
  std::vector<GeneratedInstance> out(static_cast<size_t>(count));
  std::vector<std::exception_ptr> failure(static_cast<size_t>(count));
#pragma omp parallel for schedule(dynamic, 1)
  for (int64_t k = 0; k < count; ++k) {
    try {  // nothing may leave an OpenMP region by an exception
      const std::string seed = std::to_string(first + k);
      Options own = options;
      own.set("seed", seed);
      out[k] = {"gen_" + n + kind + "_seed" + seed, generate_text(own)};
    } catch (...) {
      failure[k] = std::current_exception();
    }
  }
  for (const std::exception_ptr& f : failure)
    if (f) std::rethrow_exception(f);
  return out;
}

}  // namespace

PuzzleSolver futoshiki_solver() {
  PuzzleSolver p{"futoshiki",
                 "fill a Latin square keeping givens and inequalities; count, generate",
                 futoshiki_rule_infos, solve_file, verify_files};
  p.render = render;
  p.generate = generate_text;
  p.read_instance_file = [](const std::string& path) { (void)read_instance(path); };
  p.generate_instances = generate_instances;
  p.options = futoshiki_option_rows;
  p.commands = futoshiki_commands;
  p.bench = futoshiki_bench;
  p.checks = {oracle_instance,
              oracle_answer,
              reread,
              {"5\n3 -1 -1 -1 -1\n-1 -1 -1 -1 -1\n-1 -1 -1 -1 -1\n-1 -1 -1 -1 -1\n-1 -1 3 -1 -1\n"
               "2 1 3 1\n2 3 1 3\n3 3 2 3\n3 4 4 4\n4 2 4 1\n5 2 4 2\n5 2 5 1\n5 5 4 5\n"}};
  return p;
}

}  // namespace bs::futoshiki
