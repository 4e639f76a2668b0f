// Shakashaka's fuzzing checks, for its entry in the puzzle table (solvers/solver.hpp): the parser
// check (reread) and the instances whose verifier the verifier fuzzer feeds arbitrary solutions.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace bs::shakashaka {

// Reads `text` with every reader (the text form, a puzz.link URL, a solution of a fixed 2 x 3
// instance); what one accepts must write back and read as itself. Empty when all is well, else
// what went wrong; InputError is caught inside.
std::string reread(std::string_view text);

// A few valid instances in the text form: 1 x 1, the fixed 2 x 3, and a shipped 10 x 10.
std::vector<std::string_view> fuzz_instances();

}  // namespace bs::shakashaka
