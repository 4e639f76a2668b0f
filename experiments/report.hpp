// Tables and plots of an experiment, regenerated from its raw rows alone.
//
// The runner appends one JSON object per run to `*.jsonl` files; `boundsearch report DIR` reads
// them all and writes DIR/report/: the same tables as CSV (for scripts), Markdown (for notes and
// the terminal) and LaTeX booktabs fragments (for papers) plus a standalone report.tex, gnuplot
// plots with their data and scripts beside them so a figure can be restyled without rerunning
// anything, and one self-contained report.html (tables to sort and filter, the plots, the
// machine, every row's raw JSON) that works offline from a copy of that file alone. The output is
// a pure function of the rows (and of two small files beside them: a partial-data marker, and the
// config.toml that report.html shows), so the same rows always give byte-identical files (the
// PDFs aside: cairo stamps them with a date).
//
// Four files share the work: report.cpp reads rows and computes aggregates, report_tables.cpp
// lays out and renders tables, report_plots.cpp writes and runs gnuplot scripts, report_html.cpp
// writes the HTML page.
#pragma once

#include <iosfwd>
#include <map>
#include <optional>
#include <set>
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
  double cpu = 0;          // user+system CPU seconds (cpu_seconds); 0 when the row has none
  bool has_cpu = false;
  // The known answer, when the instance has one: `expected` in words ("solved", "count 12"), and
  // the runner's verdict on the run's answer, "correct", "wrong" or "unknown". Both empty when
  // unchecked.
  std::string expected, answer_check;
  std::optional<double> count;  // counting runs: the count found
  bool count_complete = true;   // false: the count is a lower bound, the run was cut short
  std::string raw;              // the row as read, for the HTML page's raw JSON
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
  double sgm_cpu = 0;    // SGM of CPU time, shift kTimeShift, unanswered runs at their time limit
  int correct = 0, wrong = 0, unchecked = 0;  // answer checks; unchecked: "unknown" or none
};

inline constexpr double kTimeShift = 1;
inline constexpr double kNodeShift = 10;

// Speedup of a config at `threads` against the same config at its smallest thread count.
struct ThreadSpeedup {
  std::string config;
  int threads = 1;
  int instances = 0;  // answered at both thread counts; the SGMs are over their runs
  double base_sgm = 0, sgm = 0, speedup = 0;
  double base_cpu = 0, cpu = 0;  // SGM CPU times over the same runs
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
  bool checked = false;    // some row carries an answer check: the tables get its columns
  int wrong = 0;           // runs whose answer contradicts the known one
  bool cpu_times = false;  // some row carries cpu_seconds
  std::string partial;     // why the data are partial (DIR/PARTIAL); empty when they are whole

  // What an unanswered run counts as: its time limit, or the longest run seen when it had none.
  double limit(const Row& r) const { return r.time_limit > 0 ? r.time_limit : max_wall; }
  double counted_time(const Row& r) const { return answered(r) ? r.wall : limit(r); }
  double counted_cpu(const Row& r) const { return answered(r) ? r.cpu : limit(r); }
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

enum class Best { none, max, min };  // which value of a column is set in bold

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
  // Cells to show as alarms, (row, column): a wrong answer. Their text says so too ("WRONG"), for
  // CSV; Markdown bolds them, LaTeX and HTML colour them red.
  std::set<std::pair<size_t, size_t>> alarms;
};

// Per column, the best value among the cells (numbers only): what the renderings set in bold.
std::vector<std::optional<double>> best_values(const Table& t);
bool is_best(const std::vector<std::optional<double>>& best, size_t column,
             const std::string& cell);

// Three significant digits and every integer digit: 0.114, 12.3, 29763; "-" for NaN.
std::string format_number(double v);
std::string latex_escape(std::string_view s);

std::string to_csv(const Table& t);       // RFC 4180
std::string to_markdown(const Table& t);  // a pipe table, then the caption
// A booktabs fragment: a tabular, or with `longtable` a longtable (for report.tex, where long
// tables break across pages). Alarms are \textcolor{red}: a document needs xcolor.
std::string to_latex(const Table& t, bool longtable = false);
// The table as parts at most `max_chars` characters wide (its widest cells and titles, and the
// space between columns), each repeating the first column (the row names), so that a wide table
// is printed in readable pieces rather than shrunk. A table that fits is returned whole.
std::vector<Table> split_columns(const Table& t, size_t max_chars);

// summary, instances, rules, threads when there is more than one thread count, and win_rates
// when the rows count games and wins (mines-games). The first is the one printed on the
// terminal: the win rates for a sweep in which every run plays games (there times say little),
// else the summary.
std::vector<Table> make_tables(const Analysis& a);

// ---- plots ----

struct Plot {
  std::string name;  // file stem of NAME.dat, NAME.gp, NAME.pdf, NAME.svg
  std::string caption;
};

// Times below this are drawn at it on the log axes (0 s has no place there); the plots shade the
// band below it and their captions say so.
inline constexpr double kPlotFloor = 1e-3;

// Writes NAME.dat and NAME.gp for every plot into `out_dir` and runs gnuplot on each; without
// gnuplot on PATH, or when it fails, says so on `warn` (quoting gnuplot's last line) and goes on.
// What gnuplot says is kept in NAME.log, written only when it said something.
std::vector<Plot> write_plots(const Analysis& a, const std::string& out_dir, std::ostream& warn);

// Writes a whole file of the report, or throws std::runtime_error naming it.
void write_text(const std::string& path, const std::string& text);

// The self-contained HTML page: `plots` are read from `out_dir` (NAME.svg) and inlined; a plot
// gnuplot did not draw is named with its caption.
std::string to_html(const Analysis& a, const std::vector<Table>& tables,
                    const std::vector<Plot>& plots, const std::string& out_dir);

// What `boundsearch report` needs for its exit code.
struct ReportFacts {
  int wrong_answers = 0;  // exit 5 when > 0
  bool partial = false;
};

// The marker files of partial data. DIR/PARTIAL marks the rows of DIR as partial, its text says
// why (written by hand, or by any tool); DIR/PARTIAL.json is what `run --merge --allow-partial`
// leaves: {"grid_runs", "missing_runs", "missing_shards"}.
inline constexpr const char* kPartialMarker = "PARTIAL";
inline constexpr const char* kPartialMergeMarker = "PARTIAL.json";

// The whole job of `boundsearch report DIR`: reads the rows, writes DIR/report/ and returns a
// short Markdown summary. Contradictions, wrong answers, partial data and plotting trouble go to
// `warn` as WARNING lines.
std::string write_report(const std::string& dir, const std::string& baseline, std::ostream& warn,
                         ReportFacts* facts = nullptr);

}  // namespace bs::report
