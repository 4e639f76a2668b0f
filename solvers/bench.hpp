// `boundsearch bench`: each puzzle's fixed positions, searched serially (peg positions, Futoshiki
// uniqueness proofs, Minesweeper games), and the total count of their nodes (a game's nodes are
// its clicks).
//
// Stockfish's idea: any change to the search that changes what it visits changes this number, so
// CI compares each puzzle's count with the number committed in bench/expected/<puzzle>.txt, and an
// accidental change shows up as a failed test rather than as a mystery in next month's tables. An
// intended change updates that file in the same commit; a new puzzle adds its own file. The
// positions are built in, so the count does not depend on the files around the binary; the search
// is serial, so it does not depend on the machine.
#pragma once

#include "solvers/solver.hpp"

namespace bs {

// Every puzzle's bench positions (its entry in the puzzle table), in table order, and the total.
BenchReport run_bench();

}  // namespace bs
