import * as k8s from '@pulumi/kubernetes';
import * as pulumi from '@pulumi/pulumi';
import { inputAt, registerObjectsFrom, TYPE_TOKEN_PREFIX, withResourceErrors } from './component-support';
import { CredentialVariants } from './credentials';
import { ProxySettingsArgs } from './proxy-definition';
import { splitSettings } from './settings-split';
import { addProxyToClusterClass } from '../core/clusterclass/add-proxy-to-cluster-class';
import { ClusterClassProxy, ClusterClassProxyProps } from '../core/clusterclass/cluster-class-proxy';
import { ProxyVariableValue } from '../core/clusterclass/proxy-variable';
import { addProxyToTopologyCluster, TopologyClusterProxyOptions } from '../core/clusterclass/topology-cluster';
import { invalidValue } from '../core/errors';
import { KubeObject } from '../core/k8s/manifest';
import { ProxySettings } from '../core/proxy-settings';

/**
 * ClusterClass support: the Pulumi counterparts of the cdk8s `ClusterClassProxyPatches` and
 * `TopologyClusterProxy`. Pulumi has no chart to patch in place, so both take the manifests as
 * plain JSON and register the results (the ClusterClass with the proxy variable and patches; the
 * topology Cluster with its variable, and its node-proxy Secret).
 */

/** The class options with the settings' credentials as Pulumi inputs. */
export interface ClusterClassProxyArgs extends Omit<ClusterClassProxyProps, 'settings'> {
  /** The installation-wide proxy definition: a `ProxySettings`, or its props with the credentials as inputs. */
  readonly settings: ProxySettings | ProxySettingsArgs;
}

/** Args of {@link ClusterClassProxyPatches}. */
export interface ClusterClassProxyPatchesArgs extends ClusterClassProxyArgs {
  /** The ClusterClass manifest (v1beta1 or v1beta2). */
  readonly clusterClass: KubeObject;
  /**
   * The KubeadmControlPlaneTemplate and KubeadmConfigTemplates the class references: the patches
   * depend on which fields they already have. They are read, not registered: register them as you
   * do now.
   */
  readonly templates: readonly KubeObject[];
}

/** The class proxy in every credential variant. */
function classProxyVariants(args: ClusterClassProxyArgs): CredentialVariants<ClusterClassProxy> {
  if (args === null || typeof args !== 'object') {
    throw invalidValue('props', args, 'must be an object with settings');
  }
  const { base, credentials } = splitSettings(args.settings);
  return CredentialVariants.fromCredentials(credentials, (c) => new ClusterClassProxy({ ...args, settings: new ProxySettings({ ...base, ...c }) }));
}

/**
 * Registers a ClusterClass with the proxy variable and the patches that give every control plane
 * and worker node the proxy files and commands (see `addProxyToClusterClass`). Give `classProxy` to
 * the {@link TopologyClusterProxy} of each Cluster of the class.
 */
export class ClusterClassProxyPatches extends pulumi.ComponentResource {
  /** The class proxy in every credential variant (for {@link TopologyClusterProxy}). */
  public readonly classProxy: CredentialVariants<ClusterClassProxy>;
  /** The ClusterClass. */
  public readonly clusterClass: pulumi.CustomResource;

  constructor(name: string, args: ClusterClassProxyPatchesArgs, opts?: pulumi.ComponentResourceOptions) {
    super(`${TYPE_TOKEN_PREFIX}ClusterClassProxyPatches`, name, {}, opts);
    const { clusterClass, templates, ...classArgs } = args;
    const { variants, objects } = withResourceErrors(this, () => {
      const proxies = classProxyVariants(classArgs);
      if (!Array.isArray(templates)) {
        throw invalidValue('templates', templates, 'must list the kubeadm templates the class references');
      }
      const rendered = proxies.map((proxy): KubeObject[] => [addProxyToClusterClass(clusterClass, templates, proxy).clusterClass]);
      return { variants: proxies, objects: rendered };
    });
    this.classProxy = variants;
    [this.clusterClass] = registerObjectsFrom(this, name, objects).map((object) => object.resource);
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
 * `addProxyToTopologyCluster`). With credentials the variable names that Secret, whose name carries
 * a hash of its content: it is then a secret output.
 */
export class TopologyClusterProxy extends pulumi.ComponentResource {
  /** The Cluster. */
  public readonly cluster: pulumi.CustomResource;
  /** The node-proxy Secret (delivery `secret`). */
  public readonly secret?: k8s.core.v1.Secret;
  /** The variable as set on the Cluster. */
  public readonly variable: pulumi.Output<{ name: string; value: ProxyVariableValue }>;

  constructor(name: string, args: TopologyClusterProxyArgs, opts?: pulumi.ComponentResourceOptions) {
    super(`${TYPE_TOKEN_PREFIX}TopologyClusterProxy`, name, {}, opts);
    const { cluster, classProxy, ...options } = args;
    const { objects, variableName } = withResourceErrors(this, () => {
      const variants = classProxy instanceof ClusterClassProxyPatches ? classProxy.classProxy
        : classProxy instanceof ClusterClassProxy ? classProxyVariants(classProxy.props)
          : undefined;
      if (!variants) {
        throw invalidValue('classProxy', classProxy, 'must be a ClusterClassProxyPatches or a ClusterClassProxy');
      }
      const rendered = variants.map((proxy): KubeObject[] => {
        const result = addProxyToTopologyCluster(cluster, proxy, options);
        return [...(result.secret ? [result.secret] : []), result.cluster];
      });
      return { objects: rendered, variableName: (variants.standIns?.[0] ?? variants.known!).variableName };
    });
    const registered = registerObjectsFrom(this, name, objects);
    const clusterObject = registered[registered.length - 1];
    this.cluster = clusterObject.resource;
    this.secret = registered.length > 1 ? registered[0].resource as k8s.core.v1.Secret : undefined;
    // The core puts the variable last in spec.topology.variables.
    const variables = ((clusterObject.shape as Json).spec.topology.variables as Json[]);
    this.variable = inputAt<ProxyVariableValue>(clusterObject.inputs, ['spec', 'topology', 'variables', String(variables.length - 1), 'value'])
      .apply((value) => ({ name: variableName, value }));
    this.registerOutputs({ cluster: this.cluster, secret: this.secret });
  }
}

type Json = Record<string, any>;
