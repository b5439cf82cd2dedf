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
# cli-values.yaml's PROVIDER_TYPE names.
render_plan_case() {
  local case=$1 plan=dev key value provider
  local -a files=() values=()
  provider=$(sed -n 's/^PROVIDER_TYPE: //p' "$fixtures/inputs/$case/cli-values.yaml")
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
  # lives in; the dev plan has one of each.
  awk -v dir="$out/$case" '
    function keep() {
      if (kind == "KubeadmControlPlane" || kind == "KubeadmConfigTemplate") {
        if (seen[kind]++) { print "tkg.sh: more than one " kind > "/dev/stderr"; exit 1 }
        printf "%s", doc > (dir "/" tolower(kind) ".yaml")
      }
    }
    /^---$/ { keep(); doc = ""; kind = ""; next }
    { doc = doc $0 "\n" }
    /^kind: / { kind = $2 }
    END { keep() }' "$work/$case.yaml"
}

for case_dir in "$fixtures"/inputs/plan-*/; do
  render_plan_case "$(basename "$case_dir")"
done

if [ "$check" = "--check" ]; then
  diff -r "$fixtures/rendered" "$out"
  echo "tkg.sh: the fixtures match a fresh render"
else
  rm -rf "$fixtures/rendered"
  cp -r "$out" "$fixtures/rendered"
  echo "tkg.sh: rendered into $fixtures/rendered"
fi
