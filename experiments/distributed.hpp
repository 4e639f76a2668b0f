// Sweeps split between the ranks of an mpirun.
//
// Under `mpirun -np N boundsearch run CONFIG`, rank r runs shard r/N of the grid into its own
// shard file, all ranks meet at a barrier, and rank 0 merges the shard files into rows.jsonl.
// MPI carries nothing but that barrier: runs are independent, so the ranks need no messages.
// MPI is an optional part of the build (BOUNDSEARCH_WITH_MPI, when CMake finds Open MPI); a
// build without it refuses to run under mpirun rather than run the whole grid in every rank.
#pragma once

namespace bs::experiments {

struct World {
  int rank = 0, size = 1;
  bool active = false;  // started by mpirun, and MPI is initialised
};

// Initialises MPI if, and only if, this process was started by mpirun. Throws
// std::invalid_argument under mpirun in a build without MPI.
World join_world();
void barrier(const World& world);
void leave_world(const World& world);

}  // namespace bs::experiments
