// Dominosa text formats. PLACEHOLDER until the formats branch lands (same declarations).
#pragma once

#include <string>
#include <string_view>

#include "puzzles/dominosa/grid.hpp"

namespace bs::dominosa {

Instance parse_instance(std::string_view text, const std::string& filename);
Instance read_instance(const std::string& path);
std::string format_instance(const Instance& instance);
Solution parse_solution(std::string_view text, const Instance& in, const std::string& filename);
std::string format_solution(const Solution& solution, const Instance& in);
std::string verify_files(const std::string& instance_path, const std::string& solution_path);

}  // namespace bs::dominosa
