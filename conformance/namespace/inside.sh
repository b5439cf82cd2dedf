#!/usr/bin/env bash
# Runs as the first process of a fresh network, mount and PID namespace (see
# test/conformance/support/namespace.ts, which starts it with `unshare --net --mount --pid --fork`).
#
# Usage: inside.sh HOSTS_FILE COMMAND [ARGS...]
#
# Why each step:
#  - `ip link set lo up`: a new network namespace has only `lo`, and it starts down.
#  - the interface check: the suites' network safety rests on this namespace having no device but
#    `lo`, so no packet can leave the machine whatever a client does. Anything else aborts the run.
#  - HOSTS_FILE over /etc/hosts and a private resolv.conf: names resolve only as the suite says,
#    and a DNS query goes to 127.0.0.1:53, where nothing listens, so it fails at once.
#    The bind mounts live in this mount namespace only.
#  - the PID namespace (set up by the caller): when COMMAND exits, the kernel kills every process
#    it left behind (proxies, origins), so nothing outlives the run.
set -euo pipefail

if [ $# -lt 2 ]; then
  echo "usage: inside.sh HOSTS_FILE COMMAND [ARGS...]" >&2
  exit 64
fi
hosts_file=$1
shift

ip link set lo up

# Ask the kernel through netlink (`ip`): /sys/class/net still shows the host's devices, because
# sysfs reflects the network namespace of whoever mounted it.
devices=$(ip -o link show | awk -F': ' '{ print $2 }')
if [ "$devices" != "lo" ]; then
  echo "namespace: refusing to run: network devices other than lo: $(echo "$devices" | tr '\n' ' ')" >&2
  exit 90
fi
# Only the kernel's own local routes may exist: no default route, nothing to a non-loopback network.
foreign_routes=$(ip -4 route show table all | grep -v -E '^(local|broadcast) 127\.' || true)
if [ -n "$foreign_routes" ]; then
  echo "namespace: refusing to run: unexpected IPv4 routes: $foreign_routes" >&2
  exit 90
fi

resolv=$(mktemp)
printf 'nameserver 127.0.0.1\noptions timeout:1 attempts:1\n' > "$resolv"
mount --bind "$hosts_file" /etc/hosts
mount --bind "$resolv" /etc/resolv.conf

exec "$@"
