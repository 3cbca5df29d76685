#!/usr/bin/env bash
# docs/recipes.md's Slurm job array under a real Slurm: starts munged, slurmctld and slurmd
# on this machine (tests/cluster/slurm.conf, a throwaway munge key, everything in a
# temporary directory), then
#   1. runs the `split` recipe and submits the `slurm` recipe, both as written there, waits
#      for the array, and checks that --merge gives the exact total;
#   2. submits the array again with task 7 on a slow node (its result lines come one a
#      second), cancels that task part-way, checks that --merge refuses and names only jobs
#      of task 7, reruns only task 7 (`sbatch --array=7 queens.sbatch`, as the recipe says)
#      and checks the exact total again.
# Stops its daemons and removes its directory on the way out. Needs root (the daemons run
# as root), Debian's slurm-wlm and munge. The binary: $SUDOKU_DLX, else the debug build.
# Exit 0 when every check passed.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

# 12 queens has 14,200 solutions.
TOTAL=14200

for tool in munged slurmctld slurmd sbatch squeue scancel sinfo; do
  command -v "$tool" >/dev/null || fail "$tool is not installed (apt-get install slurm-wlm munge)"
done
bin_dir=$(binary_dir)
export PATH=$bin_dir:$PATH

tmp=$(mktemp -d /tmp/sudoku-dlx-slurm.XXXXXX)
export SLURM_CONF=$tmp/slurm.conf
cleanup() {
  local status=$?
  if [ -f "$tmp/slurmctld.pid" ]; then
    scancel --quiet --partition=ci 2>/dev/null || true
  fi
  for daemon in slurmd slurmctld; do
    if [ -f "$tmp/$daemon.pid" ]; then
      local pid
      pid=$(cat "$tmp/$daemon.pid")
      kill "$pid" 2>/dev/null || true
      for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    fi
  done
  if [ -S "$tmp/munge/munge.socket" ]; then
    munged --stop --socket="$tmp/munge/munge.socket" >/dev/null 2>&1 || true
  fi
  if [ "$status" -ne 0 ]; then
    for log in "$tmp"/slurmctld.log "$tmp"/slurmd.log; do
      [ -f "$log" ] && { echo "== last lines of $log" >&2; tail -n 15 "$log" >&2; }
    done
  fi
  rm -rf "$tmp"
  exit "$status"
}
trap cleanup EXIT

step "starting munged, slurmctld and slurmd in $tmp"
mkdir -p "$tmp/munge" "$tmp/state" "$tmp/spool" "$tmp/work"
chmod 700 "$tmp/munge"
head -c 1024 /dev/urandom >"$tmp/munge/munge.key"
chmod 600 "$tmp/munge/munge.key"
munged --force --socket="$tmp/munge/munge.socket" --key-file="$tmp/munge/munge.key" \
  --log-file="$tmp/munge/munged.log" --pid-file="$tmp/munge/munged.pid" \
  --seed-file="$tmp/munge/munged.seed"
host=$(hostname -s)
sed -e "s|@DIR@|$tmp|g" -e "s|@HOST@|$host|g" "$root/tests/cluster/slurm.conf" >"$SLURM_CONF"
slurmctld -f "$SLURM_CONF"
slurmd -f "$SLURM_CONF"
node_idle() { [ "$(sinfo -h -n "$host" -o %t 2>/dev/null)" = idle ]; }
wait_for 60 "node $host idle" node_idle
ok "Slurm is up: $(sinfo -h -o '%P %a %D nodes, %c CPUs each, %t')"

# The array's tasks all done (none pending or running).
array_done() { [ -z "$(squeue -h -j "$1" 2>/dev/null)" ]; }

cd "$tmp/work"
step "the split recipe, as written in docs/recipes.md"
recipe split >split.sh
bash -e split.sh
jobs=$(grep -c '^job ' jobs.txt)
ok "cut into $jobs jobs"

step "the slurm recipe, as written, submitted with sbatch"
recipe slurm >queens.sbatch
grep -q -- '--array=0-99' queens.sbatch || fail "the recipe is not the 100-task array this test knows"
array=$(sbatch --parsable queens.sbatch)
wait_for 180 "array $array done" array_done "$array"
ok "array $array done: $(ls results/*.txt | wc -l) result files"
expect_total "$TOTAL"

step "again, task 7 on a slow node, cancelled part-way"
rm -rf results && mkdir results
# A stand-in for the binary, first on PATH: task 7's result lines come one a second (a
# slow node); other tasks run the real binary.
mkdir -p slow-node
cat >slow-node/sudoku-dlx <<EOF
#!/bin/bash
if [ "\${SLURM_ARRAY_TASK_ID:-}" = 7 ]; then
  '$bin_dir/sudoku-dlx' "\$@" | while IFS= read -r line; do sleep 1; echo "\$line"; done
else
  exec '$bin_dir/sudoku-dlx' "\$@"
fi
EOF
chmod +x slow-node/sudoku-dlx
array=$(PATH=$PWD/slow-node:$PATH sbatch --parsable queens.sbatch)
two_lines() { [ -f results/7.txt ] && [ "$(wc -l <results/7.txt)" -ge 2 ]; }
wait_for 120 "task 7 under way" two_lines
scancel "${array}_7"
wait_for 180 "array $array done" array_done "$array"
lines=$(wc -l <results/7.txt)
task7=$(seq 7 100 $((jobs - 1)) | tr '\n' ' ')
[ "$lines" -lt "$(wc -w <<<"$task7")" ] || fail "task 7 finished before it was cancelled"
ok "task ${array}_7 cancelled after $lines of its $(wc -w <<<"$task7") jobs; results/7.err: $(cat results/7.err)"
expect_missing "$task7"

step "rerunning only task 7: sbatch --array=7 queens.sbatch"
again=$(sbatch --parsable --array=7 queens.sbatch)
wait_for 60 "task 7 again" array_done "$again"
expect_total "$TOTAL"
echo "slurm.sh: every check passed"
