#!/usr/bin/env bash
# Builds the programs of Go module directories (each a go.mod whose `tool` block names them, its
# go.sum, and a build.env) from the Go module proxy at the versions they pin, into a cache outside
# the repository keyed by those files and the Go version, and links them into a directory.
# A second run finds each build in the cache and only links it.
#
# Usage: build-go-tools.sh LINK_DIR MODULE_DIR...
#
# build.env, sourced in the module directory, may set: ldflags; program_names for a program run
# under another name than Go gives it; after_build OUT to add files from the module beside the
# programs; build_programs OUT in place of the build, for a module whose main package needs a
# generation step first.
#
# Two modules build side by side: a cold build spends much of its time downloading modules and
# linking, each on one core, so the pair finishes well before the two would one after the other.
set -euo pipefail
link_dir=$1
shift
tools_cache=${CLUSTER_PROXY_TOOLS_CACHE:-/var/cache/cluster-proxy-tools}
mkdir -p "$tools_cache" 2>/dev/null || tools_cache=${XDG_CACHE_HOME:-$HOME/.cache}/cluster-proxy-tools
mkdir -p "$tools_cache" "$link_dir"
go_version=$(go version)

# The key leaves out build.env's comments, so a reworded comment rebuilds nothing.
cache_dir_of() {
  local module=$1 key
  key=$( (cat "$module/go.mod" "$module/go.sum"; grep -v '^[[:space:]]*#' "$module/build.env"; echo "$go_version") | sha256sum | cut -c1-16)
  echo "$tools_cache/$(basename "$module")-$key"
}

build_one() {
  local module=$1 out=$2 start
  start=$(date +%s)
  rm -rf "$out"
  (
    cd "$module"
    ldflags=""
    declare -A program_names=()
    # shellcheck source=/dev/null
    source ./build.env
    if declare -F build_programs >/dev/null; then
      build_programs "$out"
    else
      go build -mod=readonly -trimpath -ldflags "-s -w${ldflags}" -o "$out/bin/" tool
    fi
    for built in "${!program_names[@]}"; do
      mv "$out/bin/$built" "$out/bin/${program_names[$built]}"
    done
    if declare -F after_build >/dev/null; then
      after_build "$out"
    fi
  )
  touch "$out/.complete"
  echo "build-go-tools: built $(basename "$module") in $(( $(date +%s) - start ))s"
}

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
declare -A running=() log_of=()
failed=0

# Waits for one build to end; prints its log if it failed.
reap_one() {
  local pid status=0
  wait -n -p pid "${!running[@]}" || status=$?
  if [ "$status" -ne 0 ]; then
    echo "build-go-tools: building ${running[$pid]} failed:" >&2
    cat "${log_of[$pid]}" >&2
    failed=1
  else
    cat "${log_of[$pid]}"
  fi
  unset "running[$pid]" "log_of[$pid]"
}

for module in "$@"; do
  module=${module%/}
  out=$(cache_dir_of "$module")
  [ -f "$out/.complete" ] && continue
  [ "${#running[@]}" -lt 2 ] || reap_one
  echo "build-go-tools: building the Go tools of $module into $out (minutes on a cold machine)"
  log=$(mktemp -p "$logs")
  build_one "$module" "$out" >"$log" 2>&1 &
  running[$!]=$module
  log_of[$!]=$log
done
while [ "${#running[@]}" -gt 0 ]; do
  reap_one
done
[ "$failed" = 0 ] || exit 1

for module in "$@"; do
  for program in "$(cache_dir_of "${module%/}")"/bin/*; do
    ln -sfn "$program" "$link_dir/$(basename "$program")"
  done
done
