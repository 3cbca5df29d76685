#!/usr/bin/env bash
# docs/recipes.md's GNU parallel recipe across ssh hosts, for real: an sshd of its own on
# the loopback (a free port chosen now, its own config and host key, all in a temporary
# directory) and two hosts for it, node1 and node2, each logged into as a user of its own
# with its own home (made here, removed after), by a throwaway key and with the host key in
# known_hosts (ssh-keyscan), as the recipe's prerequisites say; GNU parallel uses them
# through $PARALLEL_SSH and an ssh config. Then
#   1. runs the `split` recipe (cut into 30 jobs rather than 1000: each job here costs a
#      few ssh round trips) and the `ssh` recipe as written, with job 3 hanging on its
#      node; kills job 3's process there, checks that the recipe fails and that --merge
#      refuses, naming job 3 alone;
#   2. runs the `ssh` recipe again: --resume-failed runs job 3 alone (one more joblog
#      line), and --merge gives the exact total, one result line per job, jobs on both
#      hosts, nothing left in their homes but ssh's and parallel's own folders;
#   3. splits again in the same folder (20 jobs, another split): the recipe clears the
#      earlier results, the `ssh` recipe gives the exact total again, and a result of the
#      earlier split put back is refused by --merge, never added in.
# The nodes find `sudoku-dlx` on the PATH their sshd gives them (SetEnv). Stops sshd and
# the ssh connections it kept open, and removes its users and directory, on the way out.
# Needs root (to add users), sshd (openssh-server), GNU parallel and rsync. The binary:
# $SUDOKU_DLX, else the debug build. Exit 0 when every check passed.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

# 12 queens has 14,200 solutions.
TOTAL=14200

for tool in /usr/sbin/sshd ssh ssh-keygen ssh-keyscan rsync useradd userdel; do
  command -v "$tool" >/dev/null || fail "$tool is not installed (apt-get install openssh-server rsync)"
done
parallel --version 2>/dev/null | grep -q "GNU parallel" || fail "GNU parallel is not installed"
[ "$(id -u)" -eq 0 ] || fail "run as root (the test adds two users)"
bin_dir=$(binary_dir)
export PATH=$bin_dir:$PATH
PORT=$(free_port)

tmp=$(mktemp -d /tmp/sudoku-dlx-ssh.XXXXXX)
chmod 711 "$tmp"
# The two nodes' users, named after this run.
users=("sdlx1-$$" "sdlx2-$$")
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
  for user in "${users[@]}"; do
    if id "$user" >/dev/null 2>&1; then
      pkill -u "$user" 2>/dev/null || true
      userdel "$user" 2>/dev/null || true
    fi
  done
  [ -n "${KEEP_TMP:-}" ] || rm -rf "$tmp"
  exit "$status"
}
trap cleanup EXIT

step "sshd on 127.0.0.1:$PORT, node1 as ${users[0]}, node2 as ${users[1]} ($tmp)"
mkdir -p "$tmp/ssh" "$tmp/node-bin" "$tmp/work" "$tmp/flags"
chmod 777 "$tmp/flags"
ssh-keygen -q -t ed25519 -N '' -f "$tmp/ssh/host_key"
ssh-keygen -q -t ed25519 -N '' -f "$tmp/ssh/id"
for k in 0 1; do
  user=${users[$k]}
  home=$tmp/home-$((k + 1))
  useradd --home-dir "$home" --create-home --shell /bin/bash "$user"
  # No password, but not locked: sshd without PAM refuses a locked account.
  usermod -p '*' "$user"
  install -d -m 700 -o "$user" "$home/.ssh"
  install -m 600 -o "$user" "$tmp/ssh/id.pub" "$home/.ssh/authorized_keys"
done
cat >"$tmp/ssh/sshd_config" <<EOF
Port $PORT
ListenAddress 127.0.0.1
HostKey $tmp/ssh/host_key
PidFile $tmp/ssh/sshd.pid
PermitRootLogin no
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
SetEnv PATH=$tmp/node-bin:/usr/local/bin:/usr/bin:/bin
EOF
cat >"$tmp/ssh/config" <<EOF
Host node1
  User ${users[0]}
Host node2
  User ${users[1]}
Host node1 node2
  HostName 127.0.0.1
  Port $PORT
  IdentityFile $tmp/ssh/id
  IdentitiesOnly yes
  BatchMode yes
  StrictHostKeyChecking yes
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
scanned() {
  ssh-keyscan -p "$PORT" 127.0.0.1 >"$tmp/ssh/known_hosts" 2>/dev/null && [ -s "$tmp/ssh/known_hosts" ]
}
wait_for 30 "the host key by ssh-keyscan" scanned
answers() { [ "$($PARALLEL_SSH "$1" 'echo "$(whoami) $HOME"' 2>/dev/null)" = "$2 $3" ]; }
wait_for 30 "ssh to node1" answers node1 "${users[0]}" "$tmp/home-1"
wait_for 30 "ssh to node2" answers node2 "${users[1]}" "$tmp/home-2"
ok "node1 and node2 answer over ssh, each as its own user in its own home"

# What the nodes run as `sudoku-dlx`: a copy of the binary (the build folder may be out of
# the users' reach), except that job 3 hangs (its process id in flags/job3.pid, to be
# killed) while the file flags/hang-job-3 exists.
cp "$bin_dir/sudoku-dlx" "$tmp/node-bin/sudoku-dlx.real"
cat >"$tmp/node-bin/sudoku-dlx" <<EOF
#!/bin/sh
case " \$* " in
*" --index 3 "*)
  if [ -e '$tmp/flags/hang-job-3' ]; then
    rm -f '$tmp/flags/hang-job-3'
    echo \$\$ >'$tmp/flags/job3.pid'
    exec sleep 300
  fi ;;
esac
exec '$tmp/node-bin/sudoku-dlx.real' "\$@"
EOF
chmod 755 "$tmp/node-bin/sudoku-dlx" "$tmp/node-bin/sudoku-dlx.real"
for node in node1 node2; do
  v=$($PARALLEL_SSH "$node" sudoku-dlx --version) || fail "sudoku-dlx is not on $node's PATH"
  [ "$v" = "$(sudoku-dlx --version)" ] || fail "$node runs $v, here $(sudoku-dlx --version)"
  $PARALLEL_SSH "$node" rsync --version >/dev/null || fail "no rsync on $node"
done
ok "both nodes run $(sudoku-dlx --version) and have rsync"

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
for flag in --sshloginfile --workdir --basefile --joblog --resume-failed; do
  grep -q -- "$flag" ssh-recipe.sh || fail "the ssh recipe has no $flag"
done

step "the ssh recipe, as written, with job 3 killed on its node"
touch "$tmp/flags/hang-job-3"
bash -e ssh-recipe.sh >first.out 2>&1 &
recipe_pid=$!
job3_started() {
  kill -0 "$recipe_pid" 2>/dev/null || fail "the recipe ended before job 3 started: $(cat first.out)"
  test -s "$tmp/flags/job3.pid"
}
wait_for 120 "job 3 started" job3_started
kill "$(cat "$tmp/flags/job3.pid")"
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
hosts=$(awk -F'\t' 'NR > 1 { print $2 }' joblog.txt | sort -u | tr '\n' ' ')
[ "$hosts" = "node1 node2 " ] || fail "the jobs ran on: $hosts (node1 and node2 expected)"
ok "jobs ran on both hosts: $hosts"
for k in 1 2; do
  left=$(find "$tmp/home-$k" -mindepth 1 -maxdepth 1 -not -name ".*" | head -n 5)
  [ -z "$left" ] || fail "left in home-$k after --cleanup: $left"
done
ok "--cleanup left nothing in the nodes' homes"
expect_total "$TOTAL"

step "a new split in the same folder (20 jobs): kept apart, never mixed"
cp results/0.txt "$tmp/old-result.txt"
recipe split | sed 's/--split 1000/--split 20/' >split2.sh
bash -e split2.sh
jobs=$(grep -c '^job ' jobs.txt)
export jobs
[ -z "$(ls -A results)" ] || fail "the split recipe left the earlier results: $(ls results | head)"
ok "cut into $jobs jobs; results/ cleared"
bash -e ssh-recipe.sh >third.out 2>&1 || fail "the recipe failed after a new split: $(cat third.out)"
grep -qx "total $TOTAL" third.out || fail "the recipe's merge printed $(cat third.out)"
expect_total "$TOTAL"
cp "$tmp/old-result.txt" results/old.txt
expect_other_split results/old.txt
echo "ssh.sh: every check passed"
