// Futoshiki as CNF: the direct encoding in DIMACS, a blocking clause, and a SAT solver's answer.
//
// This is the benchmarks' CDCL baseline (issue 35): the toolkit's search is measured against
// CaDiCaL on the same puzzle, so the encoding is the plain one a new user would write, and the
// answer read back is re-checked by the independent verifier (grid.hpp) like every solution.
//
// Variables. x(r,c,v), "cell (r,c) holds v", is r*n*n + c*n + (v-1) + 1 (0-based r and c, v in
// 1..n): the n values of a cell are consecutive, cells row-major, as the toolkit numbers cells.
//
// Clauses, in this order:
// - each cell holds at least one value (one n-literal clause) and at most one (pairwise binary
//   clauses ¬x(c,v) ∨ ¬x(c,w));
// - each row and each column holds each value at least once and at most once (pairwise); with
//   the cells' exactly-one this over-determines a Latin square, as the usual encoding does,
//   because the redundant half propagates what a CDCL solver would otherwise have to learn;
// - each given as a unit clause x(c,v);
// - each inequality a > b as the binary clauses ¬x(a,va) ∨ ¬x(b,vb) for every va <= vb.
//   The compact form, n clauses ¬x(a,v) ∨ x(b,1) ∨ ... ∨ x(b,v-1), has fewer clauses (n
//   against n(n+1)/2), but unit propagation on it is weaker: from x(a,v) it infers only that b
//   holds one of 1..v-1 and no single literal, where the binary clauses take every value >= v
//   out of b at once, which is arc consistency on the inequality. The binary clauses are also
//   the "plain direct encoding" the issue measured CaDiCaL with, and they are few beside the
//   3 n^2 n(n-1)/2 of the Latin square. Measured on the five 15x15 puzzles of
//   instances/futoshiki/generated (CaDiCaL on the uniqueness call, median of 5 each), neither
//   form wins: 0.27-0.51 s binary, 0.34-0.75 s compact, each faster on some puzzles.
// The models of the CNF are exactly the solutions of the puzzle, one for one: exactly-one per
// cell makes every model a grid (`decode_model`), and the other clauses are the puzzle's rules.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "puzzles/futoshiki/grid.hpp"

namespace bs::futoshiki {

// A CNF over variables 1..variables; a clause is its literals (a negative literal is ¬x).
struct Cnf {
  int variables = 0;
  std::vector<std::vector<int>> clauses;
};

// The variable x(cell, v), cell = r*n + c, v in 1..n.
inline int cnf_variable(int n, int cell, int value) {
  return cell * n + value;
}

// The direct encoding of the instance (above).
Cnf encode_cnf(const Instance& instance);

// The clause no other grid violates: the negation of the grid's n*n true literals, so that the
// CNF with it has every model but that grid. Throws std::invalid_argument on a value outside
// 1..n or a grid of the wrong size.
std::vector<int> blocking_clause(const Grid& grid, int n);

// DIMACS CNF text: a comment naming the instance, "p cnf V C", then one clause a line, each
// ended by 0.
std::string format_dimacs(const Cnf& cnf, std::string_view comment = {});

// The grid of a model given as the value of each variable (model[v] for v in 1..n^3; model[0]
// unused). Throws std::invalid_argument when a cell holds no value or more than one.
Grid decode_model(const std::vector<bool>& model, int n);

// What a SAT solver answered, read from its output in the SAT competition's form.
enum class SatAnswer { satisfiable, unsatisfiable, unknown };
struct SatOutput {
  SatAnswer answer = SatAnswer::unknown;
  Grid grid;  // the model's grid when satisfiable
};

// Reads CaDiCaL's output for the CNF of an instance of side n: comment lines ("c ..."), one
// status line ("s SATISFIABLE", "s UNSATISFIABLE" or "s UNKNOWN"), and for a satisfiable answer
// "v" lines of literals ending in 0 that give every variable a value. No status line is unknown
// (CaDiCaL stopped by its time limit prints only "c UNKNOWN"). Anything else (an unknown line, a
// second status, a literal out of range or given twice, a missing 0 or variable, values lines
// without SATISFIABLE, a model that is no grid) throws InputError at `source`:line:col.
SatOutput parse_sat_output(std::string_view text, int n, const std::string& source);

}  // namespace bs::futoshiki
