#!/usr/bin/env bash
# The test VM's image, built once and cached outside the checkout under a key of its recipe
# (make-image.sh and the files under rootfs/): changing either builds a new image, anything else
# (this script, the test, its harness) reuses the cached one. Also installs the host's tools.
#
# Usage: bash scripts/vm/build-image.sh    prints the image directory on stdout (last line)
# Env:   CLUSTER_PROXY_VM_CACHE  cache root (default /var/cache/cluster-proxy-vm)
#        DEBIAN_MIRROR           passed to make-image.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
# debootstrap, chroot and mkfs -d need root; qemu later runs as the caller.
[ "$(id -u)" = 0 ] || exec sudo --preserve-env=CLUSTER_PROXY_VM_CACHE,DEBIAN_MIRROR bash "$0" "$@"
cache_root="${CLUSTER_PROXY_VM_CACHE:-/var/cache/cluster-proxy-vm}"
log() { echo "vm-image: $*" >&2; }

# The host's tools (idempotent: only what is missing is installed).
declare -A package_for=(
  [debootstrap]=debootstrap [qemu-system-x86_64]=qemu-system-x86 [qemu-img]=qemu-utils
  [mkfs.ext4]=e2fsprogs [genisoimage]=genisoimage [openssl]=openssl [flock]=util-linux
)
missing=()
for tool in "${!package_for[@]}"; do
  command -v "$tool" >/dev/null 2>&1 || [ -x "/usr/sbin/$tool" ] || missing+=("${package_for[$tool]}")
done
if [ ${#missing[@]} -gt 0 ]; then
  log "installing host packages: ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

key="$( { cat "$here/make-image.sh";
  (cd "$here/rootfs" && find . -type f | LC_ALL=C sort | while read -r f; do echo "$f $(stat -c %a "$f")"; cat "$f"; done); } \
  | sha256sum | cut -c1-16)"
image="$cache_root/$key"
if [ -f "$image/manifest.txt" ]; then
  log "cached: $image"
  echo "$image"
  exit 0
fi

mkdir -p "$cache_root"
exec 9>"$cache_root/.lock"
flock 9
if [ -f "$image/manifest.txt" ]; then echo "$image"; exit 0; fi
# Leftovers of an interrupted build (we hold the lock, so none is running).
rm -rf "$cache_root"/.build-*
work="$(mktemp -d "$cache_root/.build-$key.XXXXXX")"
trap 'rm -rf "$work"' EXIT
trap 'exit 1' INT TERM
log "building $image (about 5 minutes)"
bash "$here/make-image.sh" "$here/rootfs" "$work" "$work/image"
echo "key $key" >>"$work/image/manifest.txt"
mv "$work/image" "$image"
log "built $image"
echo "$image"
