#include "experiments/demo.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <sstream>
#include <vector>

#include "core/error.hpp"
#include "solvers/solver.hpp"

namespace bs {

std::string run_demo(const std::string& puzzle, const std::string& dir, const Options& options) {
  const PuzzleSolver* solver = find_puzzle(puzzle);
  if (!solver) throw std::invalid_argument("unknown puzzle '" + puzzle + "'");
  std::vector<std::filesystem::path> files;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec))
    if (e.path().extension() == ".txt") files.push_back(e.path());
  if (ec) throw InputError(dir, 0, 0, ec.message());
  std::sort(files.begin(), files.end());

  std::ostringstream out;
  out << "| instance | status | answer | nodes | ms |\n";
  out << "|---|---|---|---:|---:|\n";
  for (const auto& f : files) {
    const Result r = solver->solve_file(f.string(), options);
    std::string answer;
    if (r.status == Status::solved)
      answer = std::to_string(r.solution_lines.size()) + " moves, " +
               (r.verified ? "verified" : "NOT verified");
    else if (r.status == Status::infeasible)
      answer = "certificate: " + r.certificate.kind;
    else
      answer = std::string("stopped: ") + to_string(r.stop);
    char ms[32];
    std::snprintf(ms, sizeof ms, "%.1f", r.counter("wall_seconds") * 1e3);
    out << "| " << r.instance << " | " << to_string(r.status) << " | " << answer << " | "
        << static_cast<long long>(r.counter("nodes")) << " | " << ms << " |\n";
  }
  return out.str();
}

}  // namespace bs
