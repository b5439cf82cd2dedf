#!/usr/bin/env bash
# Builds the External Secrets template renderer (conformance/esotemplate/main.go) into
# conformance/.cache/bin/go-eso-template (gitignored). Offline: Debian's Go in GOPATH mode with
# Sprig from golang-github-masterminds-sprig-dev, as conformance/gotemplate/build.sh does.
# Usage: bash conformance/esotemplate/build.sh   (the credential source tests call it)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cache="$root/.cache"
mkdir -p "$cache/bin" "$cache/go-build"
export GO111MODULE=off GOPATH=/usr/share/gocode GOPROXY=off GOFLAGS= GOCACHE="$cache/go-build"
if [ ! -d "$GOPATH/src/github.com/Masterminds/sprig" ]; then
  echo "esotemplate: $GOPATH/src/github.com/Masterminds/sprig is missing; install golang-github-masterminds-sprig-dev" >&2
  exit 1
fi
cd "$root"
go build -o "$cache/bin/go-eso-template" ./esotemplate
