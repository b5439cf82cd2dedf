/**
 * The adapters' frameworks are optional peer dependencies of this package, so a project that uses
 * only one adapter installs only its framework. Loading an entry point whose framework is missing
 * fails here, naming the packages to install, instead of with a bare "Cannot find module" from
 * deep inside the adapter.
 *
 * @param entryPoints the entry points that need `peers`, e.g. `cluster-proxy-constructs/pulumi`
 * @param peers the packages they need
 */
export function requireOptionalPeers(entryPoints: string, peers: readonly string[]): void {
  const missing = peers.filter((peer) => !resolvable(peer));
  if (missing.length > 0) {
    throw new Error(`${entryPoints} need ${missing.join(', ')}, not installed (optional peer dependencies of `
      + `cluster-proxy-constructs, needed only there): npm install ${missing.join(' ')}`);
  }
}

function resolvable(name: string): boolean {
  try {
    require.resolve(name);
    return true;
  } catch {
    return false;
  }
}
