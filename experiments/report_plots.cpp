// The report's plots: a data file and a gnuplot script each, then gnuplot run on the script.
//
// The .dat and .gp stay beside the PDF and SVG so that a figure can be restyled for a paper by
// editing the script, without the rows or this program. Scripts name their files relative to
// their own folder and gnuplot runs there, so the folder can be moved whole. A missing gnuplot
// costs the pictures, never the tables: the scripts are still written and one warning says so.
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
#include <optional>
#include <ostream>
#include <sstream>

#include "core/error.hpp"
#include "experiments/report.hpp"

namespace bs::report {

namespace {

namespace fs = std::filesystem;

// Log axes cannot show 0 s: faster runs are drawn at 1 ms.
constexpr double kFloor = 1e-3;

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

std::optional<Figure> cactus(const Analysis& a) {
  Figure f{{"cactus", "Cactus: answered runs against wall time, per group"}, "", "", ""};
  f.setup = "set logscale y\nset xlabel 'answered runs'\nset ylabel 'wall time (s)'\n";
  int index = 0;
  for (const auto& g : a.groups) {
    std::vector<double> times;
    for (size_t i : g.runs)
      if (answered(a.rows[i])) times.push_back(std::max(a.rows[i].wall, kFloor));
    if (times.empty()) continue;  // gnuplot refuses an empty block
    std::sort(times.begin(), times.end());
    f.data += "# " + g.label + "\n";
    for (size_t k = 0; k < times.size(); ++k)
      f.data.append(std::to_string(k + 1)).append(" ").append(num(times[k])).append("\n");
    f.data += "\n\n";  // two blank lines end a gnuplot index block
    f.plot_command.append(index ? ", \\\n     " : "plot ")
        .append("'cactus.dat' index ")
        .append(std::to_string(index))
        .append(" using 1:2 with linespoints title ")
        .append(quoted(g.label));
    ++index;
  }
  if (!index) return std::nullopt;
  return f;
}

// Config A against config B on the instances both ran, x = B, y = A.
std::optional<Figure> scatter(const Analysis& a, const Group& ga, const Group& gb) {
  Figure f;
  f.plot.name = std::string("scatter-") + file_safe(ga.config) + "-vs-" + file_safe(gb.config);
  if (a.thread_counts.size() > 1) f.plot.name.append("-t").append(std::to_string(ga.threads));
  f.plot.caption = "Wall time per instance, " + ga.label + " against " + gb.label +
                   " (dashed: the time limit, where unanswered runs are drawn)";
  std::map<std::string, std::vector<size_t>> runs_a, runs_b;
  for (size_t i : ga.runs) runs_a[a.rows[i].instance].push_back(i);
  for (size_t i : gb.runs) runs_b[a.rows[i].instance].push_back(i);
  double lo = 1e300, hi = 0, limit = 0;
  for (const auto& [instance, ra] : runs_a) {
    const auto rb = runs_b.find(instance);
    if (rb == runs_b.end()) continue;
    const double x = std::max(a.median_time(rb->second), kFloor);
    const double y = std::max(a.median_time(ra), kFloor);
    lo = std::min({lo, x, y});
    hi = std::max({hi, x, y});
    for (size_t i : ra) limit = std::max(limit, a.limit(a.rows[i]));
    for (size_t i : rb->second) limit = std::max(limit, a.limit(a.rows[i]));
    f.data.append(num(x)).append(" ").append(num(y)).append(" # ").append(instance).append("\n");
  }
  if (f.data.empty()) return std::nullopt;
  hi = std::max(hi, limit);
  std::ostringstream setup;
  setup << "set logscale xy\nset size square\n"
        << "set xrange [" << num(lo / 2) << ":" << num(hi * 2) << "]\n"
        << "set yrange [" << num(lo / 2) << ":" << num(hi * 2) << "]\n"
        << "set xlabel " << quoted(gb.label + ": wall time (s)") << '\n'
        << "set ylabel " << quoted(ga.label + ": wall time (s)") << '\n';
  if (limit > 0)
    setup << "set arrow 1 from first " << num(limit) << ", graph 0 to first " << num(limit)
          << ", graph 1 nohead dashtype 2 linecolor 'gray'\n"
          << "set arrow 2 from graph 0, first " << num(limit) << " to graph 1, first " << num(limit)
          << " nohead dashtype 2 linecolor 'gray'\n";
  f.setup = setup.str();
  f.plot_command = "plot x with lines linecolor 'gray' title 'equal time', \\\n     " +
                   quoted(f.plot.name + ".dat") + " using 1:2 with points pointtype 7 title " +
                   quoted("instances");
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

}  // namespace

std::vector<Plot> write_plots(const Analysis& a, const std::string& out_dir, std::ostream& warn) {
  std::vector<Figure> figures;
  if (auto f = cactus(a)) figures.push_back(std::move(*f));
  for (auto& f : scatters(a)) figures.push_back(std::move(f));
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
