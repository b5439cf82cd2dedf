import { CapiVersion, ClusterObjectScope, ObjectReferenceProps, parseCapiVersion, parseObjectReference } from './capi-version';
import { clusterObject } from './cluster';
import { kubeadmConfigTemplateObject } from './kubeadm-config-template';
import { CONTROL_PLANE_KEYS, controlPlaneName, ControlPlaneProps, kubeadmControlPlaneObject } from './kubeadm-control-plane';
import { parseKubernetesVersion } from './kubernetes-version';
import { machineDeploymentName, machineDeploymentObject, WORKER_POOL_KEYS, WorkerPoolProps } from './machine-deployment';
import { PROXY_SOURCE_KEY_SET, ProxySourceProps, resolveProxyConfig } from './proxy-source';
import { ClusterProxyConfig } from '../definition/cluster-proxy-config';
import { assertCredentialsOnlyInSecrets, NODE_PROXY_KEY_SET, NodeProxyBootstrap, nodeProxyBootstrap, nodeProxyOptionsOf, NodeProxyProps } from '../node-files/bootstrap';
import { invalidValue } from '../primitives/errors';
import { KubeObject, SecretObject } from '../primitives/k8s/manifest';
import { assertDnsLabel } from '../primitives/k8s/names';
import { checkProps, optionalList, propKeys } from '../primitives/validation/strict-props';
import { OBJECT_METADATA_KEY_SET, WithObjectMetadata } from '../product/metadata';

/** A whole Cluster API cluster behind the proxy, as one definition. */
export interface ProxiedClusterOptions extends ProxySourceProps, NodeProxyProps, WithObjectMetadata {
  /** Cluster name: a DNS label (it becomes a label value and a prefix of every object name). */
  readonly name: string;
  /**
   * Namespace of every object.
   *
   * @default - unset (the namespace applied at deploy time, or the cdk8s chart's)
   */
  readonly namespace?: string;
  /** Kubernetes version of the control plane (and, unless they say otherwise, the worker pools). */
  readonly version: string;
  /**
   * Cluster API version of the emitted objects: `v1beta2` (current), or `v1beta1` for management
   * clusters older than Cluster API v1.11.
   *
   * @default CapiVersion.V1BETA2
   */
  readonly capiVersion?: CapiVersion;
  /** The infrastructure provider's cluster object, e.g. `{ apiVersion: 'infrastructure.cluster.x-k8s.io/v1beta2', kind: 'AWSCluster', name: 'demo' }`. */
  readonly infrastructureRef: ObjectReferenceProps;
  /** The control plane. */
  readonly controlPlane: ControlPlaneProps;
  /**
   * Worker pools, each a KubeadmConfigTemplate and a MachineDeployment.
   *
   * @default - none
   */
  readonly workerPools?: WorkerPoolProps[];
  /**
   * Port of the control-plane endpoint (written when `network.controlPlaneEndpoint` is set).
   *
   * @default 6443
   */
  readonly controlPlaneEndpointPort?: number;
}

const PROXIED_CLUSTER_KEYS = propKeys<ProxiedClusterOptions>({
  ...PROXY_SOURCE_KEY_SET,
  ...NODE_PROXY_KEY_SET,
  ...OBJECT_METADATA_KEY_SET,
  name: true,
  namespace: true,
  version: true,
  capiVersion: true,
  infrastructureRef: true,
  controlPlane: true,
  workerPools: true,
  controlPlaneEndpointPort: true,
});

/** The objects of one worker pool. */
export interface WorkerPoolObjects {
  /** Pool name. */
  readonly name: string;
  /** The pool's KubeadmConfigTemplate (name `<cluster>-<pool>-<hash>`). */
  readonly configTemplate: KubeObject;
  /** The pool's MachineDeployment (name `<cluster>-<pool>`). */
  readonly machineDeployment: KubeObject;
}

/** Every object of a proxied cluster, plus what they were computed from. */
export interface ProxiedClusterObjects {
  /** The computed proxy configuration. */
  readonly proxy: ClusterProxyConfig;
  /** The node files and commands shared by all machines. */
  readonly bootstrap: NodeProxyBootstrap;
  /** The Cluster. */
  readonly cluster: KubeObject;
  /** The KubeadmControlPlane. */
  readonly controlPlane: KubeObject;
  /** The worker pools, in props order. */
  readonly workerPools: WorkerPoolObjects[];
  /**
   * The node-proxy Secret (delivery `secret`).
   *
   * @default - none (delivery `inline`)
   */
  readonly secret?: SecretObject;
  /** All of them in apply order: Secret, Cluster, KubeadmControlPlane, then each pool's template and MachineDeployment. */
  readonly objects: KubeObject[];
}

/**
 * Compute a proxied cluster: the Cluster (its network from the same `ClusterNetwork` the NO_PROXY
 * came from), the KubeadmControlPlane, one KubeadmConfigTemplate and MachineDeployment per worker
 * pool, and in delivery `secret` the Secret their files read. Throws a `ProxyConfigError` naming
 * the prop for any invalid input.
 */
export function proxiedClusterObjects(options: ProxiedClusterOptions): ProxiedClusterObjects {
  checkProps('', options, PROXIED_CLUSTER_KEYS, 'proxied cluster prop');
  const proxy = resolveProxyConfig(options);
  const name = assertDnsLabel('name', options.name);
  const capiVersion = parseCapiVersion('capiVersion', options.capiVersion);
  const version = parseKubernetesVersion('version', options.version);
  const infrastructureRef = parseObjectReference('infrastructureRef', options.infrastructureRef);
  // Only the control plane's own props: a cluster prop here (delivery, clusterName...) would
  // override the cluster's for the control plane alone.
  checkProps('controlPlane', options.controlPlane, CONTROL_PLANE_KEYS, 'control-plane prop');
  const pools = parseWorkerPools(name, options.workerPools);

  const bootstrap = nodeProxyBootstrap(proxy, nodeProxyOptionsOf({ ...options, clusterName: name }));
  assertCredentialsOnlyInSecrets(bootstrap, proxy);
  const scope: ClusterObjectScope = { clusterName: name, namespace: bootstrap.namespace, capiVersion };
  const controlPlane = kubeadmControlPlaneObject({ ...options.controlPlane, ...scope, version, bootstrap });
  const cluster = clusterObject({
    ...scope,
    network: proxy.network,
    infrastructureRef,
    controlPlaneName: controlPlaneName(name, options.controlPlane.name),
    controlPlaneEndpointPort: options.controlPlaneEndpointPort,
  });
  const workerPools = pools.map((pool, index): WorkerPoolObjects => {
    const field = `workerPools[${index}]`;
    const configTemplate = kubeadmConfigTemplateObject({
      ...scope,
      baseName: machineDeploymentName(name, pool.name, field),
      kubeadmConfigSpec: pool.kubeadmConfigSpec,
      bootstrap,
    }, field);
    const machineDeployment = machineDeploymentObject({
      ...scope,
      pool,
      version: pool.version ?? version,
      configTemplateName: configTemplate.metadata.name,
    }, field);
    return { name: pool.name, configTemplate, machineDeployment };
  });
  return {
    proxy,
    bootstrap,
    cluster,
    controlPlane,
    workerPools,
    ...(bootstrap.secret ? { secret: bootstrap.secret } : {}),
    objects: [
      ...(bootstrap.secret ? [bootstrap.secret] : []),
      cluster,
      controlPlane,
      ...workerPools.flatMap((pool) => [pool.configTemplate, pool.machineDeployment]),
    ],
  };
}

/** An array of pools with distinct names. */
function parseWorkerPools(clusterName: string, value: unknown): WorkerPoolProps[] {
  const pools = optionalList('workerPools', value) as WorkerPoolProps[];
  const seen = new Map<string, number>();
  pools.forEach((pool, index) => {
    checkProps(`workerPools[${index}]`, pool, WORKER_POOL_KEYS, 'worker pool prop');
    const mdName = machineDeploymentName(clusterName, pool.name, `workerPools[${index}]`);
    const first = seen.get(mdName);
    if (first !== undefined) {
      throw invalidValue(`workerPools[${index}].name`, pool.name, `is already the name of workerPools[${first}]`);
    }
    seen.set(mdName, index);
  });
  return pools;
}
