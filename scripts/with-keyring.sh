#!/bin/sh
# Runs a command inside a private D-Bus session with an unlocked gnome-keyring, HOME redirected to
# a temporary directory so tests never touch the user's real keyring. Usage:
#   scripts/with-keyring.sh npx vitest run test/integration/keychain
set -eu
if [ "$#" -eq 0 ]; then
  echo "usage: $0 command [args...]" >&2
  exit 2
fi
for tool in dbus-run-session gnome-keyring-daemon; do
  command -v "$tool" >/dev/null 2>&1 || {
    echo "$tool is missing: apt-get install dbus gnome-keyring libsecret-1-dev" >&2
    exit 127
  }
done
root=$(mktemp -d "${TMPDIR:-/tmp}/coffer-keyring.XXXXXX")
trap 'rm -rf "$root"' EXIT INT TERM
mkdir -p "$root/home/run"
chmod 700 "$root/home/run"
# npm and npx still find the project's own tools; keep the real npm cache out of the temp HOME.
export npm_config_cache="${npm_config_cache:-${HOME:-/root}/.npm}"
export COFFER_REAL_HOME="${HOME:-}"
export HOME="$root/home" XDG_RUNTIME_DIR="$root/home/run"
unset DISPLAY || true
status=0
dbus-run-session -- sh -c '
  printf %s "coffer-test-keyring" | gnome-keyring-daemon --unlock --components=secrets >/dev/null || {
    echo "with-keyring: gnome-keyring-daemon could not start an unlocked keyring" >&2
    exit 1
  }
  exec "$@"
' coffer-keyring "$@" || status=$?
exit "$status"
