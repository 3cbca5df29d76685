#!/usr/bin/env bash
# The browser test of the page: Debian's chromium and chromium-driver, headless; Selenium
# from PyPI in a venv under target/; the page from web/dist/ served on 127.0.0.1 only.
# Runs web/build.sh first when web/dist is missing, and builds the release sudoku-dlx
# when it is missing (the answers and the speed the page must match come from it).
# Writes docs/web.png and docs/web-phone.png. Arguments go to test_page.py (--only
# sizes,typing runs those tests alone).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=web/tools.sh
source "$root/web/tools.sh"

[ -f "$root/web/dist/dlx_web_bg.wasm" ] || "$root/web/build.sh"
web_apt "${web_test_packages[@]}"
web_venv
cli="${CARGO_TARGET_DIR:-$root/target}/release/sudoku-dlx"
if [ ! -x "$cli" ]; then
    echo "test.sh: building the release sudoku-dlx" >&2
    (cd "$root" && nice cargo build -j2 --quiet --release --bin sudoku-dlx)
fi
data="$root/../shared/data/puzzles3_magictour_top1465"
[ -f "$data" ] || data="$root/tests/data/samples/puzzles3_magictour_top1465"

# Selenium Manager must not look for drivers online: the driver is given by path.
export SE_AVOID_STATS=true SE_OFFLINE=true
exec "$venv/bin/python" "$root/web/test_page.py" --dist "$root/web/dist" --cli "$cli" \
    --data "$data" --docs "$root/docs" "$@"
