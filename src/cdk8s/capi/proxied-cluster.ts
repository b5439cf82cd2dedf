import { ApiObject, ApiObjectProps } from 'cdk8s';
import { Construct } from 'constructs';
import { ensureNodeProxySecret } from './node-proxy-secret';
import { ProxiedKubeadmConfigTemplate } from './proxied-kubeadm-config-template';
import { ProxiedKubeadmControlPlane } from './proxied-kubeadm-control-plane';
import { nodeProxyOptionsOf } from '../../core/capi/node-proxy';
import { ProxiedClusterOptions, proxiedClusterObjects } from '../../core/capi/proxied-cluster';
import { ClusterProxyConfig } from '../../core/cluster-proxy-config';

/** Props of {@link ProxiedCluster}: the whole cluster definition. */
export interface ProxiedClusterProps extends ProxiedClusterOptions {}

/** One worker pool of a {@link ProxiedCluster}. */
export interface ProxiedWorkerPool {
  /** Pool name. */
  readonly name: string;
  /** The pool's KubeadmConfigTemplate (its name carries a content hash). */
  readonly configTemplate: ProxiedKubeadmConfigTemplate;
  /** The pool's MachineDeployment. */
  readonly machineDeployment: ApiObject;
}

/**
 * A Cluster API cluster whose nodes run behind the proxy, from one props object: the Cluster, a
 * {@link ProxiedKubeadmControlPlane}, a {@link ProxiedKubeadmConfigTemplate} and a MachineDeployment
 * per worker pool, and (delivery `secret`, the default with credentials) the Secret the node files
 * are read from, so no credential appears in any Cluster API object.
 *
 * The infrastructure objects (e.g. `AWSCluster`, `AWSMachineTemplate`) are provider-specific and
 * stay yours: the props reference them by name.
 *
 * Day 2: changing the proxy (URL, password, NO_PROXY, CA) renames the Secret and the worker
 * templates (content hashes), which changes the KubeadmControlPlane and the MachineDeployments, and
 * Cluster API rolls every machine onto the new proxy.
 *
 * The Cluster is this construct's default child.
 *
 * @see https://cluster-api.sigs.k8s.io/user/concepts
 */
export class ProxiedCluster extends Construct {
  /** The cluster name. */
  public readonly name: string;
  /** The proxy configuration (NO_PROXY computed once for every node file). */
  public readonly proxy: ClusterProxyConfig;
  /** The Cluster. */
  public readonly apiObject: ApiObject;
  /** The control plane. */
  public readonly controlPlane: ProxiedKubeadmControlPlane;
  /** The worker pools, in props order. */
  public readonly workerPools: ProxiedWorkerPool[];
  /**
   * The node-proxy Secret.
   *
   * @default - none (delivery `inline`)
   */
  public readonly secret?: ApiObject;
  /** Every object, in apply order: Secret, Cluster, KubeadmControlPlane, each pool's template and MachineDeployment. */
  public readonly apiObjects: ApiObject[];

  constructor(scope: Construct, id: string, props: ProxiedClusterProps) {
    super(scope, id);
    // The core validates the whole definition first, so errors name the props as written here
    // (`controlPlane.replicas`, `workerPools[1].name`), then the children render their parts.
    const objects = proxiedClusterObjects(props);
    this.name = objects.cluster.metadata.name;
    this.proxy = objects.proxy;
    this.secret = objects.secret ? ensureNodeProxySecret(this, objects.secret) : undefined;
    this.apiObject = new ApiObject(this, 'Resource', structuredClone(objects.cluster) as unknown as ApiObjectProps);

    const shared = {
      proxy: objects.proxy,
      capiVersion: props.capiVersion,
      ...nodeProxyOptionsOf({ ...props, clusterName: this.name }),
    };
    this.controlPlane = new ProxiedKubeadmControlPlane(this, 'ControlPlane', { ...shared, ...props.controlPlane, version: props.version });
    this.workerPools = (props.workerPools ?? []).map((pool, index): ProxiedWorkerPool => {
      const configTemplate = new ProxiedKubeadmConfigTemplate(this, `ConfigTemplate-${pool.name}`, {
        ...shared,
        // The template's base name is the MachineDeployment's: `<cluster>-<pool>`.
        name: objects.workerPools[index].machineDeployment.metadata.name,
        kubeadmConfigSpec: pool.kubeadmConfigSpec,
      });
      const machineDeployment = new ApiObject(this, `MachineDeployment-${pool.name}`,
        structuredClone(objects.workerPools[index].machineDeployment) as unknown as ApiObjectProps);
      return { name: pool.name, configTemplate, machineDeployment };
    });
    this.apiObjects = [
      ...(this.secret ? [this.secret] : []),
      this.apiObject,
      this.controlPlane.apiObject,
      ...this.workerPools.flatMap((pool) => [pool.configTemplate.apiObject, pool.machineDeployment]),
    ];
  }
}

