#!/usr/bin/env bash
# A Slurm job array that splits one boundsearch sweep into 16 shards. Each array task runs its
# shard into results/<name>/rows.shard-<i>-of-16.jsonl, i = 1..16 (the runner reads
# SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT itself); a dependent job merges the shards, and
# refuses (exit 2, naming the shards) when a task left runs unrecorded: rerun it, or merge with
# --allow-partial to mark the data partial.
#
#   sbatch docs/slurm-array.sh experiments/configs/ablation-peg.toml
#
#SBATCH --job-name=boundsearch
#SBATCH --array=0-15
#SBATCH --cpus-per-task=2
#SBATCH --mem=8G
#SBATCH --time=04:00:00
#SBATCH --output=slurm-%A_%a.out
set -euo pipefail
config=${1:?usage: sbatch docs/slurm-array.sh CONFIG}
# --resume: a task that is requeued after a node failure skips the runs it already recorded.
./build/boundsearch run "$config" --resume --progress lines --no-report
if [[ ${SLURM_ARRAY_TASK_ID} -eq ${SLURM_ARRAY_TASK_MIN:-0} ]]; then
  # One task submits the merge, to run when every task of the array has ended.
  sbatch --dependency=afterany:"${SLURM_ARRAY_JOB_ID}" --job-name=boundsearch-merge \
    --wrap "./build/boundsearch run '$config' --merge"   # merges every shard, or refuses
fi
