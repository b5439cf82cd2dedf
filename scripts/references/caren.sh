#!/usr/bin/env bash
# Renders CAREN's HTTP proxy mutation (pkg/handlers/generic/mutation/generic/httpproxy) for the
# Clusters in test/fixtures/references/caren/inputs with CAREN's own code at the pinned commit:
# scripts/reference-tools/caren/proxy_reference_test.go is dropped into a temporary copy of that
# package (its own tests, which need a test API server, are left out) and run with `go test`; the
# dependencies come from the Go module proxy at the versions CAREN's go.sum pins.
#
# Usage: caren.sh SOURCE_CHECKOUT [--check]
# SOURCE_CHECKOUT: a git checkout or mirror of
# github.com/nutanix-cloud-native/cluster-api-runtime-extensions-nutanix at the pinned commit.
set -euo pipefail
pinned_commit=a3310a6093808c8dd9c58f5c53f5de0884263f8b
fixtures=$(cd "$(dirname "$0")/../.." && pwd)/test/fixtures/references/caren
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"

checkout=${1:?usage: caren.sh SOURCE_CHECKOUT [--check]}
mode=${2:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
reference_extract "$checkout" "$work"
package=pkg/handlers/generic/mutation/generic/httpproxy
rm "$work/$package"/*_test.go
cp "$repo_root/scripts/reference-tools/caren/proxy_reference_test.go" "$work/$package/"
reference_render_go "$work" "$package" "$mode"
