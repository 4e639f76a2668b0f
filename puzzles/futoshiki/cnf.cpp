// The direct CNF encoding of Futoshiki and the reading of a SAT solver's answer (cnf.hpp says
// which clauses and why).
#include "puzzles/futoshiki/cnf.hpp"

#include <stdexcept>

#include "core/line_reader.hpp"

namespace bs::futoshiki {

namespace {

// Pairwise at-most-one over the literals' variables: ¬a ∨ ¬b for every two.
void at_most_one(const std::vector<int>& vars, Cnf& cnf) {
  for (size_t i = 0; i < vars.size(); ++i)
    for (size_t j = i + 1; j < vars.size(); ++j) cnf.clauses.push_back({-vars[i], -vars[j]});
}

// At least one and at most one of the variables.
void exactly_one(const std::vector<int>& vars, Cnf& cnf) {
  cnf.clauses.push_back(vars);
  at_most_one(vars, cnf);
}

void encode_cells(const Instance& in, Cnf& cnf) {
  std::vector<int> vars(in.n);
  for (int cell = 0; cell < in.cells(); ++cell) {
    for (int v = 1; v <= in.n; ++v) vars[v - 1] = cnf_variable(in.n, cell, v);
    exactly_one(vars, cnf);
  }
}

// Each value once in each row and once in each column.
void encode_lines(const Instance& in, Cnf& cnf) {
  const int n = in.n;
  std::vector<int> vars(n);
  for (int line = 0; line < n; ++line)
    for (int v = 1; v <= n; ++v) {
      for (int k = 0; k < n; ++k) vars[k] = cnf_variable(n, line * n + k, v);
      exactly_one(vars, cnf);
      for (int k = 0; k < n; ++k) vars[k] = cnf_variable(n, k * n + line, v);
      exactly_one(vars, cnf);
    }
}

void encode_givens(const Instance& in, Cnf& cnf) {
  for (int cell = 0; cell < in.cells(); ++cell)
    if (in.givens[cell] != 0) cnf.clauses.push_back({cnf_variable(in.n, cell, in.givens[cell])});
}

// greater > smaller forbids every pair (va, vb) with va <= vb.
void encode_inequalities(const Instance& in, Cnf& cnf) {
  for (const Inequality& q : in.inequalities)
    for (int va = 1; va <= in.n; ++va)
      for (int vb = va; vb <= in.n; ++vb)
        cnf.clauses.push_back(
            {-cnf_variable(in.n, q.greater, va), -cnf_variable(in.n, q.smaller, vb)});
}

}  // namespace

Cnf encode_cnf(const Instance& instance) {
  Cnf cnf;
  cnf.variables = instance.cells() * instance.n;
  encode_cells(instance, cnf);
  encode_lines(instance, cnf);
  encode_givens(instance, cnf);
  encode_inequalities(instance, cnf);
  return cnf;
}

std::vector<int> blocking_clause(const Grid& grid, int n) {
  if (static_cast<int>(grid.size()) != n * n)
    throw std::invalid_argument("a grid to block needs " + std::to_string(n * n) + " values, not " +
                                std::to_string(grid.size()));
  std::vector<int> clause;
  clause.reserve(grid.size());
  for (int cell = 0; cell < n * n; ++cell) {
    const int v = grid[cell];
    if (v < 1 || v > n)
      throw std::invalid_argument("a grid to block holds " + std::to_string(v) + " at cell " +
                                  std::to_string(cell / n + 1) + "," +
                                  std::to_string(cell % n + 1) + ", outside 1.." +
                                  std::to_string(n));
    clause.push_back(-cnf_variable(n, cell, v));
  }
  return clause;
}

std::string format_dimacs(const Cnf& cnf, std::string_view comment) {
  std::string out;
  if (!comment.empty()) {
    out += "c ";
    out += comment;
    out += '\n';
  }
  out += "p cnf " + std::to_string(cnf.variables) + " " + std::to_string(cnf.clauses.size()) + "\n";
  for (const auto& clause : cnf.clauses) {
    for (const int lit : clause) {
      out += std::to_string(lit);
      out += ' ';
    }
    out += "0\n";
  }
  return out;
}

Grid decode_model(const std::vector<bool>& model, int n) {
  if (static_cast<int>(model.size()) != n * n * n + 1)
    throw std::invalid_argument("a model needs " + std::to_string(n * n * n) + " variables");
  Grid grid(n * n, 0);
  for (int cell = 0; cell < n * n; ++cell)
    for (int v = 1; v <= n; ++v) {
      if (!model[cnf_variable(n, cell, v)]) continue;
      if (grid[cell] != 0)
        throw std::invalid_argument("the model puts two values in cell " +
                                    std::to_string(cell / n + 1) + "," +
                                    std::to_string(cell % n + 1));
      grid[cell] = v;
    }
  for (int cell = 0; cell < n * n; ++cell)
    if (grid[cell] == 0)
      throw std::invalid_argument("the model puts no value in cell " +
                                  std::to_string(cell / n + 1) + "," +
                                  std::to_string(cell % n + 1));
  return grid;
}

namespace {

// Output of a run on a CNF far beyond the largest grid is refused whole.
constexpr size_t kMaxOutputBytes = size_t{256} << 20;

// "'text'", built by appending: GCC 12 at -O2 warns falsely (-Wrestrict) on "'" + std::string.
std::string quoted(std::string_view text) {
  std::string s = "'";
  s += text;
  s += '\'';
  return s;
}

SatAnswer read_status(const LineReader& reader) {
  const std::string_view status = reader.line().substr(2);
  if (status == "SATISFIABLE") return SatAnswer::satisfiable;
  if (status == "UNSATISFIABLE") return SatAnswer::unsatisfiable;
  if (status == "UNKNOWN") return SatAnswer::unknown;
  reader.error(3, "unknown status " + quoted(status) + " (SATISFIABLE, UNSATISFIABLE or UNKNOWN)");
}

// The literals of one "v" line into `model`; true once the terminating 0 is read.
bool read_values(LineReader& reader, int variables, std::vector<bool>& model,
                 std::vector<bool>& given) {
  reader.next_token();  // the "v"
  for (Token t = reader.next_token(); !t.text.empty(); t = reader.next_token()) {
    const auto lit = parse_integer(t.text, variables + 1LL);
    if (!lit) reader.error(t.col, quoted(t.text) + " is not a literal");
    if (*lit == 0) {
      reader.expect_end("nothing may follow the 0 that ends the values");
      return true;
    }
    const long long var = *lit < 0 ? -*lit : *lit;
    if (var > variables)
      reader.error(t.col, "literal " + quoted(t.text) + " is past the " +
                              std::to_string(variables) + " variables");
    if (given[var]) reader.error(t.col, "variable " + std::to_string(var) + " is given twice");
    given[var] = true;
    model[var] = *lit > 0;
  }
  return false;
}

}  // namespace

SatOutput parse_sat_output(std::string_view text, int n, const std::string& source) {
  LineReader reader(text, source, {kMaxOutputBytes, 0, 'c'});
  const int variables = n * n * n;
  std::vector<bool> model(variables + 1, false), given(variables + 1, false);
  bool have_status = false, ended = false;
  SatOutput out;
  while (reader.next_line()) {
    reader.trim_end(" \t");
    if (reader.blank() || reader.comment_line()) continue;
    const std::string_view line = reader.line();
    if (line.substr(0, 2) == "s ") {
      if (have_status) reader.error(1, "a second status line");
      out.answer = read_status(reader);
      have_status = true;
    } else if (line.substr(0, 2) == "v " || line == "v") {
      if (!have_status || out.answer != SatAnswer::satisfiable)
        reader.error(1, "values without 's SATISFIABLE' before them");
      if (ended) reader.error(1, "values after the 0 that ended them");
      ended = read_values(reader, variables, model, given);
    } else {
      reader.error(1, "not a comment, status or values line");
    }
  }
  if (out.answer != SatAnswer::satisfiable) return out;
  if (!ended) reader.error_at_end("the values do not end in 0");
  for (int var = 1; var <= variables; ++var)
    if (!given[var]) reader.error_at_end("variable " + std::to_string(var) + " has no value");
  try {
    out.grid = decode_model(model, n);
  } catch (const std::invalid_argument& e) {
    reader.error_at_end(e.what());
  }
  return out;
}

}  // namespace bs::futoshiki
