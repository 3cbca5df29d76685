# Shared by tests/cluster/slurm.sh and tests/cluster/ssh.sh (sourced, not run): reading a
# recipe out of docs/recipes.md, the binary under test, waiting, and saying what passed.

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
recipes=$root/docs/recipes.md

# Prints a step of the test.
step() { echo "-- $*"; }
# Prints a check that passed.
ok() { echo "ok: $*"; }
# Prints why the test failed, and ends it (the EXIT trap cleans up).
fail() {
  echo "FAILED: $*" >&2
  exit 1
}

# The shell code of the docs/recipes.md block marked `<!-- recipe: NAME -->`, as written.
recipe() {
  local text
  text=$(awk -v marker="<!-- recipe: $1 -->" '
    $0 == marker { found = 1; next }
    found && !inside && /^```sh$/ { inside = 1; next }
    inside && /^```$/ { exit }
    inside { print }' "$recipes")
  [ -n "$text" ] || fail "docs/recipes.md has no recipe named $1"
  printf '%s\n' "$text"
}

# The directory of the binary under test, for PATH: $SUDOKU_DLX if set, else the debug
# build (made here if `cargo test` has not made it yet).
binary_dir() {
  local bin=${SUDOKU_DLX:-}
  if [ -z "$bin" ]; then
    (cd "$root" && cargo build --quiet --bin sudoku-dlx) || fail "cargo build failed"
    bin=$root/target/debug/sudoku-dlx
  fi
  [ -x "$bin" ] || fail "no binary at $bin"
  (cd "$(dirname "$bin")" && pwd)
}

# Waits up to $1 seconds for the command after it to succeed; fails with $2 otherwise.
wait_for() {
  local seconds=$1 what=$2
  shift 2
  local deadline=$((SECONDS + seconds))
  until "$@"; do
    [ "$SECONDS" -lt "$deadline" ] || fail "$what: not within $seconds s"
    sleep 0.2
  done
}

# A TCP port on the loopback that nothing listens on now, chosen by the kernel (python3)
# or by trying random high ports (bash's /dev/tcp), different from the ports in $@.
free_port() {
  local port
  for _ in $(seq 100); do
    if command -v python3 >/dev/null; then
      port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    else
      port=$((20000 + RANDOM % 40000))
      (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null && continue
    fi
    grep -qw -- "$port" <<<" $* " || { echo "$port"; return; }
  done
  fail "no free port found"
}

# `sudoku-dlx cover --merge jobs.txt results/*.txt` in the current directory must print
# `total $1` (and `nodes $2` when given).
expect_total() {
  local merged
  merged=$(sudoku-dlx cover --merge jobs.txt results/*.txt) || fail "--merge refused: $merged"
  grep -qx "total $1" <<<"$merged" || fail "--merge printed $merged, not total $1"
  [ -z "${2:-}" ] || grep -qx "nodes $2" <<<"$merged" || fail "--merge printed $merged, not nodes $2"
  ok "--merge: $(tr '\n' ' ' <<<"$merged")"
}

# `--merge` must refuse (exit 2) a result of another split, naming the file $1.
expect_other_split() {
  local merged code=0
  merged=$(sudoku-dlx cover --merge jobs.txt results/*.txt 2>&1) || code=$?
  [ "$code" -eq 2 ] || fail "--merge exit $code (2 expected): $merged"
  grep -q "$1:1: job [0-9]* is of another split" <<<"$merged" || fail "--merge did not name $1: $merged"
  ok "--merge refuses a result of another split: $merged"
}

# `--merge` must refuse (exit 2) and name jobs that have no result, each one of $1 (a
# space-separated list); prints the message.
expect_missing() {
  local merged code=0
  merged=$(sudoku-dlx cover --merge jobs.txt results/*.txt 2>&1) || code=$?
  [ "$code" -eq 2 ] || fail "--merge exit $code (2 expected): $merged"
  grep -q "have no result" <<<"$merged" || fail "--merge did not name missing jobs: $merged"
  local named
  named=$(sed 's/.*have no result: //' <<<"$merged" | tr -d ',' | tr ' ' '\n' | grep -v '^$' || true)
  for job in $named; do
    [[ "$job" =~ ^[0-9]+$ ]] || fail "--merge names $job, not single jobs: $merged"
    grep -qw -- "$job" <<<" $1 " || fail "--merge names job $job, which was not cut short: $merged"
  done
  ok "--merge refuses: $merged"
}
