// The default job: solve every instance of a folder and print one small table.
//
// It is what the README's first command runs until the experiment runner (issue: experiment
// runner) takes over with configs/demo.toml; it goes through the same solver table as the CLI.
#pragma once

#include <string>

#include "core/options.hpp"

namespace bs {

// Solves every *.txt in `dir` (sorted by name) as `puzzle`; returns a Markdown table.
std::string run_demo(const std::string& puzzle, const std::string& dir, const Options& options);

}  // namespace bs
