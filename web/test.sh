#!/usr/bin/env bash
# The browser test of the page: Debian's chromium and chromium-driver, headless; Selenium
# from PyPI in a venv under target/; the page from web/dist/ served on 127.0.0.1 only.
# Runs web/build.sh first when web/dist is missing. Builds target/release/sudoku-dlx when missing (the answers the
# page must match come from it). Writes docs/web.png.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$root/target/web-test-venv"
selenium_version="4.48.0"

[ -f "$root/web/dist/dlx_web_bg.wasm" ] || "$root/web/build.sh"

need=()
for pkg in chromium chromium-driver python3-venv; do
    dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if [ "${#need[@]}" -gt 0 ]; then
    echo "test.sh: installing ${need[*]}" >&2
    apt-get update -q >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${need[@]}" >/dev/null
fi
if ! "$venv/bin/python" -c "import selenium" 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet "selenium==$selenium_version"
fi
cli="$root/target/release/sudoku-dlx"
if [ ! -x "$cli" ]; then
    echo "test.sh: building target/release/sudoku-dlx" >&2
    (cd "$root" && nice cargo build -j2 --quiet --release --bin sudoku-dlx)
fi
data=/work/shared/data/puzzles3_magictour_top1465
[ -f "$data" ] || data="$root/tests/data/samples/puzzles3_magictour_top1465"

# Selenium Manager must not look for drivers online: the driver is given by path.
export SE_AVOID_STATS=true SE_OFFLINE=true
exec "$venv/bin/python" "$root/web/test_page.py" --dist "$root/web/dist" --cli "$cli" \
    --data "$data" --screenshot "$root/docs/web.png"
