// Dominosa's fuzzing checks, for its entry in the puzzle table (solvers/solver.hpp): the parser
// check (reread) and the instances whose verifier the verifier fuzzer feeds arbitrary solutions.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace bs::dominosa {

// Reads `text` with every reader (the text form, a game id, a solution of a fixed order-2
// instance); what one accepts must write back and read as itself. Empty when all is well, else
// what went wrong; InputError is caught inside.
std::string reread(std::string_view text);

// A few valid instances in the text form, orders 1, 2 and 6.
std::vector<std::string_view> fuzz_instances();

}  // namespace bs::dominosa
