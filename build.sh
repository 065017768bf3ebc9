#!/usr/bin/env bash
# Build, serve, test and benchmark the cribbage web app.
#
#   ./build.sh serve [PORT]   install what is missing, build, serve www/ (default port 8000, or $PORT)
#   ./build.sh test           the whole suite: fmt, clippy (host and wasm), cargo test,
#                             the wasm build, the browser tests in headless Chromium,
#                             the size budgets and Lighthouse; each phase's time at the end
#   ./build.sh soak           the long audits (100,000 random games of each of four games)
#                             in the release profile; fails on any violation
#   ./build.sh build          build the wasm modules (www/pkg, www/pkg-family and the benchmark
#                             page's www/pkg-bench), check each in Node, and write the precache list
#   ./build.sh dist           the deployable site in dist/ (any web server, any sub-path: an
#                             offline PWA), with dist/cribbage.html, one file that plays from file://
#   ./build.sh budget         dist, then fails unless every page meets its budget (issue 23's:
#                             125 KB gzip for standard cribbage, 170 for any other game); the
#                             test run prints the same figures and fails only past the ceilings
#   ./build.sh package        the npm package of <cribbage-game> in dist/package/ (after dist),
#                             its size printed, and its tarball from npm pack in dist/ (not published)
#   ./build.sh bench          native and browser (wasm) speed, side by side: scoring, whole games
#                             and the computer players' decision times
#   ./build.sh deps           install the tools only
#
# Every install step is skipped when already done, so a warm run spends its
# time on compiling and testing. Runs on a bare Debian 12 with rustup's cargo.
# CRIBBAGE_WASM_ROUTE=B forces the Debian toolchain route for the wasm build.

set -euo pipefail
shopt -s inherit_errexit

cd "$(dirname "${BASH_SOURCE[0]}")"
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
export DEBIAN_FRONTEND=noninteractive

WASM_TARGET=wasm32-unknown-unknown
PKG_DIR=www/pkg
# The benchmark page's module: the app's plus the `bench` feature's entry points.
BENCH_PKG_DIR=www/pkg-bench
# The family module (feature family): the family's games but standard and
# reverse cribbage, loaded only when one of them is chosen.
FAMILY_PKG_DIR=www/pkg-family
# With opt-level "z" ([profile.wasm] in Cargo.toml), a little more inlining
# (z's own threshold is 25): most of "s"'s speed for the AI at most of "z"'s size.
WASM_RUSTFLAGS='-C llvm-args=-inline-threshold=35'
# What counts is each game's page, until it can be played (tools/budget.mjs,
# in `test`): standard cribbage 125 KB gzip, any other game 170 KB. Each
# module is checked here against its page's budget as it is built, the
# quickest sign of a module that could never fit; its share of the page is
# budget.mjs's to judge.
CRIBBAGE_GZIP_BUDGET=${CRIBBAGE_GZIP_BUDGET:-$((125 * 1024))}
FAMILY_GZIP_BUDGET=${FAMILY_GZIP_BUDGET:-$((170 * 1024))}
ROUTE_B_TARGET_DIR=target-debian
ROUTE_B_PACKAGES=(rustc-web cargo-web rust-web-src lld-22)
WASM_ROUTE=''
WASM_FILE=''

if [[ -t 1 ]]; then
  BOLD=$'\e[1m' DIM=$'\e[2m' RED=$'\e[31m' RESET=$'\e[0m'
else
  BOLD='' DIM='' RED='' RESET=''
fi

step() { printf '\n%s==> %s%s\n' "$BOLD" "$*" "$RESET"; }
note() { printf '%s    %s%s\n' "$DIM" "$*" "$RESET"; }
die() {
  printf '%sbuild.sh: %s%s\n' "$RED" "$*" "$RESET" >&2
  exit 1
}

as_root() {
  if [[ $(id -u) -eq 0 ]]; then
    "$@"
  elif command -v sudo >/dev/null; then
    sudo "$@"
  else
    die "need root (or sudo) to run: $*"
  fi
}

APT_UPDATED=0
apt_update() {
  [[ $APT_UPDATED -eq 1 ]] && return 0
  note "apt-get update"
  as_root apt-get update -qq
  APT_UPDATED=1
}

# apt_install [--fresh] PACKAGE...: installs the packages not yet installed.
# The package lists are updated first when apt does not know one of them, or
# with --fresh whenever something is to be installed (for packages whose
# versions move, where a stale list would offer an old one).
apt_install() {
  local fresh=0
  if [[ ${1:-} == --fresh ]]; then
    fresh=1
    shift
  fi
  local missing=()
  local pkg
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
  done
  [[ ${#missing[@]} -eq 0 ]] && return 0
  [[ $fresh -eq 1 ]] && apt_update
  for pkg in "${missing[@]}"; do
    apt-cache show "$pkg" >/dev/null 2>&1 || apt_update
  done
  note "apt-get install ${missing[*]}"
  as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

sha() { sha256sum "$@" | cut -c1-16; }

# --- Phase times --------------------------------------------------------------
# `test` and `soak` print how long each phase took, so a slow run says where
# its time went; a failed run prints the phases up to the one that failed.

PHASE_NAMES=()
PHASE_MICROS=()
PHASE_NOW=''
RUN_STARTED=''

micros() { printf '%s' "${EPOCHREALTIME/./}"; }

# phase NAME COMMAND...: runs the command as the phase NAME and keeps its time.
phase() {
  local name=$1 started
  shift
  started=$(micros)
  [[ -n $RUN_STARTED ]] || RUN_STARTED=$started
  PHASE_NOW=$name
  "$@"
  PHASE_NOW=''
  PHASE_NAMES+=("$name")
  PHASE_MICROS+=("$(($(micros) - started))")
}

seconds() { printf '%d.%d' "$(($1 / 1000000))" "$(($1 % 1000000 / 100000))"; }

print_phases() {
  [[ -n $RUN_STARTED ]] || return 0
  local i
  printf '\n%s%-44s %8s%s\n' "$BOLD" 'phase' 'seconds' "$RESET"
  for i in "${!PHASE_NAMES[@]}"; do
    printf '%-44s %8s\n' "${PHASE_NAMES[$i]}" "$(seconds "${PHASE_MICROS[$i]}")"
  done
  [[ -z $PHASE_NOW ]] || printf '%-44s %8s\n' "$PHASE_NOW (failed)" '-'
  printf '%s%-44s %8s%s\n' "$BOLD" 'total' "$(seconds "$(($(micros) - RUN_STARTED))")" "$RESET"
  printf '%s(%s; %d cores; load average now %s)%s\n' "$DIM" "$(date -u +%FT%TZ)" "$(nproc)" \
    "$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)" "$RESET"
}

# --- Installs -----------------------------------------------------------------

need_rust() {
  command -v cargo >/dev/null || die "cargo not found: install Rust with rustup (https://rustup.rs) first"
}

# Decides how to build for wasm32 and sets WASM_ROUTE to A (rustup's std) or
# B (Debian's rustc-web with std built from source).
ensure_wasm_target() {
  step "Rust wasm32 target"
  need_rust
  local sysroot
  sysroot=$(rustc --print sysroot)
  if [[ ${CRIBBAGE_WASM_ROUTE:-} == B ]]; then
    note "route B forced by CRIBBAGE_WASM_ROUTE"
  elif compgen -G "$sysroot/lib/rustlib/$WASM_TARGET/lib/libstd-*.rlib" >/dev/null; then
    WASM_ROUTE=A
    note "already installed"
    return
  elif command -v rustup >/dev/null &&
    timeout --kill-after=5 45 rustup target add "$WASM_TARGET" </dev/null; then
    WASM_ROUTE=A
    return
  else
    note "rustup could not add $WASM_TARGET: using Debian's rustc-web and building std"
  fi
  # Debian's rustc-web follows stable Rust through point releases: update first.
  apt_install --fresh "${ROUTE_B_PACKAGES[@]}"
  WASM_ROUTE=B
}

# The wasm-bindgen CLI must match the crate version in Cargo.lock exactly.
# A missing one is compiled by `cargo install` (minutes on two cores) in the
# background, at low priority, while the rest of the run goes on; only
# bindgen_into waits for it (wait_wasm_bindgen).
WASM_BINDGEN_INSTALL=''
WASM_BINDGEN_STARTED=''
WASM_BINDGEN_LOG=target/wasm-bindgen-install.log
ensure_wasm_bindgen() {
  step "wasm-bindgen CLI"
  local want have
  want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
  [[ -n $want ]] || die "no wasm-bindgen version in Cargo.lock"
  have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }') || true
  if [[ $have == "$want" ]]; then
    note "wasm-bindgen $have already installed"
    return
  fi
  [[ -z $WASM_BINDGEN_INSTALL ]] || return 0
  need_rust
  note "cargo install wasm-bindgen-cli $want, in the background (a few minutes the first time; $WASM_BINDGEN_LOG)"
  mkdir -p target
  # Not --locked: one of its locked dependency versions is gone from the registry.
  # A session of its own, so that stop_wasm_bindgen stops cargo's rustc too.
  setsid nice -n 10 cargo install --quiet wasm-bindgen-cli --version "$want" >"$WASM_BINDGEN_LOG" 2>&1 </dev/null &
  WASM_BINDGEN_INSTALL=$!
  WASM_BINDGEN_STARTED=$(micros)
}

# Waits for the background install of the wasm-bindgen CLI, if one is running.
wait_wasm_bindgen() {
  [[ -n $WASM_BINDGEN_INSTALL ]] || return 0
  step "Waiting for the wasm-bindgen CLI install"
  local pid=$WASM_BINDGEN_INSTALL
  WASM_BINDGEN_INSTALL=''
  if ! wait "$pid"; then
    cat "$WASM_BINDGEN_LOG" >&2
    die "cargo install wasm-bindgen-cli failed"
  fi
  note "$(wasm-bindgen --version) installed, $(seconds "$(($(micros) - WASM_BINDGEN_STARTED))") s after the install began"
}

# A run that stops early stops the install it started: nothing will use it.
stop_wasm_bindgen() {
  [[ -n $WASM_BINDGEN_INSTALL ]] || return 0
  kill -- "-$WASM_BINDGEN_INSTALL" 2>/dev/null || true
  wait "$WASM_BINDGEN_INSTALL" 2>/dev/null || true
}

ensure_chromium() {
  step "Chromium"
  if [[ -x /usr/bin/chromium ]]; then
    note "/usr/bin/chromium present"
    return
  fi
  apt_install chromium
}

# playwright-core needs Node.js 20 or later (Debian 12's own nodejs is 18).
ensure_node() {
  if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    step "Node.js"
    apt_install nodejs npm
  fi
  local major
  major=$(node -p 'process.versions.node.split(".")[0]')
  [[ $major -ge 20 ]] || die "Node.js 20 or later is needed, found $(node --version)"
}

# npm packages (playwright-core, binaryen) from the committed lockfile.
ensure_npm() {
  step "npm packages"
  ensure_node
  local stamp=node_modules/.package-lock.sha
  local want
  want="$(sha package-lock.json) node $(node --version)"
  if [[ -f $stamp && $(cat "$stamp") == "$want" ]]; then
    note "node_modules matches package-lock.json"
    return
  fi
  npm ci --no-audit --no-fund --loglevel=error
  printf '%s\n' "$want" >"$stamp"
}

# What building needs; the browser comes on top for testing and benchmarks.
build_deps() {
  ensure_wasm_target
  ensure_wasm_bindgen
  ensure_npm
}

deps() {
  build_deps
  ensure_chromium
}

# --- Build --------------------------------------------------------------------

# Compiles the library for wasm32 and sets WASM_FILE to the .wasm it made.
#   cargo_wasm FEATURES   the cargo features of the module: which games it
#                         carries (`cribbage` or `family`) and `bench`
# Every module shares one target dir, so the dependencies compile once. A
# cdylib's file name carries no hash of its features, so two modules' builds
# would overwrite one file and each would rebuild whenever the other had run
# (correct, cargo sees the features change, but a minute each on a warm run).
# __CARGO_DEFAULT_LIB_METADATA (the variable Rust's own std build uses for
# this) puts the hash in the name: each module keeps its own file and
# fingerprint, and cargo copies the right one out after each build. Were cargo
# to drop the variable, the builds would still be right, only slower.
cargo_wasm() {
  local features=$1 dir
  if [[ $WASM_ROUTE == A ]]; then
    dir=target/wasm
    __CARGO_DEFAULT_LIB_METADATA=cribbage-wasm CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS=$WASM_RUSTFLAGS \
      cargo build --profile wasm --target "$WASM_TARGET" --lib --no-default-features --features "$features" --target-dir "$dir"
    WASM_FILE=$dir/$WASM_TARGET/wasm/cribbage.wasm
    return
  fi
  # Debian's rustc-web has no rust-lld of its own: use lld's wasm-ld, or rustup's rust-lld.
  local linker=/usr/lib/llvm-22/bin/wasm-ld
  if [[ -x /usr/bin/rust-lld ]]; then
    linker=/usr/bin/rust-lld
  elif [[ ! -x $linker ]] && command -v rustc >/dev/null; then
    linker=$(rustc --print sysroot)/lib/rustlib/x86_64-unknown-linux-gnu/bin/rust-lld
  fi
  dir=$ROUTE_B_TARGET_DIR/wasm
  __CARGO_DEFAULT_LIB_METADATA=cribbage-wasm CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=$linker \
    CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS=$WASM_RUSTFLAGS \
    RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc RUSTC_BOOTSTRAP=1 \
    /usr/bin/cargo build --profile wasm --target "$WASM_TARGET" --lib --no-default-features --features "$features" \
    --target-dir "$dir" -Z build-std=std,panic_abort
  WASM_FILE=$dir/$WASM_TARGET/wasm/cribbage.wasm
}

# wasm-bindgen and wasm-opt: WASM_FILE into the folder $1, unless it is up to date.
bindgen_into() {
  local out=$1 stamp want
  wait_wasm_bindgen
  stamp=$out/.build.sha
  want="$(sha "$WASM_FILE") $(sha build.sh) $(wasm-bindgen --version)"
  if [[ -f $stamp && $(cat "$stamp") == "$want" && -f $out/cribbage_bg.wasm ]]; then
    note "$out is up to date"
    return
  fi
  step "wasm-bindgen and wasm-opt into $out"
  rm -rf "$out"
  # Every loader passes the module's URL (or bytes), so the glue needs no
  # default path; every browser the app runs in has TextEncoder.encodeInto.
  wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section \
    --omit-default-module-path --encode-into always \
    --out-name cribbage --out-dir "$out" "$WASM_FILE"
  # Only npm's binaryen: Debian's older wasm-opt corrupts wasm-bindgen output.
  # -Oz --converge: 0.3 KB gzip smaller than -O3, and no slower in Chromium
  # (V8 inlines as it compiles; rustc has already laid the hot code out).
  # The target_features section is for linkers, not browsers: 0.1 KB gzip.
  # Functions that differ only in constants merged (one copy, the constants as
  # parameters), and redundant local sets removed, before -Oz: 0.45 KB gzip
  # off the cribbage module and 0.3 KB off the family module.
  # --low-memory-unused: rustc links its wasm modules stack first (the stack
  # pointer starts at 1 MiB and grows down, the data lies above it), so the
  # low 1 KiB is the far end of the stack, reached only by a stack a few
  # bytes short of overflowing; wasm-opt may then fold constant offsets into
  # loads and stores: 0.7 KB gzip off the cribbage module, 1.0 off the family's.
  node_modules/.bin/wasm-opt --low-memory-unused --merge-similar-functions --rse -Oz --converge \
    --strip-debug --strip-producers --strip-target-features \
    "$out/cribbage_bg.wasm" -o "$out/cribbage_bg.wasm"
  printf '%s\n' "$want" >"$stamp"
}

# Each module's cargo features, in the order build_wasm builds them.
WASM_MODULES=(cribbage family cribbage,bench)

build_wasm() {
  step "Building the cribbage module (feature cribbage; route $WASM_ROUTE)"
  cargo_wasm cribbage
  bindgen_into "$PKG_DIR"
  step "Checking the optimized module in Node"
  node tools/check-wasm.mjs "$PKG_DIR" "$CRIBBAGE_GZIP_BUDGET"
  step "Building the family module (feature family)"
  cargo_wasm family
  bindgen_into "$FAMILY_PKG_DIR"
  node tools/check-wasm.mjs "$FAMILY_PKG_DIR" "$FAMILY_GZIP_BUDGET"
  step "Building the benchmark page's module (features cribbage and bench)"
  cargo_wasm cribbage,bench
  bindgen_into "$BENCH_PKG_DIR"
  node tools/check-wasm.mjs "$BENCH_PKG_DIR"
}

# `test` compiles the modules (cargo only) in the background while clippy and
# cargo test run: a module's build ends in long single-threaded stretches
# (one codegen unit, fat LTO) that use the core the tests leave idle.
# build_wasm then finds each module compiled and goes on to wasm-bindgen.
# The compile runs as `build.sh _compile-wasm` in a session of its own, so a
# failed run can stop it, cargo's rustc processes with it.
WASM_COMPILE=''
WASM_COMPILE_LOG=target/wasm-compile.log
start_wasm_compile() {
  mkdir -p target
  note "compiling the wasm modules in the background ($WASM_COMPILE_LOG)"
  local route=''
  [[ $WASM_ROUTE == B ]] && route=B
  CRIBBAGE_WASM_ROUTE=$route setsid ./build.sh _compile-wasm >"$WASM_COMPILE_LOG" 2>&1 </dev/null &
  WASM_COMPILE=$!
}

wait_wasm_compile() {
  [[ -n $WASM_COMPILE ]] || return 0
  step "Waiting for the wasm modules' background compile"
  local pid=$WASM_COMPILE
  WASM_COMPILE=''
  if ! wait "$pid"; then
    cat "$WASM_COMPILE_LOG" >&2
    die "compiling the wasm modules failed (above, from $WASM_COMPILE_LOG)"
  fi
  note "$(grep -c '^ *Compiling' "$WASM_COMPILE_LOG" || true) crates compiled; log in $WASM_COMPILE_LOG"
}

stop_wasm_compile() {
  [[ -n $WASM_COMPILE ]] || return 0
  kill -- "-$WASM_COMPILE" 2>/dev/null || true
  wait "$WASM_COMPILE" 2>/dev/null || true
}

# `test` runs the compiled tests (`cargo test`) in the background while the
# wasm modules go through wasm-bindgen and wasm-opt, the precache list is
# written and tsc checks the types: the tests leave most of a core idle
# (some of the longest binaries hold one or two long tests), and
# wasm-opt works on one core. cargo test builds in target/ and the modules
# in target/wasm, so neither waits for the other's lock. Its output goes to
# target/cargo-test.log, printed whole once it has finished; a failure there
# fails the run. In a session of its own, so a run that stops early stops it.
CARGO_TEST=''
CARGO_TEST_LOG=target/cargo-test.log
start_cargo_test() {
  mkdir -p target
  note "cargo test in the background ($CARGO_TEST_LOG), beside the wasm modules' last steps and tsc"
  setsid cargo test >"$CARGO_TEST_LOG" 2>&1 </dev/null &
  CARGO_TEST=$!
}

wait_cargo_test() {
  [[ -n $CARGO_TEST ]] || return 0
  step "cargo test (unit, integration, doc): waiting for its run"
  local pid=$CARGO_TEST status=0
  CARGO_TEST=''
  wait "$pid" || status=$?
  cat "$CARGO_TEST_LOG"
  [[ $status -eq 0 ]] || die "cargo test failed (above, from $CARGO_TEST_LOG)"
}

stop_cargo_test() {
  [[ -n $CARGO_TEST ]] || return 0
  kill -- "-$CARGO_TEST" 2>/dev/null || true
  wait "$CARGO_TEST" 2>/dev/null || true
}

cmd_compile_wasm() {
  ensure_wasm_target
  local features
  for features in "${WASM_MODULES[@]}"; do
    step "cargo build for wasm32, features $features"
    cargo_wasm "$features"
  done
}

build() {
  build_deps
  build_wasm
  build_precache
}

# --- Offline app, embed and single file ---------------------------------------
# (tools/precache.mjs, dist.mjs, single-file.mjs, budget.mjs, lighthouse.mjs)

# The service worker's precache list for www/, so `serve` runs the app as deployed.
build_precache() {
  step "Service worker precache list"
  note "$(node tools/precache.mjs www)"
}

build_dist() {
  step "Deployable site and single file in dist/"
  node tools/dist.mjs www dist
  note "$(find dist -type f | wc -l) files, $(du -sh dist | cut -f1); every URL is relative, so any sub-path works"
  note "copy dist/ to a web server (it must serve .wasm as application/wasm); dist/cribbage.html runs on its own"
}

# tsc --noEmit over the JSDoc types: the page (tsconfig.json), the service
# worker (tsconfig.sw.json), the tests and tools (tsconfig.node.json).
# After build_wasm: the page and the tests import the glue it writes in
# www/pkg*/.
check_types() {
  step "Type-check the page, the tests and the tools (tsc --noEmit)"
  node_modules/.bin/tsc --noEmit -p tsconfig.json
  node_modules/.bin/tsc --noEmit -p tsconfig.sw.json
  node_modules/.bin/tsc --noEmit -p tsconfig.node.json
}

check_budgets() {
  step "Size budgets (each game opened by its link until playable, and everything precached; headless Chromium)"
  node tools/budget.mjs dist
}

cmd_budget() {
  build
  build_dist
  step "Size budgets, strictly: each page against its budget, not its ceiling"
  node tools/budget.mjs dist --budgets
}

run_lighthouse() {
  step "Lighthouse (mobile) on dist/"
  node tools/lighthouse.mjs dist index.html
}

# --- Commands -----------------------------------------------------------------

cmd_build() { build; }

cmd_deps() { deps; }

cmd_serve() {
  local port=${1:-${PORT:-8000}}
  build
  step "Serving www/"
  exec node tools/serve.mjs www "$port"
}

cmd_dist() {
  build
  build_dist
}

cmd_package() {
  build
  build_dist
  step "npm package of <cribbage-game> in dist/package"
  note "$(node tools/package.mjs dist dist/package)"
  local tarball
  tarball=$(cd dist && npm pack ./package --pack-destination . --silent)
  note "dist/$tarball: $(du -h "dist/$tarball" | cut -f1) (npm pack; nothing is published)"
}

# clippy for wasm32, the browser boundary (src/wasm.rs compiles only there):
# the family module's features, and the cribbage module's with the benchmark
# entry points, which are the cribbage module plus three functions that use
# only what it uses, so every line of the boundary is linted once.
clippy_wasm() {
  if [[ $WASM_ROUTE != A ]]; then
    note "skipped: route B has no clippy for wasm32 (src/wasm.rs is still compiled below)"
    return
  fi
  cargo clippy --target "$WASM_TARGET" --lib --no-default-features --features cribbage,bench -- -D warnings
  cargo clippy --target "$WASM_TARGET" --lib --no-default-features --features family -- -D warnings
}

# Three files at a time: each test file has its own server on a free port, its
# own browser and its own temporary folders, so files never share state. Two
# left a fifth of the two cores idle on a quiet machine (README, "The test
# run"). tools/browser-tests.mjs runs them as `node --test` does, the longest
# first.
BROWSER_TEST_CONCURRENCY=${BROWSER_TEST_CONCURRENCY:-3}
browser_tests() {
  node tools/browser-tests.mjs --concurrency "$BROWSER_TEST_CONCURRENCY"
}

# Prints the phase table (of `test` and `soak`) however the run ends, and
# stops the background jobs a run that stopped early no longer needs (a run
# that got to the end has waited for them). Not judged by the exit status:
# a run ended by a signal reaches this trap with a status of 0.
on_exit() {
  local status=$?
  stop_wasm_bindgen
  stop_wasm_compile
  stop_cargo_test
  print_phases
  return "$status"
}

cmd_test() {
  phase "installs" deps
  step "cargo fmt --check"
  phase "cargo fmt --check" cargo fmt --check
  start_wasm_compile
  step "cargo clippy --all-targets"
  phase "clippy (host, all targets)" cargo clippy --all-targets -- -D warnings
  step "cargo clippy for wasm32 (the browser boundary)"
  phase "clippy (wasm32)" clippy_wasm
  step "cargo test: compiling"
  phase "cargo test: compile" cargo test --no-run
  step "cargo test (unit, integration, doc), in the background"
  start_cargo_test
  phase "wasm modules: rest of the compile" wait_wasm_compile
  phase "wasm modules: bindgen, wasm-opt, checks" build_wasm
  phase "precache list" build_precache
  phase "type-check (tsc)" check_types
  phase "cargo test: rest of the run" wait_cargo_test
  step "Browser tests (node:test, headless Chromium, $BROWSER_TEST_CONCURRENCY files at a time, the longest first)"
  phase "browser tests" browser_tests
  phase "dist" build_dist
  phase "budgets" check_budgets
  phase "Lighthouse" run_lighthouse
  step "All passed"
}

# The long audits: 100,000 random games each of standard, reverse, Noddy and
# Costly Colours, every invariant checked after every action (the default
# run audits the first few thousand of each). Each is run by its exact path
# in the integration tests' one binary (tests/it/, `module::test`) and must
# be reported as one test passed, so a renamed test cannot make the soak
# pass by running nothing.
SOAK_TESTS=(
  random_games::soak_invariants_hold_over_a_hundred_thousand_random_games
  random_games::soak_invariants_hold_over_a_hundred_thousand_random_reverse_games
  noddy::soak_invariants_hold_over_a_hundred_thousand_random_games
  costly_colours::soak_invariants_hold_over_a_hundred_thousand_random_games
)

cmd_soak() {
  need_rust
  local test log
  step "Compiling the soak tests (release profile)"
  phase "compile (release)" cargo test --release --no-run --test it
  mkdir -p target
  log=target/soak.log
  for test in "${SOAK_TESTS[@]}"; do
    step "tests/it/${test%%::*}.rs: ${test#*::}"
    phase "${test%%::*}: ${test#*::soak_}" soak_one "$test" "$log"
  done
  step "Soak passed"
}

# soak_one TEST LOG: runs one ignored soak test (module::name), which must
# pass alone.
soak_one() {
  local test=$1 log=$2
  cargo test --release --quiet --test it -- --ignored --exact "$test" 2>&1 | tee "$log"
  grep -q '^test result: ok\. 1 passed' "$log" || die "tests/it/${test%%::*}.rs: ${test#*::} did not run as one passing test"
}

cmd_bench() {
  deps
  build_wasm
  step "Native benchmark (cargo run --release -- bench scoring game ai)"
  # The CLI prints its figures as one JSON object on stdout, a readable line
  # for each on stderr; tools/bench.mjs reads distribution_hands_per_second.
  local native_json=target/bench-native.json
  mkdir -p target
  if ! cargo run --release --quiet -- bench scoring game ai >"$native_json"; then
    note "the CLI's 'bench' subcommand failed or is missing; no native figure"
    : >"$native_json"
  fi
  step "Browser benchmark (wasm in headless Chromium)"
  node tools/bench.mjs --native-json "$native_json"
  step "Computer players in the browser (wasm in a Web Worker, headless Chromium)"
  node tools/ai-bench.mjs
  step "Peg board redraws with reduced motion (headless Chromium)"
  node tools/board-bench.mjs
}

usage() {
  sed -n '2,/^$/{s/^# \{0,1\}//;p}' "$0"
}

main() {
  trap on_exit EXIT
  local cmd=${1:-}
  [[ $# -gt 0 ]] && shift
  case $cmd in
    serve | test | soak | build | dist | budget | package | bench | deps) "cmd_$cmd" "$@" ;;
    # Internal: the background half of `test` (start_wasm_compile).
    _compile-wasm) cmd_compile_wasm ;;
    -h | --help | help) usage ;;
    '') usage && exit 2 ;;
    *) usage >&2 && die "unknown command: $cmd" ;;
  esac
}

main "$@"
