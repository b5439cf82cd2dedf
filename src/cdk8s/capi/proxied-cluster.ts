import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { NODE_PROXY_SECRET_ID, proxiedClusterProduct, workerPoolObjectId } from '../../core/capi/products';
import { ProxiedClusterOptions } from '../../core/capi/proxied-cluster';
import { resolveProxyConfig } from '../../core/capi/proxy-source';
import { ClusterProxyConfig } from '../../core/definition/cluster-proxy-config';
import { propsObject } from '../../core/primitives/validation/strict-props';
import { addProduct, objectWithId } from '../product-objects';

/** Props of {@link ProxiedCluster}: the whole cluster definition. */
export interface ProxiedClusterProps extends ProxiedClusterOptions {}

/** One worker pool of a {@link ProxiedCluster}. */
export interface ProxiedWorkerPool {
  /** Pool name. */
  readonly name: string;
  /** The pool's KubeadmConfigTemplate (its name carries a hash of its spec). */
  readonly configTemplate: ApiObject;
  /** The pool's MachineDeployment. */
  readonly machineDeployment: ApiObject;
}

/**
 * A Cluster API cluster whose nodes run behind the proxy, from one props object: the Cluster, a
 * KubeadmControlPlane, a KubeadmConfigTemplate and a MachineDeployment per worker pool, and
 * (delivery `secret`, the default with credentials) the Secret the node files are read from, the
 * only object that holds credentials.
 *
 * The infrastructure objects (e.g. `AWSCluster`, `AWSMachineTemplate`) are provider-specific and
 * stay yours: the props reference them by name.
 *
 * Day 2: changing the proxy (URL, NO_PROXY, CA, `credentialsRevision`) renames the Secret and the
 * worker templates, which changes the KubeadmControlPlane and the MachineDeployments, and Cluster
 * API rolls every machine onto the new proxy.
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
  /** The KubeadmControlPlane. */
  public readonly controlPlane: ApiObject;
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
    propsObject(props);
    this.proxy = resolveProxyConfig(props);
    const product = proxiedClusterProduct({ ...props, proxy: this.proxy, settings: undefined, network: undefined, proxyOptions: undefined });
    this.apiObjects = addProduct(this, product);
    const byId = (objectId: string): ApiObject => objectWithId(product, this.apiObjects, objectId)!;
    this.apiObject = byId('Cluster');
    this.name = this.apiObject.name;
    this.controlPlane = byId('ControlPlane');
    this.secret = objectWithId(product, this.apiObjects, NODE_PROXY_SECRET_ID);
    this.workerPools = (props.workerPools ?? []).map((pool): ProxiedWorkerPool => ({
      name: pool.name,
      configTemplate: byId(workerPoolObjectId('ConfigTemplate', pool.name)),
      machineDeployment: byId(workerPoolObjectId('MachineDeployment', pool.name)),
    }));
    this.node.defaultChild = this.apiObject;
  }
}
