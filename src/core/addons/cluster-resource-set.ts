import { ResourceSetStrategy } from './resource-set-strategy';
import { renderSecretYamlDocuments } from './yaml-text';
import { CapiVersion, parseCapiVersion } from '../capi/capi-version';
import { checkProxyConfig, ClusterProxyConfig } from '../definition/cluster-proxy-config';
import { invalidValue, ProxyConfigError } from '../primitives/errors';
import { kappControllerConfigSecret } from './tkg/kapp-controller';
import { RESOURCE_SET_SECRET_TYPE } from './tkg/tkg-metadata';
import { CLUSTER_NAME_LABEL } from '../primitives/k8s/cluster-labels';
import { hideDataFromInspect, isSecretObject, KubeObject, MANAGED_BY, MANAGED_BY_LABEL, SecretObject } from '../primitives/k8s/manifest';
import { assertDataKey, assertDnsLabel, assertObjectName } from '../primitives/k8s/names';
import { MAX_SECRET_BYTES } from '../primitives/k8s/size-limits';
import { knownByteLength } from '../primitives/secret-text';
import { checkManifestList } from '../primitives/validation/manifests';
import { parseEither } from '../primitives/validation/one-of';
import { checkProps, propKeys } from '../primitives/validation/strict-props';
import { secretObject } from '../product/data-objects';
import { ProxyInjectionOptions } from '../workloads/injection-options';
import { ProxyInjection } from '../workloads/proxy-injection';

/** Options of `addonResourceSet`. */
export interface AddonResourceSetOptions {
  /** Workload cluster the addon goes to (a DNS label). */
  readonly clusterName: string;
  /**
   * Namespace of the Cluster on the management cluster (a ClusterResourceSet and its Secret must
   * be in the Cluster's namespace).
   *
   * @default - none set (the namespace applied at deploy time)
   */
  readonly namespace?: string;
  /**
   * Name suffix: the ClusterResourceSet and its Secret are `<cluster>-<name>`.
   *
   * @default 'addons'
   */
  readonly name?: string;
  /**
   * Name of the Secret the objects travel in, where a system names it apart from its set (TKG's
   * kapp-controller set on a management cluster reads `<cluster>-kapp-controller-crs`).
   *
   * @default - the set's own name, `<cluster>-<name>`
   */
  readonly secretName?: string;
  /**
   * The Secret's data key holding the objects (TKG's sets use `value`). Cluster API applies every
   * key's documents, so the key only matters to tools that read the Secret.
   *
   * @default 'manifests.yaml'
   */
  readonly secretKey?: string;
  /** The addon's manifests (e.g. kapp-controller's release YAML, parsed), applied in the workload cluster. */
  readonly manifests: KubeObject[];
  /**
   * Also deliver the `kapp-controller-config` Secret (proxy URLs, NO_PROXY, CA) into this
   * namespace, the one kapp-controller runs in.
   *
   * @default - no kapp-controller config
   */
  readonly kappControllerNamespace?: string;
  /**
   * Put the proxy env into the pods of the delivered workloads (Deployments, DaemonSets, ...),
   * with the options of the workload injection; the Secret and CA ConfigMap they need are
   * delivered too.
   *
   * @default - manifests are delivered unchanged
   */
  readonly injectProxyEnv?: ProxyInjectionOptions;
  /**
   * `Reconcile` re-applies the objects when the Secret changes (a new proxy reaches the cluster);
   * `ApplyOnce` applies them once.
   *
   * @default 'Reconcile'
   */
  readonly strategy?: ResourceSetStrategy;
  /**
   * Labels of the Cluster objects this set applies to.
   *
   * @default - `cluster.x-k8s.io/cluster-name: <clusterName>`, which this library's Cluster carries
   */
  readonly clusterSelector?: { readonly [key: string]: string };
  /**
   * Cluster API version of the ClusterResourceSet.
   *
   * @default CapiVersion.V1BETA2
   */
  readonly capiVersion?: CapiVersion;
}

const ADDON_RESOURCE_SET_KEYS = propKeys<AddonResourceSetOptions>({
  clusterName: true,
  namespace: true,
  name: true,
  secretName: true,
  secretKey: true,
  manifests: true,
  kappControllerNamespace: true,
  injectProxyEnv: true,
  strategy: true,
  clusterSelector: true,
  capiVersion: true,
});

/** The two objects of an addon ClusterResourceSet. */
export interface AddonResourceSet {
  /** The `addons.cluster.x-k8s.io` ClusterResourceSet. */
  readonly clusterResourceSet: KubeObject;
  /** The `addons.cluster.x-k8s.io/resource-set` Secret holding the objects as YAML. */
  readonly secret: SecretObject;
  /** The objects inside the Secret, in apply order. */
  readonly deliveredObjects: KubeObject[];
  /** Both objects, Secret first. */
  readonly objects: KubeObject[];
}

/** Default key of the Secret holding the multi-document YAML. */
export const RESOURCE_SET_KEY = 'manifests.yaml';

/**
 * A ClusterResourceSet that applies an addon's manifests in a workload cluster, with its proxy
 * configuration: the kapp-controller config Secret and/or the proxy env injected into the
 * delivered pods, all from the one {@link ClusterProxyConfig}. The objects travel in a Secret
 * (never a ConfigMap) because the proxy URLs may carry credentials.
 */
export function addonResourceSet(proxy: ClusterProxyConfig, options: AddonResourceSetOptions): AddonResourceSet {
  checkProxyConfig('proxy', proxy, '');
  checkProps('', options, ADDON_RESOURCE_SET_KEYS, 'resource set option');
  const clusterName = assertDnsLabel('clusterName', options.clusterName);
  const namespace = options.namespace === undefined ? undefined : assertDnsLabel('namespace', options.namespace);
  if (options.name !== undefined && typeof options.name !== 'string') {
    throw invalidValue('name', options.name, 'must be a string');
  }
  const name = assertObjectName('name', `${clusterName}-${options.name ?? 'addons'}`);
  const secretName = options.secretName === undefined ? name : assertObjectName('secretName', options.secretName);
  const secretKey = assertDataKey('secretKey', options.secretKey ?? RESOURCE_SET_KEY);
  const capiVersion = parseCapiVersion('capiVersion', options.capiVersion ?? 'v1beta2');
  const strategy = parseEither('strategy', options.strategy ?? ResourceSetStrategy.RECONCILE, Object.values(ResourceSetStrategy));
  const deliveredObjects = deliveredObjectsOf(proxy, options);
  deliveredObjects.filter(isSecretObject).forEach((secret) => hideDataFromInspect(secret));

  const manifests = renderSecretYamlDocuments(deliveredObjects);
  const bytes = knownByteLength(manifests);
  if (bytes > MAX_SECRET_BYTES) {
    throw new ProxyConfigError('manifests', `render to ${bytes} bytes, more than a Secret holds (1 MiB); split them over several resource sets`);
  }
  const labels = { [MANAGED_BY_LABEL]: MANAGED_BY, [CLUSTER_NAME_LABEL]: clusterName };
  const metadataNamed = (objectName: string) => ({ name: objectName, ...(namespace ? { namespace } : {}), labels: { ...labels } });
  const secret = secretObject(metadataNamed(secretName), { [secretKey]: manifests }, RESOURCE_SET_SECRET_TYPE);
  const clusterResourceSet: KubeObject = {
    apiVersion: `addons.cluster.x-k8s.io/${capiVersion}`,
    kind: 'ClusterResourceSet',
    metadata: metadataNamed(name),
    spec: {
      clusterSelector: { matchLabels: { ...(options.clusterSelector ?? { [CLUSTER_NAME_LABEL]: clusterName }) } },
      resources: [{ kind: 'Secret', name: secretName }],
      strategy,
    },
  };
  return { clusterResourceSet, secret, deliveredObjects, objects: [secret, clusterResourceSet] };
}

/** The manifests (injected if asked), then the objects they need, then the kapp-controller config. */
function deliveredObjectsOf(proxy: ClusterProxyConfig, options: AddonResourceSetOptions): KubeObject[] {
  if (!Array.isArray(options.manifests) || options.manifests.length === 0) {
    throw invalidValue('manifests', options.manifests, 'must be a non-empty array of Kubernetes objects');
  }
  checkManifestList('manifests', options.manifests);
  const injection = options.injectProxyEnv ? new ProxyInjection(proxy, options.injectProxyEnv) : undefined;
  const support = new Map<string, KubeObject>();
  const manifests = options.manifests.map((manifest) => {
    if (!injection) {
      return manifest;
    }
    const plan = injection.plan(manifest);
    for (const object of plan.supportObjects) {
      support.set(`${object.kind}/${object.metadata.namespace ?? ''}/${object.metadata.name}`, object);
    }
    return injection.apply(manifest);
  });
  const kappConfig = options.kappControllerNamespace === undefined ? [] : [kappControllerConfigSecret(proxy, options.kappControllerNamespace)];
  return [...manifests, ...support.values(), ...kappConfig];
}
