#!/usr/bin/env bash
# Renders the TKG reference fixtures (test/fixtures/references/tkg/) with TKG's own templates and
# engine: the plan-based vSphere cluster templates of tanzu-framework (providers/, the tree the
# `tanzu cluster create` of TKG 2.x reads from ~/.config/tanzu/tkg) through ytt, assembled as the
# CLI's ytt processor does (tkg/yamlprocessor/ytt.go): the paths of the plan's
# cluster-template-definition-<plan>.yaml in its order, the BOM files marked text-plain, and as data
# values every variable of the cluster configuration (and of the values the CLI sets itself) that
# the templates' data values define, each given as YAML (--data-value-yaml).
#
# Usage: scripts/references/tkg.sh SOURCE_CHECKOUT [--check]
#   SOURCE_CHECKOUT: a clone (or bare git directory) of github.com/vmware-tanzu/tanzu-framework that
#   has the pinned commit; providers/ is read from that commit (it was removed from the branch
#   after it). --check renders into a temporary directory and diffs against the fixtures.
set -euo pipefail
# The parent of 18a59d85f23e ("remove providers"), the last commit with providers/.
COMMIT=3b8a8ff507906edae626f67f3998fd252fb70be6
# The infrastructure provider versions of that commit's providers/config.yaml.
declare -A PROVIDER_VERSIONS=([vsphere]=v1.5.3 [aws]=v2.0.2 [azure]=v1.6.3)

source_checkout=${1:?usage: tkg.sh SOURCE_CHECKOUT [--check]}
check=${2:-}
root=$(cd "$(dirname "$0")/../.." && pwd)
fixtures=$root/test/fixtures/references/tkg

if ! git -C "$source_checkout" cat-file -e "$COMMIT^{commit}" 2>/dev/null; then
  echo "tkg.sh: $source_checkout has no commit $COMMIT (tanzu-framework, the parent of 18a59d85f23e)" >&2
  exit 1
fi

bash "$root/scripts/build-go-tools.sh" "$root/.cache/reference-bin" "$root/scripts/reference-tools/ytt" >&2
ytt=$root/.cache/reference-bin/ytt

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The CLI's template directory: providers/ as the release ships it, and bom/ beside it. The BOMs
# are the ones tanzu-framework's own template tests render with (providers/tests/unit/fixtures).
tkg_dir=$work/tkg
mkdir -p "$tkg_dir/bom"
git -C "$source_checkout" archive "$COMMIT" providers | tar -x -C "$tkg_dir"
cp "$tkg_dir/providers/tests/unit/fixtures/tkg-bom-v1.4.0.yaml" "$tkg_dir/providers/tests/unit/fixtures/tkr-bom-v1.21.1.yaml" "$tkg_dir/bom/"

out=$work/out
mkdir -p "$out"

# ytt's arguments for a template definition: each path with -f, a path with a filemark marking
# every file under it.
definition_args() {
  local definition=$1 path mark file
  while IFS=$'\t' read -r path mark; do
    echo "-f"
    echo "$path"
    if [ -n "$mark" ]; then
      for file in $(cd "$tkg_dir/$path" && find . -type f | sed 's|^\./||' | sort); do
        echo "--file-mark"
        echo "$file:type=$mark"
      done
    fi
  done < <("$ytt" -f "$definition" -o json | jq -r '.spec.paths[] | [.path, (.filemark // "")] | @tsv')
}

# One plan-based cluster: inputs/<case>/{cluster-config.yaml,cli-values.yaml} ->
# rendered/<case>/{kubeadmcontrolplane.yaml,kubeadmconfigtemplate.yaml}, on the provider that
# cli-values.yaml's PROVIDER_TYPE names; on vSphere with a proxy also addon-secrets.yaml.
render_plan_case() {
  local case=$1 plan=dev key value provider http_proxy
  local -a files=() values=()
  provider=$(sed -n 's/^PROVIDER_TYPE: //p' "$fixtures/inputs/$case/cli-values.yaml")
  http_proxy=$(sed -n 's/^TKG_HTTP_PROXY: //p' "$fixtures/inputs/$case/cluster-config.yaml")
  mapfile -t files < <(definition_args "$tkg_dir/providers/infrastructure-$provider/${PROVIDER_VERSIONS[$provider]}/cluster-template-definition-$plan.yaml")
  local known
  known=$(cd "$tkg_dir" && "$ytt" "${files[@]}" --data-values-inspect -o json | jq -r 'keys[]')
  for input in "$fixtures/inputs/$case/cluster-config.yaml" "$fixtures/inputs/$case/cli-values.yaml"; do
    while IFS= read -r line; do
      key=${line%%: *}
      value=${line#*: }
      # The CLI passes only the variables the templates define (TKG_HTTP_PROXY_ENABLED, for one,
      # is read by the CLI itself).
      if grep -qx "$key" <<<"$known"; then
        values+=(--data-value-yaml "$key=$value")
      fi
    done <"$input"
  done
  mkdir -p "$out/$case"
  (cd "$tkg_dir" && "$ytt" "${files[@]}" "${values[@]}") >"$work/$case.yaml"
  # The stream split at its document separators, keeping (unchanged) the two kinds the node proxy
  # lives in (the dev plan has one of each) and, for a vSphere cluster with a proxy, every Secret
  # that carries the proxy URL (the addon Secrets and the config values), in stream order.
  local secrets=""
  if [ "$provider" = vsphere ] && [ -n "$http_proxy" ]; then
    secrets=$out/$case/addon-secrets.yaml
  fi
  awk -v dir="$out/$case" -v proxy="$http_proxy" -v secrets="$secrets" '
    function keep() {
      if (kind == "KubeadmControlPlane" || kind == "KubeadmConfigTemplate") {
        if (seen[kind]++) { print "tkg.sh: more than one " kind > "/dev/stderr"; exit 1 }
        printf "%s", doc > (dir "/" tolower(kind) ".yaml")
      }
      if (secrets != "" && kind == "Secret" && index(doc, proxy) > 0) {
        printf "%s%s", (kept++ ? "---\n" : ""), doc > secrets
      }
    }
    /^---$/ { keep(); doc = ""; kind = ""; next }
    { doc = doc $0 "\n" }
    /^kind: / { kind = $2 }
    END {
      keep()
      if (secrets != "" && !kept) { print "tkg.sh: no Secret carries the proxy" > "/dev/stderr"; exit 1 }
    }' "$work/$case.yaml"
}

# The ClusterClass-based flavour: the class rendered from its template definition
# (clusterclass-tkg-vsphere-default.yaml, as the management cluster's packages install it), then its
# patches that read the `proxy` variable evaluated for a Cluster by conformance/gotemplate, which
# runs them with the libraries Cluster API's topology controller uses (text/template with Sprig,
# sigs.k8s.io/yaml, evanphx/json-patch) following its inline patch engine; it is not the
# controller itself. inputs/<case>/cluster.yaml ->
# rendered/<case>/{kubeadmcontrolplanetemplate.json,kubeadmconfigtemplate.json} (the patched
# templates of the control plane and of the Cluster's first MachineDeployment, pretty-printed).
bash "$root/conformance/gotemplate/build.sh" >&2
patch_engine=$root/conformance/.cache/bin/go-clusterclass-patches
class_docs=$work/clusterclass-vsphere.json
mapfile -t class_files < <(definition_args "$tkg_dir/providers/infrastructure-vsphere/${PROVIDER_VERSIONS[vsphere]}/clusterclass-tkg-vsphere-default.yaml")
(cd "$tkg_dir" && "$ytt" "${class_files[@]}" -o json) | jq -s . >"$class_docs"

render_class_case() {
  local case=$1
  mkdir -p "$out/$case"
  "$ytt" -f "$fixtures/inputs/$case/cluster.yaml" -o json >"$work/$case-cluster.json"
  jq -n --slurpfile docs "$class_docs" --slurpfile clusters "$work/$case-cluster.json" '
    def template($ref): $docs[0][] | select(.kind == $ref.kind and .metadata.name == $ref.name);
    $docs[0] as $docs | $clusters[0] as $cluster
    | ($docs[] | select(.kind == "ClusterClass")) as $class
    | $cluster.spec.topology as $topology
    | $topology.workers.machineDeployments[0] as $md
    | ($class.spec.workers.machineDeployments[] | select(.class == $md.class)) as $mdClass
    | $cluster.spec.clusterNetwork as $network
    | ([$network.pods.cidrBlocks[], $network.services.cidrBlocks[]] | map(contains(":"))) as $v6
    | {clusters: [{
        patches: [$class.spec.patches[] | select(tostring | test("\\.proxy\\b"))],
        variables: (([$topology.variables[] | {(.name): .value}] | add // {}) + {builtin: {cluster: {
          name: $cluster.metadata.name, namespace: $cluster.metadata.namespace,
          topology: {class: $topology.class, version: $topology.version},
          network: {pods: $network.pods.cidrBlocks, services: $network.services.cidrBlocks,
            ipFamily: (if ($v6 | all) then "IPv6" elif ($v6 | any) then "DualStack" else "IPv4" end)}}}}),
        items: [
          {object: template($class.spec.controlPlane.ref), holder: {kind: "Cluster", fieldPath: "spec.controlPlaneRef"},
           variables: {builtin: {controlPlane: {replicas: $topology.controlPlane.replicas, version: $topology.version}}}},
          {object: template($mdClass.template.bootstrap.ref), holder: {kind: "MachineDeployment", fieldPath: "spec.template.spec.bootstrap.configRef"},
           variables: {builtin: {machineDeployment: {class: $md.class, topologyName: $md.name, replicas: $md.replicas, version: $topology.version}}}}
        ]}]}' >"$work/$case-patch-input.json"
  "$patch_engine" <"$work/$case-patch-input.json" >"$work/$case-patched.json"
  if jq -e '.clusters[0].error' "$work/$case-patched.json" >/dev/null; then
    echo "tkg.sh: $case: $(jq -r '.clusters[0].error' "$work/$case-patched.json")" >&2
    exit 1
  fi
  jq '.clusters[0].items[0]' "$work/$case-patched.json" >"$out/$case/kubeadmcontrolplanetemplate.json"
  jq '.clusters[0].items[1]' "$work/$case-patched.json" >"$out/$case/kubeadmconfigtemplate.json"
}

for case_dir in "$fixtures"/inputs/plan-*/; do
  render_plan_case "$(basename "$case_dir")"
done
for case_dir in "$fixtures"/inputs/clusterclass-*/; do
  render_class_case "$(basename "$case_dir")"
done

if [ "$check" = "--check" ]; then
  diff -r "$fixtures/rendered" "$out"
  echo "tkg.sh: the fixtures match a fresh render"
else
  rm -rf "$fixtures/rendered"
  cp -r "$out" "$fixtures/rendered"
  echo "tkg.sh: rendered into $fixtures/rendered"
fi
