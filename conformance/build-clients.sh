#!/usr/bin/env bash
# Builds the compiled client programs into conformance/.cache (gitignored). Idempotent and quick
# when nothing changed (Go's build cache; javac only when the source is newer than the class).
#
# Go: Debian's go1.19 and golang.org/x/net from golang-golang-x-net-dev, in GOPATH mode
# (GO111MODULE=off GOPATH=/usr/share/gocode) with GOPROXY=off, so no module proxy is ever asked.
# Java: the JDK's javac (the single-file launcher needs it too, and a JRE alone has neither).
#
# Usage: bash conformance/build-clients.sh   (the tests call it; scripts/install-test-tools.sh too)
set -euo pipefail
root=$(cd "$(dirname "$0")" && pwd)
cache="$root/.cache"
mkdir -p "$cache/bin" "$cache/java" "$cache/go-build"

export GO111MODULE=off GOPATH=/usr/share/gocode GOPROXY=off GOFLAGS= GOCACHE="$cache/go-build"
# GOPATH mode refuses absolute package paths: build relative to the conformance directory.
cd "$root"
go build -o "$cache/bin/go-decide" ./clients/go/decide
go build -o "$cache/bin/go-e2e-get" ./e2e/go-get

source="$root/clients/java/NonProxyHosts.java"
class="$cache/java/NonProxyHosts.class"
if [ ! -f "$class" ] || [ "$source" -nt "$class" ]; then
  javac -d "$cache/java" "$source"
fi
