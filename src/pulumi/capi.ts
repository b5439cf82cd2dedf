import * as k8s from '@pulumi/kubernetes';
import * as pulumi from '@pulumi/pulumi';
import { ProductResources, registerProduct, TYPE_TOKEN_PREFIX, withResourceErrors } from './product-resources';
import { ProxyDefinition, ProxySourceArgs, resolveProxySource } from './proxy-definition';
import { BOOTSTRAP_API_GROUP, capiReference, parseCapiVersion, RenderedReference } from '../core/capi/capi-version';
import {
  KubeadmConfigTemplateProductProps, kubeadmConfigTemplateProduct, KubeadmControlPlaneProductProps, kubeadmControlPlaneProduct,
  NODE_PROXY_SECRET_ID, proxiedClusterProduct, workerPoolObjectId,
} from '../core/capi/products';
import { ProxiedClusterOptions } from '../core/capi/proxied-cluster';
import { ProxySourceProps } from '../core/capi/proxy-source';
import { ClusterProxyConfig } from '../core/cluster-proxy-config';
import { Product } from '../core/product/product';

/**
 * Cluster API components: the Pulumi counterparts of the cdk8s `ProxiedCluster`,
 * `ProxiedKubeadmControlPlane` and `ProxiedKubeadmConfigTemplate`, registering the same products.
 * A cluster's node-proxy Secret is shared: of several components of one cluster (a control plane
 * and templates, a `GiantSwarmProxyApps`) the first registers it and the others reuse it.
 */

/** Args of {@link ProxiedKubeadmControlPlane}: the cdk8s props, with a proxy whose credentials may be inputs. */
export interface ProxiedKubeadmControlPlaneArgs extends Omit<KubeadmControlPlaneProductProps, keyof ProxySourceProps>, ProxySourceArgs {}

/** Args of {@link ProxiedKubeadmConfigTemplate}: the cdk8s props, with a proxy whose credentials may be inputs. */
export interface ProxiedKubeadmConfigTemplateArgs extends Omit<KubeadmConfigTemplateProductProps, keyof ProxySourceProps>, ProxySourceArgs {}

/** Args of {@link ProxiedCluster}: the cdk8s props, with a proxy whose credentials may be inputs. */
export interface ProxiedClusterArgs extends Omit<ProxiedClusterOptions, keyof ProxySourceProps>, ProxySourceArgs {}

/** Resolve the proxy of `args` and register the product `render` computes from it and the other args. */
function registerSourced<A extends ProxySourceArgs>(component: pulumi.ComponentResource, name: string, args: A,
  render: (proxy: ClusterProxyConfig, rest: Omit<A, keyof ProxySourceArgs>) => Product): { proxy: ProxyDefinition; objects: ProductResources } {
  const { proxy, rest } = withResourceErrors(component, () => resolveProxySource(args));
  return { proxy, objects: registerProduct(component, name, () => proxy.render((config) => render(config, rest))) };
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
    const { proxy, objects } = registerSourced(this, name, args, (config, rest) => kubeadmControlPlaneProduct({ ...rest, proxy: config }));
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
    const { proxy, objects } = registerSourced(this, name, args, (config, rest) => kubeadmConfigTemplateProduct({ ...rest, proxy: config }));
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
    const { proxy, objects } = registerSourced(this, name, args, (config, rest) => proxiedClusterProduct({ ...rest, proxy: config }));
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
