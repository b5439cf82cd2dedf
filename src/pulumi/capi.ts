import * as k8s from '@pulumi/kubernetes';
import * as pulumi from '@pulumi/pulumi';
import { deferInputs } from './deferred-args';
import { ProductResources, registerProduct, TYPE_TOKEN_PREFIX, withResourceErrors } from './product-resources';
import { ProxyDefinition, ProxySourceArgs, resolveProxySource } from './proxy-definition';
import { BOOTSTRAP_API_GROUP, capiReference, ObjectReferenceProps, parseCapiVersion, RenderedReference } from '../core/capi/capi-version';
import { ControlPlaneProps } from '../core/capi/kubeadm-control-plane';
import { WorkerPoolProps } from '../core/capi/machine-deployment';
import {
  KubeadmConfigTemplateProductProps, kubeadmConfigTemplateProduct, KubeadmControlPlaneProductProps, kubeadmControlPlaneProduct,
  NODE_PROXY_SECRET_ID, proxiedClusterProduct, workerPoolObjectId,
} from '../core/capi/products';
import { ProxiedClusterOptions } from '../core/capi/proxied-cluster';
import { ProxySourceProps } from '../core/capi/proxy-source';
import { ClusterProxyConfig } from '../core/definition/cluster-proxy-config';
import { Product } from '../core/product/product';

/**
 * Cluster API components: the Pulumi counterparts of the cdk8s `ProxiedCluster`,
 * `ProxiedKubeadmControlPlane` and `ProxiedKubeadmConfigTemplate`, registering the same products.
 * A cluster's node-proxy Secret is shared: of several components of one cluster (a control plane
 * and templates, a `GiantSwarmProxyApps`) the first registers it and the others reuse it.
 */

/** A reference to an object of your own (a machine template, the infrastructure cluster) whose name may be an input. */
export interface ObjectReferenceArgs extends Omit<ObjectReferenceProps, 'name'> {
  /** Name of the referenced object (in the same namespace), e.g. another resource's `metadata.name`. */
  readonly name: pulumi.Input<string>;
}

/** The control plane of a {@link ProxiedCluster}: the core's props, with replicas and the machine template name as inputs. */
export interface ControlPlaneArgs extends Omit<ControlPlaneProps, 'replicas' | 'machineTemplate'> {
  /** The infrastructure machine template of the control-plane machines. */
  readonly machineTemplate: ObjectReferenceArgs;
  /**
   * Number of control-plane machines (odd with stacked etcd).
   *
   * @default 1
   */
  readonly replicas?: pulumi.Input<number>;
}

/** A worker pool of a {@link ProxiedCluster}: the core's props, with replicas, version and the machine template name as inputs. */
export interface WorkerPoolArgs extends Omit<WorkerPoolProps, 'replicas' | 'version' | 'machineTemplate'> {
  /** The infrastructure machine template of the pool's machines. */
  readonly machineTemplate: ObjectReferenceArgs;
  /**
   * Number of machines.
   *
   * @default - unset (Cluster API's default, or an autoscaler's)
   */
  readonly replicas?: pulumi.Input<number>;
  /**
   * Kubernetes version of the pool's machines.
   *
   * @default - the cluster's version
   */
  readonly version?: pulumi.Input<string>;
}

/** The Kubernetes version, which every Cluster API component takes as an input. */
export interface VersionArgs {
  /** Kubernetes version, e.g. `v1.31.2` (e.g. from stack config). */
  readonly version: pulumi.Input<string>;
}

/**
 * Args of {@link ProxiedKubeadmControlPlane}: the cdk8s props, with a proxy whose credentials may be
 * inputs, and inputs for the version, replicas and the machine template name.
 */
export interface ProxiedKubeadmControlPlaneArgs
  extends Omit<KubeadmControlPlaneProductProps, keyof ProxySourceProps | keyof ControlPlaneArgs | 'version'>, ControlPlaneArgs, VersionArgs, ProxySourceArgs {}

/** Args of {@link ProxiedKubeadmConfigTemplate}: the cdk8s props, with a proxy whose credentials may be inputs. */
export interface ProxiedKubeadmConfigTemplateArgs extends Omit<KubeadmConfigTemplateProductProps, keyof ProxySourceProps>, ProxySourceArgs {}

/**
 * Args of {@link ProxiedCluster}: the cdk8s props, with a proxy whose credentials may be inputs, and
 * inputs for the version, replicas and the names of the infrastructure objects referred to.
 */
export interface ProxiedClusterArgs
  extends Omit<ProxiedClusterOptions, keyof ProxySourceProps | 'version' | 'infrastructureRef' | 'controlPlane' | 'workerPools'>, VersionArgs, ProxySourceArgs {
  /** The infrastructure cluster, e.g. an `AWSCluster`. */
  readonly infrastructureRef: ObjectReferenceArgs;
  /** The control plane. */
  readonly controlPlane: ControlPlaneArgs;
  /**
   * Worker pools: a KubeadmConfigTemplate and a MachineDeployment each.
   *
   * @default - no workers
   */
  readonly workerPools?: readonly WorkerPoolArgs[];
}

/**
 * Resolve the proxy of `args` and register the product `render` computes from it and the other
 * args, whose version, replicas and reference names may be inputs.
 */
function registerSourced<A extends ProxySourceArgs, P>(component: pulumi.ComponentResource, name: string, args: A,
  render: (proxy: ClusterProxyConfig, rest: P) => Product): { proxy: ProxyDefinition; objects: ProductResources } {
  const { proxy, rest } = withResourceErrors(component, () => resolveProxySource(args));
  const deferred = withResourceErrors(component, () => deferInputs(rest as unknown as P));
  return { proxy, objects: registerProduct(component, name, () => proxy.render((config) => render(config, deferred))) };
}

/**
 * A KubeadmControlPlane whose machines run behind the proxy, and (delivery `secret`) the Secret its
 * node files are read from: the Pulumi counterpart of the cdk8s `ProxiedKubeadmControlPlane`.
 */
export class ProxiedKubeadmControlPlane extends pulumi.ComponentResource {
  /** The proxy the machines use. */
  public readonly proxy: ProxyDefinition;
  /** Name of the KubeadmControlPlane (for `Cluster.spec.controlPlaneRef`). */
  public readonly name: string;
  /** The KubeadmControlPlane. */
  public readonly controlPlane: pulumi.CustomResource;
  /** The node-proxy Secret (delivery `secret`; possibly registered by another component of the cluster). */
  public readonly secret?: k8s.core.v1.Secret;
  /** Every resource: the Secret (if any), then the KubeadmControlPlane. */
  public readonly resources: pulumi.CustomResource[];

  constructor(name: string, args: ProxiedKubeadmControlPlaneArgs, opts?: pulumi.ComponentResourceOptions) {
    // No args to the base: component inputs are stored in state, and they may hold the password.
    super(`${TYPE_TOKEN_PREFIX}ProxiedKubeadmControlPlane`, name, {}, opts);
    const { proxy, objects } = registerSourced(this, name, args, (config, rest: Omit<KubeadmControlPlaneProductProps, 'proxy'>) => kubeadmControlPlaneProduct({ ...rest, proxy: config }));
    this.proxy = proxy;
    this.resources = objects.resources;
    this.controlPlane = objects.get('ControlPlane');
    this.secret = objects.find(NODE_PROXY_SECRET_ID) as k8s.core.v1.Secret | undefined;
    this.name = objects.manifest('ControlPlane').metadata.name;
    this.registerOutputs({ name: this.name, controlPlane: this.controlPlane, secret: this.secret });
  }
}

/**
 * A worker KubeadmConfigTemplate whose machines run behind the proxy, for your own
 * MachineDeployment (`configRef`): the Pulumi counterpart of the cdk8s `ProxiedKubeadmConfigTemplate`.
 * The Kubernetes name carries a hash of the template's credential-free spec (a proxy change rolls
 * the MachineDeployment); the Pulumi resource name does not.
 */
export class ProxiedKubeadmConfigTemplate extends pulumi.ComponentResource {
  /** The proxy the machines use. */
  public readonly proxy: ProxyDefinition;
  /** The Kubernetes name, `<name>-<hash>`. */
  public readonly name: string;
  /** The bootstrap reference for a MachineDeployment of the same Cluster API version. */
  public readonly configRef: RenderedReference;
  /** The KubeadmConfigTemplate. */
  public readonly configTemplate: pulumi.CustomResource;
  /** The node-proxy Secret (delivery `secret`; possibly registered by another component of the cluster). */
  public readonly secret?: k8s.core.v1.Secret;
  /** Every resource: the Secret (if any), then the template. */
  public readonly resources: pulumi.CustomResource[];

  constructor(name: string, args: ProxiedKubeadmConfigTemplateArgs, opts?: pulumi.ComponentResourceOptions) {
    super(`${TYPE_TOKEN_PREFIX}ProxiedKubeadmConfigTemplate`, name, {}, opts);
    const { proxy, objects } = registerSourced(this, name, args, (config, rest: Omit<KubeadmConfigTemplateProductProps, 'proxy'>) => kubeadmConfigTemplateProduct({ ...rest, proxy: config }));
    this.proxy = proxy;
    this.resources = objects.resources;
    this.configTemplate = objects.get('ConfigTemplate');
    this.secret = objects.find(NODE_PROXY_SECRET_ID) as k8s.core.v1.Secret | undefined;
    this.name = objects.manifest('ConfigTemplate').metadata.name;
    this.configRef = capiReference(parseCapiVersion('capiVersion', args.capiVersion), BOOTSTRAP_API_GROUP, 'KubeadmConfigTemplate', this.name);
    this.registerOutputs({ name: this.name, configRef: this.configRef, configTemplate: this.configTemplate, secret: this.secret });
  }
}

/** One worker pool of a {@link ProxiedCluster}. */
export interface ProxiedWorkerPool {
  /** Pool name. */
  readonly name: string;
  /** The pool's KubeadmConfigTemplate. */
  readonly configTemplate: pulumi.CustomResource;
  /** The pool's MachineDeployment. */
  readonly machineDeployment: pulumi.CustomResource;
}

/**
 * A Cluster API cluster whose nodes run behind the proxy, from one definition: the Cluster, a
 * KubeadmControlPlane, a KubeadmConfigTemplate and a MachineDeployment per worker pool, and
 * (delivery `secret`, the default with credentials) the Secret the node files are read from. The
 * Pulumi counterpart of the cdk8s `ProxiedCluster`: the same objects, field for field.
 */
export class ProxiedCluster extends pulumi.ComponentResource {
  /** The cluster name. */
  public readonly clusterName: string;
  /** The proxy the nodes use. */
  public readonly proxy: ProxyDefinition;
  /** The Cluster. */
  public readonly cluster: pulumi.CustomResource;
  /** The KubeadmControlPlane. */
  public readonly controlPlane: pulumi.CustomResource;
  /** The worker pools, in args order. */
  public readonly workerPools: ProxiedWorkerPool[];
  /** The node-proxy Secret (delivery `secret`). */
  public readonly secret?: k8s.core.v1.Secret;
  /** Every resource, in apply order: Secret, Cluster, KubeadmControlPlane, each pool's template and MachineDeployment. */
  public readonly resources: pulumi.CustomResource[];

  constructor(name: string, args: ProxiedClusterArgs, opts?: pulumi.ComponentResourceOptions) {
    super(`${TYPE_TOKEN_PREFIX}ProxiedCluster`, name, {}, opts);
    const { proxy, objects } = registerSourced(this, name, args, (config, rest: Omit<ProxiedClusterOptions, 'proxy'>) => proxiedClusterProduct({ ...rest, proxy: config }));
    this.proxy = proxy;
    this.resources = objects.resources;
    this.cluster = objects.get('Cluster');
    this.clusterName = objects.manifest('Cluster').metadata.name;
    this.controlPlane = objects.get('ControlPlane');
    this.secret = objects.find(NODE_PROXY_SECRET_ID) as k8s.core.v1.Secret | undefined;
    this.workerPools = (args.workerPools ?? []).map((pool): ProxiedWorkerPool => ({
      name: pool.name,
      configTemplate: objects.get(workerPoolObjectId('ConfigTemplate', pool.name)),
      machineDeployment: objects.get(workerPoolObjectId('MachineDeployment', pool.name)),
    }));
    this.registerOutputs({ clusterName: this.clusterName, cluster: this.cluster, secret: this.secret });
  }
}
