# Sourced by scripts/jsii/<language>.sh: the root of the caches outside the repository that the
# example apps' `prepare` fills (the installer's root), or the user's cache when that is not writable.
tools_cache_root() {
  local root=${CLUSTER_PROXY_TOOLS_CACHE:-/var/cache/cluster-proxy-tools}
  { mkdir -p "$root" 2>/dev/null && [ -w "$root" ]; } || root=${XDG_CACHE_HOME:-$HOME/.cache}/cluster-proxy-tools
  echo "$root"
}
