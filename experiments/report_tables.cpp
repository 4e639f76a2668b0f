// The report's tables: laid out once as cells, rendered as CSV, Markdown and LaTeX.
//
// Cells hold the displayed text, numbers already formatted, so the renderings (and the HTML page)
// cannot drift apart and the bold "best" is chosen among the values the reader sees (two cells
// that print alike are equally best). Numbers get three significant digits and keep every integer
// digit, and counts print whole, which makes output a pure function of the rows. A time cell over
// several runs shows their spread too, "median [min–max]": a median alone hides a noisy machine.
// Wrong answers are alarms, in the text ("WRONG") and in the rendering (bold, red).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <set>
#include <sstream>

#include "core/outcomes.hpp"
#include "core/wilson.hpp"
#include "experiments/paired.hpp"
#include "experiments/report.hpp"

namespace bs::report {

namespace {

std::string format_count(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.0f", v);
  return buf;
}

// The value a cell shows, when the whole cell is one number ("12.3", not "12.3 (2/3)").
std::optional<double> cell_value(const std::string& cell) {
  if (cell.empty()) return std::nullopt;
  char* end = nullptr;
  const double v = std::strtod(cell.c_str(), &end);
  if (*end != '\0' || !std::isfinite(v)) return std::nullopt;
  return v;
}

const char* marker(const std::string& status) {
  if (status == "timeout") return "T/O";
  if (status == "memout") return "M/O";
  if (status == "crash" || status == "error") return "ERR";
  return "LIM";  // unknown: a node or other limit stopped it
}

std::vector<const Row*> sorted_by(const Analysis& a, const std::vector<size_t>& runs,
                                  double (Analysis::*time)(const Row&) const) {
  std::vector<const Row*> sorted;
  for (size_t i : runs) sorted.push_back(&a.rows[i]);
  std::stable_sort(sorted.begin(), sorted.end(),
                   [&](const Row* x, const Row* y) { return (a.*time)(*x) < (a.*time)(*y); });
  return sorted;
}

// "median [min–max]" of the runs' counted times, or the median alone when the runs agree (or
// there is one).
std::string spread(const Analysis& a, const std::vector<const Row*>& sorted,
                   double (Analysis::*time)(const Row&) const) {
  const size_t n = sorted.size();
  const double median = ((a.*time)(*sorted[(n - 1) / 2]) + (a.*time)(*sorted[n / 2])) / 2;
  const std::string low = format_number((a.*time)(*sorted.front()));
  const std::string high = format_number((a.*time)(*sorted.back()));
  std::string cell = format_number(median);
  if (low != high) cell.append(" [").append(low).append("\u2013").append(high).append("]");
  return cell;
}

// The runs' median time (unanswered runs at their time limit) with its spread, and "(k/n)" when
// only k of the n runs answered; a marker instead when the median run itself gave no answer.
std::string instance_cell(const Analysis& a, const std::vector<size_t>& runs,
                          double (Analysis::*time)(const Row&) const) {
  if (runs.empty()) return "";
  const std::vector<const Row*> sorted = sorted_by(a, runs, time);
  const size_t n = sorted.size();
  const Row& low = *sorted[(n - 1) / 2];
  const Row& high = *sorted[n / 2];
  if (!answered(low) && !answered(high)) return marker(low.status);
  std::string cell = spread(a, sorted, time);
  const auto k =
      std::count_if(sorted.begin(), sorted.end(), [](const Row* r) { return answered(*r); });
  if (static_cast<size_t>(k) < n)
    cell.append(" (").append(std::to_string(k)).append("/").append(std::to_string(n)).append(")");
  return cell;
}

// A counting run's count: the largest complete one, else "≥" the largest partial one (a run cut
// short counted at least that many); empty when no run counted.
std::string count_cell(const Analysis& a, const std::vector<size_t>& runs) {
  std::optional<double> complete, partial;
  for (size_t i : runs) {
    const Row& r = a.rows[i];
    if (!r.count) continue;
    auto& slot = r.count_complete ? complete : partial;
    slot = std::max(slot.value_or(*r.count), *r.count);
  }
  if (complete) return format_count(*complete);
  if (partial) return "\u2265" + format_count(*partial);
  return "";
}

Table summary_table(const Analysis& a) {
  Table t{"summary", "Summary per configuration and thread count", "", {}, {}, {}};
  t.columns = {{"config"},    {"threads", true}, {"runs", true},     {"solved", true, Best::max},
               {"T/O", true}, {"M/O", true},     {"crash/err", true}};
  if (a.checked)
    t.columns.insert(t.columns.end(),
                     {{"correct", true, Best::max}, {"wrong", true}, {"unchecked", true}});
  t.columns.insert(t.columns.end(),
                   {{"PAR-2 (s)", true, Best::min}, {"SGM time (s)", true, Best::min}});
  if (a.cpu_times) t.columns.push_back({"SGM CPU (s)", true, Best::min});
  t.columns.push_back({"SGM nodes", true, Best::min});
  const bool baseline = !a.baseline.empty();
  if (baseline) t.columns.push_back({"speedup", true, Best::max});
  std::string others;  // the configs compared with another baseline than the main one
  for (const auto& g : a.groups)
    if (!g.baseline.empty() && g.baseline != a.baseline && g.threads == a.thread_counts.front())
      others.append(others.empty() ? "" : ", ").append(g.config + " against '" + g.baseline + "'");
  for (const auto& g : a.groups) {
    std::vector<std::string> row{g.config,
                                 std::to_string(g.threads),
                                 std::to_string(g.runs.size()),
                                 std::to_string(g.solved),
                                 std::to_string(g.timeouts),
                                 std::to_string(g.memouts),
                                 std::to_string(g.failures)};
    if (a.checked) {
      row.push_back(std::to_string(g.correct));
      if (g.wrong > 0) t.alarms.insert({t.rows.size(), row.size()});
      row.push_back(g.wrong > 0 ? "WRONG " + std::to_string(g.wrong) : "0");
      row.push_back(std::to_string(g.unchecked));
    }
    row.push_back(format_number(g.par2));
    row.push_back(format_number(g.sgm_time));
    if (a.cpu_times) row.push_back(format_number(g.sgm_cpu));
    row.push_back(format_number(g.sgm_nodes));
    if (baseline) row.push_back(format_number(g.speedup));
    t.rows.push_back(std::move(row));
  }
  const bool unlimited =
      std::any_of(a.rows.begin(), a.rows.end(), [](const Row& r) { return r.time_limit <= 0; });
  t.caption = "solved: decided runs (solved or infeasible).";
  if (a.checked)
    t.caption +=
        " correct, wrong: runs whose answer was checked against the instance's known one; "
        "unchecked: the rest (no known answer, or no answer to check). A wrong answer is an alarm.";
  t.caption += " PAR-2: mean wall time, an unanswered run counting twice its time limit";
  if (unlimited)
    t.caption.append(" (runs without one: twice the longest run, ")
        .append(format_number(a.max_wall))
        .append(" s)");
  t.caption.append(
      ". SGM: shifted geometric mean over all runs, shift 1 s for time and 10 for nodes; "
      "unanswered runs count at their time limit.");
  if (a.cpu_times) t.caption.append(" CPU: user+system time of the run's process.");
  if (baseline)
    t.caption.append(" speedup: SGM time of the baseline '")
        .append(a.baseline)
        .append("'")
        .append(others.empty() ? "" : " (" + others + ")")
        .append(" over this one's at the same thread count, on the instances both answered.");
  t.caption.append(" Bold: best in its column.");
  return t;
}

// The instance's verdict across every group: what the runs said, or CONTRADICTION.
std::string answer_cell(const Analysis& a, const std::string& instance) {
  bool solved = false, infeasible = false;
  for (const Row& r : a.rows)
    if (r.instance == instance) {
      solved |= r.status == "solved";
      infeasible |= r.status == "infeasible";
    }
  return solved && infeasible ? "CONTRADICTION"
         : solved             ? "solved"
         : infeasible         ? "infeasible"
                              : "";
}

// The instance's known answer as its rows give it ("–" when none does).
std::string expected_cell(const Analysis& a, const std::string& instance) {
  for (const Row& r : a.rows)
    if (r.instance == instance && !r.expected.empty()) return r.expected;
  return "\u2013";
}

Table instances_table(const Analysis& a) {
  Table t{"instances", "Time per instance", "", {{"instance"}}, {}, {}};
  std::set<std::string> instances;
  for (const Row& r : a.rows) instances.insert(r.instance);
  // Which groups count: they get a count column.
  std::vector<bool> counts(a.groups.size());
  for (size_t k = 0; k < a.groups.size(); ++k)
    for (size_t i : a.groups[k].runs) counts[k] = counts[k] || a.rows[i].count.has_value();
  for (size_t k = 0; k < a.groups.size(); ++k) {
    const auto& g = a.groups[k];
    t.columns.push_back({a.cpu_times ? g.label + " wall" : g.label, true});
    if (a.cpu_times) t.columns.push_back({g.label + " CPU", true});
    if (counts[k]) t.columns.push_back({g.label + " count", true});
  }
  t.columns.push_back({"answer"});
  if (a.checked) t.columns.push_back({"expected"});
  for (const auto& instance : instances) {
    std::vector<std::string> row{instance};
    for (size_t k = 0; k < a.groups.size(); ++k) {
      std::vector<size_t> runs;
      bool wrong = false;
      for (size_t i : a.groups[k].runs)
        if (a.rows[i].instance == instance) {
          runs.push_back(i);
          wrong |= a.rows[i].answer_check == "wrong";
        }
      if (wrong) t.alarms.insert({t.rows.size(), row.size()});
      row.push_back((wrong ? "WRONG " : "") + instance_cell(a, runs, &Analysis::counted_time));
      if (a.cpu_times) row.push_back(instance_cell(a, runs, &Analysis::counted_cpu));
      if (counts[k]) row.push_back(count_cell(a, runs));
    }
    row.push_back(answer_cell(a, instance));
    if (a.checked) row.push_back(expected_cell(a, instance));
    t.rows.push_back(std::move(row));
  }
  t.caption =
      "Median time (s) over seeds and repetitions, with [min\u2013max] where the runs differ";
  t.caption += a.cpu_times ? "; wall: elapsed, CPU: user+system." : ".";
  t.caption +=
      " T/O timeout, M/O memout, ERR crash or error, LIM another limit; (k/n): k of n runs "
      "answered. CONTRADICTION: one run found a solution and another proved there is none.";
  if (std::count(counts.begin(), counts.end(), true))
    t.caption += " count: solutions counted; \u2265: a lower bound, the count was cut short.";
  if (a.checked)
    t.caption += " expected: the instance's known answer; WRONG: a run's answer contradicts it.";
  return t;
}

Table rules_table(const Analysis& a) {
  Table t{"rules",
          "Prunes per rule",
          "Sum of the prunes_RULE counters over the runs of a group.",
          {{"rule"}},
          {},
          {}};
  std::set<std::string> rules;
  for (const Row& r : a.rows)
    for (const auto& [rule, n] : r.prunes) rules.insert(rule);
  for (const auto& g : a.groups) t.columns.push_back({g.label, true});
  for (const auto& rule : rules) {
    std::vector<std::string> row{rule};
    for (const auto& g : a.groups) {
      double sum = 0;
      for (size_t i : g.runs)
        if (const auto it = a.rows[i].prunes.find(rule); it != a.rows[i].prunes.end())
          sum += it->second;
      row.push_back(format_count(sum));
    }
    t.rows.push_back(std::move(row));
  }
  return t;
}

Table threads_table(const Analysis& a) {
  Table t{"threads",
          "Speedup against thread count",
          "Per config: SGM wall time (shift 1 s) at its smallest thread count over the SGM at t "
          "threads, on the instances answered at both. CPU: user+system SGM over the same runs "
          "(more CPU than wall time: the threads worked in parallel).",
          {{"config"},
           {"threads", true},
           {"instances", true},
           {"SGM base (s)", true},
           {"SGM time (s)", true, Best::min},
           {"SGM CPU base (s)", true},
           {"SGM CPU (s)", true},
           {"speedup", true, Best::max}},
          {},
          {}};
  for (const auto& s : a.thread_speedups)
    t.rows.push_back({s.config, std::to_string(s.threads), std::to_string(s.instances),
                      format_number(s.base_sgm), format_number(s.sgm), format_number(s.base_cpu),
                      format_number(s.cpu), format_number(s.speedup)});
  return t;
}

std::string markdown_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '|') out += '\\';
    out += c == '\n' ? ' ' : c;
  }
  return out;
}

}  // namespace

std::string format_number(double v) {
  if (!std::isfinite(v)) return "-";
  const double magnitude = std::abs(v);
  const int decimals = magnitude > 0 && magnitude < 100
                           ? 2 - static_cast<int>(std::floor(std::log10(magnitude)))
                           : 0;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

std::string latex_escape(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    // The two non-ASCII signs the tables print, spelt so that any font encoding has them.
    if (s.substr(i, 3) == "\u2013") {
      out += "--";
      i += 2;
    } else if (s.substr(i, 3) == "\u2265") {
      out += "$\\geq$";
      i += 2;
    } else if (std::string_view("_&%#${}").find(c) != std::string_view::npos)
      out.append(1, '\\').append(1, c);
    else if (c == '~')
      out += "\\textasciitilde{}";
    else if (c == '^')
      out += "\\textasciicircum{}";
    else if (c == '\\')
      out += "\\textbackslash{}";
    // The default OT1 font has no <, > or | in text: unescaped they would print as other glyphs.
    else if (c == '<')
      out += "\\textless{}";
    else if (c == '>')
      out += "\\textgreater{}";
    else if (c == '|')
      out += "\\textbar{}";
    else
      out += c;
  }
  return out;
}

std::string to_csv(const Table& t) {
  std::string out;
  const auto line = [&](const std::vector<std::string>& cells) {
    for (size_t i = 0; i < cells.size(); ++i) {
      if (i) out += ',';
      if (cells[i].find_first_of(",\"\r\n") == std::string::npos) {
        out += cells[i];
        continue;
      }
      out += '"';
      for (char c : cells[i]) out.append(c == '"' ? 2 : 1, c);
      out += '"';
    }
    out += "\r\n";
  };
  std::vector<std::string> header;
  for (const auto& c : t.columns) header.push_back(c.title);
  line(header);
  for (const auto& row : t.rows) line(row);
  return out;
}

std::vector<std::optional<double>> best_values(const Table& t) {
  std::vector<std::optional<double>> best(t.columns.size());
  for (size_t c = 0; c < t.columns.size(); ++c) {
    if (t.columns[c].best == Best::none) continue;
    for (const auto& row : t.rows) {
      const auto v = cell_value(row[c]);
      if (v && (!best[c] || (t.columns[c].best == Best::max ? *v > *best[c] : *v < *best[c])))
        best[c] = v;
    }
  }
  return best;
}

bool is_best(const std::vector<std::optional<double>>& best, size_t column,
             const std::string& cell) {
  return column < best.size() && best[column] && cell_value(cell) == best[column];
}

std::string to_markdown(const Table& t) {
  const auto best = best_values(t);
  std::ostringstream out;
  out << '|';
  for (const auto& c : t.columns) out << ' ' << markdown_escape(c.title) << " |";
  out << "\n|";
  for (const auto& c : t.columns) out << (c.numeric ? "---:|" : "---|");
  out << '\n';
  for (size_t r = 0; r < t.rows.size(); ++r) {
    out << '|';
    for (size_t c = 0; c < t.rows[r].size(); ++c) {
      const std::string& cell = t.rows[r][c];
      const bool bold = t.alarms.count({r, c}) || is_best(best, c, cell);
      out << ' ' << (bold ? "**" : "") << markdown_escape(cell) << (bold ? "**" : "") << " |";
    }
    out << '\n';
  }
  if (!t.caption.empty()) out << '\n' << t.caption << '\n';
  return out.str();
}

std::string to_latex(const Table& t, bool longtable) {
  const auto best = best_values(t);
  const char* environment = longtable ? "longtable" : "tabular";
  std::ostringstream out;
  out << "% " << t.title << ". " << t.caption << "\n\\begin{" << environment << "}{";
  for (const auto& c : t.columns) out << (c.numeric ? 'r' : 'l');
  out << "}\n\\toprule\n";
  for (size_t c = 0; c < t.columns.size(); ++c)
    out << (c ? " & " : "") << latex_escape(t.columns[c].title);
  out << " \\\\\n\\midrule\n";
  if (longtable) out << "\\endhead\n";  // the header repeats on every page
  for (size_t r = 0; r < t.rows.size(); ++r) {
    for (size_t c = 0; c < t.rows[r].size(); ++c) {
      const std::string& cell = t.rows[r][c];
      std::string text = latex_escape(cell);
      if (is_best(best, c, cell)) text = "\\textbf{" + text + "}";
      if (t.alarms.count({r, c})) text = "\\textcolor{red}{\\textbf{" + text + "}}";
      out << (c ? " & " : "") << text;
    }
    out << " \\\\\n";
  }
  out << "\\bottomrule\n\\end{" << environment << "}\n";
  return out.str();
}

// A column's printed width in characters: its widest cell or title (UTF-8 continuation bytes do
// not count), plus the space between columns.
size_t column_width(const Table& t, size_t c) {
  const auto length = [](const std::string& text) {
    return static_cast<size_t>(std::count_if(text.begin(), text.end(), [](char ch) {
      return (static_cast<unsigned char>(ch) & 0xC0) != 0x80;
    }));
  };
  size_t width = length(t.columns[c].title);
  for (const auto& row : t.rows) width = std::max(width, length(row[c]));
  return width + 3;
}

std::vector<Table> split_columns(const Table& t, size_t max_chars) {
  std::vector<size_t> widths;
  size_t total = 0;
  for (size_t c = 0; c < t.columns.size(); ++c) total += widths.emplace_back(column_width(t, c));
  if (total <= max_chars || t.columns.size() < 3) return {t};
  std::vector<Table> parts;
  for (size_t first = 1; first < t.columns.size();) {
    // At least one column per part, however wide, so that the split always ends.
    size_t last = first + 1, used = widths[0] + widths[first];
    while (last < t.columns.size() && used + widths[last] <= max_chars) used += widths[last++];
    Table part{t.name, t.title, t.caption, {t.columns[0]}, {}, {}};
    part.columns.insert(part.columns.end(), t.columns.begin() + static_cast<long>(first),
                        t.columns.begin() + static_cast<long>(last));
    for (size_t r = 0; r < t.rows.size(); ++r) {
      std::vector<std::string> row{t.rows[r][0]};
      row.insert(row.end(), t.rows[r].begin() + static_cast<long>(first),
                 t.rows[r].begin() + static_cast<long>(last));
      part.rows.push_back(std::move(row));
      for (size_t c = first; c < last; ++c)
        if (t.alarms.count({r, c})) part.alarms.insert({r, c - first + 1});
      if (t.alarms.count({r, 0})) part.alarms.insert({r, 0});
    }
    parts.push_back(std::move(part));
    first = last;
  }
  return parts;
}

// Win rates, for runs that play games: per instance and group, the wins over the games of its
// runs, seeds pooled, in percent with the 95% Wilson interval, and the difference from the
// baseline in points. A repetition replays the same games (they are a function of the seed), so
// only the first repetition counts. Every config plays the same games of a seed, so the
// differences are paired: where every run of a group and its baseline run of the same seed
// recorded which games they won, the cell also gives McNemar's exact p-value over the games won
// by one config alone (experiments/paired.hpp), which the two intervals cannot show.
Table win_rates_table(const Analysis& a) {
  Table t{"win_rates", "Win rate per instance", "", {{"instance"}}, {}, {}};
  std::set<std::string> instances;
  for (const Row& r : a.rows)
    if (r.games > 0) instances.insert(r.instance);
  for (const auto& g : a.groups) t.columns.push_back({g.label, true, Best::max});
  // Each group is compared with its baseline at the same thread count.
  auto base_of = [&](const Group& g) -> const Group* {
    for (const auto& h : a.groups)
      if (h.config == g.baseline && h.threads == g.threads) return &h;
    return nullptr;
  };
  auto pooled = [&](const Group& g, const std::string& instance, double& wins, double& games) {
    wins = games = 0;
    for (size_t i : g.runs)
      if (a.rows[i].instance == instance && a.rows[i].repetition == 0) {
        wins += a.rows[i].wins;
        games += a.rows[i].games;
      }
  };
  // Games won by the baseline alone and by g alone, over the seeds; false unless every run of g
  // has a baseline run of its seed and both recorded their outcomes of the same games.
  auto discordant = [&](const Group& g, const Group* base, const std::string& instance,
                        int64_t& only_base, int64_t& only_g) {
    only_base = only_g = 0;
    bool any = false;
    for (size_t i : g.runs) {
      const Row& r = a.rows[i];
      if (r.instance != instance || r.repetition != 0) continue;
      const Row* b = nullptr;
      for (size_t k : base->runs)
        if (a.rows[k].instance == instance && a.rows[k].repetition == 0 && a.rows[k].seed == r.seed)
          b = &a.rows[k];
      if (!b || b->games != r.games || r.games <= 0) return false;
      const auto units = static_cast<size_t>(r.games);
      const auto x = decode_outcomes(b->outcomes, units), y = decode_outcomes(r.outcomes, units);
      if (x.empty() || y.empty()) return false;
      for (size_t u = 0; u < units; ++u) {
        only_base += x[u] && !y[u];
        only_g += y[u] && !x[u];
      }
      any = true;
    }
    return any;
  };
  bool any_paired = false;
  for (const auto& instance : instances) {
    std::vector<std::string> row{instance};
    for (const auto& g : a.groups) {
      const Group* base = base_of(g);
      double base_wins = 0, base_games = 0;
      if (base) pooled(*base, instance, base_wins, base_games);
      // Against another baseline than the main one, the cell names it.
      const std::string against = g.baseline != a.baseline ? " against " + g.baseline : "";
      double wins, games;
      pooled(g, instance, wins, games);
      if (games == 0) {
        row.push_back("-");
        continue;
      }
      double low, high;
      wilson_interval(static_cast<int64_t>(wins), static_cast<int64_t>(games), low, high);
      char cell[96];
      std::snprintf(cell, sizeof cell, "%.2f%% [%.2f, %.2f]", 100 * wins / games, 100 * low,
                    100 * high);
      std::string text = cell;
      if (base && &g != base && base_games > 0) {
        int64_t only_base, only_g;
        std::snprintf(cell, sizeof cell, " (%+.2f", 100 * (wins / games - base_wins / base_games));
        text.append(cell).append(against);
        if (discordant(g, base, instance, only_base, only_g)) {
          std::snprintf(cell, sizeof cell, ", +%lld -%lld, p %.2g", static_cast<long long>(only_g),
                        static_cast<long long>(only_base),
                        experiments::mcnemar_p_value(only_base, only_g));
          text += cell;
          any_paired = true;
        }
        text += ")";
      }
      row.push_back(text);
    }
    t.rows.push_back(std::move(row));
  }
  t.caption =
      "Wins over games, pooled over seeds (the first repetition only: repetitions replay the "
      "same games), in percent with the 95% Wilson interval.";
  if (!a.baseline.empty())
    t.caption += " In parentheses the difference from the baseline '" + a.baseline +
                 "' (or from the config the cell names), in points. Configs play the same games "
                 "of a seed, so the differences are paired.";
  if (any_paired)
    t.caption +=
        " Where the runs recorded which games they won, the parentheses also give the games won "
        "by the config alone (+) and by the baseline alone (-), and McNemar's exact two-sided "
        "p-value of the difference.";
  return t;
}

std::vector<Table> make_tables(const Analysis& a) {
  std::vector<Table> tables{summary_table(a), instances_table(a), rules_table(a)};
  if (a.thread_counts.size() > 1) tables.push_back(threads_table(a));
  const auto plays = [](const Row& r) { return r.games > 0; };
  if (std::all_of(a.rows.begin(), a.rows.end(), plays))
    tables.insert(tables.begin(), win_rates_table(a));
  else if (std::any_of(a.rows.begin(), a.rows.end(), plays))
    tables.push_back(win_rates_table(a));
  return tables;
}

}  // namespace bs::report
