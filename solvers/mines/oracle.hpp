// Minesweeper's part of the rule oracle, for its entry in the puzzle table.
#pragma once

#include <cstdint>
#include <string>

#include "core/options.hpp"
#include "core/result.hpp"

namespace bs::mines {

std::string oracle_instance(uint64_t seed, Options& options);
std::string oracle_answer(const Result& result);

}  // namespace bs::mines
