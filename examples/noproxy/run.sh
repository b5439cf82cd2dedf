#!/usr/bin/env bash
# The bundled example: the NO_PROXY of a dual-stack AWS workload cluster behind a corporate proxy,
# and what each HTTP client family does with it for an in-cluster and an external destination.
# Run with `npm run example` (compiles first) from the repository root.
set -euo pipefail
cd "$(dirname "$0")/../.."
cli=(node lib/cli/main.js)
cluster=(
  --no-proxy '.corp.example,10.0.0.0/8,registry.internal.example'
  --pod-cidr 192.168.0.0/16 --pod-cidr fd00:10:244::/56
  --service-cidr 10.96.0.0/12 --service-cidr fd00:10:96::/112
  --control-plane-endpoint api.demo.corp.example
  --machine-cidr 10.20.0.0/16
  --provider aws --region eu-central-1
)

echo "== NO_PROXY (env form) =="
"${cli[@]}" noproxy "${cluster[@]}"
echo
echo "== kubernetes.default.svc: every client must go direct =="
"${cli[@]}" explain https://kubernetes.default.svc/ "${cluster[@]}"
echo
echo "== an external registry: every client must use the proxy =="
"${cli[@]}" explain https://registry-1.docker.io/v2/ "${cluster[@]}"
