import { ContainerEnvGroup, proxyContainerEnvGroups, proxyEnvUsesSecret, proxySecretManifest, proxySecretName } from './container-env';
import { CREDENTIALS_REVISION_ANNOTATION } from './defaults';
import { InjectionExclusions, PROXY_INJECTION_KEYS, ProxyInjectionOptions, ResolvedExclusions, resolveExclusions } from './injection-options';
import { applyJsonPatch, JsonPatchAdd, jsonPointer } from './json-patch';
import { matchesNamePattern } from './name-patterns';
import { planPodSpecAdditions } from './pod-spec-patch';
import { TrustBundlePlan, trustBundleConfigMap, trustBundlePlan } from './trust-bundle';
import { podMetadataPath, podSpecPath } from './workload-kinds';
import { checkProxyConfig, ClusterProxyConfig } from '../definition/cluster-proxy-config';
import { invalidValue } from '../primitives/errors';
import { frozen, lockProperties } from '../primitives/frozen';
import { KubeObject } from '../primitives/k8s/manifest';
import { assertDnsLabel } from '../primitives/k8s/names';
import { isRecord, valueAt } from '../primitives/validation/json-data';
import { checkProps, optionalList } from '../primitives/validation/strict-props';

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
   * @jsii ignore used by the library's adapters only
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
   * @jsii ignore used by the library's adapters only
   */
  public readonly trust?: TrustBundlePlan;
  /**
   * The validated exclusions.
   *
   * @internal
   * @jsii ignore used by the library's adapters only
   */
  public readonly exclusions: ResolvedExclusions;

  constructor(config: ClusterProxyConfig, options: ProxyInjectionOptions = {}, alwaysExcludedNamespaces: string[] = []) {
    checkProxyConfig('config', config, '');
    checkProps('', options, PROXY_INJECTION_KEYS, 'proxy injection option');
    this.config = config;
    this.usesSecret = proxyEnvUsesSecret(config, options);
    this.secretName = proxySecretName(options);
    this.trust = trustBundlePlan(config, options.trustBundle);
    this.exclusions = resolveExclusions(options as InjectionExclusions, optionalList('alwaysExcludedNamespaces', alwaysExcludedNamespaces)
      .map((namespace, index) => assertDnsLabel(`alwaysExcludedNamespaces[${index}]`, namespace)));
    this.envGroups = frozen([...proxyContainerEnvGroups(config, options), ...(this.trust?.envGroups ?? [])]);
    lockProperties(this);
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
    if (!isRecord(manifest as unknown)) {
      throw invalidValue('manifest', manifest, 'must be a Kubernetes object');
    }
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
   * @jsii ignore used by the library's adapters only
   */
  public plan(manifest: KubeObject): InjectionPlan {
    const specPath = podSpecPath(manifest?.apiVersion, manifest?.kind);
    if (!specPath || this.isExcluded(manifest)) {
      return { patch: [], supportObjects: [] };
    }
    const additions = planPodSpecAdditions(valueAt(manifest, specPath), specPath, this);
    const patch = additions.length > 0 ? [...additions, ...this.revisionAnnotation(manifest, specPath)] : additions;
    const supportObjects = patch.length > 0 ? this.supportObjects(manifest.metadata.namespace) : [];
    return { patch, supportObjects };
  }

  /**
   * The `add` that writes the credentials revision into the pod template's annotations, when the
   * env reads the proxy Secret and a revision is set: a new revision then changes the template, so
   * a rotation restarts the pods, which read Secret env only when they start. Not secret: the
   * revision is a label the user chose. An annotation already there is left alone.
   */
  private revisionAnnotation(manifest: KubeObject, specPath: readonly string[]): JsonPatchAdd[] {
    const revision = this.config.settings.credentialsRevision;
    if (!this.usesSecret || revision === undefined) {
      return [];
    }
    const metadataPath = podMetadataPath(specPath);
    const metadata = valueAt(manifest, metadataPath);
    if (!isRecord(metadata)) {
      return [{ op: 'add', path: jsonPointer(metadataPath), value: { annotations: { [CREDENTIALS_REVISION_ANNOTATION]: revision } } }];
    }
    if (!isRecord(metadata.annotations)) {
      return [{ op: 'add', path: jsonPointer([...metadataPath, 'annotations']), value: { [CREDENTIALS_REVISION_ANNOTATION]: revision } }];
    }
    return CREDENTIALS_REVISION_ANNOTATION in metadata.annotations
      ? []
      : [{ op: 'add', path: jsonPointer([...metadataPath, 'annotations', CREDENTIALS_REVISION_ANNOTATION]), value: revision }];
  }

  /** A new manifest with the proxy env (the input is not modified). */
  public apply(manifest: KubeObject): KubeObject {
    return applyJsonPatch(manifest, this.plan(manifest).patch);
  }

  /**
   * Plan the additions for a bare pod spec addressed by `specPath` (for callers holding only a spec).
   *
   * @internal
   * @jsii ignore used by the library's adapters only
   */
  public planPodSpec(podSpec: unknown, specPath: string[] = []): JsonPatchAdd[] {
    if (!Array.isArray(specPath) || !specPath.every((segment) => typeof segment === 'string')) {
      throw invalidValue('specPath', specPath, 'must be the path of the pod spec in its object, as an array of keys (e.g. ["spec", "template", "spec"])');
    }
    return planPodSpecAdditions(podSpec, specPath, this);
  }
}


