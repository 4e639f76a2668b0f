// The report's plots: a data file and a gnuplot script each, then gnuplot run on the script.
//
// The .dat and .gp stay beside the PDF and SVG so that a figure can be restyled for a paper by
// editing the script, without the rows or this program. Scripts name their files relative to
// their own folder and gnuplot runs there, so the folder can be moved whole. A missing gnuplot
// costs the pictures, never the tables: the scripts are still written and one warning says so.
//
// The plots are honest about what they cannot show: the cactus and quantile plots count
// instances (the median of their runs), not runs, so repetitions do not inflate a line; a time
// under 1 ms is drawn on the 1 ms line with the band below it shaded and the caption saying so;
// the scatter plot draws unanswered instances in their own band beyond the time limit, timeouts,
// memouts and failures each with their own mark, with the 2x and 10x lines beside the diagonal.
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <optional>
#include <ostream>
#include <sstream>

#include "core/error.hpp"
#include "core/wilson.hpp"
#include "experiments/report.hpp"

namespace bs::report {

namespace {

namespace fs = std::filesystem;

constexpr double kFloor = kPlotFloor;

std::string num(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

// A gnuplot single-quoted string, in which only the quote itself needs escaping (doubled).
std::string quoted(const std::string& s) {
  std::string out = "'";
  for (char c : s) out.append(c == '\'' ? 2 : 1, c);
  return out + "'";
}

// Config names become part of file names: keep letters, digits, '.', '_' and '-'.
std::string file_safe(const std::string& s) {
  std::string out = s;
  for (char& c : out)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '_' && c != '-') c = '_';
  return out;
}

struct Figure {
  Plot plot;
  std::string data, setup, plot_command;  // plot_command draws it; setup comes before
};

// One script, two terminals: the same figure as PDF (for LaTeX) and SVG (for the web).
std::string script(const Figure& f) {
  const std::string& name = f.plot.name;
  std::ostringstream gp;
  gp << "# " << f.plot.caption << "\n# Written by `boundsearch report`; run `gnuplot " << name
     << ".gp` in this folder.\n"
     << "set terminal pdfcairo noenhanced size 5in,3.5in\n"
     << "set output " << quoted(name + ".pdf") << '\n'
     << "set grid\nset key outside right top\n"
     << f.setup << f.plot_command << '\n'
     << "set terminal svg noenhanced size 640,448\n"
     << "set output " << quoted(name + ".svg") << "\nreplot\nset output\n";
  return gp.str();
}

bool on_path(const std::string& program) {
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "");
  for (std::string dir; std::getline(dirs, dir, ':');)
    if (!dir.empty() && ::access((fs::path(dir) / program).c_str(), X_OK) == 0) return true;
  return false;
}

// gnuplot's exit status, run with `dir` as its working folder; -1 when it could not run. What
// gnuplot says goes to `log_file` there, not to the terminal: its routine warnings (an x range of
// one point, widened) are noise beside the report's own lines, and its errors are quoted from the
// log when a plot fails.
int run_gnuplot(const std::string& dir, const std::string& script_file,
                const std::string& log_file) {
  const pid_t pid = ::fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    if (::chdir(dir.c_str()) == 0) {
      const int log = ::open(log_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (log >= 0) ::dup2(log, STDERR_FILENO);
      ::execlp("gnuplot", "gnuplot", script_file.c_str(), static_cast<char*>(nullptr));
    }
    ::_exit(127);
  }
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// One instance of a group: the median of its runs' counted times, and whether the median run
// answered (as the instances table decides) or else what stopped it.
struct InstanceTime {
  std::string instance;
  double wall = 0, cpu = 0;
  std::string status;  // the median run's status
};

std::map<std::string, InstanceTime> instance_times(const Analysis& a, const Group& g) {
  std::map<std::string, std::vector<size_t>> runs;
  for (size_t i : g.runs) runs[a.rows[i].instance].push_back(i);
  std::map<std::string, InstanceTime> out;
  for (const auto& [instance, list] : runs) {
    std::vector<const Row*> sorted;
    for (size_t i : list) sorted.push_back(&a.rows[i]);
    std::stable_sort(sorted.begin(), sorted.end(), [&](const Row* x, const Row* y) {
      return a.counted_time(*x) < a.counted_time(*y);
    });
    const Row& low = *sorted[(sorted.size() - 1) / 2];
    const Row& high = *sorted[sorted.size() / 2];
    std::vector<double> cpus;
    for (const Row* r : sorted) cpus.push_back(a.counted_cpu(*r));
    std::sort(cpus.begin(), cpus.end());
    const size_t n = cpus.size();
    out[instance] = {instance, a.median_time(list), (cpus[(n - 1) / 2] + cpus[n / 2]) / 2,
                     answered(low)    ? low.status
                     : answered(high) ? high.status
                                      : low.status};
  }
  return out;
}

// The shaded band under the 1 ms floor, on the y axis (and the x axis too when `both`).
std::string floor_band(bool both) {
  std::ostringstream gp;
  gp << "set object 1 rectangle from graph 0, first " << num(kFloor / 3) << " to graph 1, first "
     << num(kFloor) << " fillcolor rgb '#dddddd' fillstyle solid noborder behind\n";
  if (both)
    gp << "set object 2 rectangle from first " << num(kFloor / 3) << ", graph 0 to first "
       << num(kFloor) << ", graph 1 fillcolor rgb '#dddddd' fillstyle solid noborder behind\n";
  return gp.str();
}

// Answered instances per group: sorted times against the number solved, one line per group.
std::optional<Figure> cactus(const Analysis& a) {
  Figure f{{"cactus",
            "Cactus: instances answered against wall time (median of each instance's runs), per "
            "group; times under 1 ms are drawn at 1 ms (shaded band)"},
           "",
           "",
           ""};
  f.setup = "set logscale y\nset xlabel 'answered instances'\nset ylabel 'wall time (s)'\n";
  int index = 0;
  bool floored = false;
  for (const auto& g : a.groups) {
    std::vector<double> times;
    for (const auto& [instance, t] : instance_times(a, g))
      if (t.status == "solved" || t.status == "infeasible") times.push_back(t.wall);
    if (times.empty()) continue;  // gnuplot refuses an empty block
    std::sort(times.begin(), times.end());
    f.data += "# " + g.label + "\n";
    for (size_t k = 0; k < times.size(); ++k) {
      floored |= times[k] < kFloor;
      f.data.append(std::to_string(k + 1)).append(" ").append(num(std::max(times[k], kFloor)));
      f.data.append("\n");
    }
    f.data += "\n\n";  // two blank lines end a gnuplot index block
    f.plot_command.append(index ? ", \\\n     " : "plot ")
        .append("'cactus.dat' index ")
        .append(std::to_string(index))
        .append(" using 1:2 with linespoints title ")
        .append(quoted(g.label));
    ++index;
  }
  if (!index) return std::nullopt;
  if (floored) f.setup += "set yrange [" + num(kFloor / 3) + ":*]\n" + floor_band(false);
  return f;
}

// One group's quantile plot: the k-th fastest answered instance's wall and CPU time against k.
// CPU above wall is parallel work; far below it, a run that waited.
std::optional<Figure> quantile(const Analysis& a, const Group& g) {
  Figure f;
  f.plot.name = "quantile-" + file_safe(g.label);
  f.plot.caption = "Quantiles of " + g.label +
                   ": wall and CPU time of the k-th fastest answered instance against k; times "
                   "under 1 ms are drawn at 1 ms (shaded band)";
  std::vector<double> walls, cpus;
  for (const auto& [instance, t] : instance_times(a, g))
    if (t.status == "solved" || t.status == "infeasible") {
      walls.push_back(t.wall);
      cpus.push_back(t.cpu);
    }
  if (walls.empty()) return std::nullopt;
  std::sort(walls.begin(), walls.end());
  std::sort(cpus.begin(), cpus.end());
  bool floored = false;
  for (size_t k = 0; k < walls.size(); ++k) {
    floored |= walls[k] < kFloor || cpus[k] < kFloor;
    f.data.append(std::to_string(k + 1)).append(" ").append(num(std::max(walls[k], kFloor)));
    f.data.append(" ").append(num(std::max(cpus[k], kFloor))).append("\n");
  }
  f.setup = "set logscale y\nset xlabel 'answered instances'\nset ylabel 'time (s)'\n";
  if (floored) f.setup += "set yrange [" + num(kFloor / 3) + ":*]\n" + floor_band(false);
  const std::string dat = quoted(f.plot.name + ".dat");
  f.plot_command = "plot " + dat + " using 1:2 with linespoints title 'wall', \\\n     " + dat +
                   " using 1:3 with linespoints dashtype 2 title 'CPU (user+system)'";
  return f;
}

// How an instance is drawn on the scatter plot: 0 answered, else the band mark of what stopped
// its median run.
int scatter_kind(const std::string& status) {
  if (status == "solved" || status == "infeasible") return 0;
  if (status == "timeout") return 1;
  if (status == "memout") return 2;
  return 3;  // crash, error, another limit
}

// Config A against config B on the instances both ran, x = B, y = A. Answered instances sit at
// their median time; an instance one side did not answer sits in that side's band, beyond the
// time limit, so it can never pass for a time near the limit.
std::optional<Figure> scatter(const Analysis& a, const Group& ga, const Group& gb) {
  Figure f;
  f.plot.name = std::string("scatter-") + file_safe(ga.config) + "-vs-" + file_safe(gb.config);
  if (a.thread_counts.size() > 1) f.plot.name.append("-t").append(std::to_string(ga.threads));
  f.plot.caption = "Wall time per instance, " + ga.label + " against " + gb.label +
                   " (dotted: 2x and 10x; beyond the dashed time limit, the band of unanswered "
                   "instances; under 1 ms drawn at 1 ms, shaded)";
  const auto times_a = instance_times(a, ga), times_b = instance_times(a, gb);
  double lo = 1e300, hi = 0, limit = 0;
  for (size_t i : ga.runs) limit = std::max(limit, a.limit(a.rows[i]));
  for (size_t i : gb.runs) limit = std::max(limit, a.limit(a.rows[i]));
  const double band = limit * 2;  // the unanswered band's centre line, on both axes
  bool floored = false;
  for (const auto& [instance, ta] : times_a) {
    const auto tb = times_b.find(instance);
    if (tb == times_b.end()) continue;
    const int kind_a = scatter_kind(ta.status), kind_b = scatter_kind(tb->second.status);
    const double x = kind_b ? band : std::max(tb->second.wall, kFloor);
    const double y = kind_a ? band : std::max(ta.wall, kFloor);
    floored |= (!kind_b && tb->second.wall < kFloor) || (!kind_a && ta.wall < kFloor);
    lo = std::min({lo, x, y});
    hi = std::max({hi, x, y});
    // The mark: the worse side's reason (a timeout on either side draws as a timeout).
    f.data.append(num(x)).append(" ").append(num(y)).append(" ");
    f.data.append(std::to_string(std::max(kind_a, kind_b))).append(" # ").append(instance);
    f.data.append("\n");
  }
  if (f.data.empty()) return std::nullopt;
  hi = std::max(hi, band);
  const std::string range = "[" + num(lo / 3) + ":" + num(hi * 2) + "]";
  std::ostringstream setup;
  setup << "set logscale xy\nset size square\n"
        << "set xrange " << range << "\nset yrange " << range << '\n'
        << "set xlabel " << quoted(gb.label + ": wall time (s)") << '\n'
        << "set ylabel " << quoted(ga.label + ": wall time (s)") << '\n';
  if (limit > 0)
    setup << "set arrow 1 from first " << num(limit) << ", graph 0 to first " << num(limit)
          << ", graph 1 nohead dashtype 2 linecolor 'gray'\n"
          << "set arrow 2 from graph 0, first " << num(limit) << " to graph 1, first " << num(limit)
          << " nohead dashtype 2 linecolor 'gray'\n"
          << "set object 3 rectangle from first " << num(limit * 1.3) << ", graph 0 to graph 1, "
          << "graph 1 fillcolor rgb '#fbe3e3' fillstyle solid noborder behind\n"
          << "set object 4 rectangle from graph 0, first " << num(limit * 1.3)
          << " to graph 1, graph 1 fillcolor rgb '#fbe3e3' fillstyle solid noborder behind\n"
          << "set label 1 'unanswered' at first " << num(band) << ", graph 0.03 center rotate by "
          << "90 font ',8'\n";
  if (floored) setup << floor_band(true);
  f.setup = setup.str();
  const std::string dat = quoted(f.plot.name + ".dat");
  const auto marks = [&](int kind, int pointtype, const char* color, const char* title) {
    return ", \\\n     " + dat + " using 1:($3 == " + std::to_string(kind) +
           " ? $2 : 1/0) with points pointtype " + std::to_string(pointtype) +
           " pointsize 1.2 linecolor rgb '" + color + "' title '" + title + "'";
  };
  f.plot_command =
      "plot x with lines linecolor 'gray' title 'equal time', \\\n"
      "     2*x with lines dashtype 3 linecolor '#777777' title '2x', \\\n"
      "     x/2 with lines dashtype 3 linecolor '#777777' notitle, \\\n"
      "     10*x with lines dashtype 4 linecolor '#777777' title '10x', \\\n"
      "     x/10 with lines dashtype 4 linecolor '#777777' notitle" +
      marks(0, 7, "#1f77b4", "answered") + marks(1, 9, "#d62728", "timeout") +
      marks(2, 5, "#9467bd", "memout") + marks(3, 2, "#000000", "crash/error/limit");
  return f;
}

std::vector<Figure> scatters(const Analysis& a) {
  const auto find = [&](const std::string& config, int threads) -> const Group* {
    for (const auto& g : a.groups)
      if (g.config == config && g.threads == threads) return &g;
    return nullptr;
  };
  std::vector<Figure> figures;
  const auto add = [&](const Group& ga, const std::string& config_b) {
    if (const Group* gb = find(config_b, ga.threads))
      if (auto f = scatter(a, ga, *gb)) figures.push_back(std::move(*f));
  };
  if (!a.baseline.empty()) {
    for (const auto& g : a.groups)
      if (!g.baseline.empty() && g.baseline != g.config) add(g, g.baseline);
    return figures;
  }
  // Without a baseline, the first two configs, in the order the rows name them.
  const std::string& first = a.groups.front().config;
  for (const auto& g : a.groups)
    if (g.config != first) {
      const std::string second = g.config;
      for (const auto& h : a.groups)
        if (h.config == first) add(h, second);
      break;
    }
  return figures;
}

std::optional<Figure> speedup(const Analysis& a) {
  if (a.thread_counts.size() < 2) return std::nullopt;
  Figure f{{"speedup", "Speedup against thread count, per config (dashed: ideal)"}, "", "", ""};
  const int first = a.thread_counts.front(), last = a.thread_counts.back();
  std::ostringstream setup;
  setup << "set xlabel 'threads'\nset ylabel 'speedup'\nset xtics (";
  for (int t : a.thread_counts) setup << (t == first ? "" : ", ") << t;
  setup << ")\nset xrange [" << first << ":" << last << "]\n";
  f.setup = setup.str();
  f.plot_command.append("plot x / ")
      .append(std::to_string(first))
      .append(".0 with lines dashtype 2 linecolor 'gray' title 'ideal'");
  int index = 0;
  for (size_t i = 0; i < a.thread_speedups.size();) {
    const std::string& config = a.thread_speedups[i].config;
    std::string block;
    for (; i < a.thread_speedups.size() && a.thread_speedups[i].config == config; ++i)
      if (std::isfinite(a.thread_speedups[i].speedup))
        block.append(std::to_string(a.thread_speedups[i].threads))
            .append(" ")
            .append(num(a.thread_speedups[i].speedup))
            .append("\n");
    if (block.empty()) continue;
    f.data += "# " + config + "\n" + block + "\n\n";
    f.plot_command.append(", \\\n     'speedup.dat' index ")
        .append(std::to_string(index))
        .append(" using 1:2 with linespoints title ")
        .append(quoted(config));
    ++index;
  }
  if (!index) return std::nullopt;
  return f;
}

// Games: each group's win rate per instance, with its 95% Wilson interval as an error bar; the
// groups of an instance stand side by side. Seeds are pooled and only the first repetition counts,
// as in the win-rate table.
std::optional<Figure> win_rates(const Analysis& a) {
  std::vector<std::string> instances;
  for (const Row& r : a.rows)
    if (r.games > 0 && std::find(instances.begin(), instances.end(), r.instance) == instances.end())
      instances.push_back(r.instance);
  if (instances.empty()) return std::nullopt;
  std::sort(instances.begin(), instances.end());
  Figure f{{"win-rates", "Win rate per instance and group, with 95% Wilson intervals"}, "", "", ""};
  const double width = 0.8 / static_cast<double>(a.groups.size());
  int index = 0;
  for (size_t k = 0; k < a.groups.size(); ++k) {
    const Group& g = a.groups[k];
    std::string block;
    for (size_t n = 0; n < instances.size(); ++n) {
      double wins = 0, games = 0;
      for (size_t i : g.runs)
        if (a.rows[i].instance == instances[n] && a.rows[i].repetition == 0) {
          wins += a.rows[i].wins;
          games += a.rows[i].games;
        }
      if (games <= 0) continue;
      double low = 0, high = 0;
      wilson_interval(static_cast<int64_t>(wins), static_cast<int64_t>(games), low, high);
      const double x = static_cast<double>(n) - 0.4 + width * (static_cast<double>(k) + 0.5);
      block.append(num(x)).append(" ").append(num(100 * wins / games)).append(" ");
      block.append(num(100 * low)).append(" ").append(num(100 * high)).append("\n");
    }
    if (block.empty()) continue;
    f.data += "# " + g.label + "\n" + block + "\n\n";
    f.plot_command.append(index ? ", \\\n     " : "plot ")
        .append("'win-rates.dat' index ")
        .append(std::to_string(index))
        .append(" using 1:2:3:4 with yerrorbars pointtype 7 title ")
        .append(quoted(g.label));
    ++index;
  }
  if (!index) return std::nullopt;
  std::ostringstream setup;
  setup << "set ylabel 'win rate (%)'\nset xrange [-0.6:" << num(instances.size() - 0.4)
        << "]\nset xtics (";
  for (size_t n = 0; n < instances.size(); ++n)
    setup << (n ? ", " : "") << quoted(instances[n]) << ' ' << n;
  setup << ")\n";
  f.setup = setup.str();
  return f;
}

}  // namespace

std::vector<Plot> write_plots(const Analysis& a, const std::string& out_dir, std::ostream& warn) {
  std::vector<Figure> figures;
  if (auto f = win_rates(a)) figures.push_back(std::move(*f));
  if (auto f = cactus(a)) figures.push_back(std::move(*f));
  for (auto& f : scatters(a)) figures.push_back(std::move(f));
  for (const auto& g : a.groups)
    if (auto f = quantile(a, g)) figures.push_back(std::move(*f));
  if (auto f = speedup(a)) figures.push_back(std::move(*f));

  const bool have_gnuplot = on_path("gnuplot");
  if (!have_gnuplot && !figures.empty())
    warn << "WARNING: gnuplot is not on PATH; wrote the plots' .dat and .gp files only\n";
  std::vector<Plot> plots;
  for (const auto& f : figures) {
    write_text(fs::path(out_dir) / (f.plot.name + ".dat"), f.data);
    write_text(fs::path(out_dir) / (f.plot.name + ".gp"), script(f));
    if (have_gnuplot) {
      const fs::path log = fs::path(out_dir) / (f.plot.name + ".log");
      const int status = run_gnuplot(out_dir, f.plot.name + ".gp", log.filename().string());
      std::error_code ec;
      std::string said;
      if (fs::file_size(log, ec) > 0 && !ec) said = read_file(log.string());
      if (said.empty()) fs::remove(log, ec);  // nothing to keep
      if (status != 0) {
        // The last line gnuplot wrote is the error; the whole of it stays in NAME.log.
        while (!said.empty() && said.back() == '\n') said.pop_back();
        const std::string last = said.substr(said.find_last_of('\n') + 1);
        warn << "WARNING: gnuplot " << f.plot.name << ".gp failed (exit status " << status << ")"
             << (last.empty() ? "" : ": " + last) << "\n";
      }
    }
    plots.push_back(f.plot);
  }
  return plots;
}

}  // namespace bs::report
