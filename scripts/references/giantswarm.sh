#!/usr/bin/env bash
# Renders the Giant Swarm reference fixtures (test/fixtures/references/giantswarm/) with Giant
# Swarm's own code:
# - the `cluster` chart, with Helm, the way a provider chart such as cluster-aws renders it: a
#   parent chart whose charts/ holds the `cluster` chart and whose templates hold cluster-aws's
#   `awsNoProxyList` helper (the NO_PROXY template its values name);
# - cluster-apps-operator's `<cluster>-systemd-proxy` and `<cluster>-cluster-values` Secrets, with
#   its clustersecret resource's GetDesiredState, run by scripts/reference-tools/cluster-apps-operator/
#   reference_render_test.go dropped into a temp copy of its source (modules from the Go proxy).
# Each source is taken at its pinned commit.
#
# Usage: giantswarm.sh CLUSTER_GIT_DIR CLUSTER_AWS_GIT_DIR CLUSTER_APPS_OPERATOR_GIT_DIR [--check]
#   CLUSTER_GIT_DIR                git directory of github.com/giantswarm/cluster (e.g. a mirror's repo)
#   CLUSTER_AWS_GIT_DIR            git directory of github.com/giantswarm/cluster-aws
#   CLUSTER_APPS_OPERATOR_GIT_DIR  git directory of github.com/giantswarm/cluster-apps-operator
#   --check                        render into a temp dir and diff against the fixtures (exit 1 on a difference)
#
# Run by maintainers, not by CI or the test suites: the fixtures are the committed output.
set -euo pipefail
CLUSTER_COMMIT=8657d00aaef4a6e700d7227ec52a3399a3a63d58
CLUSTER_AWS_COMMIT=49d7ad04c570efba4af062f75edac25f1110585d
CLUSTER_APPS_OPERATOR_COMMIT=238b0aa8581237f026f3654222234fdf67f28668
NAMESPACE=org-demo
RELEASE=demo

usage='usage: giantswarm.sh CLUSTER_GIT_DIR CLUSTER_AWS_GIT_DIR CLUSTER_APPS_OPERATOR_GIT_DIR [--check]'
cluster_git=${1:?$usage}
cluster_aws_git=${2:?$usage}
operator_git=${3:?$usage}
check=${4:-}
repo=$(cd "$(dirname "$0")/../.." && pwd)
fixtures=$repo/test/fixtures/references/giantswarm

for pin in "$cluster_git:$CLUSTER_COMMIT" "$cluster_aws_git:$CLUSTER_AWS_COMMIT" "$operator_git:$CLUSTER_APPS_OPERATOR_COMMIT"; do
  if ! git --git-dir="${pin%:*}" cat-file -e "${pin##*:}^{commit}" 2>/dev/null; then
    echo "giantswarm.sh: ${pin%:*} does not hold commit ${pin##*:}" >&2
    exit 2
  fi
done

bash "$repo/scripts/build-go-tools.sh" "$repo/.cache/reference-bin" "$repo/scripts/reference-tools/helm" >&2
helm=$repo/.cache/reference-bin/helm

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The parent chart, in the temp dir only: cluster-aws's dependency on the cluster chart, vendored.
chart=$work/provider-chart
mkdir -p "$chart/charts" "$chart/templates"
git --git-dir="$cluster_git" archive "$CLUSTER_COMMIT" helm/cluster | tar -x -C "$work"
mv "$work/helm/cluster" "$chart/charts/cluster"
cluster_version=$(sed -n 's/^version: *//p' "$chart/charts/cluster/Chart.yaml")
cat > "$chart/Chart.yaml" <<CHART
apiVersion: v2
name: provider-chart
version: 0.0.0
dependencies:
  - name: cluster
    version: "$cluster_version"
CHART
git --git-dir="$cluster_aws_git" show "$CLUSTER_AWS_COMMIT:helm/cluster-aws/templates/_helpers.tpl" \
  | sed -n '/define "awsNoProxyList"/,/{{- end }}/p' > "$chart/templates/_aws_no_proxy.tpl"
grep -q awsNoProxyList "$chart/templates/_aws_no_proxy.tpl"

# Prints the documents of a YAML stream (each starting with a `---` line) that name the proxy
# host or a proxy drop-in, unchanged.
keep_proxy_documents='
  function flush() { if (doc ~ /proxy\.corp\.example|http-proxy\.conf/) printf "%s", doc; doc = "" }
  /^---$/ { flush() }
  { doc = doc $0 "\n" }
  END { flush() }'

out=$work/rendered
mkdir -p "$out"
for values in "$fixtures"/inputs/*.yaml; do
  name=$(basename "$values" .yaml)
  # The objects that carry the proxy (the KubeadmControlPlane, the KubeadmConfigs and anything else
  # naming it), each document unedited, in the stream's order.
  "$helm" template "$RELEASE" "$chart" --namespace "$NAMESPACE" --values "$values" \
    | awk "$keep_proxy_documents" > "$out/$name.yaml"
done
"$helm" version --template '{{.Version}}' > "$out/HELM_VERSION"
echo >> "$out/HELM_VERSION"

# cluster-apps-operator: its own resource code, with a fake API server client holding the inputs.
operator=$work/cluster-apps-operator
mkdir -p "$operator" "$out/cluster-apps-operator"
git --git-dir="$operator_git" archive "$CLUSTER_APPS_OPERATOR_COMMIT" | tar -x -C "$operator"
cp "$repo/scripts/reference-tools/cluster-apps-operator/reference_render_test.go" "$operator/service/controller/resource/clustersecret/"
(
  cd "$operator"
  REFERENCE_PROXY=$fixtures/inputs/cluster-apps-operator/proxy.yaml \
  REFERENCE_OBJECTS=$fixtures/inputs/cluster-apps-operator/objects.yaml \
  REFERENCE_OUTPUT=$out/cluster-apps-operator/secrets.yaml \
    go test -count=1 -run '^TestReferenceRender$' ./service/controller/resource/clustersecret/ >&2
)

if [ "$check" = --check ]; then
  diff -ru "$fixtures/rendered" "$out"
else
  rm -rf "$fixtures/rendered"
  cp -r "$out" "$fixtures/rendered"
fi
