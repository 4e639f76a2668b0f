// Reading result rows and computing what the tables and plots show.
//
// Rows come from a runner that may have been killed, sharded or resumed: a half-written last line
// is the normal trace of a kill and is skipped, a rerun of a key replaces the earlier row, and
// every other defect is reported where it is, because a silently dropped row would bias every
// mean in the report. Contradictory answers (one run solved, another infeasible) are the one
// result a researcher must never miss, so they are warned about and marked, never averaged away.
#include "experiments/report.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <stdexcept>
#include <tuple>

#include "core/error.hpp"
#include "experiments/rows.hpp"

namespace bs::report {

namespace fs = std::filesystem;
using experiments::for_each_row;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
const std::set<std::string, std::less<>> kStatuses = {"solved", "infeasible", "unknown", "timeout",
                                                      "memout", "crash",      "error"};
const std::set<std::string, std::less<>> kAnswerChecks = {"correct", "wrong", "unknown"};

// The fields of one line, each read with its type checked, or an InputError naming the line.
struct LineFields {
  const std::string& file;
  int line;
  const nlohmann::json& j;

  [[noreturn]] void fail(const std::string& message) const {
    throw InputError(file, line, 1, message);
  }
  const nlohmann::json& field(const char* name) const {
    const auto it = j.find(name);
    if (it == j.end()) fail(std::string("missing field '") + name + "'");
    return *it;
  }
  std::string text(const char* name) const {
    const auto& v = field(name);
    if (!v.is_string()) fail(std::string("field '") + name + "' must be a string");
    return v.get<std::string>();
  }
  double number(const char* name) const {
    const auto& v = field(name);
    if (!v.is_number() || v.get<double>() < 0)
      fail(std::string("field '") + name + "' must be a number >= 0");
    return v.get<double>();
  }
};

// A known answer as a reader wants it: "solved", "infeasible", "count 12", or both; any other
// shape as its JSON. (Where it came from, its "source", is in the row's raw JSON.)
std::string describe_expected(const nlohmann::json& e) {
  if (!e.is_object()) return e.is_string() ? e.get<std::string>() : e.dump();
  std::string s;
  if (const auto it = e.find("status"); it != e.end() && it->is_string())
    s = it->get<std::string>();
  if (const auto it = e.find("count"); it != e.end() && it->is_number())
    s.append(s.empty() ? "" : ", ").append("count ").append(it->dump());
  return s.empty() ? e.dump() : s;
}

// The optional fields: CPU time, the answer check (written only where an answer is known) and a
// counting run's count. A row without them is an older or unchecked one, never an error.
void read_checks_and_counts(const LineFields& f, Row& r) {
  const nlohmann::json& j = f.j;
  if (j.contains("cpu_seconds")) {
    r.cpu = f.number("cpu_seconds");
    r.has_cpu = true;
  }
  if (const auto it = j.find("expected"); it != j.end() && !it->is_null())
    r.expected = describe_expected(*it);
  if (const auto it = j.find("answer_check"); it != j.end() && !it->is_null()) {
    r.answer_check = f.text("answer_check");
    if (!kAnswerChecks.count(r.answer_check))
      f.fail("field 'answer_check' must be \"correct\", \"wrong\" or \"unknown\"");
  }
  if (const auto it = j.find("count"); it != j.end() && it->is_number())
    r.count = it->get<double>();
  if (const auto it = j.find("count_complete"); it != j.end() && it->is_boolean())
    r.count_complete = it->get<bool>();
}

Row parse_row(const std::string& file, int line, const nlohmann::json& j) {
  const LineFields f{file, line, j};
  if (!j.is_object()) f.fail("a result row must be a JSON object");
  Row r;
  r.key = f.text("key");
  r.instance = f.text("instance");
  r.config = f.text("config");
  r.status = f.text("status");
  if (!kStatuses.count(r.status)) f.fail(std::string("unknown status '") + r.status + "'");
  const double threads = f.number("threads");
  if (threads < 1 || threads != std::floor(threads) || threads > 1e6)
    f.fail("field 'threads' must be a whole number >= 1");
  r.threads = static_cast<int>(threads);
  r.wall = f.number("wall_seconds");
  if (const auto it = j.find("repetition"); it != j.end() && it->is_number_integer())
    r.repetition = it->get<int>();
  if (const auto it = j.find("seed"); it != j.end() && it->is_number_integer())
    r.seed = it->get<int64_t>();
  if (const auto it = j.find("run_index");
      it != j.end() && it->is_number_integer() && it->get<int64_t>() >= 0)
    r.run_index = it->get<int64_t>();
  if (const auto it = j.find("outcomes"); it != j.end()) r.outcomes = f.text("outcomes");
  r.time_limit = f.number("time_limit");
  if (const auto it = j.find("baseline"); it != j.end() && !it->is_null())
    r.baseline = f.text("baseline");
  read_checks_and_counts(f, r);
  r.raw = j.dump();
  if (const auto it = j.find("stats"); it != j.end()) {
    if (!it->is_object()) f.fail("field 'stats' must be an object");
    for (const auto& [name, value] : it->items()) {
      if (!value.is_number()) continue;  // the report reads numeric counters only
      if (name == "nodes") {
        r.nodes = value.get<double>();
        r.has_nodes = true;
      }
      if (name.rfind("prunes_", 0) == 0) r.prunes[name.substr(7)] += value.get<double>();
      if (name == "games") r.games = value.get<double>();
      if (name == "wins") r.wins = value.get<double>();
    }
  }
  return r;
}

void read_file_rows(const std::string& file, std::vector<Row>& rows,
                    std::map<std::string, size_t>& by_key) {
  for_each_row(file, [&](int line, const nlohmann::json& j) {
    Row r = parse_row(file, line, j);
    const auto [it, fresh] = by_key.emplace(r.key, rows.size());
    if (fresh)
      rows.push_back(std::move(r));
    else
      rows[it->second] = std::move(r);  // a rerun: the latest row wins, at the first one's place
  });
}

using Runs = std::vector<const Row*>;

std::map<std::string, Runs> by_instance(const Analysis& a, const Group& g) {
  std::map<std::string, Runs> m;
  for (size_t i : g.runs) m[a.rows[i].instance].push_back(&a.rows[i]);
  return m;
}

bool all_answered(const Runs& runs) {
  return std::all_of(runs.begin(), runs.end(), [](const Row* r) { return answered(*r); });
}

double sgm(const std::vector<double>& xs, double shift) {
  if (xs.empty()) return kNaN;
  double logs = 0;
  for (double x : xs) logs += std::log(x + shift);
  return std::exp(logs / static_cast<double>(xs.size())) - shift;
}

// SGM wall times of two groups over the instances on which every run of both answered: a
// speedup is only fair where both sides finished.
ThreadSpeedup compare(const Analysis& a, const Group& base, const Group& other) {
  const auto base_runs = by_instance(a, base);
  std::vector<double> base_times, other_times, base_cpus, other_cpus;
  ThreadSpeedup c;
  for (const auto& [instance, runs] : by_instance(a, other)) {
    const auto it = base_runs.find(instance);
    if (it == base_runs.end() || !all_answered(runs) || !all_answered(it->second)) continue;
    ++c.instances;
    for (const Row* r : it->second) base_times.push_back(r->wall);
    for (const Row* r : runs) other_times.push_back(r->wall);
    for (const Row* r : it->second) base_cpus.push_back(r->cpu);
    for (const Row* r : runs) other_cpus.push_back(r->cpu);
  }
  c.base_cpu = sgm(base_cpus, kTimeShift);
  c.cpu = sgm(other_cpus, kTimeShift);
  c.base_sgm = sgm(base_times, kTimeShift);
  c.sgm = sgm(other_times, kTimeShift);
  c.speedup = c.sgm > 0 ? c.base_sgm / c.sgm : kNaN;
  return c;
}

void aggregate(const Analysis& a, Group& g) {
  std::vector<double> times, cpus, nodes;
  bool any_nodes = false;  // a solver without a search tree (an integer model) counts none
  double par2 = 0;
  for (size_t i : g.runs) {
    const Row& r = a.rows[i];
    if (answered(r)) ++g.solved;
    if (r.status == "timeout") ++g.timeouts;
    if (r.status == "memout") ++g.memouts;
    if (r.status == "crash" || r.status == "error") ++g.failures;
    par2 += answered(r) ? r.wall : 2 * a.limit(r);
    times.push_back(a.counted_time(r));
    cpus.push_back(a.counted_cpu(r));
    nodes.push_back(r.nodes);
    if (r.answer_check == "correct") ++g.correct;
    if (r.answer_check == "wrong") ++g.wrong;
    if (r.answer_check != "correct" && r.answer_check != "wrong") ++g.unchecked;
    any_nodes |= r.has_nodes;
  }
  g.par2 = par2 / static_cast<double>(g.runs.size());
  g.sgm_time = sgm(times, kTimeShift);
  g.sgm_cpu = sgm(cpus, kTimeShift);
  g.sgm_nodes = any_nodes ? sgm(nodes, kNodeShift) : kNaN;  // "-" in the tables, not a 0
  g.speedup = kNaN;
}

// Each config's baseline: `chosen` for every config when it is given, else the one its rows name
// (a config may name its own, in its TOML table).
std::map<std::string, std::string> pick_baselines(const std::vector<Row>& rows,
                                                  const std::vector<std::string>& configs,
                                                  const std::string& chosen) {
  std::map<std::string, std::string> of;
  for (const auto& c : configs) of[c] = chosen;
  if (chosen.empty())
    for (const Row& r : rows) {
      if (!r.baseline || r.baseline->empty() || *r.baseline == of[r.config]) continue;
      if (!of[r.config].empty())
        throw std::invalid_argument(std::string("the rows of config '") + r.config +
                                    "' name two baselines, '" + of[r.config] + "' and '" +
                                    *r.baseline + "'; choose one with --baseline");
      of[r.config] = *r.baseline;
    }
  for (const auto& entry : of) {
    const std::string& name = entry.second;
    if (name.empty() || std::count(configs.begin(), configs.end(), name)) continue;
    std::string message = std::string("baseline '") + name + "' is not a config of these rows (";
    for (const auto& c : configs) message.append(c == configs.front() ? "" : ", ").append(c);
    throw std::invalid_argument(message + ")");
  }
  return of;
}

// The baseline the captions name: the one most configs are compared with, ties to the config
// that comes first; empty when no config has one.
std::string main_baseline(const std::map<std::string, std::string>& of,
                          const std::vector<std::string>& configs) {
  std::map<std::string, int> votes;
  for (const auto& c : configs)
    if (!of.at(c).empty()) ++votes[of.at(c)];
  std::string best;
  for (const auto& c : configs)
    if (votes.count(c) && (best.empty() || votes[c] > votes[best])) best = c;
  return best;
}

// A table wider than this many characters is printed in parts, each repeating the row names:
// about what fits the 17 cm text width at \small, where a scaled-down whole would need a
// magnifier.
constexpr size_t kLatexChars = 100;
// A table longer than this many rows is a longtable, which breaks across pages; a shorter one is
// a tabular, which pdflatex sets right in one run (a longtable settles its widths in a second).
constexpr size_t kLatexPageRows = 40;

// The report as one document. Tables are split by columns when wide and are longtables when long;
// wrong answers are red (xcolor); partial data get a framed warning first.
std::string standalone_latex(const Analysis& a, const std::vector<Table>& tables,
                             const std::vector<Plot>& plots) {
  std::ostringstream tex;
  tex << "% The report as one document: run `pdflatex report.tex` in this folder (twice when a\n"
         "% table is longer than a page: a longtable settles its column widths in the second "
         "run).\n"
         "\\documentclass{article}\n"
         "\\usepackage[margin=2cm]{geometry}\n"
         "\\usepackage{booktabs}\n"
         "\\usepackage{longtable}\n"
         "\\usepackage{xcolor}\n"
         "\\usepackage{graphicx}\n"
         "\\begin{document}\n"
         "\\section*{boundsearch report}\n";
  if (!a.partial.empty())
    tex << "\\noindent\\fbox{\\parbox{\\dimexpr\\linewidth-2\\fboxsep\\relax}{\\color{red}"
           "\\textbf{Partial data:} "
        << latex_escape(a.partial) << "}}\n\n";
  if (a.wrong > 0)
    tex << "\\noindent{\\color{red}\\textbf{" << a.wrong << " wrong answer"
        << (a.wrong == 1 ? "" : "s")
        << "}: a run's answer contradicts the instance's known one (in red below).}\n\n";
  for (const auto& t : tables) {
    tex << "\n\\subsection*{" << latex_escape(t.title) << "}\n";
    const std::vector<Table> parts = split_columns(t, kLatexChars);
    const bool long_table = t.rows.size() > kLatexPageRows;
    for (size_t i = 0; i < parts.size(); ++i) {
      if (parts.size() > 1)
        tex << "\\noindent\\emph{Part " << i + 1 << " of " << parts.size() << ".}\n";
      if (long_table)
        tex << "{\\small\n" << to_latex(parts[i], true) << "}\n";
      else
        tex << "\\begin{center}\\small\n" << to_latex(parts[i]) << "\\end{center}\n";
    }
    tex << latex_escape(t.caption) << "\n";
  }
  for (const auto& p : plots) {
    tex << "\n\\subsection*{" << latex_escape(p.caption) << "}\n"
        << "\\begin{center}\\IfFileExists{" << p.name << ".pdf}{\\includegraphics[width=0.7"
        << "\\linewidth]{" << p.name << ".pdf}}{(not drawn: gnuplot did not run)}\\end{center}\n";
  }
  tex << "\\end{document}\n";
  return tex.str();
}

// A marker file's text as one line, or nullopt when there is no such file.
std::optional<std::string> marker_text(const fs::path& marker) {
  std::error_code ec;
  if (!fs::is_regular_file(marker, ec)) return std::nullopt;
  std::ifstream in(marker);
  std::string text(std::istreambuf_iterator<char>(in), {});
  for (char& c : text)
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
  while (!text.empty() && text.back() == ' ') text.pop_back();
  while (!text.empty() && text.front() == ' ') text.erase(0, 1);
  return text;
}

// What `run --merge --allow-partial` writes: {"grid_runs", "missing_runs", "missing_shards"}.
std::string describe_merge_marker(const std::string& text) {
  const auto j = nlohmann::json::parse(text, nullptr, false);
  if (!j.is_object() || !j.contains("missing_runs")) return text;
  std::string s = j["missing_runs"].dump();
  s.append(" runs");
  if (j.contains("grid_runs")) s.append(" of ").append(j["grid_runs"].dump());
  s.append(" missing");
  if (j.contains("missing_shards") && j["missing_shards"].is_array() &&
      !j["missing_shards"].empty()) {
    s += " (shards";
    for (const auto& shard : j["missing_shards"])
      s.append(" ").append(shard.is_string() ? shard.get<std::string>() : shard.dump());
    s += ")";
  }
  return s;
}

// Why the rows of `dir` are partial, or "" when no marker says they are. An empty marker still
// marks: its reason is then unknown.
std::string partial_reason(const std::string& dir) {
  std::string reason;
  const auto add = [&](const char* name, const std::string& why) {
    reason += (reason.empty() ? "" : "; ") + std::string(name) + ": " +
              (why.empty() ? "no reason given" : why);
  };
  if (const auto text = marker_text(fs::path(dir) / kPartialMarker)) add(kPartialMarker, *text);
  if (const auto text = marker_text(fs::path(dir) / kPartialMergeMarker))
    add(kPartialMergeMarker, describe_merge_marker(*text));
  return reason.empty() ? "" : "these rows are partial (" + reason + ")";
}

}  // namespace

void write_text(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out.flush()) throw std::runtime_error(std::string("cannot write ") + path);
}

bool answered(const Row& r) {
  return r.status == "solved" || r.status == "infeasible";
}

double Analysis::median_time(const std::vector<size_t>& runs) const {
  std::vector<double> times;
  for (size_t i : runs) times.push_back(counted_time(rows[i]));
  std::sort(times.begin(), times.end());
  const size_t n = times.size();
  return n == 0 ? kNaN : (times[(n - 1) / 2] + times[n / 2]) / 2;
}

std::vector<Row> read_rows(const std::string& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) throw InputError(dir, 0, 0, "no such directory");
  const std::vector<std::string> files = experiments::row_files(dir);
  std::vector<Row> rows;
  std::map<std::string, size_t> by_key;
  for (const auto& f : files) read_file_rows(f, rows, by_key);
  if (rows.empty()) throw InputError(dir, 0, 0, "no result rows (no complete line in *.jsonl)");
  return rows;
}

Analysis analyse(std::vector<Row> rows, const std::string& baseline) {
  Analysis a;
  a.rows = std::move(rows);
  // Keys are unique after read_rows, so (run_index, key) is a total order: the report no longer
  // depends on which shard file a run's row landed in, or in what order the files were merged.
  if (std::all_of(a.rows.begin(), a.rows.end(), [](const Row& r) { return r.run_index >= 0; }))
    std::sort(a.rows.begin(), a.rows.end(), [](const Row& x, const Row& y) {
      return std::tie(x.run_index, x.key) < std::tie(y.run_index, y.key);
    });
  std::vector<std::string> configs;
  std::set<int> threads;
  for (const Row& r : a.rows) {
    if (!std::count(configs.begin(), configs.end(), r.config)) configs.push_back(r.config);
    threads.insert(r.threads);
    a.max_wall = std::max(a.max_wall, r.wall);
    a.checked |= !r.answer_check.empty();
    a.wrong += r.answer_check == "wrong";
    a.cpu_times |= r.has_cpu;
  }
  a.thread_counts.assign(threads.begin(), threads.end());
  const std::map<std::string, std::string> baseline_of = pick_baselines(a.rows, configs, baseline);
  a.baseline = main_baseline(baseline_of, configs);

  for (const auto& config : configs) {
    for (int t : a.thread_counts) {
      Group g{config, t, config, baseline_of.at(config), {}};
      if (a.thread_counts.size() > 1) g.label.append(" t=").append(std::to_string(t));
      for (size_t i = 0; i < a.rows.size(); ++i)
        if (a.rows[i].config == config && a.rows[i].threads == t) g.runs.push_back(i);
      if (g.runs.empty()) continue;
      aggregate(a, g);
      a.groups.push_back(std::move(g));
    }
  }

  for (auto& g : a.groups) {
    for (const auto& base : a.groups)
      if (base.config == g.baseline && base.threads == g.threads)
        g.speedup = compare(a, base, g).speedup;
  }

  if (a.thread_counts.size() > 1) {
    for (const auto& g : a.groups) {
      // Groups of a config are adjacent and ascending in threads: the first is the reference.
      const auto first = std::find_if(a.groups.begin(), a.groups.end(),
                                      [&](const Group& h) { return h.config == g.config; });
      ThreadSpeedup s = compare(a, *first, g);
      s.config = g.config;
      s.threads = g.threads;
      a.thread_speedups.push_back(s);
    }
  }

  std::map<std::string, Contradiction> answers;
  for (const auto& g : a.groups) {
    for (const auto& entry : by_instance(a, g)) {
      // Not a structured binding: clang 14 cannot capture those in a lambda.
      const Runs& runs = entry.second;
      auto& c = answers[entry.first];
      const auto said = [&](const char* status) {
        return std::any_of(runs.begin(), runs.end(),
                           [&](const Row* r) { return r->status == status; });
      };
      if (said("solved")) c.solved_by.push_back(g.label);
      if (said("infeasible")) c.infeasible_by.push_back(g.label);
    }
  }
  for (auto& [instance, c] : answers) {
    c.instance = instance;
    if (!c.solved_by.empty() && !c.infeasible_by.empty()) a.contradictions.push_back(c);
  }
  return a;
}

std::string write_report(const std::string& dir, const std::string& baseline, std::ostream& warn,
                         ReportFacts* facts) {
  Analysis a = analyse(read_rows(dir), baseline);
  a.partial = partial_reason(dir);
  std::ostringstream warnings;
  if (!a.partial.empty()) warnings << "WARNING: PARTIAL DATA: " << a.partial << '\n';
  for (const auto& c : a.contradictions) {
    warnings << "WARNING: contradictory answers on " << c.instance << ": solved by";
    for (const auto& g : c.solved_by) warnings << ' ' << g;
    warnings << "; infeasible by";
    for (const auto& g : c.infeasible_by) warnings << ' ' << g;
    warnings << '\n';
  }
  for (const Row& r : a.rows)
    if (r.answer_check == "wrong")
      warnings << "WARNING: WRONG answer: " << r.instance << " by " << r.config << " (seed "
               << r.seed << ", repetition " << r.repetition << ", " << r.threads
               << " threads) said " << r.status << "; expected " << r.expected << '\n';
  warn << warnings.str();
  if (facts) *facts = {a.wrong, !a.partial.empty()};

  const fs::path out = fs::path(dir) / "report";
  std::error_code ec;
  fs::create_directories(out, ec);
  if (ec)
    throw std::runtime_error(std::string("cannot create ") + out.string() + ": " + ec.message());
  std::vector<Table> tables = make_tables(a);
  if (!a.partial.empty())
    for (auto& t : tables) t.caption = "PARTIAL DATA: " + a.partial + ". " + t.caption;
  for (const auto& t : tables) {
    write_text(out / (t.name + ".csv"), to_csv(t));
    write_text(out / (t.name + ".md"), to_markdown(t));
    write_text(out / (t.name + ".tex"), to_latex(t));
  }
  const std::vector<Plot> plots = write_plots(a, out.string(), warn);
  write_text(out / "report.tex", standalone_latex(a, tables, plots));
  write_text(out / "report.html", to_html(a, tables, plots, out.string()));

  std::ostringstream summary;
  summary << "# boundsearch report: " << a.rows.size() << " runs, " << a.groups.size()
          << " groups\n\n";
  if (!a.partial.empty()) summary << "**PARTIAL DATA**: " << a.partial << "\n\n";
  summary << to_markdown(tables.front()) << '\n';
  if (!warnings.str().empty()) summary << "```\n" << warnings.str() << "```\n\n";
  summary << "Tables (csv, md, tex), plots, report.tex and report.html in " << out.string()
          << "/\n";
  return summary.str();
}

}  // namespace bs::report
