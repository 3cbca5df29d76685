#!/usr/bin/env bash
# docs/recipes.md's Slurm job array under a real Slurm: starts munged, slurmctld and slurmd
# on this machine (tests/cluster/slurm.conf with ports free at run time, a throwaway munge
# key, everything in a temporary directory), then
#   1. runs the `split` recipe (at least 1,000 jobs), saves the `slurm` recipe as
#      queens.sbatch and runs the `slurm-submit` recipe, all as written there (submit, wait
#      for the array to leave the queue, merge), and checks the total and the nodes against
#      one run;
#   2. submits the array again with task 7 on a slow node (its result lines come one a
#      second), cancels that task part-way, checks that --merge refuses and names only jobs
#      of task 7, reruns only task 7 (`sbatch --array=7 queens.sbatch`, as the recipe says)
#      and checks the exact total again;
#   3. splits again in the same folder (another split): the recipe clears the earlier
#      results, the array gives the exact total again, and a result of the earlier split
#      put back is refused by --merge, never added in.
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
ctld_port=$(free_port)
d_port=$(free_port "$ctld_port")
sed -e "s|@DIR@|$tmp|g" -e "s|@HOST@|$host|g" -e "s|@CTLD_PORT@|$ctld_port|g" \
  -e "s|@D_PORT@|$d_port|g" "$root/tests/cluster/slurm.conf" >"$SLURM_CONF"
slurmctld -f "$SLURM_CONF"
slurmd -f "$SLURM_CONF"
node_idle() { [ "$(sinfo -h -n "$host" -o %t 2>/dev/null)" = idle ]; }
wait_for 60 "node $host idle" node_idle
ok "Slurm is up on ports $ctld_port and $d_port: $(sinfo -h -o '%P %a %D nodes, %c CPUs each, %t')"

# The array's tasks all done (none pending or running).
array_done() { [ -z "$(squeue -h -j "$1" 2>/dev/null)" ]; }

cd "$tmp/work"
step "the split recipe, as written in docs/recipes.md"
recipe split >split.sh
bash -e split.sh
jobs=$(grep -c '^job ' jobs.txt)
[ "$jobs" -ge 1000 ] || fail "the split recipe gave $jobs jobs, not at least 1,000"
ok "cut into $jobs jobs"
# The nodes of one run on one thread, for the merge's nodes.
NODES=$(sudoku-dlx cover --count --stats --threads 1 queens12.dlx 2>&1 >/dev/null |
  sed -n 's/^stats: solutions [0-9]*, nodes \([0-9]*\),.*/\1/p')
[ -n "$NODES" ] || fail "no nodes from one run"

step "the slurm recipe saved as queens.sbatch, then the slurm-submit recipe, as written"
recipe slurm >queens.sbatch
grep -q -- '--array=0-99' queens.sbatch || fail "the recipe is not the 100-task array this test knows"
recipe slurm-submit >submit.sh
bash -e submit.sh >submit.out 2>&1 || fail "the slurm-submit recipe failed: $(cat submit.out)"
grep -qx "total $TOTAL" submit.out || fail "the recipe's merge printed $(cat submit.out)"
ok "the array is done: $(ls results/*.txt | wc -l) result files"
expect_total "$TOTAL" "$NODES"

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
expect_total "$TOTAL" "$NODES"

step "a new split in the same folder (--split 50, fewer jobs than tasks): kept apart, never mixed"
cp results/0.txt "$tmp/old-result.txt"
recipe split | sed 's/--split 1000/--split 50/' >split2.sh
bash -e split2.sh
jobs=$(grep -c '^job ' jobs.txt)
[ ! -e results ] || [ -z "$(ls -A results)" ] || fail "the split recipe left earlier results"
ok "cut into $jobs jobs; results/ cleared"
bash -e submit.sh >submit2.out 2>&1 || fail "the slurm-submit recipe failed: $(cat submit2.out)"
[ "$jobs" -lt 100 ] || fail "$jobs jobs: the array's last tasks should have none"
empty=$(find results -name '*.txt' -empty | wc -l)
[ "$empty" -eq $((100 - jobs)) ] || fail "$empty empty result files for $jobs jobs"
notes=$(grep -l "none for this index" results/*.err | wc -l)
[ "$notes" -eq $((100 - jobs)) ] || fail "$notes tasks past the last job said so, not $((100 - jobs))"
# Slurm keeps finished jobs' records a while (MinJobAge): none of the tasks failed.
failed=$(scontrol -o show job | grep -c 'JobState=FAILED' || true)
[ "$failed" -eq 0 ] || fail "$failed tasks failed: $(scontrol -o show job | grep 'JobState=FAILED' | head -n 3)"
ok "the $empty tasks past the last job ran nothing and succeeded (no task failed)"
expect_total "$TOTAL" "$NODES"
cp "$tmp/old-result.txt" results/old.txt
expect_other_split results/old.txt
echo "slurm.sh: every check passed"
