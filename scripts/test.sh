#!/bin/sh
# `npm test`: lint, type checks, then vitest and Playwright inside a private D-Bus session with an
# unlocked gnome-keyring (scripts/with-keyring.sh), so the keychain tests hit a real keyring.
set -eu
cd "$(dirname "$0")/.."
bin=node_modules/.bin
step() { printf '\n== %s\n' "$*"; }

step "eslint"
"$bin/eslint" .
step "tsc -p tsconfig.node.json"
"$bin/tsc" -p tsconfig.node.json --noEmit
step "vue-tsc -p tsconfig.web.json"
"$bin/vue-tsc" -p tsconfig.web.json --noEmit
step "electron-vite build"
"$bin/electron-vite" build
step "vitest + playwright (private keyring)"
scripts/with-keyring.sh sh -c '
  set -e
  node_modules/.bin/vitest run
  node_modules/.bin/playwright test
'
