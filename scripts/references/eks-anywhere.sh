#!/usr/bin/env bash
# Renders EKS Anywhere's proxy node data for the cluster configurations in
# test/fixtures/references/eks-anywhere/inputs with EKS Anywhere's own code at the pinned commit:
# scripts/reference-tools/eks-anywhere/proxy_reference_test.go is dropped into a new package
# (internal/proxyreference) of a temporary copy of the source and run with `go test`; the
# dependencies come from the Go module proxy at the versions EKS Anywhere's go.sum pins.
#
# Usage: eks-anywhere.sh SOURCE_CHECKOUT [--check]
# SOURCE_CHECKOUT: a git checkout or mirror of github.com/aws/eks-anywhere at the pinned commit.
set -euo pipefail
pinned_commit=aebd9a0623cd7725c3f5157a6f5a02391a22f8c3
fixtures=$(cd "$(dirname "$0")/../.." && pwd)/test/fixtures/references/eks-anywhere
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"

checkout=${1:?usage: eks-anywhere.sh SOURCE_CHECKOUT [--check]}
mode=${2:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
reference_extract "$checkout" "$work"
package=internal/proxyreference
mkdir -p "$work/$package"
cp "$repo_root/scripts/reference-tools/eks-anywhere/proxy_reference_test.go" "$work/$package/"
reference_render_go "$work" "$package" "$mode"
