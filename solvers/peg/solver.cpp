// Peg solitaire solver: the rules of the game, the registered rules, and the search portfolio.
//
// Flow. The game's own facts come first (start == final; a final with as many pegs as the
// start). Then the selected rules are posted cheapest first; a root rule may prove the instance
// impossible, with a certificate, or shrink the jump budget, or post pagoda cuts. Then the
// search, a portfolio of restarts (class Portfolio below):
// - two sides, the game and its time reversal (vacancy b -> peg a), each with its own table of
//   dead positions (keys canonical under the symmetries that fix start and final) and its own
//   backward set, built once by breadth-first reverse play from the final (bidirectional search:
//   the depth-first search stops where it meets that set);
// - each round gives each side a node budget, twice the last round's, and a new move order;
// - each round ends with a beam search as costly as a side's turn, which finds the solutions
//   that depth-first search misses on large boards.
// The first turn in serial order (round by round: side 0, side 1, the beam) to decide wins: a
// solution, or an exhaustive search with no goal (a proof). More threads run the turns side by side
// without changing which one that is, nor any count (class Portfolio says how). Every solution is
// replayed by the independent verifier before it is reported. Boards beyond 64 holes run one
// plain forward search over 128-bit positions.
//
// Why the dead table is sound here. A position P is stored dead when the search below it ended,
// uninterrupted, without reaching the goal (the final, or the backward set, which holds every
// position at the meeting level that reaches the final). Jump budgets could make this depend on
// the path to P; they do not, because every complete solution obeys the budgets (they come from
// relaxations every solution satisfies), so any completion of P that exists would have been
// found from any path to P. Symmetry: a symmetry g that fixes the final maps completions of P
// onto completions of gP, so P and gP are dead together.
#include "solvers/peg/solver.hpp"

#include <algorithm>
#include <bit>
#include <iomanip>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>

#include "core/clock.hpp"
#include "core/error.hpp"
#include "heuristics/peg/jump_bounds.hpp"
#include "heuristics/peg/peg_rule.hpp"
#include "ilp/peg/ip_proof.hpp"
#include "ilp/peg/jump_bounds.hpp"
#include "puzzles/peg/format.hpp"
#include "puzzles/peg/generate.hpp"
#include "puzzles/peg/position_class.hpp"
#include "puzzles/peg/proof_check.hpp"
#include "puzzles/peg/symmetry.hpp"
#include "puzzles/peg/verify.hpp"
#include "search/bidirectional.hpp"
#include "search/dfs.hpp"
#include "search/portfolio.hpp"
#include "search/team.hpp"
#include "search/transposition_table.hpp"
#include "solvers/measure.hpp"
#include "solvers/peg/beam.hpp"
#include "solvers/peg/bench.hpp"
#include "solvers/peg/commands.hpp"
#include "solvers/peg/fuzz.hpp"
#include "solvers/peg/options.hpp"
#include "solvers/peg/oracle.hpp"
#include "solvers/peg/proof_log.hpp"
#include "solvers/peg/search.hpp"
#include "solvers/verify_result.hpp"

namespace bs::peg {

namespace {

using u128 = unsigned __int128;

struct Hash128 {
  size_t operator()(u128 k) const {
    const uint64_t lo = static_cast<uint64_t>(k), hi = static_cast<uint64_t>(k >> 64);
    return std::hash<uint64_t>{}(lo ^ (hi * 0x9e3779b97f4a7c15ULL));
  }
};

// One way of searching the instance. Side 0 plays it as given; side 1 plays its time reversal
// (vacancy b -> peg a for vacancy a -> peg b: start = complement of the final, final = complement
// of the start). A jump on a position undoes the same jump on its complement, so a solution of
// the reversal, read backwards, solves the original.
// Each side has its own rules, table and backward set, kept across the restarts of the
// portfolio in solve(), so a restart repeats little: what a side proved dead stays dead.
struct Side {
  Instance in;
  bool reversed = false;
  std::vector<std::unique_ptr<PegRule>> rules;
  std::unique_ptr<PegRoot> root;
  std::vector<std::pair<const PegRule*, int>> node_rules;
  std::vector<PegProblem<uint64_t>::RuleCut> cuts;
  std::vector<std::vector<int>> symmetries{{}};  // identity first; the ones fixing both ends
  std::unique_ptr<PegProblem<uint64_t>> problem;
  // The beam's copy of side 0's problem, in the fixed move order: the beam runs beside the side's
  // turns, which change their problem's order.
  std::unique_ptr<PegProblem<uint64_t>> beam_problem;
  std::unique_ptr<search::DeadTable> table;  // dead positions, and the backward set (tagged)
  search::Levels levels;
  bool bidirectional = false;
  Certificate root_why;  // what the root rule proved, and which rule
  std::string root_rule;
  search::Stats stats;  // the counted turns'
};

Instance reversed_instance(const Instance& in) {
  Instance r{in.name + "~reversed", in.board, in.final, in.start};
  for (auto& v : r.start) v = !v;
  for (auto& v : r.final) v = !v;
  return r;
}

// Posts the selected rules on a side. Returns false (and fills `why`, `rule`) when one proves the
// side impossible at the root.
bool post_rules(Side& side, const std::vector<std::string>& names, const PegOptions& options,
                int threads, const search::Budget& whole, Certificate& why, std::string& rule) {
  const int moves = peg_count(side.in.start) - peg_count(side.in.final);
  side.root = std::make_unique<PegRoot>(PegRoot{
      side.in, options, threads, std::vector<int>(side.in.board.jumps().size(), moves), {}, {}});
  side.root->solve_budget = &whole;
  for (size_t i = 0; i < names.size(); ++i) {
    for (const auto& e : peg_rules())
      if (e.info.name == names[i]) side.rules.push_back(e.make());
    const uint64_t started = monotonic_ns();
    const Verdict posted = side.rules.back()->post(*side.root, why);
    if (options.common.profile) side.stats.nanoseconds[i] += monotonic_ns() - started;
    if (posted == Verdict::fail) {
      rule = names[i];
      return false;
    }
    if (side.rules.back()->checks_nodes())
      side.node_rules.emplace_back(side.rules.back().get(), static_cast<int>(i));
    for (LinearCut& c : side.root->cuts) side.cuts.push_back({std::move(c), static_cast<int>(i)});
    side.root->cuts.clear();
  }
  if (options.symmetry) {
    side.symmetries.clear();
    for (auto& perm : board_symmetries(side.in.board))
      if (fixes(perm, side.in.start) && fixes(perm, side.in.final)) side.symmetries.push_back(perm);
  }
  return true;
}

// The beam's own copy of the side's problem (Side::beam_problem), meeting the same backward set.
void make_beam_problem(Side& side) {
  side.beam_problem = std::make_unique<PegProblem<uint64_t>>(
      side.in, side.root->budget, side.node_rules, side.cuts, side.symmetries);
  side.beam_problem->time_rules(side.root->options.common.profile);
  if (side.bidirectional)
    side.beam_problem->meet(side.table.get(), side.problem->meet_count(),
                            side.problem->top_count());
}

// The side's problem, table and backward set.
void build_search(Side& side, size_t hash_mb, size_t backward, int threads) {
  side.problem = std::make_unique<PegProblem<uint64_t>>(side.in, side.root->budget, side.node_rules,
                                                        side.cuts, side.symmetries);
  side.problem->time_rules(side.root->options.common.profile);
  if (hash_mb == 0) return;
  side.table = std::make_unique<search::DeadTable>(hash_mb);
  const int total = peg_count(side.in.start) - peg_count(side.in.final);
  // The tag bit needs a free top bit; two moves or fewer leave nothing to meet in the middle.
  if (backward == 0 || side.in.board.holes() > 63 || total < 3) return;
  // The backward set lives in the dead table, tagged, in a region at the table's front sized to
  // it (search/transposition_table.hpp says why). Below 1/16 of the region's slots an 8-slot
  // window almost never fills, so a level is rarely abandoned.
  const size_t region = side.table->set_tag_region(kBackwardTag, std::bit_ceil(backward * 16));
  search::LevelsConfig lc;
  lc.max_levels = (total + 1) / 2;  // meet in the middle at the deepest
  lc.max_positions = std::min(backward, region / 16);
  lc.threads = threads;
  const PegProblem<uint64_t>& problem = *side.problem;
  const uint64_t final_pegs = PegProblem<uint64_t>::bits(side.in.final);
  side.levels = search::breadth_levels(
      problem.canonical(final_pegs) | kBackwardTag, lc, *side.table,
      [&](uint64_t key, auto&& emit) { problem.reverse_children(key & ~kBackwardTag, emit); });
  if (side.levels.stored == 0) return;
  const int final_count = peg_count(side.in.final);
  side.problem->meet(side.table.get(), final_count + side.levels.complete,
                     final_count + side.levels.complete + 1);
  side.bidirectional = true;
}

// Builds the side's problem, table, backward set and the beam's problem on its first run. The
// portfolio builds them on one thread: the keys of an abandoned backward level, which stay in the
// table and are met by the search, are whichever the threads stored first (a few milliseconds of
// work, 14 ms on the English board's 20,000 positions).
void prepare_search(Side& side, size_t hash_mb, size_t backward, int threads) {
  build_search(side, hash_mb, backward, threads);
  make_beam_problem(side);
}

// One run of a side, up to cfg's limits. The path is a solution of side.in when found.
search::DfsOutcome<uint16_t> run_side(Side& side, const search::DfsConfig& cfg) {
  const PegProblem<uint64_t>& problem = *side.problem;
  search::DfsOutcome<uint16_t> out =
      side.table ? search::depth_first(problem, problem.root(side.in.start), cfg, side.table.get())
                 : search::depth_first(problem, problem.root(side.in.start), cfg);
  if (out.found && side.bidirectional) problem.complete_path(side.in.start, out.path);
  return out;
}

// Boards beyond 64 holes: one forward search over 128-bit positions, no symmetry, no backward set.
search::DfsOutcome<uint16_t> run_wide(Side& side, const search::DfsConfig& cfg, size_t hash_mb) {
  std::vector<PegProblem<u128>::RuleCut> cuts;
  for (const auto& c : side.cuts) cuts.push_back({c.cut, c.rule});
  PegProblem<u128> problem(side.in, side.root->budget, side.node_rules, std::move(cuts), {{}});
  problem.time_rules(side.root->options.common.profile);
  search::DfsOutcome<uint16_t> out;
  if (hash_mb == 0) {
    out = search::depth_first(problem, problem.root(side.in.start), cfg);
  } else {
    search::WideDeadTable<u128, Hash128> table(hash_mb);
    out = search::depth_first(problem, problem.root(side.in.start), cfg, &table);
  }
  return out;
}

void set_infeasible(Result& r, StopReason stop, Certificate why) {
  r.status = Status::infeasible;
  r.stop = stop;
  r.certificate = std::move(why);
}

// The whole solve's budget: --node-limit and --time-limit, counted from the start of the solve.
search::Limits solve_limits(const CommonOptions& options) {
  search::Limits limits;
  limits.nodes = options.node_limit;
  if (options.time_limit > 0) limits.seconds = options.time_limit;
  return limits;
}

Result new_result(const Instance& in, const Options& options) {
  Result r;
  r.puzzle = "peg";
  r.solution_key = "moves";
  r.instance = in.name;
  r.options = options.non_default();
  return r;
}

// The game's own facts, before any rule. True when they decide the instance (r says how).
bool decided_by_the_game(const Instance& in, Result& r) {
  const int start_pegs = peg_count(in.start), final_pegs = peg_count(in.final);
  if (in.start == in.final) {
    r.status = Status::solved;
    r.stop = StopReason::root;
    return true;
  }
  if (final_pegs >= start_pegs || final_pegs == 0) {
    set_infeasible(
        r, StopReason::root,
        {"peg-count",
         "a jump removes exactly one peg and never the last: " + std::to_string(start_pegs) +
             " pegs cannot become " + std::to_string(final_pegs),
         nlohmann::json{{"start_pegs", start_pegs}, {"final_pegs", final_pegs}}.dump()});
    return true;
  }
  return false;
}

// Whether the time reversal of `in` is `in` itself up to a symmetry of the board (the central
// games are): a second side would then search the same tree again.
bool is_own_reversal(const Instance& in, const Instance& back) {
  bool same = false;
  for (const auto& perm : board_symmetries(in.board)) {
    Config s(back.start.size()), f(back.final.size());
    for (size_t h = 0; h < perm.size(); ++h) {
      s[perm[h]] = back.start[h];
      f[perm[h]] = back.final[h];
    }
    same = same || (s == in.start && f == in.final);
  }
  return same;
}

// The game as given, and its time reversal when `reverse` asks for it and it differs.
std::vector<std::unique_ptr<Side>> make_sides(const Instance& in, bool reverse) {
  std::vector<std::unique_ptr<Side>> sides;
  sides.push_back(std::make_unique<Side>());
  sides.back()->in = in;
  if (!reverse) return sides;
  Instance back = reversed_instance(in);
  if (is_own_reversal(in, back)) return sides;
  sides.push_back(std::make_unique<Side>());
  sides.back()->in = std::move(back);
  sides.back()->reversed = true;
  return sides;
}

// The solution's lines and JSON, replayed by the verifier, and the measurements.
Result finish(const Instance& in, Result& r, const std::vector<JumpRC>& jumps, const Meter& meter,
              int threads) {
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
}

// The search: a portfolio of the sides with restarts (search/portfolio.hpp). Each round gives every
// side a node budget, `restart-growth` times the last round's, in the next move order, and ends
// with a beam; a side's table keeps what it proved dead, so a restart costs little, and the member
// the instance happens to favour decides it. The first turn in serial order (round, then side 0,
// side 1, beam) that decides is the answer.
//
// The same work on any thread count. Each turn is a function of its member's own past: a side's
// depth-first turn runs on one thread over the side's own table, and the beam reads only side 0's
// backward set, which is fixed before the first round (and a problem of its own, so the sides'
// move orders are not shared with it). So the turns may run at once on the team (one side beside
// the other, a side beside the beam, whose levels take every thread that is free), and the
// answer, the rounds and every counter are those of one thread: only turns at or before the
// deciding one are counted, and later ones, begun ahead, are cancelled. Boards beyond 64 holes run
// one unbounded turn of the plain forward search, on every thread (its answer is the serial
// first solution; its node count varies with the threads).
class Portfolio {
 public:
  Portfolio(const Instance& in, const PegOptions& options, int threads, search::Budget& whole,
            Result& r)
      : in_(in),
        options_(options),
        threads_(threads),
        whole_(whole),
        r_(r),
        names_(select_rules(peg_rule_infos(), options.common.rules)),
        narrow_(in.board.holes() <= 64),
        sides_(make_sides(in, narrow_ && options.reverse)),
        team_(threads) {
    // Rule counters live in fixed per-thread arrays indexed by position in this list.
    if (names_.size() > static_cast<size_t>(search::kMaxRules))
      throw std::logic_error("more peg rules than search::kMaxRules counter slots");
    r_.count("sides", static_cast<double>(sides_.size()));
  }

  // Posts the rules of the first side and builds its search, then runs the rounds until a member
  // decides or the whole budget is spent. False: a root rule proved the instance impossible, and r
  // says so.
  bool run() {
    Side& first = *sides_.front();
    if (!open_side(first)) {
      report_root_decision(first);
      return false;
    }
    r_.count("symmetries", static_cast<double>(std::max<size_t>(1, first.symmetries.size())));
    configure();
    if (narrow_) prepare_search(first, side_mb_, backward_, 1);
    const size_t members = sides_.size() + (with_beam() ? 1 : 0);
    end_ = search::run_portfolio(members, restarts_, whole_, team_, [&](const search::Turn& t) {
      return t.member < sides_.size() ? side_turn(t) : beam_turn(t);
    });
    const TurnRecord* last = deciding_turn();
    if (last && last->root_decided) {
      report_root_counters(first);
      report_root_decision(*sides_[last->member]);
      return false;
    }
    return true;
  }

  // The counters of the search and its answer: a solution (in `jumps`) or a proof.
  void report(std::vector<JumpRC>& jumps) {
    const TurnRecord* last = deciding_turn();
    const bool decided = last && (last->found || last->stop == StopReason::exhausted);
    // A limit that stopped the whole run is its reason; else the deciding member's.
    r_.stop = !decided && whole_.stopped() ? whole_.reason()
              : last                       ? last->stop
                                           : StopReason::exhausted;
    report_counters();
    if (decided) report_answer(*last, jumps);
  }

 private:
  // What one turn did; kept for every turn, counted only up to the deciding one.
  struct TurnRecord {
    int round = 0;
    size_t member = 0;
    bool opened = false;        // this turn posted its side's rules
    bool root_decided = false;  // and a root rule proved the instance impossible
    search::Stats stats;        // a side's turn
    double seconds = 0;
    uint64_t beam_nodes = 0;  // the beam's turn
    double beam_seconds = 0;
    uint64_t refused_meetings = 0;  // the meetings its problem refused in this turn
    bool found = false;
    StopReason stop = StopReason::exhausted;
    std::vector<uint16_t> path;  // a solution of the game as given
  };

  bool with_beam() const { return narrow_ && beam_divisor_ > 0; }
  bool with_wide_beam() const { return !narrow_ && beam_divisor_ > 0; }

  // The widest beam. A beam state and its share of a level's children take a kilobyte or two, and
  // the width doubles every round: left to grow, the beam of Wiegleb's (0,4)->(0,4) game held
  // 13 GB by round 20 (600 s). Here it stops at a few hundred megabytes, from round 16 on with
  // the default options; the shipped instances end by round 14.
  static constexpr uint64_t kMaxBeamWidth = uint64_t{1} << 18;
  // The boxes a proof that one jump is never made may open (unused_jumps).
  static constexpr int kUnusedJumpBoxes = 100;

  // Posts a side's rules when it first runs (the reversed side may never be needed). False: a
  // rule proved the instance impossible (the side keeps the certificate).
  bool open_side(Side& side) {
    return post_rules(side, names_, options_, threads_, whole_, side.root_why, side.root_rule);
  }

  // The rule counters of a side's root, reported once the side counts.
  void report_root_counters(const Side& side) {
    const std::string prefix = side.reversed ? "reversed_" : "";
    for (auto& kv : side.root->counters) r_.count(prefix + kv.first, kv.second);
  }

  // A root rule proved the instance impossible on `side`.
  void report_root_decision(Side& side) {
    report_root_counters(side);
    r_.count("decided_by_" + side.root_rule, 1);
    r_.count("prunes_" + side.root_rule, 1);  // the root is a node too: reports count it per rule
    if (options_.common.profile)              // the run ends here, so the posts' times are too
      for (size_t i = 0; i < names_.size(); ++i)
        if (side.stats.nanoseconds[i])
          r_.count("seconds_" + names_[i], static_cast<double>(side.stats.nanoseconds[i]) * 1e-9);
    Certificate why = side.root_why;
    if (side.reversed) {
      // The certificate speaks of the reversed instance; its checker reverses the instance too.
      nlohmann::json data = nlohmann::json::parse(why.data_json);
      data["reversed"] = true;
      why.data_json = data.dump();
      why.detail = "time reversal (vacancy and peg swapped): " + why.detail;
    }
    set_infeasible(r_, StopReason::root, why);
  }

  // The options of the rounds, and the beam's table of neighbours.
  void configure() {
    hash_mb_ = options_.hash_mb;
    side_mb_ = sides_.size() > 1 ? std::max<size_t>(1, hash_mb_ / 2) : hash_mb_;
    backward_ = options_.backward;
    cfg_.spawn_depth = options_.common.spawn_depth;
    cfg_.parent = &whole_;
    beam_divisor_ = options_.beam;
    neighbours_.assign(in_.board.holes(), 0);  // for the beam's isolated pegs
    for (const Jump& J : in_.board.jumps())
      if (J.from < 64 && J.over < 64) neighbours_[J.from] |= uint64_t{1} << J.over;
    wide_neighbours_.assign(in_.board.holes(), 0);
    for (const Jump& J : in_.board.jumps()) wide_neighbours_[J.from] |= u128{1} << J.over;
    // Wide boards make a fresh table each run, so they run once, without restarts.
    restarts_.first_nodes = narrow_ ? options_.restart_nodes : 0;
    restarts_.growth = options_.restart_growth;
    orders_ = options_.move_orders;
  }

  // Side k's turn in a round: a depth-first search of up to `nodes` nodes, on one thread (wide
  // boards: on all of them).
  search::TurnEnd side_turn(const search::Turn& t) {
    Side& side = *sides_[t.member];
    TurnRecord rec;
    rec.round = t.round;
    rec.member = t.member;
    if (!side.root) {
      rec.opened = true;
      if (!open_side(side)) {
        rec.root_decided = true;
        rec.stop = StopReason::root;
        return keep(std::move(rec), search::TurnEnd::end);
      }
    }
    search::DfsConfig cfg = cfg_;
    cfg.limits.nodes = t.nodes;
    cfg.limits.cancel = t.cancel;
    search::DfsOutcome<uint16_t> out;
    if (narrow_) {
      if (!side.problem) prepare_search(side, side_mb_, backward_, 1);
      side.problem->set_order(t.round - 1, orders_);
      cfg.threads = 1;
      // Only this side's turns use its problem, one after another: the difference is this turn's.
      const uint64_t refused = side.problem->refused_meetings();
      out = run_side(side, cfg);
      rec.refused_meetings = side.problem->refused_meetings() - refused;
    } else {
      if (with_wide_beam() && wide_beam(side, t, rec))
        return keep(std::move(rec), search::TurnEnd::end);
      cfg.threads = threads_;
      out = run_wide(side, cfg, hash_mb_);
    }
    whole_.add(out.stats.nodes);
    rec.stats = out.stats;
    rec.seconds = out.seconds;
    rec.found = out.found;
    rec.stop = out.stop;
    if (out.found) {
      rec.path = std::move(out.path);
      if (side.reversed) std::reverse(rec.path.begin(), rec.path.end());  // read backwards
    }
    const bool decided = out.found || out.stop == StopReason::exhausted;
    // Only the round's own node budget lets the portfolio go on; the user's limits end it.
    const bool go_on = !decided && out.stop == StopReason::node_limit && !whole_.stopped();
    return keep(std::move(rec), go_on ? search::TurnEnd::go_on : search::TurnEnd::end);
  }

  // Boards beyond 64 holes, before their forward search: beams of width 2^8, 2^10, ... up to
  // kMaxBeamWidth, each four times the last, so that the ladder costs about a third more than
  // its widest beam. Under a time limit the ladder gets half of what is left, so that an
  // impossible instance's search still has its time. True when a beam finds a solution (then in
  // rec).
  bool wide_beam(Side& side, const search::Turn& t, TurnRecord& rec) {
    if (!side.root) return false;
    search::Limits ladder_limits{.cancel = t.cancel};
    if (const double left = whole_.seconds_left(); left < search::Budget::kMaxSeconds)
      ladder_limits.seconds = std::max(left / 2, 1e-6);
    search::Budget ladder(ladder_limits, &whole_);
    std::vector<PegProblem<u128>::RuleCut> cuts;
    for (const auto& c : side.cuts) cuts.push_back({c.cut, c.rule});
    const PegProblem<u128> problem(side.in, side.root->budget, side.node_rules, std::move(cuts),
                                   {{}});
    const WideBeamProblem keyed(problem);
    for (size_t width = 256; width <= kMaxBeamWidth; width *= 4) {
      search::Stats beam_stats;
      search::Budget beam_budget(search::Limits{}, &ladder);
      std::optional<std::vector<uint16_t>> path =
          beam_search(keyed, problem.root(side.in.start), width, wide_neighbours_, team_,
                      beam_stats, beam_budget);
      whole_.add(beam_stats.nodes);
      rec.beam_nodes += beam_stats.nodes;
      rec.beam_seconds += beam_budget.elapsed();
      if (path) {
        rec.found = true;
        rec.stop = StopReason::solution;
        rec.path = std::move(*path);
        if (side.reversed) std::reverse(rec.path.begin(), rec.path.end());
        return true;
      }
      if (beam_budget.stopped()) return false;
    }
    return false;
  }

  // The round's last member: a beam about as costly as a side's turn (a beam of width W makes
  // roughly W x moves x branching nodes, and `beam` stands for moves x branching), its levels on
  // every thread of the team that is free. Under --node-limit the beam gets what is left of it,
  // so the limit holds to within a level.
  search::TurnEnd beam_turn(const search::Turn& t) {
    TurnRecord rec;
    rec.round = t.round;
    rec.member = t.member;
    const uint64_t left = whole_.nodes_left();
    if (t.nodes == 0 || left == 0) return keep(std::move(rec), search::TurnEnd::go_on);
    Side& side = *sides_.front();
    const size_t width =
        std::clamp<uint64_t>(std::min(t.nodes, left) / beam_divisor_, 8, kMaxBeamWidth);
    search::Stats beam_stats;
    search::Budget beam_budget(search::Limits{.cancel = t.cancel}, &whole_);
    const uint64_t refused = side.beam_problem->refused_meetings();  // only beam turns use it
    std::optional<std::vector<uint16_t>> path =
        beam_search(*side.beam_problem, side.beam_problem->root(side.in.start), width, neighbours_,
                    team_, beam_stats, beam_budget);
    rec.refused_meetings = side.beam_problem->refused_meetings() - refused;
    whole_.add(beam_stats.nodes);
    rec.beam_nodes = beam_stats.nodes;
    rec.beam_seconds = beam_budget.elapsed();
    if (!path) {
      rec.stop = beam_budget.stopped() ? beam_budget.reason() : StopReason::node_limit;
      return keep(std::move(rec), search::TurnEnd::go_on);
    }
    if (side.bidirectional) side.beam_problem->complete_path(side.in.start, *path);
    rec.found = true;
    rec.stop = StopReason::solution;
    rec.path = std::move(*path);
    return keep(std::move(rec), search::TurnEnd::end);
  }

  search::TurnEnd keep(TurnRecord rec, search::TurnEnd said) {
    std::lock_guard lock(records_mutex_);
    records_.push_back(std::move(rec));
    return said;
  }

  // The turn that ended the portfolio, if one did.
  const TurnRecord* deciding_turn() const {
    if (!end_.ended_by_turn) return nullptr;
    for (const TurnRecord& rec : records_)
      if (rec.round == end_.round && rec.member == end_.member) return &rec;
    return nullptr;
  }

  void report_counters() {
    std::vector<bool> counted(sides_.size(), false);  // opened by a counted turn (side 0: always)
    counted[0] = true;
    double search_seconds = 0;
    for (const TurnRecord& rec : records_) {
      if (!end_.counts(rec.round, rec.member)) continue;
      // The beam meets side 0's backward set: its refusals are side 0's.
      refused_[rec.member < sides_.size() ? rec.member : 0] += rec.refused_meetings;
      if (rec.member < sides_.size()) {
        sides_[rec.member]->stats.merge(rec.stats);
        search_seconds += rec.seconds;
        counted[rec.member] = counted[rec.member] || rec.opened;
      }
      // The beam's turns, and on wide boards the beams a side's turn starts with.
      beam_nodes_ += rec.beam_nodes;
      beam_seconds_ += rec.beam_seconds;
    }
    search::Stats stats;  // the counted sides' turns, and their rules' posts
    for (size_t k = 0; k < sides_.size(); ++k) {
      if (!counted[k]) continue;
      stats.merge(sides_[k]->stats);
      report_root_counters(*sides_[k]);
    }
    report_search_counters(stats);
    for (size_t k = 0; k < sides_.size(); ++k)
      if (counted[k] && sides_[k]->bidirectional)
        report_backward_counters(*sides_[k], k == 0 ? "" : "reversed_");
    for (size_t i = 0; i < names_.size(); ++i)
      r_.count_rule(names_[i], stats.calls[i], stats.prunes[i],
                    options_.common.profile ? &stats.nanoseconds[i] : nullptr);
    r_.count("search_seconds", search_seconds);
  }

  // The search as a whole: both sides' nodes and table, the rounds, the beam.
  void report_search_counters(const search::Stats& stats) {
    r_.count("nodes", static_cast<double>(stats.nodes));
    r_.count("table_hits", static_cast<double>(stats.table_hits));
    r_.count("table_stores", static_cast<double>(stats.table_stores));
    r_.count("tasks", static_cast<double>(stats.tasks));
    r_.count("donated", static_cast<double>(stats.donated));
    r_.count("max_depth", static_cast<double>(stats.max_depth));
    r_.count("rounds", end_.round);
    if (beam_nodes_) {
      r_.count("beam_nodes", static_cast<double>(beam_nodes_));
      r_.count("beam_seconds", beam_seconds_);
    }
    const TurnRecord* last = deciding_turn();
    if (last && last->member < sides_.size() &&
        (last->found || last->stop == StopReason::exhausted))
      r_.count("decided_by_side", static_cast<double>(last->member));
  }

  // One side's backward set, and the meetings its shared counters refused.
  void report_backward_counters(const Side& side, const std::string& prefix) {
    r_.count(prefix + "backward_levels", side.levels.complete);
    r_.count(prefix + "backward_positions", static_cast<double>(side.levels.stored));
    r_.count(prefix + "backward_seconds", side.levels.seconds);
    r_.count(prefix + "refused_meetings", static_cast<double>(refused_[side.reversed ? 1 : 0]));
  }

  void report_answer(const TurnRecord& last, std::vector<JumpRC>& jumps) {
    const auto& board_jumps = in_.board.jumps();
    if (last.found) {
      r_.status = Status::solved;
      for (uint16_t j : last.path) jumps.push_back(board_jumps[j].rc);
    } else {
      set_infeasible(r_, StopReason::exhausted,
                     exhaustive_search_certificate(*sides_[last.member]));
    }
  }

  // The portfolio's "no", with the proof log a checker confirms without searching
  // (proof_log.hpp), made for the direction the deciding side searched.
  Certificate exhaustive_search_certificate(const Side& side) {
    std::string rules_used;
    for (const auto& n : names_) rules_used += (rules_used.empty() ? "" : ",") + n;
    nlohmann::json data{
        {"nodes", side.stats.nodes}, {"rules", rules_used}, {"reversed", side.reversed}};
    std::string detail = std::string("searched every reachable position") +
                         (side.reversed ? " of the time-reversed game" : "") + ": " +
                         std::to_string(side.stats.nodes) + " nodes, rules " +
                         (rules_used.empty() ? "none" : rules_used);
    add_proof_log(side.reversed ? reversed_instance(in_) : in_, side.root->budget, data, detail);
    return {"exhaustive-search", detail, data.dump()};
  }

  // The jumps the side's budget never plays, where a branch-and-bound proof confirms that no
  // game makes them (x_J >= 1 infeasible); their proofs go to `proofs`.
  std::vector<char> unused_jumps(const Instance& searched, const std::vector<int>& budget,
                                 const search::Budget& time, nlohmann::json& proofs) const {
    std::vector<char> unused(budget.size(), 0);
    if (options_.proof_boxes <= 0) return unused;
    // Most of these close at the root (the LP bound of x_J is below 1): a few boxes each, and a
    // quarter of the time left in all, so that the log's search keeps the rest.
    const int boxes = std::min(options_.proof_boxes, kUnusedJumpBoxes);
    const double share = time.seconds_left() / 4;
    const Meter meter;
    for (size_t j = 0; j < budget.size(); ++j) {
      if (budget[j] != 0) continue;
      const double left = share - meter.seconds();
      if (left <= 0) break;
      const ilp::IpProof proof =
          ilp::prove_ip_infeasible(searched, left, boxes, static_cast<int>(j));
      if (!proof.complete) continue;
      unused[j] = 1;
      proofs.push_back({{"jump", j}, {"proof", ip_proof_json(proof.steps)}});
    }
    return unused;
  }

  void add_proof_log(const Instance& searched, const std::vector<int>& budget, nlohmann::json& data,
                     std::string& detail) {
    if (options_.proof_log == 0) {
      detail += "; no proof log kept (--proof-log 0)";
      data["no_proof"] = "--proof-log 0";
      return;
    }
    // The log's own budget: what is left of the run's time, none of its node limit (the
    // search's nodes are spent; the log's are its size, limited by --proof-log).
    search::Limits limits;
    if (const double left = whole_.seconds_left(); left < search::Budget::kMaxSeconds)
      limits.seconds = std::max(left, 1e-6);
    search::Budget log_budget(limits);
    nlohmann::json unused_json = nlohmann::json::array();
    const std::vector<char> unused = unused_jumps(searched, budget, log_budget, unused_json);
    ProofLog log = build_proof_log(searched, options_.proof_log, log_budget, unused);
    r_.count("proof_log_positions", static_cast<double>(log.positions.size()));
    r_.count("proof_log_nodes", static_cast<double>(log.nodes));
    r_.count("proof_log_seconds", log.seconds);
    if (log.found)
      throw std::logic_error(
          "peg: the proof-log search reached the final after the portfolio "
          "had exhausted the game");
    if (!log.complete) {
      detail += "; no proof log kept (" + log.why + ")";
      data["no_proof"] = log.why;
      return;
    }
    data["pagodas"] = log.pagodas;
    if (!unused_json.empty()) data["unused"] = std::move(unused_json);
    data["log"] = encode_log(log.positions, searched.board.holes());
    detail += "; proof log of " + std::to_string(log.positions.size()) + " dead positions";
  }

  const Instance& in_;
  const PegOptions& options_;
  const int threads_;
  search::Budget& whole_;
  Result& r_;
  const std::vector<std::string> names_;
  const bool narrow_;
  std::vector<std::unique_ptr<Side>> sides_;
  size_t hash_mb_ = 0, side_mb_ = 0, backward_ = 0;
  search::DfsConfig cfg_;
  uint64_t beam_divisor_ = 0;
  std::vector<uint64_t> neighbours_;
  std::vector<u128> wide_neighbours_;
  uint64_t beam_nodes_ = 0;
  double beam_seconds_ = 0;
  search::Restarts restarts_;
  int orders_ = 0;
  search::PortfolioEnd end_;
  std::mutex records_mutex_;
  std::vector<TurnRecord> records_;
  uint64_t refused_[2] = {0, 0};  // meetings refused in counted turns, per side
  // Last, so that it goes first: its threads are joined before anything they use is destroyed.
  search::Team team_;
};

}  // namespace

Result solve(const Instance& in, const Options& options, std::vector<JumpRC>& jumps) {
  const PegOptions o = read_peg_options(options);
  search::Budget whole(solve_limits(o.common));
  const Meter meter;
  Result r = new_result(in, options);
  jumps.clear();
  if (o.common.count)
    throw std::invalid_argument("peg: counting solutions is not supported; solve finds one");
  const int threads = resolve_threads(options);
  if (!decided_by_the_game(in, r)) {
    Portfolio portfolio(in, o, threads, whole, r);
    if (portfolio.run()) portfolio.report(jumps);
  }
  return finish(in, r, jumps, meter, threads);
}

Result solve(const Instance& in, const Options& options) {
  std::vector<JumpRC> jumps;
  return solve(in, options, jumps);
}

std::string bounds_table(const Instance& in, const Options& options) {
  const ilp::JumpBounds b = ilp::compute_jump_bounds(
      in, jump_bounds_options(read_peg_options(options), resolve_threads(options)));
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

namespace {

// A certificate that says why it carries no proof (a log past --proof-log, say) is not wrong,
// only unchecked: `verify` says so (exit 6). One with neither a proof nor a reason is wrong: the
// solver never writes one, so a "no" whose proof went missing is flagged. "" when the proof is
// there.
std::string require_proof(const nlohmann::json& data, const char* key) {
  if (data.is_object() && data.contains(key)) return "";
  if (data.is_object() && data.contains("no_proof") && data["no_proof"].is_string())
    throw CheckUnfinished("the certificate carries no proof (" +
                          data["no_proof"].get<std::string>() + "); it is not checked");
  return std::string("the certificate carries neither its '") + key +
         "' nor a reason for its absence";
}

// Reads a branch-and-bound proof written by ip_proof_json (heuristics/peg/jump_bounds.hpp).
std::string read_ip_steps(const nlohmann::json& proof, std::vector<IpProofStep>& steps) {
  if (!proof.is_array()) return "a proof is not an array of steps";
  for (const auto& step : proof) {
    IpProofStep s;
    if (step.is_object() && step.contains("branch") && step["branch"].is_array() &&
        step["branch"].size() == 2 && step["branch"][0].is_number_integer() &&
        step["branch"][1].is_number_integer()) {
      const int64_t j = step["branch"][0].get<int64_t>();
      if (j < 0 || j > 1000000) return "a branch names no jump";
      s.jump = static_cast<int>(j);
      s.at = step["branch"][1].get<int64_t>();
    } else if (step.is_object() && step.contains("y") && step["y"].is_array()) {
      for (const auto& v : step["y"]) {
        if (!v.is_number_integer()) return "a multiplier is not an integer";
        s.y.push_back(v.get<int64_t>());
      }
      if (step.contains("modulus")) {
        if (!step["modulus"].is_number_integer()) return "a leaf's modulus is not an integer";
        s.modulus = step["modulus"].get<int64_t>();
        if (s.modulus == 0) return "a leaf's modulus is 0";
      }
    } else {
      return "a proof step is neither {\"branch\": [jump, k]} nor {\"y\": [...]}";
    }
    steps.push_back(std::move(s));
  }
  return "";
}

std::string check_ip_certificate(const Instance& in, const nlohmann::json& data) {
  if (std::string why = require_proof(data, "proof"); !why.empty()) return why;
  std::vector<IpProofStep> steps;
  if (std::string why = read_ip_steps(data["proof"], steps); !why.empty()) return why;
  return check_ip_proof(in, steps);
}

std::string check_log_certificate(const Instance& in, const nlohmann::json& data) {
  if (std::string why = require_proof(data, "log"); !why.empty()) return why;
  if (!data["log"].is_string()) return "the certificate's 'log' is not a string";
  if (!data.contains("pagodas") || !data["pagodas"].is_array())
    return "the certificate lacks its 'pagodas' array";
  std::vector<std::vector<int64_t>> pagodas;
  for (const auto& p : data["pagodas"]) {
    if (!p.is_array()) return "a pagoda is not an array of weights";
    std::vector<int64_t> w;
    for (const auto& v : p) {
      if (!v.is_number_integer()) return "a pagoda weight is not an integer";
      w.push_back(v.get<int64_t>());
    }
    pagodas.push_back(std::move(w));
  }
  std::vector<UnusedJump> unused;
  if (data.contains("unused")) {
    if (!data["unused"].is_array()) return "the certificate's 'unused' is not an array";
    for (const auto& u : data["unused"]) {
      if (!u.is_object() || !u.contains("jump") || !u["jump"].is_number_integer() ||
          !u.contains("proof"))
        return "an unused jump is not {\"jump\": j, \"proof\": [...]}";
      const int64_t j = u["jump"].get<int64_t>();
      if (j < 0 || j > 1000000) return "an unused jump names no jump";
      UnusedJump entry{static_cast<int>(j), {}};
      if (std::string why = read_ip_steps(u["proof"], entry.proof); !why.empty()) return why;
      unused.push_back(std::move(entry));
    }
  }
  std::vector<LogPosition> positions;
  if (std::string why = decode_log(data["log"].get<std::string>(), in.board.holes(), positions);
      !why.empty())
    return why;
  return check_proof_log(in, pagodas, positions, unused);
}

}  // namespace

std::string check_certificate(const Instance& given, const Certificate& cert) {
  nlohmann::json data;
  try {
    data = nlohmann::json::parse(cert.data_json);
  } catch (const nlohmann::json::exception&) {
    return "the certificate's data is not JSON";
  }
  // A certificate found on the time-reversed game proves the reversed instance impossible, and
  // with it the given one: a game and its reversal stand or fall together.
  const bool reversed = data.is_object() && data.contains("reversed") &&
                        data["reversed"].is_boolean() && data["reversed"].get<bool>();
  const Instance in = reversed ? reversed_instance(given) : given;
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
    if (cert.kind == "pagoda") {
      if (!data.contains("weights") || !data["weights"].is_array())
        return "the certificate data lacks the 'weights' array";
      std::vector<int64_t> w;
      for (const auto& v : data["weights"]) {
        if (!v.is_number_integer()) return "a pagoda weight is not an integer";
        w.push_back(v.get<int64_t>());
      }
      return check_pagoda(in, w, number("start_sum"), number("final_sum"));
    }
    if (cert.kind == "infeasible-ip") return check_ip_certificate(in, data);
    if (cert.kind == "exhaustive-search") return check_log_certificate(in, data);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "unknown certificate kind '" + cert.kind + "'";
}

namespace {

Result solve_file(const std::string& path, const Options& options) {
  return solve(read_instance(path), options);
}

// A solved result's "moves" (null when it has none): [row, col, "N|E|S|W"] each, replayed.
std::string verify_moves_json(const Instance& in, const nlohmann::json& moves,
                              const std::string& path) {
  if (!moves.is_array()) throw InputError(path, 1, 1, "a solved result needs a \"moves\" array");
  std::vector<JumpRC> jumps;
  for (const auto& m : moves) {
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

// A JSON result (from `solve --json`) is checked whole: its moves are replayed, or its
// certificate re-checked. Anything else is read as a jump list. Peg parses the text itself, to
// locate a parse error at its line and column, and hands the rest to the shared reading.
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
  } catch (const nlohmann::json::exception&) {  // well-formed, but a number past a double
    throw InputError(path, 1, 1, "not valid JSON: a number out of range");
  }
  try {
    return verify_result(
        j, path, [&](const nlohmann::json& moves) { return verify_moves_json(in, moves, path); },
        [&](const Certificate& cert) { return check_certificate(in, cert); }, "moves");
  } catch (const nlohmann::json::exception& e) {
    throw InputError(path, 1, 1, std::string("unexpected JSON content: ") + e.what());
  }
}

std::string verify_files(const std::string& instance_path, const std::string& solution_path) {
  const Instance in = read_instance(instance_path);
  const std::string text = read_file(solution_path);
  if (is_json_result(text)) return verify_json(in, text, solution_path);
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
  PuzzleSolver p{
      "peg",          "peg solitaire: find a jump sequence from start to final, or prove none",
      peg_rule_infos, solve_file,
      verify_files,   generate_instances};
  p.options = peg_option_rows;
  p.commands = peg_commands;
  p.read_instance_file = [](const std::string& path) { (void)read_instance(path); };
  p.bench = peg_bench;
  // One solvable instance and one that is not, so that both moves and certificates are read.
  p.checks = {oracle_instance,
              oracle_answer,
              reread,
              {"oXXXX\nXXXXX\nXXXXX\nXXXXX\n\nooooX\nooooo\nooooo\nooooo\n",
               "oXXXX\nXXXXX\nXXXXX\n\nXoooo\nooooo\nooooo\n"}};
  return p;
}

}  // namespace bs::peg
