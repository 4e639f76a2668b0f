#include "solvers/mines/solver.hpp"

#include <boost/multiprecision/cpp_int.hpp>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>

#include "core/error.hpp"
#include "heuristics/mines/system.hpp"
#include "ilp/mines/ip.hpp"
#include "solvers/measure.hpp"
#include "solvers/mines/bench.hpp"
#include "solvers/mines/commands.hpp"
#include "solvers/mines/fuzz.hpp"
#include "solvers/mines/generate.hpp"
#include "solvers/mines/options.hpp"
#include "solvers/mines/oracle.hpp"
#include "solvers/mines/play.hpp"

namespace bs::mines {

namespace {

// Appends piecewise: GCC 12 at -O2 warns falsely (-Wrestrict) on "(" + std::to_string(...).
std::string cell_name(const Position& p, int i) {
  std::string s = "(x=";
  s += std::to_string(i % p.width);
  s += ", y=";
  s += std::to_string(i / p.width);
  s += ')';
  return s;
}

// An inconsistent position, located where it cannot be met: at the digit's cell (in the text
// form or in a JSON board), or at the mine total.
InputError inconsistency(const Position& p, const Probabilities& a, const std::string& file) {
  const std::string message = "inconsistent position: " + a.why;
  if (a.bad_cell < 0 || p.row_line.empty())
    return InputError(file, p.header_line, p.total_col, message);
  const int y = a.bad_cell / p.width;
  return InputError(file, p.row_line[y], p.row_col[y] + a.bad_cell % p.width, message);
}

// The move the player would make in an analysed position with no cell certainly safe, on the
// position with the certain mines flagged, as the player flags them before it guesses; nothing
// when a safe cell is known or no cell is undecided. The player knows only games it dealt, whose
// total is exact: its endgame search enumerates layouts of exactly the remaining mines, and its
// coin-toss rules reason from the count. So a position with a density or "any" gets no guess.
std::optional<Guess> player_guess(const Position& p, const Probabilities& a,
                                  const Strategy& strategy) {
  if (p.total != MineTotal::exact) return std::nullopt;
  bool any_safe = false;
  int undecided = 0;
  Position flagged = p;
  for (int i = 0; i < p.width * p.height; ++i) {
    if (p.cells[i] != kUnknown) continue;
    any_safe = any_safe || (a.decided_by[i] >= 0 && a.mine[i] == 0);
    undecided += a.decided_by[i] < 0;
    if (a.decided_by[i] >= 0) flagged.cells[i] = kFlag;
  }
  if (any_safe || undecided == 0) return std::nullopt;
  return choose_guess(flagged, strategy);
}

// Layout counts by brute force over the unknown cells (at most 20 of them).
std::string check_by_counting(const Position& p, const Probabilities& a) {
  const LayoutCount count = count_layouts(p);
  if (count.layouts == 0) return "no layout fits the position, yet it was analysed";
  for (size_t k = 0; k < count.unknown.size(); ++k) {
    const int cell = count.unknown[k];
    const double want = count.with_mine[k] / count.layouts;
    if (std::abs(a.mine[cell] - want) > 1e-9)
      return "the probability of a mine on " + cell_name(p, cell) + " is " + std::to_string(want) +
             ", not " + std::to_string(a.mine[cell]);
  }
  return "";
}

Counting counting_from(const std::string& name) {
  if (name == "auto") return Counting::automatic;
  if (name == "enumeration") return Counting::enumeration;
  if (name == "dp") return Counting::dp;
  throw std::invalid_argument("mines: --counting knows auto, enumeration and dp, not '" + name +
                              "'");
}

// A number as the shortest text that reads back as itself, for the CSV table.
std::string shortest(double d) {
  char buf[32];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, d);
  return std::string(buf, end);
}

// The probability table as CSV (`--csv FILE`): a line per cell, in reading order, with the cell's
// symbol in the position's text form and, as in the JSON analysis, its probability of a mine and
// the stage that decided it, each empty where the JSON has null.
void write_csv(const std::string& file, const Position& p, const nlohmann::json& probability,
               const nlohmann::json& stage) {
  std::string csv = "x,y,cell,probability,decided_by\n";
  for (int y = 0; y < p.height; ++y)
    for (int x = 0; x < p.width; ++x) {
      const nlohmann::json &q = probability[y][x], &by = stage[y][x];
      csv += std::to_string(x) + ',' + std::to_string(y) + ',' + cell_symbol(p.at(x, y)) + ',' +
             (q.is_number() ? shortest(q.get<double>()) : "") + ',' +
             (by.is_string() ? by.get<std::string>() : "") + '\n';
    }
  std::ofstream out(file, std::ios::binary);
  if (!(out << csv) || !out.flush())
    throw InputError(file, 0, 0, "cannot write the probability table");
}

// --exact: each unknown cell's probability as a fraction, in the JSON analysis ("exact", a grid
// like "probability") and as a line per undecided cell; with an exact total, the number of
// layouts. The fractions come from a second count in whole numbers; each must agree with the
// floating-point answer, or the run stops as a defect.
void add_exact(const Position& p, const Probabilities& a, nlohmann::json& analysis,
               std::vector<std::string>& lines) {
  nlohmann::json grid = nlohmann::json::array();
  for (int y = 0; y < p.height; ++y) {
    nlohmann::json row = nlohmann::json::array();
    for (int x = 0; x < p.width; ++x) {
      const int i = y * p.width + x;
      const std::string& f = a.exact[static_cast<size_t>(i)];
      row.push_back(f.empty() ? nlohmann::json() : nlohmann::json(f));
      if (f.empty()) continue;
      const size_t slash = f.find('/');
      const double value = slash == std::string::npos
                               ? std::stod(f)
                               : static_cast<double>(boost::multiprecision::cpp_rational(f));
      if (std::abs(value - a.mine[i]) > 1e-12)
        throw std::logic_error("mines: the exact fraction " + f + " of " + cell_name(p, i) +
                               " disagrees with the probability " + std::to_string(a.mine[i]));
      if (a.decided_by[i] < 0) lines.push_back("exact " + cell_name(p, i) + " " + f);
    }
    grid.push_back(std::move(row));
  }
  analysis["exact"] = std::move(grid);
  if (!a.exact_layouts.empty()) {
    analysis["exact_layouts"] = a.exact_layouts;
    lines.push_back("layouts " + a.exact_layouts);
  }
}

// Components too wide for the frontier DP: each bounded cell's LP interval, in the JSON analysis
// ("bounds", a grid of [least, most] or null, beside "probability", which is null there) and as a
// summary line; the status says the answer is partial.
void add_bounds(const Position& p, const Probabilities& a, nlohmann::json& analysis,
                std::vector<std::string>& lines) {
  nlohmann::json grid = nlohmann::json::array();
  double widest = 0;
  for (int y = 0; y < p.height; ++y) {
    nlohmann::json row = nlohmann::json::array();
    for (int x = 0; x < p.width; ++x) {
      const auto [least, most] = a.bounds[static_cast<size_t>(y * p.width + x)];
      row.push_back(least < 0 ? nlohmann::json() : nlohmann::json::array({least, most}));
      if (least >= 0) widest = std::max(widest, most - least);
    }
    grid.push_back(std::move(row));
  }
  analysis["bounds"] = std::move(grid);
  char line[200];
  std::snprintf(line, sizeof line,
                "bounded %d cells by the LP relaxation (%s; the widest interval %.3f%s)",
                a.bounded_cells,
                a.too_wide ? "a component was too wide for the frontier DP"
                           : "the time limit stopped the count",
                widest, a.bounds_complete ? "" : ", some cut short");
  lines.emplace_back(line);
}

Result solve_file(const std::string& path, const Options& options) {
  const Meter meter;
  const std::string file = input_name(path);
  const Position p = read_position(path);
  const std::vector<std::string> names = select_rules(mine_rule_infos(), options.text("rules"));
  const Strategy strategy = strategy_from(options);  // a bad --play-off fails on every position
  const int threads = resolve_threads(options);
  const double limit = options.real("time-limit");
  const bool profile = options.flag("profile");
  const auto analysis_start = std::chrono::steady_clock::now();
  const Probabilities a =
      mine_probabilities(p, names,
                         AnalysisOptions{.threads = threads,
                                         .time_limit_seconds = limit > 0 ? limit : kNoTimeLimit,
                                         .time_rules = profile,
                                         .counting = counting_from(options.text("counting")),
                                         .dp_state_limit = options.integer("dp-states"),
                                         .exact = options.flag("exact")});
  // The engine's own time, apart from the re-check and the output that wall_seconds include.
  const double analysis_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - analysis_start).count();
  if (!a.consistent) throw inconsistency(p, a, file);
  Result r;
  r.puzzle = "mines";
  r.instance = p.name;
  r.options = options.non_default();
  // Out of time, the certain cells the rules found are still reported (and re-checked), the
  // probabilities of the rest are not.
  r.status = a.complete ? Status::solved : Status::unknown;
  // The time limit first: a run it cut short is out of time whatever else happened.
  r.stop = a.complete      ? StopReason::exhausted
           : a.out_of_time ? StopReason::time_limit
           : a.too_wide    ? StopReason::state_limit
                           : StopReason::time_limit;
  r.solution_key = "analysis";
  r.hardest_rule = a.hardest;
  // The board with s (certainly safe), * (certain mine) and ? (undecided) for unknown cells, then
  // the probability of a mine on each cell.
  nlohmann::json probability = nlohmann::json::array(), stage = nlohmann::json::array();
  nlohmann::json safe = nlohmann::json::array(), mines = nlohmann::json::array();
  for (int y = 0; y < p.height; ++y) {
    std::string board, numbers;
    nlohmann::json prow = nlohmann::json::array(), srow = nlohmann::json::array();
    for (int x = 0; x < p.width; ++x) {
      const int i = y * p.width + x;
      const int8_t c = p.cells[i];
      char text[16];
      if (c >= 0 || c == kBlocked) {
        board += cell_symbol(c);
        std::snprintf(text, sizeof text, " %5c", cell_symbol(c));
        prow.push_back(nullptr);
        srow.push_back(nullptr);
      } else {
        const bool certain = a.decided_by[i] >= 0;
        board += c == kFlag ? 'F' : !certain ? '?' : a.mine[i] == 1 ? '*' : 's';
        if (a.mine[i] >= 0) {
          std::snprintf(text, sizeof text, " %5.3f", a.mine[i]);
          prow.push_back(a.mine[i]);
        } else {  // the time limit stopped the enumeration
          std::snprintf(text, sizeof text, " %5s", "-");
          prow.push_back(nullptr);
        }
        srow.push_back(certain ? nlohmann::json(a.stages[a.decided_by[i]]) : nlohmann::json());
        if (c == kUnknown && certain) (a.mine[i] == 1 ? mines : safe).push_back({x, y});
      }
      numbers += text;
    }
    r.solution_lines.push_back(board + "   " + numbers);
    probability.push_back(std::move(prow));
    stage.push_back(std::move(srow));
  }
  // The position itself first (width, height, total, mines or density, board), so that the
  // analysis reads back as its position (`solve mines RESULT.json`), then what was found.
  nlohmann::json analysis = position_json(p);
  analysis.update({{"safe", safe},
                   {"certain_mines", mines},
                   {"probability", probability},
                   {"decided_by", stage},
                   {"layouts_log10", a.layouts_log10}});
  // With no cell certainly safe, the move the player would make here, with the same options
  // (--lookahead, --play-off, ...). Not under a time limit: the look-ahead runs the engine once
  // per candidate and digit, with no deadline of its own.
  if (const auto g = a.complete && limit <= 0 ? player_guess(p, a, strategy) : std::nullopt) {
    analysis["guess"] = {
        {"x", g->cell % p.width}, {"y", g->cell / p.width}, {"risk", g->risk}, {"why", g->why}};
    char line[160];
    std::snprintf(line, sizeof line, "guess %s, risk %.6f, chosen by %s",
                  cell_name(p, g->cell).c_str(), g->risk, g->why);
    r.solution_lines.emplace_back(line);
  }
  if (!a.exact.empty()) add_exact(p, a, analysis, r.solution_lines);
  if (a.exact_failed)
    r.solution_lines.emplace_back(std::string("no exact fractions: their count in whole numbers ") +
                                  (a.out_of_time ? "ran out of time" : "was too wide"));
  if (!a.bounds.empty()) add_bounds(p, a, analysis, r.solution_lines);
  r.solution_json = analysis.dump();
  const std::string check = check_analysis(p, a);
  if (!check.empty()) throw std::logic_error("mines analysis failed its re-check: " + check);
  r.verified = true;
  if (const std::string csv = options.text("csv"); !csv.empty())
    write_csv(csv, p, probability, stage);
  r.count("unknown_cells",
          static_cast<double>(std::count(p.cells.begin(), p.cells.end(), kUnknown)));
  r.count("certain_safe", static_cast<double>(safe.size()));
  r.count("certain_mines", static_cast<double>(mines.size()));
  r.count("layouts_log10", a.layouts_log10);
  r.count("components", a.components);
  r.count("largest_component", a.largest_component);
  r.count("enumerated", a.enumerated);
  r.count("analysis_seconds", analysis_seconds);
  r.count("enumerations_abandoned", a.enumerations_abandoned);
  r.count("bounded_cells", a.bounded_cells);
  r.count("bound_lps", a.bound_lps);
  r.count("dp_components", a.dp_components);
  r.count("dp_width", a.dp_width);
  r.count("dp_states", static_cast<double>(a.dp_states));
  r.count("dp_stored", static_cast<double>(a.dp_stored));
  r.count("dp_transitions", a.dp_transitions);
  r.count("lp_bounded_components", a.lp_bounded_components);
  for (size_t i = 0; i < names.size(); ++i)
    r.count_rule(names[i], a.rule_counts.calls[i], a.rule_counts.prunes[i],
                 profile ? &a.rule_counts.nanoseconds[i] : nullptr);
  meter.finish(r, threads);
  return r;
}

// Checks a `solve mines --json` result against the position.
std::string verify_files(const std::string& instance_path, const std::string& result_path) {
  const Position p = read_position(instance_path);
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(read_file(result_path));
  } catch (const nlohmann::json::exception&) {  // malformed, or a number past a double
    throw InputError(result_path, 1, 1, "not valid JSON");
  }
  const nlohmann::json a = j.is_object() ? j.value("analysis", nlohmann::json()) : nlohmann::json();
  if (!a.is_object() || !a.contains("probability") || !a.contains("decided_by"))
    throw InputError(result_path, 1, 1,
                     "expected a `solve mines --json` result with an \"analysis\" object");
  Probabilities claim;
  const int n = p.width * p.height;
  claim.mine.assign(n, -1);
  claim.decided_by.assign(n, -1);
  claim.stages = {"claimed"};
  const auto& prob = a["probability"];
  const auto& stage = a["decided_by"];
  const bool solved = j.contains("status") && j["status"] == "solved";
  if (!prob.is_array() || static_cast<int>(prob.size()) != p.height || !stage.is_array() ||
      static_cast<int>(stage.size()) != p.height)
    throw InputError(result_path, 1, 1, "the analysis has the wrong number of rows");
  for (int y = 0; y < p.height; ++y) {
    if (!prob[y].is_array() || static_cast<int>(prob[y].size()) != p.width ||
        !stage[y].is_array() || static_cast<int>(stage[y].size()) != p.width)
      throw InputError(result_path, 1, 1, "the analysis has a row of the wrong length");
    for (int x = 0; x < p.width; ++x) {
      const int i = y * p.width + x;
      if (p.cells[i] == kUnknown) {
        if (prob[y][x].is_null() && stage[y][x].is_null() && !solved)
          continue;  // a run the time limit stopped gives no probability here, nor claims one
        if (!prob[y][x].is_number())
          return "no probability for the unknown cell " + cell_name(p, i);
        claim.mine[i] = prob[y][x].get<double>();
        if (!stage[y][x].is_null()) claim.decided_by[i] = 0;
      }
    }
  }
  // A suggested guess must be an undecided unknown cell whose risk is its claimed probability.
  if (a.contains("guess")) {
    const nlohmann::json& g = a["guess"];
    if (!g.is_object() || !g.value("x", nlohmann::json()).is_number_integer() ||
        !g.value("y", nlohmann::json()).is_number_integer() ||
        !g.value("risk", nlohmann::json()).is_number())
      throw InputError(result_path, 1, 1, "the guess needs integer x and y and a number risk");
    const int64_t x = g["x"].get<int64_t>(), y = g["y"].get<int64_t>();
    if (x < 0 || y < 0 || x >= p.width || y >= p.height) {
      std::string why = "the guess (x=";
      why += std::to_string(x);
      why += ", y=";
      why += std::to_string(y);
      why += ") is off the board";
      return why;
    }
    const int i = static_cast<int>(y) * p.width + static_cast<int>(x);
    if (p.cells[i] != kUnknown || claim.decided_by[i] >= 0)
      return "the guess " + cell_name(p, i) + " is not an undecided unknown cell";
    for (int j = 0; j < p.width * p.height; ++j)
      if (p.cells[j] == kUnknown && claim.decided_by[j] >= 0 && claim.mine[j] == 0)
        return "a guess is named though " + cell_name(p, j) + " is claimed certainly safe";
    if (std::abs(g["risk"].get<double>() - claim.mine[i]) > 1e-9) {
      std::string why = "the guess ";
      why += cell_name(p, i);
      why += " has risk ";
      why += std::to_string(g["risk"].get<double>());
      why += ", not its probability ";
      why += std::to_string(claim.mine[i]);
      return why;
    }
  }
  return check_analysis(p, claim);
}

// An SVG heat map: unknown cells shaded from green (safe) through yellow to red (a mine) by their
// probability, certain ones marked S or M, digits and flags as the player sees them.
std::string render(const std::string& path, const Options& options, bool /*solved*/) {
  const std::string file = input_name(path);
  const Position p = read_position(path);
  const Probabilities a = mine_probabilities(
      p, select_rules(mine_rule_infos(), options.text("rules")), resolve_threads(options));
  if (!a.consistent) throw inconsistency(p, a, file);
  constexpr int kCell = 28;
  std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" +
                    std::to_string(p.width * kCell + 2) + "\" height=\"" +
                    std::to_string(p.height * kCell + 2) + "\" font-family=\"sans-serif\">\n";
  char buf[320];
  for (int i = 0; i < p.width * p.height; ++i) {
    const int x = 1 + (i % p.width) * kCell, y = 1 + (i / p.width) * kCell;
    const int8_t c = p.cells[i];
    if (c == kBlocked) continue;  // no cell: the board's outline shows through
    std::string fill = "#d9d9d9", label;
    if (c >= 0) {
      fill = "#f7f7f7";
      if (c > 0) label = std::to_string(c);
    } else if (c == kFlag) {
      fill = "#7f7f7f";
      label = "F";
    } else {
      const double q = a.mine[i];  // green (0) -> yellow (0.5) -> red (1)
      const int red = static_cast<int>(255 * std::min(1.0, 2 * q));
      const int green = static_cast<int>(255 * std::min(1.0, 2 * (1 - q)));
      std::snprintf(buf, sizeof buf, "#%02x%02x40", red, green);
      fill = buf;
      if (a.decided_by[i] >= 0) label = q == 1 ? "M" : "S";
    }
    std::snprintf(buf, sizeof buf,
                  "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" "
                  "stroke=\"#555\"><title>%.6f</title></rect>\n",
                  x, y, kCell, kCell, fill.c_str(),
                  c == kUnknown ? a.mine[i] : (c == kFlag ? 1.0 : 0.0));
    svg += buf;
    if (!label.empty()) {
      std::snprintf(buf, sizeof buf,
                    "<text x=\"%d\" y=\"%d\" font-size=\"16\" text-anchor=\"middle\">%s</text>\n",
                    x + kCell / 2, y + kCell / 2 + 6, label.c_str());
      svg += buf;
    }
  }
  // The player's guess, as `solve` names it, ringed in blue where no cell is certainly safe.
  if (const auto g = player_guess(p, a, strategy_from(options))) {
    std::snprintf(buf, sizeof buf,
                  "<rect class=\"guess\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
                  "fill=\"none\" stroke=\"#1f4fd8\" stroke-width=\"4\"><title>guess, chosen by "
                  "%s</title></rect>\n",
                  3 + (g->cell % p.width) * kCell, 3 + (g->cell / p.width) * kCell, kCell - 4,
                  kCell - 4, g->why);
    svg += buf;
  }
  return svg + "</svg>\n";
}

}  // namespace

std::string check_analysis(const Position& p, const Probabilities& a) {
  int unknown = 0;
  bool every_probability = true;
  std::vector<int> certain, claimed;
  for (int i = 0; i < p.width * p.height; ++i) {
    if (p.cells[i] != kUnknown) continue;
    ++unknown;
    every_probability = every_probability && a.mine[i] >= 0;
    if (a.decided_by[i] < 0) continue;
    if (a.mine[i] != 0 && a.mine[i] != 1)
      return "the cell " + cell_name(p, i) + " is called certain with probability " +
             std::to_string(a.mine[i]);
    certain.push_back(i);
    claimed.push_back(a.mine[i] == 1 ? 1 : 0);
  }
  // Most claims are settled a component at a time; the rest one by one, down to CBC.
  ilp::MinesLayoutCheck model(p);
  const std::vector<char> settled = model.settles_all(certain, claimed);
  for (size_t k = 0; k < certain.size(); ++k) {
    if (settled[k]) continue;
    const int i = certain[k], opposite = 1 - claimed[k];
    if (model.layout_exists(i, opposite))
      return std::string("the cell ") + cell_name(p, i) + " is called certainly " +
             (opposite ? "safe" : "a mine") + ", but the integer model has a layout otherwise";
  }
  return unknown <= 20 && every_probability ? check_by_counting(p, a) : "";
}

PuzzleSolver mines_solver() {
  PuzzleSolver p{"mines", "Minesweeper: exact mine probabilities and certain cells of a position",
                 mine_rule_infos, solve_file, verify_files};
  p.render = render;
  p.generate = generate_text;
  p.generate_instances = generate_instances;
  p.options = mines_option_rows;
  p.read_instance_file = [](const std::string& path) { (void)read_position(path); };
  p.commands = mines_commands;
  p.bench = mines_bench;
  p.checks = {oracle_instance, oracle_answer, reread, {"4 3 2\n01..\n12..\n....\n"}};
  return p;
}

}  // namespace bs::mines
