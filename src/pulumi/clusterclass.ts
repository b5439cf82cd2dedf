import * as k8s from '@pulumi/kubernetes';
import * as pulumi from '@pulumi/pulumi';
import { mapRendered, ProxySettingsArgs, Rendered, renderWithSettings } from './credentials';
import { registerProduct, TYPE_TOKEN_PREFIX, withResourceErrors } from './product-resources';
import { NODE_PROXY_SECRET_ID, nodeProxySecretProduct } from '../core/capi/products';
import { addProxyToClusterClass } from '../core/clusterclass/add-proxy-to-cluster-class';
import { ClusterClassProxy, ClusterClassProxyProps } from '../core/clusterclass/cluster-class-proxy';
import { ProxyVariableValue } from '../core/clusterclass/proxy-variable';
import { addProxyToTopologyCluster, TopologyClusterProxyOptions } from '../core/clusterclass/topology-cluster';
import { ProxySettings } from '../core/definition/proxy-settings';
import { invalidValue } from '../core/primitives/errors';
import { KubeObject } from '../core/primitives/k8s/manifest';
import { propsObject } from '../core/primitives/validation/strict-props';
import { finishProduct } from '../core/product/credentials';
import { product, productObject } from '../core/product/product';

/**
 * ClusterClass support: the Pulumi counterparts of the cdk8s `ClusterClassProxyPatches` and
 * `TopologyClusterProxy`. Pulumi has no chart to patch in place, so both take the manifests as
 * plain JSON and register the results.
 */

/** Args of {@link ClusterClassProxyPatches}: the cdk8s props, with the settings' credentials as inputs. */
export interface ClusterClassProxyPatchesArgs extends Omit<ClusterClassProxyProps, 'settings'> {
  /** The installation-wide proxy definition: a `ProxySettings`, or its props with the credentials as inputs. */
  readonly settings: ProxySettings | ProxySettingsArgs;
  /** The ClusterClass manifest (v1beta1 or v1beta2). */
  readonly clusterClass: KubeObject;
  /**
   * The KubeadmControlPlaneTemplate and KubeadmConfigTemplates the class references: the patches
   * depend on which fields they already have. They are read, not registered.
   */
  readonly templates: readonly KubeObject[];
}

/**
 * Registers a ClusterClass with the proxy variable and the patches that give every control plane
 * and worker node the proxy files and commands (see `addProxyToClusterClass`). Give it as
 * `classProxy` to the {@link TopologyClusterProxy} of each Cluster of the class.
 */
export class ClusterClassProxyPatches extends pulumi.ComponentResource {
  /** The class proxy as rendered at program time (slots for credentials while they are Outputs). */
  public readonly classProxy: ClusterClassProxy;
  /**
   * The class proxy with the real credentials too, for the Secret data of {@link TopologyClusterProxy}.
   *
   * @internal
   */
  public readonly renderedClassProxy: Rendered<ClusterClassProxy>;
  /** The ClusterClass. */
  public readonly clusterClass: pulumi.CustomResource;

  constructor(name: string, args: ClusterClassProxyPatchesArgs, opts?: pulumi.ComponentResourceOptions) {
    super(`${TYPE_TOKEN_PREFIX}ClusterClassProxyPatches`, name, {}, opts);
    const { clusterClass, templates, ...props } = args ?? ({} as ClusterClassProxyPatchesArgs);
    let rendered: Rendered<ClusterClassProxy> | undefined;
    const objects = registerProduct(this, name, () => {
      rendered = renderWithSettings(props.settings, (settings) => new ClusterClassProxy({ ...props, settings }));
      if (!Array.isArray(templates)) {
        throw invalidValue('templates', templates, 'must list the kubeadm templates the class references');
      }
      return mapRendered(rendered, (classProxy) => product([productObject('ClusterClass', addProxyToClusterClass(clusterClass, templates, classProxy).clusterClass)]));
    });
    this.renderedClassProxy = rendered!;
    this.classProxy = rendered!.now;
    this.clusterClass = objects.get('ClusterClass');
    this.registerOutputs({ clusterClass: this.clusterClass });
  }
}

/** Args of {@link TopologyClusterProxy}. */
export interface TopologyClusterProxyArgs extends TopologyClusterProxyOptions {
  /** The topology Cluster manifest (`spec.topology` set). */
  readonly cluster: KubeObject;
  /** The class's proxy: the {@link ClusterClassProxyPatches} component or a core `ClusterClassProxy`. */
  readonly classProxy: ClusterClassProxyPatches | ClusterClassProxy;
}

/**
 * Registers a topology Cluster with the ClusterClass's proxy variable set and, when the proxy URLs
 * carry credentials (delivery `secret`), the cluster's node-proxy Secret (see
 * `addProxyToTopologyCluster`), shared with other components of the same cluster.
 */
export class TopologyClusterProxy extends pulumi.ComponentResource {
  /** The Cluster. */
  public readonly cluster: pulumi.CustomResource;
  /** The node-proxy Secret (delivery `secret`). */
  public readonly secret?: k8s.core.v1.Secret;
  /** The variable as set on the Cluster. */
  public readonly variable: { readonly name: string; readonly value: ProxyVariableValue };

  constructor(name: string, args: TopologyClusterProxyArgs, opts?: pulumi.ComponentResourceOptions) {
    super(`${TYPE_TOKEN_PREFIX}TopologyClusterProxy`, name, {}, opts);
    const { cluster, classProxy, ...options } = withResourceErrors(this, () => propsObject(args));
    let variable: TopologyClusterProxy['variable'] | undefined;
    const objects = registerProduct(this, name, () => {
      const rendered: Rendered<ClusterClassProxy> | undefined = classProxy instanceof ClusterClassProxyPatches ? classProxy.renderedClassProxy
        : classProxy instanceof ClusterClassProxy ? { now: classProxy } : undefined;
      if (!rendered) {
        throw invalidValue('classProxy', classProxy, 'must be a ClusterClassProxyPatches or a ClusterClassProxy');
      }
      return mapRendered(rendered, (proxy) => {
        const result = addProxyToTopologyCluster(cluster, proxy, options);
        variable ??= result.variable;
        // the node-proxy Secret where the settings say the credentials live, as in every product
        return product([...finishProduct(nodeProxySecretProduct(result.secret), result.proxy).objects, productObject('Cluster', result.cluster)]);
      });
    });
    this.cluster = objects.get('Cluster');
    this.secret = objects.find(NODE_PROXY_SECRET_ID) as k8s.core.v1.Secret | undefined;
    this.variable = variable!;
    this.registerOutputs({ cluster: this.cluster, secret: this.secret });
  }
}
