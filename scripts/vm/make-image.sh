#!/usr/bin/env bash
# The recipe of the test VM's image (build-image.sh caches its result under a hash of this file and
# rootfs/): a Debian bookworm root filesystem from Debian's packages, with systemd, cloud-init,
# containerd, squid (the OpenSSL build, which can intercept TLS) and ca-certificates; its kernel and a
# trimmed initrd. (Ignition comes with the test's seed: Flatcar's, which reads what Cluster API renders.)
#
# Usage (as root): make-image.sh ROOTFS_OVERLAY WORK_DIR OUT_DIR
set -euo pipefail
overlay="$1" work="$2" out="$3"
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
suite=bookworm
# python3-cffi-backend: cloud-init needs it (through cryptography) but debootstrap does not follow
# that dependency on its own. udev: /dev/disk/by-label for the seed disk. python3: the origins
# and checks; python3-grpcio: a CRI call, so containerd itself pulls through the proxy;
# squid-openssl: Debian's squid is built with GnuTLS, without the ssl-bump that re-signs traffic.
packages=(
  systemd-sysv udev kmod initramfs-tools linux-image-amd64
  cloud-init python3-cffi-backend
  containerd squid-openssl ca-certificates curl openssl python3 python3-grpcio
)
start=$(date +%s)
root="$work/root"
unmount() { for m in proc sys dev; do mountpoint -q "$root/$m" && umount -l "$root/$m"; done; return 0; }
trap unmount EXIT
trap 'exit 1' INT TERM

echo "vm-image: debootstrap $suite (${packages[*]})" >&2
debootstrap --variant=minbase --include="$(IFS=,; echo "${packages[*]}")" "$suite" "$root" "$mirror" >"$work/debootstrap.log" 2>&1 \
  || { tail -50 "$work/debootstrap.log" >&2; exit 1; }

cp -a "$overlay/." "$root/"
echo '/dev/vda / ext4 rw,errors=remount-ro 0 1' >"$root/etc/fstab"
echo node-0 >"$root/etc/hostname"
sed -i 's/^MODULES=.*/MODULES=list/' "$root/etc/initramfs-tools/initramfs.conf"
mount -t proc proc "$root/proc"
mount -t sysfs sys "$root/sys"
mount --bind /dev "$root/dev"
chroot "$root" /bin/sh -eu <<'CHROOT'
# The harness starts squid with its own configuration; nothing the test does not use runs.
systemctl disable squid.service >/dev/null 2>&1 || true
systemctl mask apt-daily.timer apt-daily-upgrade.timer e2scrub_all.timer fstrim.timer e2scrub_reap.service cron.service >/dev/null 2>&1 || true
# No logins: a getty on the serial console would hang up the harness's writes to it.
systemctl mask getty-static.service getty@tty1.service serial-getty@ttyS0.service >/dev/null 2>&1 || true
systemctl enable vm-harness-setup.service vm-harness-check.service
passwd -d root >/dev/null
# No public CAs: nothing in the VM may reach the internet, and rehashing Mozilla's ~140
# certificates under emulation takes minutes whenever the bootstrap data updates the trust store.
sed -i 's/^mozilla/!mozilla/' /etc/ca-certificates.conf
update-ca-certificates --fresh >/dev/null
# With no certificate left to add, update-ca-certificates writes no new bundle and keeps the old
# one, all of Mozilla's roots: empty it, so the node's bundle holds exactly what the bootstrap data
# adds.
: >/etc/ssl/certs/ca-certificates.crt
update-initramfs -u -k all >/dev/null 2>&1
apt-get clean
rm -rf /var/lib/apt/lists/* /var/cache/debconf/*-old /usr/share/doc/* /usr/share/man/* /usr/share/locale/*
CHROOT
unmount

mkdir -p "$out"
cp "$(readlink -f "$root/vmlinuz")" "$out/vmlinuz"
cp "$(readlink -f "$root/initrd.img")" "$out/initrd.img"
mkfs.ext4 -q -L root -d "$root" "$out/rootfs.img" 3G
{
  echo "suite $suite"
  echo "build_seconds $(( $(date +%s) - start ))"
  echo "rootfs_used_bytes $(du -sb "$root" | cut -f1)"
  echo "disk_bytes $(du -B1 -c "$out"/* | tail -1 | cut -f1)"
  chroot "$root" dpkg-query -W -f '${Package} ${Version}\n' "${packages[@]}"
} >"$out/manifest.txt"
rm -rf "$root"
