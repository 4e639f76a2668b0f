#include "experiments/distributed.hpp"

#include <chrono>
#include <cstdlib>
#include <stdexcept>
#include <thread>

#ifdef BOUNDSEARCH_WITH_MPI
#include <mpi.h>
#endif

namespace bs::experiments {

namespace {

// Open MPI's mpirun sets the first, MPICH's (Hydra) the second. PMIX_RANK is not asked: srun
// sets it for every task of a plain job array too, where the Slurm variables give the shard.
bool launched_by_mpirun() {
  return std::getenv("OMPI_COMM_WORLD_SIZE") != nullptr || std::getenv("PMI_SIZE") != nullptr;
}

}  // namespace

World join_world() {
  World w;
  if (!launched_by_mpirun()) return w;
#ifdef BOUNDSEARCH_WITH_MPI
  MPI_Init(nullptr, nullptr);
  MPI_Comm_rank(MPI_COMM_WORLD, &w.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &w.size);
  w.active = true;
  return w;
#else
  throw std::invalid_argument(
      "started by mpirun, but this build has no MPI (install libopenmpi-dev and rebuild)");
#endif
}

void barrier(const World& w) {
#ifdef BOUNDSEARCH_WITH_MPI
  if (!w.active) return;
  // Not MPI_Barrier: Open MPI's busy-polls, and a rank that is done would take CPU from the
  // solver runs of the ranks still at work, which are what the experiment measures.
  MPI_Request request;
  MPI_Ibarrier(MPI_COMM_WORLD, &request);
  for (int done = 0;;) {
    MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    if (done) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
#else
  (void)w;
#endif
}

void leave_world(const World& w) {
#ifdef BOUNDSEARCH_WITH_MPI
  if (w.active) MPI_Finalize();
#else
  (void)w;
#endif
}

}  // namespace bs::experiments
