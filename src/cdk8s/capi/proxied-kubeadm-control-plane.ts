import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { KubeadmControlPlaneProductProps, kubeadmControlPlaneProduct, NODE_PROXY_SECRET_ID } from '../../core/capi/products';
import { resolveProxyConfig } from '../../core/capi/proxy-source';
import { ClusterProxyConfig } from '../../core/definition/cluster-proxy-config';
import { propsObject } from '../../core/primitives/validation/strict-props';
import { addProduct, objectWithId } from '../product-objects';

/** Props of {@link ProxiedKubeadmControlPlane}. */
export interface ProxiedKubeadmControlPlaneProps extends KubeadmControlPlaneProductProps {}

/**
 * A KubeadmControlPlane whose machines run behind the proxy: containerd and kubelet drop-ins, the
 * proxy exported to kubeadm, the proxy CA in the node's trust store, and in delivery `secret` the
 * Secret the files are read from (shared with the cluster's other kubeadm objects in the chart).
 * For users who compose their own Cluster; see `ProxiedCluster` for the whole set.
 *
 * The KubeadmControlPlane is this construct's default child, for `addJsonPatch` escape hatches.
 *
 * @see https://cluster-api.sigs.k8s.io/tasks/control-plane/kubeadm-control-plane
 */
export class ProxiedKubeadmControlPlane extends Construct {
  /** The proxy configuration the machines use. */
  public readonly proxy: ClusterProxyConfig;
  /** Name of the KubeadmControlPlane (for `Cluster.spec.controlPlaneRef`). */
  public readonly name: string;
  /** The KubeadmControlPlane. */
  public readonly apiObject: ApiObject;
  /**
   * The node-proxy Secret.
   *
   * @default - none (delivery `inline`)
   */
  public readonly secret?: ApiObject;
  /** Every object this construct emitted or reuses: the Secret (if any), then the KubeadmControlPlane. */
  public readonly apiObjects: ApiObject[];

  constructor(scope: Construct, id: string, props: ProxiedKubeadmControlPlaneProps) {
    super(scope, id);
    propsObject(props);
    this.proxy = resolveProxyConfig(props);
    const product = kubeadmControlPlaneProduct({ ...props, proxy: this.proxy, settings: undefined, network: undefined, proxyOptions: undefined });
    this.apiObjects = addProduct(this, product);
    this.apiObject = objectWithId(product, this.apiObjects, 'ControlPlane')!;
    this.secret = objectWithId(product, this.apiObjects, NODE_PROXY_SECRET_ID);
    this.name = this.apiObject.name;
    this.node.defaultChild = this.apiObject;
  }
}
