#!/bin/sh
# `npm test`: installs what is missing (scripts/ensure-deps.mjs), then lint, type checks, build,
# then vitest and Playwright inside a private D-Bus session with an unlocked gnome-keyring
# (scripts/with-keyring.sh), so keychain tests hit a real keyring.
# Every step runs even after a failure, so one run shows everything that is wrong.
set -u
cd "$(dirname "$0")/.."
node scripts/ensure-deps.mjs test || exit 1
bin=node_modules/.bin
failed=""
started=$(date +%s)

step() {
  name=$1
  shift
  printf '\n== %s\n' "$name"
  if "$@"; then
    printf '== %s: ok\n' "$name"
  else
    printf '== %s: FAILED\n' "$name"
    failed="$failed\n  - $name"
    return 1
  fi
}

# A step started in the background: its output goes to a file, shown whole by finish.
start() {
  name=$1
  shift
  log="$checks/$(printf %s "$name" | tr -c 'A-Za-z0-9' _).log"
  ( "$@" >"$log" 2>&1; echo $? >"$log.status" ) &
}

finish() {
  name=$1
  log="$checks/$(printf %s "$name" | tr -c 'A-Za-z0-9' _).log"
  step "$name" sh -c 'cat "$1"; exit "$(cat "$1.status")"' finish "$log"
}

# eslint and the two type checks are single-threaded and need nothing from each other: they run
# side by side, each one's output printed whole and in this order once all are done.
checks=$(mktemp -d "${TMPDIR:-/tmp}/coffer-checks.XXXXXX")
trap 'rm -rf "$checks"' EXIT INT TERM
start "eslint" "$bin/eslint" .
start "tsc (main, preload, tests)" "$bin/tsc" -p tsconfig.node.json --noEmit
start "vue-tsc (renderer)" "$bin/vue-tsc" -p tsconfig.web.json --noEmit
wait
finish "eslint" || true
finish "tsc (main, preload, tests)" || true
finish "vue-tsc (renderer)" || true
if step "build" "$bin/electron-vite" build; then
  step "vitest + playwright (private keyring)" scripts/with-keyring.sh sh -c \
    'status=0; node_modules/.bin/vitest run || status=1; node_modules/.bin/playwright test || status=1; exit $status' || true
else
  failed="$failed\n  - vitest + playwright (not run: the build failed)"
fi

printf '\n== npm test finished in %s s\n' "$(( $(date +%s) - started ))"
if [ -n "$failed" ]; then
  printf "== failed:$failed\n"
  exit 1
fi
echo "== all green"
