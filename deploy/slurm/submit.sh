#!/bin/bash
# Queue an equibench build as N Slurm array tasks plus a merge that runs only if all succeeded:
#   bash deploy/slurm/submit.sh N
# Settings are read from the environment (see shards.sbatch) and exported to both jobs.
set -euo pipefail
n="${1:?usage: submit.sh N (the number of shards)}"
here="$(cd "$(dirname "$0")" && pwd)"
export EQUIBENCH_SHARDS="$n"
export EQUIBENCH_OUT_ROOT="${EQUIBENCH_OUT_ROOT:-$PWD/equibench-shards}"
array_job="$(sbatch --parsable --export=ALL --array="0-$((n - 1))" "$here/shards.sbatch")"
array_job="${array_job%%;*}"
merge_job="$(sbatch --parsable --export=ALL --dependency="afterok:$array_job" "$here/merge.sbatch")"
echo "shards: job $array_job (array 0-$((n - 1))), merge: job ${merge_job%%;*} -> ${EQUIBENCH_MERGED:-$EQUIBENCH_OUT_ROOT/merged}"
