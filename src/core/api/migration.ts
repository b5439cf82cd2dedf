import { CompatibilityProfile, compatibilityProfile, CompatibilityProfileName } from '../capi/compatibility-profiles';
import { ClusterProxyConfig } from '../cluster-proxy-config';
import { importProxy, ImportProxyOptions, ImportResult } from '../import/import-proxy';
import { ImportSource } from '../import/imported-proxy';
import { nodeChanges, NodeChangesOptions, NodeObjectChanges } from '../import/node-changes';
import { KubeObject } from '../k8s/manifest';

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
  public static importProxy(source: ImportSource | `${ImportSource}`, text: string, options: ImportProxyOptions = {}): ImportResult {
    return importProxy(source, text, options);
  }

  /** What the library's node files and commands would change on the system's current kubeadm objects. */
  public static nodeChanges(current: KubeObject[], proxy: ClusterProxyConfig, options: NodeChangesOptions): NodeObjectChanges[] {
    return nodeChanges(current, proxy, options);
  }

  /** The named compatibility profile: the node-file layout and where the library keeps its own behaviour. */
  public static compatibilityProfile(name: CompatibilityProfileName | `${CompatibilityProfileName}`): CompatibilityProfile {
    return compatibilityProfile(name);
  }

  private constructor() {}
}
