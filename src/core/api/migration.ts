/* eslint-disable @typescript-eslint/no-require-imports -- modules whose code loads on first use */
import type { ClusterProxyConfig } from '../definition/cluster-proxy-config';
import type { ImportProxyOptions, ImportResult } from '../import/import-proxy';
import type { ImportSource } from '../import/imported-proxy';
import type { NodeChangesOptions, NodeObjectChanges } from '../import/node-changes';
import type { CompatibilityProfileName } from '../node-files/compatibility-profile-name';
import type { CompatibilityProfile } from '../node-files/compatibility-profiles';
import type { NodeProxyFileOptions } from '../node-files/options';
import type { KubeObject } from '../primitives/k8s/manifest';
import { onFirstUse } from '../primitives/lazy-modules';

const importer = onFirstUse(() => require('../import/import-proxy') as typeof import('../import/import-proxy'));
const changes = onFirstUse(() => require('../import/node-changes') as typeof import('../import/node-changes'));
const adoption = onFirstUse(() => require('../import/adoption') as typeof import('../import/adoption'));
const profiles = onFirstUse(() => require('../node-files/compatibility-profiles') as typeof import('../node-files/compatibility-profiles'));

/**
 * Moving a cluster from the system that proxies it today (TKG, Giant Swarm, CAREN, EKS Anywhere,
 * OpenShift) to this library: read that system's proxy configuration into the definition, see
 * what changes on the nodes, and reproduce its node-file layout where harmless.
 */
export class Migration {
  /**
   * The definition equivalent to another system's proxy configuration (`text`: its config file or
   * object, as YAML or JSON), with a note on every normalisation and a per-client NO_PROXY comparison.
   * The password is never copied into the result.
   */
  public static importProxy(source: ImportSource, text: string, options: ImportProxyOptions = {}): ImportResult {
    return importer().importProxy(source, text, options);
  }

  /** What the library's node files and commands would change on the system's current kubeadm objects. */
  public static nodeChanges(current: KubeObject[], proxy: ClusterProxyConfig, options: NodeChangesOptions): NodeObjectChanges[] {
    return changes().nodeChanges(current, proxy, options);
  }

  /** The named compatibility profile: the node-file layout and where the library keeps its own behaviour. */
  public static compatibilityProfile(name: CompatibilityProfileName): CompatibilityProfile {
    return profiles().compatibilityProfile(name);
  }

  /**
   * The node-file options (`files`) that adopt a running cluster of the profile's system with the
   * bytes its nodes have: the profile, the system's commands, NO_PROXY as the system composes it,
   * the URLs' ports as given. What `cluster-proxy import --check-no-roll` compares with; give them
   * to the constructs to take the cluster over without a roll.
   *
   * @param profile the imported profile (`ImportResult.imported.profile`); without one, only the NO_PROXY and port forms
   */
  public static adoptionFileOptions(profile?: CompatibilityProfileName): NodeProxyFileOptions {
    return adoption().adoptionFileOptions(profile);
  }

  private constructor() {}
}
