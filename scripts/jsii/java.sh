#!/usr/bin/env bash
# The Java (Maven) package of the library, and what examples/java needs to build and run it offline.
#
# Usage: scripts/jsii/java.sh package|prepare|cache-dir
#  package    builds the Maven package from the jsii assembly in build/jsii (built first when
#             missing) into dist/java/, jsii-pacmak's layout (a Maven repository).
#  prepare    everything the Java app needs from the network: the package (when dist/java has none
#             for this version, or one older than the assembly), and a Maven local repository in a
#             cache outside the repository, keyed by the versions below, that holds the app's
#             dependencies and Maven plugins. Maven Central serves no cdk8s-plus-33 jar, so the
#             cache also gets one built by jsii-pacmak (the tool its publishers use) from the npm
#             package in node_modules. Idempotent; seconds when warm. Needs the network when cold.
#  cache-dir  prints that cache (its Maven local repository is repository/; the app and
#             test/jsii/java-app.e2e-test.ts run `mvn -o -Dmaven.repo.local=<cache>/repository`).
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/jsii/tools-cache.sh

app=examples/java
assembly=build/jsii/.jsii
pacmak=node_modules/.bin/jsii-pacmak
# Plain output: no colours, no download progress, no questions.
maven_flags=(--batch-mode --no-transfer-progress -Dstyle.color=never)

npm_version() {
  node -p "require('./node_modules/$1/package.json').version"
}

library_version() {
  node -p "require('./build/jsii/package.json').version"
}

# A version the app's pom.xml pins, by its property name.
pom_version() {
  local value
  value=$(sed -n "s:.*<$1>\(.*\)</$1>.*:\1:p" "$app/pom.xml")
  [ -n "$value" ] || { echo "java.sh: $app/pom.xml has no <$1>" >&2; exit 1; }
  echo "$value"
}

library_jar() {
  local version
  version=$(library_version)
  echo "dist/java/io/github/cluster-proxy-constructs/cluster-proxy-constructs/$version/cluster-proxy-constructs-$version.jar"
}

cache_dir() {
  local tools_cache key
  tools_cache=$(tools_cache_root)
  # What the cache holds depends on these and nothing else.
  key=$( (echo "jsii-pacmak $(npm_version jsii-pacmak)"; echo "cdk8s-plus-33 $(npm_version cdk8s-plus-33)"; cat "$app/pom.xml") \
    | sha256sum | cut -c1-16)
  echo "$tools_cache/jsii-java-$key"
}

mvn_in() {
  local repository=$1
  shift
  mvn "${maven_flags[@]}" -Dmaven.repo.local="$repository" "$@"
}

# Puts a jar and its pom (as jsii-pacmak lays them out) into a Maven local repository.
install_jar() {
  local repository=$1 jar
  jar=$(realpath "$2")
  mvn_in "$repository" --quiet -f "$app/pom.xml" install:install-file -Dfile="$jar" -DpomFile="${jar%.jar}.pom"
}

# cdk8s-plus-33's jar, which Maven Central does not serve: jsii-pacmak builds it from the npm package
# (its .jsii and JavaScript) at the version the app pins, and it goes into the cache's repository,
# where both this library's build and the app find it.
ensure_cdk8s_plus() {
  local cache=$1 version built
  version=$(pom_version cdk8s-plus-33.version)
  [ -f "$cache/.cdk8s-plus-33.complete" ] && return
  if [ "$(npm_version cdk8s-plus-33)" != "$version" ]; then
    echo "java.sh: $app/pom.xml pins cdk8s-plus-33 $version, node_modules has $(npm_version cdk8s-plus-33)" >&2
    exit 1
  fi
  echo "java.sh: building the cdk8s-plus-33 $version jar into $cache (a minute or two)"
  mkdir -p "$cache/repository"
  built="$cache/cdk8s-plus-33.partial.$$"
  rm -rf "$built"
  "$pacmak" node_modules/cdk8s-plus-33 --targets java --outdir "$built" --maven-local-repository "$cache/repository"
  install_jar "$cache/repository" "$built/java/org/cdk8s/cdk8s-plus-33/$version/cdk8s-plus-33-$version.jar"
  rm -rf "$built"
  touch "$cache/.cdk8s-plus-33.complete"
}

package() {
  local cache
  [ -f "$assembly" ] || node scripts/jsii/build.js
  cache=$(cache_dir)
  ensure_cdk8s_plus "$cache"
  rm -rf dist/java
  "$pacmak" build/jsii --targets java --outdir dist --maven-local-repository "$cache/repository"
  echo "java.sh: built $(library_jar)"
}

prepare() {
  local start cache jar version synth_out
  start=$(date +%s)
  jar=$(library_jar)
  version=$(library_version)
  if [ ! -f "$jar" ] || [ ! -f "$assembly" ] || [ "$assembly" -nt "$jar" ]; then
    package
  fi
  cache=$(cache_dir)
  ensure_cdk8s_plus "$cache"
  if [ ! -f "$cache/.complete" ]; then
    echo "java.sh: fetching what $app needs into $cache/repository"
    # The test's own steps once, with the network at hand: install the library, then compile and
    # run the app, which leaves every dependency and plugin they use in the repository.
    install_jar "$cache/repository" "$jar"
    synth_out=$(mktemp -d)
    (cd "$app" && CDK8S_OUTDIR="$synth_out" mvn_in "$cache/repository" --quiet \
      -Dcluster-proxy-constructs.version="$version" compile exec:exec)
    rm -rf "$synth_out"
    touch "$cache/.complete"
  fi
  echo "java.sh: ready in $(( $(date +%s) - start ))s ($jar, $cache/repository)"
}

case "${1:-}" in
  package) package ;;
  prepare) prepare ;;
  cache-dir) cache_dir ;;
  *) echo "usage: $0 package|prepare|cache-dir" >&2; exit 64 ;;
esac
