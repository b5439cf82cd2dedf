import { ApiObject, ApiObjectProps } from 'cdk8s';
import { Construct } from 'constructs';
import { ensureNodeProxySecret } from './node-proxy-secret';
import { CapiVersion, parseCapiVersion } from '../../core/capi/capi-version';
import { ControlPlaneProps, kubeadmControlPlaneObject } from '../../core/capi/kubeadm-control-plane';
import { nodeProxyBootstrap, nodeProxyOptionsOf, NodeProxyProps } from '../../core/capi/node-proxy';
import { ProxySourceProps, resolveProxyConfig } from '../../core/capi/proxy-source';
import { ClusterProxyConfig } from '../../core/cluster-proxy-config';

/** Props of {@link ProxiedKubeadmControlPlane}. */
export interface ProxiedKubeadmControlPlaneProps extends ProxySourceProps, NodeProxyProps, ControlPlaneProps {
  /** Name of the Cluster this control plane belongs to. */
  readonly clusterName: string;
  /**
   * Namespace of the KubeadmControlPlane and its Secret.
   *
   * @default - the chart's namespace, if any
   */
  readonly namespace?: string;
  /** Kubernetes version, e.g. `v1.31.2`. */
  readonly version: string;
  /**
   * Cluster API version of the emitted objects.
   *
   * @default 'v1beta2'
   */
  readonly capiVersion?: CapiVersion;
}

/**
 * A KubeadmControlPlane whose machines run behind the proxy: containerd and kubelet drop-ins, the
 * proxy exported to kubeadm (so the control-plane static pods get it, with the complete NO_PROXY
 * the API server needs to reach webhooks), the proxy CA in the node's trust store, and in delivery
 * `secret` the Secret the files are read from. For users who compose their own Cluster; see
 * `ProxiedCluster` for the whole set.
 *
 * The KubeadmControlPlane is this construct's default child (`Node.of(cp).defaultChild`), for
 * `addJsonPatch` escape hatches.
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
   * The node-proxy Secret (shared with the cluster's other kubeadm objects in the same chart).
   *
   * @default - none (delivery `inline`)
   */
  public readonly secret?: ApiObject;
  /** Every object this construct emitted or reuses: the Secret (if any), then the KubeadmControlPlane. */
  public readonly apiObjects: ApiObject[];

  constructor(scope: Construct, id: string, props: ProxiedKubeadmControlPlaneProps) {
    super(scope, id);
    this.proxy = resolveProxyConfig(props);
    const bootstrap = nodeProxyBootstrap(this.proxy, nodeProxyOptionsOf(props));
    const object = kubeadmControlPlaneObject({
      clusterName: bootstrap.clusterName,
      namespace: bootstrap.namespace,
      capiVersion: parseCapiVersion('capiVersion', props.capiVersion),
      version: props.version,
      machineTemplate: props.machineTemplate,
      replicas: props.replicas,
      kubeadmConfigSpec: props.kubeadmConfigSpec,
      name: props.name,
      bootstrap,
    }, '');
    this.name = object.metadata.name;
    this.secret = bootstrap.secret ? ensureNodeProxySecret(this, bootstrap.secret) : undefined;
    this.apiObject = new ApiObject(this, 'Resource', structuredClone(object) as unknown as ApiObjectProps);
    this.apiObjects = [...(this.secret ? [this.secret] : []), this.apiObject];
  }
}
