#include "solvers/peg/analysis.hpp"

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <system_error>

#include "core/error.hpp"
#include "puzzles/peg/position_class.hpp"
#include "puzzles/peg/symmetry.hpp"
#include "puzzles/peg/verify.hpp"
#include "solvers/peg/solver.hpp"
#include "solvers/verify_result.hpp"

namespace bs::peg {

namespace {

Instance pair_instance(const Board& board, int a, int b) {
  Instance in;
  in.board = board;
  in.start.assign(board.holes(), 1);
  in.start[a] = 0;
  in.final.assign(board.holes(), 0);
  in.final[b] = 1;
  return in;
}

std::string where(const Board& board, int h) {
  return std::to_string(board.row_of(h)) + "," + std::to_string(board.col_of(h));
}

// How pair q is obtained from its representative: symmetry g, then perhaps time reversal.
struct Link {
  int g = 0;
  bool reversed = false;
};

// The representative's jumps carried onto the pair it stands for.
std::vector<JumpRC> map_jumps(const Board& board, const std::vector<int>& jump_image,
                              const std::vector<JumpRC>& jumps, bool reversed) {
  std::vector<JumpRC> out;
  for (const JumpRC& rc : jumps) out.push_back(board.jumps()[jump_image[board.jump_index(rc)]].rc);
  if (reversed) std::reverse(out.begin(), out.end());
  return out;
}

// A pagoda certificate carried onto an image pair: weights permuted, reversal flag toggled.
Certificate map_certificate(const Certificate& cert, const std::vector<int>& perm, bool reversed) {
  nlohmann::json data = nlohmann::json::parse(cert.data_json);
  if (cert.kind == "pagoda") {
    std::vector<int64_t> w = data["weights"].get<std::vector<int64_t>>(), image(w.size());
    for (size_t h = 0; h < w.size(); ++h) image[perm[h]] = w[h];
    data["weights"] = image;
  }
  const bool was = data.contains("reversed") && data["reversed"].get<bool>();
  data["reversed"] = was != reversed;
  return Certificate{cert.kind, cert.detail, data.dump()};
}

// Whether a certificate re-checks: a re-check that could not finish leaves the answer unchecked.
bool rechecks(const Instance& in, const Certificate& cert) {
  try {
    return check_certificate(in, cert).empty();
  } catch (const CheckUnfinished&) {
    return false;
  }
}

char symbol(const PairAnswer& p) {
  if (p.status == Status::solved) return 'S';
  if (p.status == Status::unknown) return '?';
  if (p.how == "position-class") return 'c';
  if (p.how == "pagoda") return 'p';
  if (p.how == "exhaustive-search") return 'x';
  if (p.how == "infeasible-ip") return 'i';
  return 'n';
}

}  // namespace

BoardAnalysis analyse_board(const std::string& name, const Board& board, const Options& options,
                            int threads) {
  const auto t0 = std::chrono::steady_clock::now();
  const int n = board.holes();
  BoardAnalysis out;
  out.name = name;
  out.board = board;
  out.threads = threads;
  out.pairs.assign(static_cast<size_t>(n) * n, {});
  const auto perms = board_symmetries(board);
  std::vector<std::vector<int>> jump_images;
  for (const auto& p : perms) jump_images.push_back(jump_permutation(board, p));

  // Each pair's representative is the least index of its orbit: scanning pairs in order, the
  // first pair not yet reached starts a new orbit, and its images under each symmetry (then
  // reversal) are linked to it.
  std::vector<int> rep(static_cast<size_t>(n) * n, -1);
  std::vector<Link> link(rep.size());  // how rep[q] is carried onto q
  std::vector<int> reps;
  for (int q = 0; q < n * n; ++q) {
    if (rep[q] >= 0) continue;
    reps.push_back(q);
    for (size_t g = 0; g < perms.size(); ++g)
      for (int rev = 0; rev < 2; ++rev) {
        const int ga = perms[g][q / n], gb = perms[g][q % n];
        const int p = rev ? gb * n + ga : ga * n + gb;
        if (rep[p] >= 0) continue;
        rep[p] = q;
        link[p] = Link{static_cast<int>(g), rev != 0};
      }
  }

  Options one = options;
  one.set("threads", "1");
  std::vector<Result> results(reps.size());
  std::vector<std::vector<JumpRC>> solutions(reps.size());
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
  for (size_t i = 0; i < reps.size(); ++i) {
    const Instance in = pair_instance(board, reps[i] / n, reps[i] % n);
    results[i] = solve(in, one, solutions[i]);
  }
  out.searched = static_cast<int>(reps.size());

  std::vector<int> index_of_rep(static_cast<size_t>(n) * n, -1);
  for (size_t i = 0; i < reps.size(); ++i) index_of_rep[reps[i]] = static_cast<int>(i);
  for (int q = 0; q < n * n; ++q) {
    const int i = index_of_rep[rep[q]];
    const Result& r = results[i];
    PairAnswer& p = out.pairs[q];
    p.representative = rep[q];
    p.status = r.status;
    if (rep[q] == q) {
      p.seconds = r.counter("wall_seconds");
      p.nodes = static_cast<uint64_t>(r.counter("nodes"));
    }
    const Instance in = pair_instance(board, q / n, q % n);
    if (r.status == Status::solved) {
      p.how = "solution";
      const auto jumps = map_jumps(board, jump_images[link[q].g], solutions[i], link[q].reversed);
      const VerifyResult v = verify_solution(in, jumps);
      if (!v.ok) throw std::logic_error("analysis: a mapped solution fails: " + v.message);
      p.checked = true;
    } else if (r.status == Status::infeasible) {
      p.how = r.certificate.kind;
      if (p.how == "position-class") {
        p.checked = position_class(board, in.start) != position_class(board, in.final);
      } else if (p.how == "pagoda" || p.how == "peg-count") {
        p.checked =
            rechecks(in, map_certificate(r.certificate, perms[link[q].g], link[q].reversed));
      } else if (rep[q] == q) {
        p.checked = rechecks(in, r.certificate);
      }
    } else {
      p.how = to_string(r.stop);
    }
  }
  // Images share their representative's re-check of an IP or a search: the feasibility IP and
  // the game tree of an image are those of the representative, relabelled (time reversal keeps
  // the IP's right-hand side: complement of the final minus complement of the start).
  for (int q = 0; q < n * n; ++q)
    if (out.pairs[q].how == "exhaustive-search" || out.pairs[q].how == "infeasible-ip")
      out.pairs[q].checked = out.pairs[rep[q]].checked;
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

namespace {
struct Tally {
  int solved = 0, impossible = 0, unknown = 0, unchecked = 0;
};
Tally tally(const BoardAnalysis& a) {
  Tally t;
  for (const auto& p : a.pairs) {
    if (p.status == Status::solved) ++t.solved;
    if (p.status == Status::infeasible) ++t.impossible;
    if (p.status == Status::unknown) ++t.unknown;
    if (p.status != Status::unknown && !p.checked) ++t.unchecked;
  }
  return t;
}
const char* kLegend =
    "S solved (solution replayed by the verifier); c impossible by position classes; p impossible "
    "by a pagoda function; x impossible by exhaustive search; i impossible by the Kiyomi-Matsui "
    "IP; ? undecided. Rows: the vacancy; columns: the hole of the last peg.";
}  // namespace

std::string undecided_summary(const BoardAnalysis& a, int listed) {
  const Board& b = a.board;
  const int n = b.holes();
  std::string list;
  int undecided = 0;
  for (int q = 0; q < n * n; ++q) {
    if (a.pairs[q].status != Status::unknown) continue;
    if (++undecided > listed) continue;
    list += std::string(undecided > 1 ? ", " : "") + "(" + where(b, q / n) + ")->(" +
            where(b, q % n) + ")";
  }
  if (undecided == 0) return "";
  if (undecided > listed) list += " and " + std::to_string(undecided - listed) + " more";
  return std::to_string(undecided) + (undecided == 1 ? " pair" : " pairs") + " undecided: " + list;
}

std::string analysis_markdown(const BoardAnalysis& a) {
  const Board& b = a.board;
  const int n = b.holes();
  const Tally t = tally(a);
  std::ostringstream o;
  o << "# " << a.name << ": every single vacancy to single peg problem\n\n"
    << n * n << " pairs: " << t.solved << " solved, " << t.impossible << " impossible, "
    << t.unknown << " undecided; " << a.searched << " searched up to symmetry and time reversal, "
    << t.unchecked << " answers not re-checked; " << a.seconds << " s on " << a.threads
    << " threads.\n\n"
    << kLegend << "\n\n| vacancy |";
  for (int h = 0; h < n; ++h) o << ' ' << where(b, h) << " |";
  o << "\n|---|";
  for (int h = 0; h < n; ++h) o << ":-:|";
  o << '\n';
  for (int s = 0; s < n; ++s) {
    o << "| " << where(b, s) << " |";
    for (int f = 0; f < n; ++f) o << ' ' << symbol(a.pairs[s * n + f]) << " |";
    o << '\n';
  }
  return o.str();
}

std::string analysis_latex(const BoardAnalysis& a) {
  const Board& b = a.board;
  const int n = b.holes();
  std::ostringstream o;
  o << "% " << a.name << ": every single vacancy to single peg problem. " << kLegend << "\n"
    << "\\begin{tabular}{l" << std::string(n, 'c') << "}\n\\hline\n";
  for (int h = 0; h < n; ++h) o << " & \\rotatebox{90}{" << where(b, h) << "}";
  o << " \\\\\n\\hline\n";
  for (int s = 0; s < n; ++s) {
    o << where(b, s);
    for (int f = 0; f < n; ++f) o << " & " << symbol(a.pairs[s * n + f]);
    o << " \\\\\n";
  }
  o << "\\hline\n\\end{tabular}\n";
  return o.str();
}

std::string analysis_svg(const BoardAnalysis& a, int start) {
  const Board& b = a.board;
  const int n = b.holes(), cell = 40;
  std::ostringstream o;
  o << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << b.cols() * cell << "\" height=\""
    << b.rows() * cell + 32 << "\">\n<title>" << a.name << ": vacancy at (" << where(b, start)
    << "), colour of each hole: can the last peg end there?</title>\n";
  for (int f = 0; f < n; ++f) {
    const PairAnswer& p = a.pairs[start * n + f];
    const char* fill = p.status == Status::solved     ? "#2e8b57"
                       : p.status == Status::unknown  ? "#ffffff"
                       : p.how == "position-class"    ? "#d3d3d3"
                       : p.how == "exhaustive-search" ? "#cd5c5c"
                                                      : "#f4a460";
    o << "<circle cx=\"" << b.col_of(f) * cell + cell / 2 << "\" cy=\""
      << b.row_of(f) * cell + cell / 2 << "\" r=\"" << cell * 2 / 5 << "\" fill=\"" << fill
      << "\" stroke=\"" << (f == start ? "#000000\" stroke-width=\"4" : "#555555") << "\"><title>("
      << where(b, f) << ") " << p.how << "</title></circle>\n";
  }
  o << "<text x=\"4\" y=\"" << b.rows() * cell + 12
    << "\" font-size=\"10\">green: solved; grey: position class;</text>\n<text x=\"4\" y=\""
    << b.rows() * cell + 25
    << "\" font-size=\"10\">orange: pagoda or IP; red: search; ring: vacancy</text>\n</svg>\n";
  return o.str();
}

void write_analysis(const BoardAnalysis& a, const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(fs::path(dir) / "svg", ec);
  if (ec) throw InputError(dir, 0, 0, "cannot make the output directory: " + ec.message());
  auto write = [](const fs::path& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    if (!(out << text) || !out.flush()) throw InputError(path.string(), 0, 0, "cannot write");
  };
  write(fs::path(dir) / "table.md", analysis_markdown(a));
  write(fs::path(dir) / "table.tex", analysis_latex(a));
  const Board& b = a.board;
  const int n = b.holes();
  nlohmann::json pairs = nlohmann::json::array();
  for (int q = 0; q < n * n; ++q) {
    const PairAnswer& p = a.pairs[q];
    pairs.push_back({{"vacancy", {b.row_of(q / n), b.col_of(q / n)}},
                     {"peg", {b.row_of(q % n), b.col_of(q % n)}},
                     {"status", to_string(p.status)},
                     {"how", p.how},
                     {"checked", p.checked},
                     {"representative",
                      {b.row_of(p.representative / n), b.col_of(p.representative / n),
                       b.row_of(p.representative % n), b.col_of(p.representative % n)}},
                     {"seconds", p.seconds},
                     {"nodes", p.nodes}});
  }
  const Tally t = tally(a);
  write(fs::path(dir) / "summary.json", nlohmann::json{{"board", a.name},
                                                       {"holes", n},
                                                       {"pairs", n * n},
                                                       {"solved", t.solved},
                                                       {"impossible", t.impossible},
                                                       {"undecided", t.unknown},
                                                       {"not_rechecked", t.unchecked},
                                                       {"searched", a.searched},
                                                       {"seconds", a.seconds},
                                                       {"threads", a.threads},
                                                       {"answers", pairs}}
                                                .dump(1) +
                                            "\n");
  for (int s = 0; s < n; ++s)
    write(fs::path(dir) / "svg" /
              ("start_" + std::to_string(b.row_of(s)) + "-" + std::to_string(b.col_of(s)) + ".svg"),
          analysis_svg(a, s));
}

}  // namespace bs::peg
