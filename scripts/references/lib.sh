# Shared by the render scripts of systems whose Go code is not served by the Go module proxy
# (EKS Anywhere, CAREN): check the source checkout against the pinned commit, extract it, and in
# --check mode compare a fresh render with the committed fixtures.
# Sourced after setting: pinned_commit, fixtures (the fixture directory of the system).

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

# The checkout is a git directory (a clone, or a bare mirror such as /work/.mirror/<owner>+<repo>/repo)
# whose HEAD is the pinned commit, or an extracted tree with a COMMIT file naming it.
reference_extract() {
  local checkout=$1 dest=$2 head
  if head=$(git -C "$checkout" rev-parse HEAD 2>/dev/null); then
    if [ "$head" != "$pinned_commit" ]; then
      echo "$checkout is at $head, not at the pinned commit $pinned_commit" >&2
      exit 1
    fi
    git -C "$checkout" archive "$pinned_commit" | tar -x -C "$dest"
  elif [ -f "$checkout/COMMIT" ]; then
    if [ "$(cat "$checkout/COMMIT")" != "$pinned_commit" ]; then
      echo "$checkout/COMMIT names $(cat "$checkout/COMMIT"), not the pinned commit $pinned_commit" >&2
      exit 1
    fi
    cp -R "$checkout/." "$dest"
  else
    echo "$checkout is neither a git checkout nor a tree with a COMMIT file" >&2
    exit 1
  fi
}

# Where to render: the fixtures, or with --check a temporary directory compared afterwards.
reference_output() {
  if [ "${1:-}" = --check ]; then
    mktemp -d
  else
    rm -rf "$fixtures/rendered"
    mkdir -p "$fixtures/rendered"
    echo "$fixtures/rendered"
  fi
}

reference_compare() {
  local mode=$1 rendered=$2
  [ "$mode" = --check ] || return 0
  if diff -r "$fixtures/rendered" "$rendered"; then
    echo "the fixtures in $fixtures/rendered match a fresh render"
  else
    echo "the fixtures in $fixtures/rendered differ from a fresh render (above)" >&2
    exit 1
  fi
}
