# Shared by the render scripts of systems whose Go code is not served by the Go module proxy
# (EKS Anywhere, CAREN): check the source checkout against the pinned commit, extract it, and in
# --check mode compare a fresh render with the committed fixtures.
# Sourced after setting: pinned_commit, fixtures (the fixture directory of the system).

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

# The checkout is an extracted tree with a COMMIT file naming the pinned commit, or a git directory
# (a clone, or a bare mirror such as /work/.mirror/<owner>+<repo>/repo) whose HEAD is that commit.
# The COMMIT file is looked at first: git would find the repository around an extracted tree.
reference_extract() {
  local checkout=$1 dest=$2 head
  if [ -f "$checkout/COMMIT" ]; then
    if [ "$(cat "$checkout/COMMIT")" != "$pinned_commit" ]; then
      echo "$checkout/COMMIT names $(cat "$checkout/COMMIT"), not the pinned commit $pinned_commit" >&2
      exit 1
    fi
    cp -R "$checkout/." "$dest"
  elif head=$(git -C "$checkout" rev-parse HEAD 2>/dev/null); then
    if [ "$head" != "$pinned_commit" ]; then
      echo "$checkout is at $head, not at the pinned commit $pinned_commit" >&2
      exit 1
    fi
    git -C "$checkout" archive "$pinned_commit" | tar -x -C "$dest"
  else
    echo "$checkout is neither a tree with a COMMIT file nor a git checkout" >&2
    exit 1
  fi
}

# Runs the driver TestRenderProxyReferences, dropped into PACKAGE of the extracted source WORK, on
# the inputs: it renders into the fixtures or, with --check, into a directory of WORK (removed with
# it) compared with them.
reference_render_go() {
  local work=$1 package=$2 mode=$3 rendered=$fixtures/rendered
  if [ "$mode" = --check ]; then
    rendered=$work/.rendered-for-check
  else
    rm -rf "$rendered"
  fi
  mkdir -p "$rendered"
  (
    cd "$work"
    REFERENCE_INPUTS=$fixtures/inputs REFERENCE_OUTPUT=$rendered GOFLAGS=-mod=mod \
      nice -n 19 go test -vet=off -count=1 -run '^TestRenderProxyReferences$' "./$package"
  )
  reference_compare "$mode" "$rendered"
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
