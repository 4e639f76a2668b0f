#include "experiments/distributed.hpp"

#include <cstdlib>
#include <stdexcept>

#ifdef BOUNDSEARCH_WITH_MPI
#include <mpi.h>
#endif

namespace bs::experiments {

namespace {

// Open MPI's launcher sets the first; PMIx-based launchers (srun, newer mpirun) the second.
bool launched_by_mpirun() {
  return std::getenv("OMPI_COMM_WORLD_SIZE") != nullptr || std::getenv("PMIX_RANK") != nullptr;
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
  if (w.active) MPI_Barrier(MPI_COMM_WORLD);
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
