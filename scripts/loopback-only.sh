#!/usr/bin/env bash
# Runs a command in a fresh network, mount and PID namespace whose only network device is `lo`
# (conformance/namespace/inside.sh checks it before the command starts): whatever the command or
# the programs it starts do, no packet can leave the machine, and every process it leaves behind
# is killed when it exits. `npm run test:e2e` runs its suites this way.
#
# Usage: scripts/loopback-only.sh COMMAND [ARGS...]
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 1 ]; then
  echo "usage: $0 COMMAND [ARGS...]" >&2
  exit 64
fi
hosts=$(mktemp)
trap 'rm -f "$hosts"' EXIT
printf '127.0.0.1 localhost\n::1 localhost ip6-localhost ip6-loopback\n' > "$hosts"
user_namespace=()
[ "$(id -u)" = 0 ] || user_namespace=(--map-root-user)
unshare "${user_namespace[@]}" --net --mount --pid --fork --kill-child -- \
  bash conformance/namespace/inside.sh "$hosts" "$@"
