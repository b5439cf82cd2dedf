import { MissingPeerDependencyError } from '../core/primitives/missing-peer-error';

/**
 * The adapters' frameworks are optional peer dependencies of this package, so a project that uses
 * only one adapter installs only its framework. Loading an entry point whose framework is missing
 * fails here with a {@link MissingPeerDependencyError} naming the packages to install, instead of
 * with a bare "Cannot find module" from deep inside the adapter.
 *
 * @param entryPoint the entry point that needs `peers`, e.g. `cluster-proxy-constructs/pulumi`
 * @param peers the packages it needs
 */
export function requireOptionalPeers(entryPoint: string, peers: readonly string[]): void {
  const missing = peers.filter((peer) => !resolvable(peer));
  if (missing.length > 0) {
    const ranges = supportedRanges();
    throw new MissingPeerDependencyError(entryPoint, Object.fromEntries(missing.map((peer) => [peer, ranges[peer]])));
  }
}

/**
 * The versions of each peer this package supports: its package.json, which npm checks them against
 * too (read only when one is missing).
 */
function supportedRanges(): Record<string, string> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('../../package.json') as { peerDependencies: Record<string, string> }).peerDependencies;
}

function resolvable(name: string): boolean {
  try {
    require.resolve(name);
    return true;
  } catch {
    return false;
  }
}
