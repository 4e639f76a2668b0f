// Tables and plots of an experiment, regenerated from its raw rows alone.
//
// The runner appends one JSON object per run to `*.jsonl` files; `boundsearch report DIR` reads
// them all and writes DIR/report/: the same tables as CSV (for scripts), Markdown (for notes and
// the terminal) and LaTeX booktabs fragments (for papers) plus a standalone report.tex, and
// gnuplot plots with their data and scripts beside them so a figure can be restyled without
// rerunning anything. Rows are the only input and the output is a pure function of them, so the
// same rows always give byte-identical files (the PDFs aside: cairo stamps them with a date).
//
// Three files share the work: report.cpp reads rows and computes aggregates, report_tables.cpp
// lays out and renders tables, report_plots.cpp writes and runs gnuplot scripts.
#pragma once

#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bs::report {

// The fields of a result row that the report reads; the runner writes many more.
struct Row {
  std::string key;  // instance|config_hash|seed|repetition: a rerun replaces the earlier row
  std::string instance;
  std::string config;
  std::optional<std::string> baseline;
  std::string status;  // solved, infeasible, unknown, timeout, memout, crash or error
  int threads = 1;
  double wall = 0;        // seconds
  double time_limit = 0;  // seconds; 0 = none
  double nodes = 0;
  bool has_nodes = false;  // false for solvers without a search tree (an integer model)
  std::map<std::string, double> prunes;  // rule -> count, from the prunes_<rule> counters
  double games = 0, wins = 0;            // from the games and wins counters (mines-games)
  std::string outcomes;  // which games were won (core/outcomes.hpp), for paired comparisons
  int64_t seed = 0;
  int repetition = 0;
  int64_t run_index = -1;  // the run's place in its sweep's plan; -1 when the row has none
};

// Solved and infeasible are both decided answers; every other status is a run that gave none.
bool answered(const Row& r);

// Every *.jsonl in `dir`, in sorted file name order, one row per line; the last row of a key
// wins. A final line without its newline (a runner killed mid-write) and blank lines are
// skipped; anything else that is not a row throws InputError(file, line, col).
std::vector<Row> read_rows(const std::string& dir);

// One (config, threads) pair and its aggregates. Times are wall seconds.
struct Group {
  std::string config;
  int threads = 1;
  std::string label;         // "config", or "config t=N" when thread counts differ
  std::string baseline;      // the config it is compared with (maybe itself); empty: none
  std::vector<size_t> runs;  // indices into Analysis::rows
  int solved = 0;            // answered runs, solved or infeasible
  int timeouts = 0, memouts = 0, failures = 0;  // failures: crash or error
  double par2 = 0;
  double sgm_time = 0;   // shift kTimeShift, unanswered runs at their time limit
  double sgm_nodes = 0;  // shift kNodeShift
  double speedup = 0;    // baseline's SGM time over this one's on instances both answered; NaN if
                         // none or no baseline
};

inline constexpr double kTimeShift = 1;
inline constexpr double kNodeShift = 10;

// Speedup of a config at `threads` against the same config at its smallest thread count.
struct ThreadSpeedup {
  std::string config;
  int threads = 1;
  int instances = 0;  // answered at both thread counts; the SGMs are over their runs
  double base_sgm = 0, sgm = 0, speedup = 0;
};

// An instance that one run calls solved and another infeasible: a bug somewhere.
struct Contradiction {
  std::string instance;
  std::vector<std::string> solved_by, infeasible_by;  // group labels
};

struct Analysis {
  std::vector<Row> rows;
  std::string baseline;  // the config most groups are compared with; empty when there is none
  double max_wall = 0;
  std::vector<int> thread_counts;              // distinct, ascending
  std::vector<Group> groups;                   // configs in run order, threads ascending
  std::vector<ThreadSpeedup> thread_speedups;  // empty with a single thread count
  std::vector<Contradiction> contradictions;

  // What an unanswered run counts as: its time limit, or the longest run seen when it had none.
  double limit(const Row& r) const { return r.time_limit > 0 ? r.time_limit : max_wall; }
  double counted_time(const Row& r) const { return answered(r) ? r.wall : limit(r); }
  // The median of the runs' counted times: what a table cell and a scatter point show.
  double median_time(const std::vector<size_t>& runs) const;
};

// The rows are first put in run order (run_index, then key) when every row has a run_index, so
// that the same runs give the same report however they were split across files or shards;
// otherwise they keep their order, and configs and instances come in order of first appearance.
// `baseline` names the baseline of every config; empty takes, per config, the one its rows name
// (a config may name its own). Throws std::invalid_argument when a baseline is no config of the
// rows, or when the rows of a config disagree on theirs.
Analysis analyse(std::vector<Row> rows, const std::string& baseline = "");

// ---- tables: one layout, three renderings ----

enum class Best { none, max, min };  // which value of a column LaTeX sets in bold

struct Column {
  std::string title;
  bool numeric = false;  // right-aligned
  Best best = Best::none;
};

struct Table {
  std::string name;     // file stem: summary, instances, rules, threads
  std::string title;    // a heading
  std::string caption;  // what the numbers mean: shifts, markers, limits
  std::vector<Column> columns;
  std::vector<std::vector<std::string>> rows;  // cells as displayed, numbers already formatted
};

// Three significant digits and every integer digit: 0.114, 12.3, 29763; "-" for NaN.
std::string format_number(double v);
std::string latex_escape(std::string_view s);

std::string to_csv(const Table& t);       // RFC 4180
std::string to_markdown(const Table& t);  // a pipe table, then the caption
std::string to_latex(const Table& t);     // a booktabs tabular fragment

// summary, instances, rules, threads when there is more than one thread count, and win_rates
// when the rows count games and wins (mines-games).
std::vector<Table> make_tables(const Analysis& a);

// ---- plots ----

struct Plot {
  std::string name;  // file stem of NAME.dat, NAME.gp, NAME.pdf, NAME.svg
  std::string caption;
};

// Writes NAME.dat and NAME.gp for every plot into `out_dir` and runs gnuplot on each; without
// gnuplot on PATH, or when it fails, says so on `warn` (quoting gnuplot's last line) and goes on.
// What gnuplot says is kept in NAME.log, written only when it said something.
std::vector<Plot> write_plots(const Analysis& a, const std::string& out_dir, std::ostream& warn);

// Writes a whole file of the report, or throws std::runtime_error naming it.
void write_text(const std::string& path, const std::string& text);

// The whole job of `boundsearch report DIR`: reads the rows, writes DIR/report/ and returns a
// short Markdown summary. Contradictions and plotting trouble go to `warn` as WARNING lines.
std::string write_report(const std::string& dir, const std::string& baseline, std::ostream& warn);

}  // namespace bs::report
