#!/usr/bin/env bash
# Builds the ClusterClass patch evaluator (conformance/gotemplate/main.go) into
# conformance/.cache/bin/go-clusterclass-patches (gitignored). Offline: Debian's Go in GOPATH mode
# (GO111MODULE=off GOPATH=/usr/share/gocode, GOPROXY=off) with the libraries Cluster API uses, from
# Debian packages: golang-github-masterminds-sprig-dev, golang-k8s-sigs-yaml-dev,
# golang-github-evanphx-json-patch-dev (and golang-go). Quick when nothing changed (Go's cache).
# Usage: bash conformance/gotemplate/build.sh   (the ClusterClass tests call it)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cache="$root/.cache"
mkdir -p "$cache/bin" "$cache/go-build"
export GO111MODULE=off GOPATH=/usr/share/gocode GOPROXY=off GOFLAGS= GOCACHE="$cache/go-build"
for package in github.com/Masterminds/sprig sigs.k8s.io/yaml github.com/evanphx/json-patch/v5; do
  if [ ! -d "$GOPATH/src/$package" ]; then
    echo "gotemplate: $GOPATH/src/$package is missing; install golang-github-masterminds-sprig-dev golang-k8s-sigs-yaml-dev golang-github-evanphx-json-patch-dev" >&2
    exit 1
  fi
done
# GOPATH mode refuses absolute package paths: build relative to the conformance directory.
cd "$root"
go build -o "$cache/bin/go-clusterclass-patches" ./gotemplate
