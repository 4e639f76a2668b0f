// Experiment configs: one TOML file names a whole sweep.
//
// A config says which puzzle, which instances (files, globs or generator specs), which named
// solver configs (option overrides on top of a shared base), which seeds, repetitions and thread
// counts, the time and memory limit of each run, where the rows go, and which config is the
// baseline for speedups and win rates (a config may name its own). load_config checks all of it
// before anything runs: an unknown key, a value of the wrong type, an option value out of range or
// a missing instance file is one InputError naming the config file, the line and the key. The
// schema is documented, with an example, in docs/EXPERIMENTS.md; the keys below are the whole of
// it.
//
// expand_runs turns a config into the grid of runs, in a fixed order (instance, config, threads,
// seed, repetition), so that run i is the same run on every machine and in every shard. A grid of
// more than kMaxRuns runs is an InputError of load_config.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/options.hpp"
#include "experiments/answers.hpp"

namespace bs::experiments {

// A named solver config: option-table overrides on top of the config's [base].
struct SolverConfig {
  std::string name;
  std::vector<std::pair<std::string, std::string>> overrides;  // base first, then its own
  std::string baseline;  // the config it is compared with, when it names its own
};

struct Config {
  std::string file;  // the TOML file, for messages
  std::string name;  // `name`, or the file's stem
  std::string puzzle;
  std::vector<std::string> instances;  // resolved files, sorted, no duplicates
  std::vector<SolverConfig> configs;   // in file order
  std::vector<int64_t> seeds{0};
  int repetitions = 1;
  std::vector<int> threads{1};
  double time_limit = 0;        // seconds per run; 0 means none
  double cpu_limit = 0;         // seconds of CPU time (user + system, all threads); 0: none
  int64_t memory_limit_mb = 0;  // per run; 0 means none
  std::string output;           // the output directory
  std::string baseline;         // a config name, or empty; a config may name its own
  int jobs = 1;                 // runs at a time, unless --jobs says otherwise
  // The known answer of each instance that has one, by instance path (experiments/answers.hpp).
  std::map<std::string, ExpectedAnswer> expected;
};

// Reads and checks a config. Generator specs are expanded by the puzzle and written as instance
// files under <output>/instances/, so every run reads a file. Every instance is read with its
// puzzle's parser, so a file of another puzzle is an error here, before anything runs, and the
// known answers of the instances are read (experiments/answers.hpp). Throws InputError.
Config load_config(const std::string& path);

// One cell of the grid.
struct RunSpec {
  size_t index = 0;  // position in the full grid
  std::string instance;
  const SolverConfig* config = nullptr;
  int threads = 1;
  int64_t seed = 0;
  int repetition = 0;
  std::string config_hash;  // 16 hex digits over puzzle, options, threads and limits
  // The options of every run of this (instance, config, threads), shared: a full option table is
  // kilobytes, and a million runs each with its own copy took 5 GB before the first one ran.
  std::shared_ptr<const Options> setting;
  Options options() const;  // everything the solver is called with: the setting and the seed
  std::string key() const;  // instance|config_hash|seed|repetition: what --resume matches
};

// The most runs one config may hold (instances x configs x threads x seeds x repetitions); a
// larger grid is refused at load time, before it fills the memory. At a few milliseconds of fork
// and exec per run, a million runs are hours of pure overhead: split such a sweep into configs.
inline constexpr uint64_t kMaxRuns = 1000000;

std::vector<RunSpec> expand_runs(const Config& config);

}  // namespace bs::experiments
