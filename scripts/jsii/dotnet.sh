#!/usr/bin/env bash
# The .NET package of the library.
#
# Usage: scripts/jsii/dotnet.sh package
#  package    builds the NuGet package from the jsii assembly in build/jsii (built first when
#             missing) into dist/dotnet/ with jsii-pacmak. That needs the .NET SDK, which none of
#             the registries this project's machines reach carries: without it, dist/dotnet holds
#             the generated C# sources alone, and the script says so.
set -euo pipefail
cd "$(dirname "$0")/../.."

case "${1:-}" in
  package)
    [ -f build/jsii/.jsii ] || node scripts/jsii/build.js
    rm -rf dist/dotnet
    if command -v dotnet >/dev/null 2>&1; then
      node_modules/.bin/jsii-pacmak build/jsii --outdir dist --targets dotnet
    else
      node_modules/.bin/jsii-pacmak build/jsii --code-only --outdir dist --targets dotnet
      echo "dotnet.sh: no .NET SDK here: dist/dotnet holds the generated C# sources, no .nupkg" >&2
    fi
    ;;
  *) echo "usage: $0 package" >&2; exit 64 ;;
esac
