// Shakashaka's instances for the rule oracle (tests/rule_oracle_test.cpp).
#pragma once

#include <cstdint>
#include <string>

#include "core/options.hpp"
#include "core/result.hpp"

namespace bs::shakashaka {

std::string oracle_instance(uint64_t seed, Options& options);
std::string oracle_answer(const Result& result);

}  // namespace bs::shakashaka
