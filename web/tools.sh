# The tools the page's build and test need, installed only when missing: sourced by
# build.sh, test.sh and ci.sh, so that each install is written once. Debian packages with
# apt-get (root, as on CI); wasm-bindgen-cli and Selenium into target/, pinned.

# shellcheck shell=bash
web_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# The one place the version is written: the crate's own pin.
bindgen_version="$(sed -n 's/^wasm-bindgen = "=\([0-9.]*\)".*/\1/p' "$web_root/crates/dlx-web/Cargo.toml")"
bindgen="$web_root/target/wasm-bindgen-cli-$bindgen_version/bin/wasm-bindgen"
selenium_version="4.48.0"
venv="$web_root/target/web-test-venv"

# The page's own files, copied into web/dist beside the module.
web_files=(index.html style.css app.js board.js link.js worker.js sw.js manifest.webmanifest
    icon.svg icon-192.png icon-512.png)
# The largest the module may be, gzipped, in bytes.
max_wasm_gz=$((300 * 1024))

# The Debian packages of the wasm32 build (Debian's compiler with the std source, lld-19's
# wasm-ld), of wasm-opt, and of the browser test.
web_std_packages=(rustc-web cargo-web rust-web-src lld-19)
web_opt_packages=(binaryen)
web_test_packages=(chromium chromium-driver python3-venv)

# How long apt-get waits for another apt or dpkg (an unattended upgrade, a second build)
# to let go of its locks, in seconds, before it gives up.
apt_lock_wait="${APT_LOCK_WAIT:-900}"

# Installs those of the packages named that are missing, in one apt-get; waits for apt's
# locks rather than failing while another apt runs.
web_apt() {
    local need=() pkg
    for pkg in "$@"; do
        dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
    done
    [ "${#need[@]}" -eq 0 ] && return 0
    echo "web: installing ${need[*]}" >&2
    apt-get -o DPkg::Lock::Timeout="$apt_lock_wait" update -q >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout="$apt_lock_wait" \
        install -y -q --no-install-recommends "${need[@]}" >/dev/null
}

# wasm-bindgen-cli into target/: only the wasm-bindgen binary, without its default
# features (TLS for the test runner's downloads, which the glue does not need: no C
# compile of ring), at opt-level 1 (it runs for a second on our module).
web_bindgen() {
    [ -x "$bindgen" ] && return 0
    echo "web: installing wasm-bindgen-cli $bindgen_version into target/" >&2
    CARGO_PROFILE_RELEASE_OPT_LEVEL=1 CARGO_PROFILE_RELEASE_DEBUG=0 \
        nice cargo install --locked -j2 --quiet wasm-bindgen-cli --version "$bindgen_version" \
        --no-default-features --bin wasm-bindgen \
        --root "$web_root/target/wasm-bindgen-cli-$bindgen_version"
}

# Selenium from PyPI into a venv under target/.
web_venv() {
    "$venv/bin/python" -c "import selenium" 2>/dev/null && return 0
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "selenium==$selenium_version"
}
