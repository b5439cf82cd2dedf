import { ClusterProxyConfig } from '../cluster-proxy-config';
import { invalidValue } from '../errors';
import { ContainerEnvGroup, proxyContainerEnvGroups, proxyEnvUsesSecret, proxySecretManifest, proxySecretName } from './container-env';
import { InjectionExclusions, ProxyInjectionOptions, ResolvedExclusions, resolveExclusions } from './injection-options';
import { applyJsonPatch, JsonPatchAdd } from './json-patch';
import { matchesNamePattern } from './name-patterns';
import { PodSpecAdditions, planPodSpecAdditions } from './pod-spec-patch';
import { TrustBundlePlan, trustBundleConfigMap, trustBundlePlan } from './trust-bundle';
import { podMetadataPath, podSpecPath } from './workload-kinds';
import { frozen } from '../frozen';
import { KubeObject } from '../k8s/manifest';

/** What {@link ProxyInjection.plan} found for one manifest. */
export interface InjectionPlan {
  /** The `add` operations, relative to the manifest root; empty when nothing is missing. */
  readonly patch: JsonPatchAdd[];
  /**
   * The objects the patched manifest needs in its namespace (the proxy Secret, the CA ConfigMap);
   * empty when the manifest is not patched or needs none.
   */
  readonly supportObjects: KubeObject[];
}

/**
 * Pod-spec injection computed once from a {@link ClusterProxyConfig}: plain manifest JSON in,
 * `add` operations or a new manifest out, for Pod, Deployment, StatefulSet, DaemonSet, ReplicaSet,
 * ReplicationController, PodTemplate, Job and CronJob, and every container in `containers`,
 * `initContainers` and `ephemeralContainers`. Pure: the cdk8s adapter turns the operations into
 * JSON patches at synth time; the Pulumi adapter can apply them in a transform.
 *
 * Guarantees: nothing a manifest sets is replaced or removed (a variable group is added only to a
 * container that sets none of its names); a second pass adds nothing; excluded namespaces, names,
 * containers and opted-out workloads get no operation at all.
 */
export class ProxyInjection {
  /** The cluster's proxy configuration. */
  public readonly config: ClusterProxyConfig;
  /**
   * Variable groups added to each container: proxy variables, then CA variables.
   *
   * @internal
   */
  public readonly envGroups: ContainerEnvGroup[];
  /** True when the env refers to the proxy Secret (credentials and no opt-in to literals). */
  public readonly usesSecret: boolean;
  /** Name of the proxy Secret (whether used or not). */
  public readonly secretName: string;
  /**
   * The CA distribution, when `trustedCaPem` is set.
   *
   * @default - no CA distribution
   *
   * @internal
   */
  public readonly trust?: TrustBundlePlan;
  /**
   * The validated exclusions.
   *
   * @internal
   */
  public readonly exclusions: ResolvedExclusions;
  private readonly additions: PodSpecAdditions;

  constructor(config: ClusterProxyConfig, options: ProxyInjectionOptions = {}, alwaysExcludedNamespaces: string[] = []) {
    if (!(config instanceof ClusterProxyConfig)) {
      throw invalidValue('config', config, 'must be a ClusterProxyConfig');
    }
    this.config = config;
    this.usesSecret = proxyEnvUsesSecret(config, options);
    this.secretName = proxySecretName(options);
    this.trust = trustBundlePlan(config, options.trustBundle);
    this.exclusions = resolveExclusions(options as InjectionExclusions, alwaysExcludedNamespaces);
    this.envGroups = frozen([...proxyContainerEnvGroups(config, options), ...(this.trust?.envGroups ?? [])]);
    this.additions = {
      envGroups: this.envGroups,
      excludedContainers: this.exclusions.containers,
      caVolume: this.trust && { name: this.trust.volumeName, configMapName: this.trust.configMapName, mountPath: this.trust.mountPath },
    };
    Object.freeze(this);
  }

  /**
   * The objects every namespace with injected pods needs: the proxy Secret (only when the env
   * refers to it) and the CA ConfigMap (only with `trustedCaPem`). `namespace` undefined means
   * "the namespace the workloads are applied to" (the adapter's default).
   */
  public supportObjects(namespace?: string): KubeObject[] {
    return [
      ...(this.usesSecret ? [proxySecretManifest(this.config, namespace, { secretName: this.secretName })] : []),
      ...(this.trust ? [this.trust.trustManager ?? trustBundleConfigMap(this.trust, namespace)] : []),
    ];
  }

  /** True when the manifest is in an excluded namespace, has an excluded name, or is opted out. */
  public isExcluded(manifest: KubeObject): boolean {
    const metadata = manifest.metadata ?? {};
    if (metadata.namespace !== undefined && this.exclusions.namespaces.includes(metadata.namespace)) {
      return true;
    }
    if (typeof metadata.name === 'string' && matchesNamePattern(metadata.name, this.exclusions.names)) {
      return true;
    }
    const specPath = podSpecPath(manifest.apiVersion, manifest.kind);
    const podMetadata = specPath ? valueAt(manifest, podMetadataPath(specPath)) as KubeObject['metadata'] | undefined : undefined;
    return [metadata, podMetadata].some((meta) => meta?.annotations?.[this.exclusions.optOutAnnotation] === this.exclusions.optOutValue);
  }

  /**
   * The operations (and support objects) that put `manifest`'s pods behind the proxy.
   *
   * @internal
   */
  public plan(manifest: KubeObject): InjectionPlan {
    const specPath = podSpecPath(manifest?.apiVersion, manifest?.kind);
    if (!specPath || this.isExcluded(manifest)) {
      return { patch: [], supportObjects: [] };
    }
    const patch = planPodSpecAdditions(valueAt(manifest, specPath), specPath, this.additions);
    const supportObjects = patch.length > 0 ? this.supportObjects(manifest.metadata.namespace) : [];
    return { patch, supportObjects };
  }

  /** A new manifest with the proxy env (the input is not modified). */
  public apply<T extends KubeObject>(manifest: T): T {
    return applyJsonPatch(manifest, this.plan(manifest).patch);
  }

  /**
   * Plan the additions for a bare pod spec addressed by `specPath` (for callers holding only a spec).
   *
   * @internal
   */
  public planPodSpec(podSpec: unknown, specPath: string[] = []): JsonPatchAdd[] {
    return planPodSpecAdditions(podSpec, specPath, this.additions);
  }
}

function valueAt(root: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), root);
}
