#!/usr/bin/env bash
# docs/recipes.md's GNU parallel recipe across ssh hosts, for real: an sshd of its own on
# the loopback (a high port, its own config, host key and a throwaway client key, all in a
# temporary directory) and two host aliases for it, node1 and node2, in an ssh config that
# GNU parallel uses through $PARALLEL_SSH. Then
#   1. runs the `split` recipe (cut into 30 jobs rather than 1000: each job here costs a
#      few ssh round trips) and the `ssh` recipe as written, with job 3 hanging on its
#      node; kills job 3's process there, checks that the recipe fails and that --merge
#      refuses, naming job 3 alone;
#   2. runs the `ssh` recipe again: --resume-failed runs job 3 alone (one more joblog
#      line), and --merge gives the exact total, one result line per job.
# The nodes find `sudoku-dlx` on the PATH their sshd gives them (SetEnv). Stops sshd and
# the ssh connections it kept open, and removes its directory, on the way out. Needs sshd
# (openssh-server), GNU parallel and rsync. The binary: $SUDOKU_DLX, else the debug build.
# Exit 0 when every check passed.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

# 12 queens has 14,200 solutions.
TOTAL=14200
PORT=${SSH_TEST_PORT:-22422}

for tool in /usr/sbin/sshd ssh ssh-keygen rsync; do
  command -v "$tool" >/dev/null || fail "$tool is not installed (apt-get install openssh-server rsync)"
done
parallel --version 2>/dev/null | grep -q "GNU parallel" || fail "GNU parallel is not installed"
bin_dir=$(binary_dir)
export PATH=$bin_dir:$PATH

tmp=$(mktemp -d /tmp/sudoku-dlx-ssh.XXXXXX)
sshd_pid=
cleanup() {
  local status=$?
  for control in "$tmp"/ssh/control-*; do
    [ -S "$control" ] && ssh -F "$tmp/ssh/config" -o ControlPath="$control" -O exit x 2>/dev/null
  done
  if [ -n "$sshd_pid" ]; then
    kill "$sshd_pid" 2>/dev/null || true
    wait "$sshd_pid" 2>/dev/null || true
  fi
  if [ "$status" -ne 0 ] && [ -f "$tmp/ssh/sshd.log" ]; then
    echo "== last lines of sshd's log" >&2
    tail -n 15 "$tmp/ssh/sshd.log" >&2
  fi
  [ -n "${KEEP_TMP:-}" ] || rm -rf "$tmp"
  exit "$status"
}
trap cleanup EXIT

step "sshd on 127.0.0.1:$PORT, hosts node1 and node2 ($tmp)"
mkdir -p "$tmp/ssh" "$tmp/node-bin" "$tmp/work"
ssh-keygen -q -t ed25519 -N '' -f "$tmp/ssh/host_key"
ssh-keygen -q -t ed25519 -N '' -f "$tmp/ssh/id"
cp "$tmp/ssh/id.pub" "$tmp/ssh/authorized_keys"
cat >"$tmp/ssh/sshd_config" <<EOF
Port $PORT
ListenAddress 127.0.0.1
HostKey $tmp/ssh/host_key
PidFile $tmp/ssh/sshd.pid
AuthorizedKeysFile $tmp/ssh/authorized_keys
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
SetEnv PATH=$tmp/node-bin:/usr/local/bin:/usr/bin:/bin
EOF
cat >"$tmp/ssh/config" <<EOF
Host node1 node2
  HostName 127.0.0.1
  Port $PORT
  User $(id -un)
  IdentityFile $tmp/ssh/id
  IdentitiesOnly yes
  BatchMode yes
  StrictHostKeyChecking no
  UserKnownHostsFile $tmp/ssh/known_hosts
  LogLevel ERROR
  ControlMaster auto
  ControlPath $tmp/ssh/control-%n
  ControlPersist 60
EOF
export PARALLEL_SSH="ssh -F $tmp/ssh/config"
# sshd's privilege separation directory (made by the package's service, which is not run).
mkdir -p /run/sshd
/usr/sbin/sshd -D -f "$tmp/ssh/sshd_config" -E "$tmp/ssh/sshd.log" &
sshd_pid=$!
answers() { [ "$($PARALLEL_SSH "$1" echo up 2>/dev/null)" = up ]; }
wait_for 30 "ssh to node1" answers node1
wait_for 30 "ssh to node2" answers node2
ok "node1 and node2 answer over ssh"

# What the nodes run as `sudoku-dlx`: the binary, except that job 3 hangs (its process id
# in job3.pid, to be killed) while the file hang-job-3 exists.
cat >"$tmp/node-bin/sudoku-dlx" <<EOF
#!/bin/sh
case " \$* " in
*" --index 3 "*)
  if [ -e '$tmp/hang-job-3' ]; then
    rm -f '$tmp/hang-job-3'
    echo \$\$ >'$tmp/job3.pid'
    exec sleep 300
  fi ;;
esac
exec '$bin_dir/sudoku-dlx' "\$@"
EOF
chmod +x "$tmp/node-bin/sudoku-dlx"

cd "$tmp/work"
printf '1/node1\n1/node2\n' >hosts.txt
step "the split recipe (30 jobs)"
recipe split | sed 's/--split 1000/--split 30/' >split.sh
bash -e split.sh
# The split recipe sets `jobs` for the recipes after it, which run in shells of their own.
jobs=$(grep -c '^job ' jobs.txt)
export jobs
ok "cut into $jobs jobs"
recipe ssh >ssh-recipe.sh
for flag in --sshloginfile --basefile --joblog --resume-failed; do
  grep -q -- "$flag" ssh-recipe.sh || fail "the ssh recipe has no $flag"
done

step "the ssh recipe, as written, with job 3 killed on its node"
touch "$tmp/hang-job-3"
bash -e ssh-recipe.sh >first.out 2>&1 &
recipe_pid=$!
job3_started() {
  kill -0 "$recipe_pid" 2>/dev/null || fail "the recipe ended before job 3 started: $(cat first.out)"
  test -s "$tmp/job3.pid"
}
wait_for 120 "job 3 started" job3_started
kill "$(cat "$tmp/job3.pid")"
code=0
wait "$recipe_pid" || code=$?
[ "$code" -ne 0 ] || fail "the recipe succeeded although job 3 was killed"
ok "the recipe failed (exit $code) with job 3 killed"
failed=$(awk -F'\t' 'NR > 1 && ($7 != 0 || $8 != 0) { print $NF }' joblog.txt)
grep -q -- "--index 3 " <<<"$failed" && [ "$(wc -l <<<"$failed")" -eq 1 ] ||
  fail "the joblog should show job 3 alone failed: $failed"
ok "joblog: job 3 alone failed"
expect_missing 3

step "the ssh recipe again: --resume-failed runs job 3 alone"
before=$(wc -l <joblog.txt)
bash -e ssh-recipe.sh >second.out 2>&1 || fail "the resumed recipe failed: $(cat second.out)"
after=$(wc -l <joblog.txt)
[ "$after" -eq $((before + 1)) ] || fail "joblog went from $before to $after lines, not one more"
tail -n 1 joblog.txt | grep -q -- "--index 3 " || fail "the job run again was not job 3"
ok "one more joblog line, job 3: $(tail -n 1 joblog.txt | cut -f 2,7)"
grep -qx "total $TOTAL" second.out || fail "the recipe's merge printed $(cat second.out)"
lines=$(cat results/*.txt | wc -l)
[ "$lines" -eq "$jobs" ] || fail "$lines result lines for $jobs jobs"
ok "one result line per job ($lines)"
expect_total "$TOTAL"
echo "ssh.sh: every check passed"
