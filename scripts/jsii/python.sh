#!/usr/bin/env bash
# The Python package of the library, and what examples/python needs to run it offline.
#
# Usage: scripts/jsii/python.sh package|prepare|cache-dir
#  package    builds the package (wheel and sdist) from the jsii assembly in build/jsii (built
#             first when missing) into dist/python/ with jsii-pacmak, which installs its build
#             tools (setuptools, build, twine) from PyPI into a virtual environment of its own.
#  prepare    everything the Python app needs from the network: the package (when dist/python has
#             none for this version, or one older than the assembly), and the wheels of
#             examples/python/requirements.txt, downloaded with pip into a cache outside the
#             repository keyed by that file and the Python version. Idempotent; seconds when warm.
#  cache-dir  prints where prepare puts those wheels (test/jsii/python-app.e2e-test.ts installs
#             from there and dist/python with `pip --no-index`, without network).
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/jsii/tools-cache.sh

requirements=examples/python/requirements.txt
assembly=build/jsii/.jsii

wheel_file() {
  local version
  version=$(node -p "require('./package.json').version")
  echo "dist/python/cluster_proxy_constructs-${version}-py3-none-any.whl"
}

cache_dir() {
  local tools_cache key
  tools_cache=$(tools_cache_root)
  # Which wheels pip picks depends on the interpreter (markers, ABI tags) as well as on the pins.
  key=$( (cat "$requirements"; python3 -c 'import platform, sys; print(sys.implementation.cache_tag, platform.machine())') \
    | sha256sum | cut -c1-16)
  echo "$tools_cache/jsii-python-$key"
}

# jsii-pacmak builds the package in a virtual environment, and the test installs the app into one;
# Debian's python3 needs python3-venv for them.
require_venv() {
  python3 -c 'import ensurepip, venv' 2>/dev/null \
    || { echo "python.sh: python3 cannot create virtual environments (on Debian: apt-get install python3-venv)" >&2; exit 1; }
}

package() {
  require_venv
  [ -f "$assembly" ] || node scripts/jsii/build.js
  rm -rf dist/python
  node_modules/.bin/jsii-pacmak build/jsii --outdir dist --targets python
  echo "python.sh: built $(ls dist/python | tr '\n' ' ')"
}

prepare() {
  local start out wheel staging
  start=$(date +%s)
  wheel=$(wheel_file)
  if [ ! -f "$wheel" ] || [ ! -f "$assembly" ] || [ "$assembly" -nt "$wheel" ]; then
    package
  fi
  require_venv
  out=$(cache_dir)
  if [ ! -f "$out/.complete" ]; then
    echo "python.sh: downloading the wheels of $requirements into $out"
    # Into a directory of its own first: an interrupted download leaves no half-filled cache.
    staging="$out.partial.$$"
    rm -rf "$staging"
    # Wheels only: installing them needs no build tools (and no network).
    python3 -m pip download --disable-pip-version-check --only-binary=:all: --dest "$staging/wheels" -r "$requirements"
    touch "$staging/.complete"
    rm -rf "$out"
    mv "$staging" "$out"
  fi
  echo "python.sh: ready in $(( $(date +%s) - start ))s ($wheel, $out)"
}

case "${1:-}" in
  package) package ;;
  prepare) prepare ;;
  cache-dir) cache_dir ;;
  *) echo "usage: $0 package|prepare|cache-dir" >&2; exit 64 ;;
esac
