import * as k8s from '@pulumi/kubernetes';
import * as pulumi from '@pulumi/pulumi';
import {
  inputAt, ProxySourceArgs, registerObjectsFrom, resolveProxyDefinition, resourcePrefixOf, TYPE_TOKEN_PREFIX, withoutProxySource, withResourceErrors,
} from './component-support';
import { ProxyDefinition } from './proxy-definition';
import { BOOTSTRAP_API_GROUP, CapiVersion, capiReference, parseCapiVersion, RenderedReference } from '../core/capi/capi-version';
import { kubeadmConfigTemplateObject } from '../core/capi/kubeadm-config-template';
import { ControlPlaneProps, kubeadmControlPlaneObject } from '../core/capi/kubeadm-control-plane';
import { nodeProxyBootstrap, nodeProxyOptionsOf, NodeProxyProps } from '../core/capi/node-proxy';
import { ProxiedClusterOptions, proxiedClusterObjects } from '../core/capi/proxied-cluster';
import { ProxySourceProps } from '../core/capi/proxy-source';
import { ClusterProxyConfig } from '../core/cluster-proxy-config';
import { KubeObject } from '../core/k8s/manifest';

/**
 * Cluster API components: the Pulumi counterparts of the cdk8s `ProxiedCluster`,
 * `ProxiedKubeadmControlPlane` and `ProxiedKubeadmConfigTemplate`, registering exactly the objects
 * those synthesize (the contract test compares them).
 */

/** Options shared by the kubeadm components. */
export interface KubeadmComponentArgs extends ProxySourceArgs, NodeProxyProps {
  /**
   * Register the node-proxy Secret (delivery `secret`). Defaults to true. Set it to false when
   * another component of the same cluster already registers it (two Pulumi resources must not own
   * one Kubernetes object): `ProxiedCluster` does so for its children; do it for the second of a
   * standalone `ProxiedKubeadmControlPlane` and `ProxiedKubeadmConfigTemplate`.
   */
  readonly nodeProxySecret?: boolean;
  /** Prefix of the child resources' names. Defaults to the component's name. */
  readonly resourcePrefix?: string;
}

/** Args of {@link ProxiedKubeadmControlPlane}. */
export interface ProxiedKubeadmControlPlaneArgs extends KubeadmComponentArgs, ControlPlaneProps {
  /** Name of the Cluster this control plane belongs to. */
  readonly clusterName: string;
  /** Namespace of the KubeadmControlPlane and its Secret. Defaults to none (the provider's namespace). */
  readonly namespace?: string;
  /** Kubernetes version, e.g. `v1.31.2`. */
  readonly version: string;
  /** Cluster API version of the emitted objects. Defaults to `v1beta2`. */
  readonly capiVersion?: CapiVersion;
}

/** Args of {@link ProxiedKubeadmConfigTemplate}. */
export interface ProxiedKubeadmConfigTemplateArgs extends KubeadmComponentArgs {
  /** Name of the Cluster the workers join. */
  readonly clusterName: string;
  /** Base name of the template; the Kubernetes name is `<name>-<hash of the template's spec>`. */
  readonly name: string;
  /** Namespace of the template and its Secret. Defaults to none (the provider's namespace). */
  readonly namespace?: string;
  /**
   * A KubeadmConfigSpec to start from (joinConfiguration, users, your files and commands...); the
   * proxy is merged in. Defaults to an empty spec.
   */
  readonly kubeadmConfigSpec?: { readonly [key: string]: unknown };
  /** Cluster API version of the emitted objects. Defaults to `v1beta2`. */
  readonly capiVersion?: CapiVersion;
}

/** Args of {@link ProxiedCluster}: the core's `ProxiedClusterOptions`, with a proxy whose credentials may be Pulumi inputs. */
export interface ProxiedClusterArgs extends Omit<ProxiedClusterOptions, keyof ProxySourceProps>, ProxySourceArgs {}


/** [the node-proxy Secret (if any, and wanted), the object]. */
function withSecret(secret: KubeObject | undefined, object: KubeObject, includeSecret: boolean | undefined): KubeObject[] {
  return [...(secret && includeSecret !== false ? [secret] : []), object];
}

/**
 * A KubeadmControlPlane whose machines run behind the proxy, and (delivery `secret`) the Secret its
 * node files are read from: the Pulumi counterpart of the cdk8s `ProxiedKubeadmControlPlane`.
 *
 * With a password given as an Output, the fields computed from it (Secret values, and the Secret's
 * name, which carries a hash of its content, wherever it is referenced) are secret Outputs; the
 * rest is rendered at program time.
 */
export class ProxiedKubeadmControlPlane extends pulumi.ComponentResource {
  /** The proxy definition the machines use. */
  public readonly proxy: ProxyDefinition;
  /** Name of the KubeadmControlPlane (for `Cluster.spec.controlPlaneRef`). */
  public readonly name: string;
  /** The KubeadmControlPlane. */
  public readonly controlPlane: pulumi.CustomResource;
  /** The node-proxy Secret (delivery `secret`, unless `nodeProxySecret` is false). */
  public readonly secret?: k8s.core.v1.Secret;
  /** Every resource registered: the Secret (if any), then the KubeadmControlPlane. */
  public readonly resources: pulumi.CustomResource[];

  constructor(name: string, args: ProxiedKubeadmControlPlaneArgs, opts?: pulumi.ComponentResourceOptions) {
    // No args to the base: component inputs are stored in state, and they may hold the password.
    super(`${TYPE_TOKEN_PREFIX}ProxiedKubeadmControlPlane`, name, {}, opts);
    const { proxy, objects, prefix } = withResourceErrors(this, () => {
      const definition = resolveProxyDefinition(args);
      const capiVersion = parseCapiVersion('capiVersion', args.capiVersion);
      const render = (config: ClusterProxyConfig): KubeObject[] => {
        const bootstrap = nodeProxyBootstrap(config, nodeProxyOptionsOf(args));
        const object = kubeadmControlPlaneObject({
          clusterName: bootstrap.clusterName,
          namespace: bootstrap.namespace,
          capiVersion,
          version: args.version,
          machineTemplate: args.machineTemplate,
          replicas: args.replicas,
          kubeadmConfigSpec: args.kubeadmConfigSpec,
          name: args.name,
          bootstrap,
        }, '');
        return withSecret(bootstrap.secret, object, args.nodeProxySecret);
      };
      return { proxy: definition, objects: definition.config.map(render), prefix: resourcePrefixOf(args.resourcePrefix, name) };
    });
    this.proxy = proxy;
    this.resources = registerObjectsFrom(this, prefix, objects).map((object) => object.resource);
    this.controlPlane = this.resources[this.resources.length - 1];
    this.secret = this.resources.length > 1 ? this.resources[0] as k8s.core.v1.Secret : undefined;
    this.name = (objects.standIns?.[0] ?? objects.known!).at(-1)!.metadata.name;
    this.registerOutputs({ name: this.name, controlPlane: this.controlPlane, secret: this.secret });
  }
}

/**
 * A worker KubeadmConfigTemplate whose machines run behind the proxy, for your own
 * MachineDeployment (`configRef`): the Pulumi counterpart of the cdk8s `ProxiedKubeadmConfigTemplate`.
 *
 * The Kubernetes name carries a hash of the template's spec (so a proxy change rolls the
 * MachineDeployment); with credentials that spec names the node-proxy Secret, whose name carries a
 * hash of the credentials, so `name` and `configRef` are then secret Outputs. The Pulumi resource
 * name uses the base name and stays the same.
 */
export class ProxiedKubeadmConfigTemplate extends pulumi.ComponentResource {
  /** The proxy definition the machines use. */
  public readonly proxy: ProxyDefinition;
  /** The Kubernetes name, `<name>-<hash>`. */
  public readonly name: pulumi.Output<string>;
  /** The bootstrap reference for a MachineDeployment of the same Cluster API version. */
  public readonly configRef: pulumi.Output<RenderedReference>;
  /** The KubeadmConfigTemplate. */
  public readonly configTemplate: pulumi.CustomResource;
  /** The node-proxy Secret (delivery `secret`, unless `nodeProxySecret` is false). */
  public readonly secret?: k8s.core.v1.Secret;
  /** Every resource registered: the Secret (if any), then the template. */
  public readonly resources: pulumi.CustomResource[];

  constructor(name: string, args: ProxiedKubeadmConfigTemplateArgs, opts?: pulumi.ComponentResourceOptions) {
    super(`${TYPE_TOKEN_PREFIX}ProxiedKubeadmConfigTemplate`, name, {}, opts);
    const { proxy, objects, prefix, capiVersion } = withResourceErrors(this, () => {
      const definition = resolveProxyDefinition(args);
      const version = parseCapiVersion('capiVersion', args.capiVersion);
      const render = (config: ClusterProxyConfig): KubeObject[] => {
        const bootstrap = nodeProxyBootstrap(config, nodeProxyOptionsOf(args));
        const object = kubeadmConfigTemplateObject({
          clusterName: bootstrap.clusterName,
          namespace: bootstrap.namespace,
          capiVersion: version,
          baseName: args.name,
          kubeadmConfigSpec: args.kubeadmConfigSpec,
          bootstrap,
        });
        return withSecret(bootstrap.secret, object, args.nodeProxySecret);
      };
      return { proxy: definition, objects: definition.config.map(render), prefix: resourcePrefixOf(args.resourcePrefix, name), capiVersion: version };
    });
    this.proxy = proxy;
    const registered = registerObjectsFrom(this, prefix, objects);
    this.resources = registered.map((object) => object.resource);
    this.configTemplate = this.resources[this.resources.length - 1];
    this.secret = this.resources.length > 1 ? this.resources[0] as k8s.core.v1.Secret : undefined;
    this.name = inputAt<string>(registered[registered.length - 1].inputs, ['metadata', 'name']);
    this.configRef = this.name.apply((templateName) => capiReference(capiVersion, BOOTSTRAP_API_GROUP, 'KubeadmConfigTemplate', templateName));
    this.registerOutputs({ name: this.name, configRef: this.configRef, configTemplate: this.configTemplate, secret: this.secret });
  }
}

/** One worker pool of a {@link ProxiedCluster}. */
export interface ProxiedWorkerPool {
  /** Pool name. */
  readonly name: string;
  /** The pool's KubeadmConfigTemplate component. */
  readonly configTemplate: ProxiedKubeadmConfigTemplate;
  /** The pool's MachineDeployment. */
  readonly machineDeployment: pulumi.CustomResource;
}

/**
 * A Cluster API cluster whose nodes run behind the proxy, from one definition: the Cluster, a
 * {@link ProxiedKubeadmControlPlane}, a {@link ProxiedKubeadmConfigTemplate} and a MachineDeployment
 * per worker pool, and (delivery `secret`, the default with credentials) the Secret the node files
 * are read from. The Pulumi counterpart of the cdk8s `ProxiedCluster`: the same objects, field for
 * field.
 *
 * Resource names are `<name>-<namespace>-<object name>`, with the content hash left out of the
 * node-proxy Secret's and the templates' names, so they stay the same across proxy changes.
 */
export class ProxiedCluster extends pulumi.ComponentResource {
  /** The cluster name. */
  public readonly clusterName: string;
  /** The proxy definition the nodes use. */
  public readonly proxy: ProxyDefinition;
  /** The Cluster. */
  public readonly cluster: pulumi.CustomResource;
  /** The control plane. */
  public readonly controlPlane: ProxiedKubeadmControlPlane;
  /** The worker pools, in args order. */
  public readonly workerPools: ProxiedWorkerPool[];
  /** The node-proxy Secret (delivery `secret`). */
  public readonly secret?: k8s.core.v1.Secret;
  /** Every resource, in apply order: Secret, Cluster, KubeadmControlPlane, each pool's template and MachineDeployment. */
  public readonly resources: pulumi.CustomResource[];

  constructor(name: string, args: ProxiedClusterArgs, opts?: pulumi.ComponentResourceOptions) {
    super(`${TYPE_TOKEN_PREFIX}ProxiedCluster`, name, {}, opts);
    const options = withoutProxySource(args);
    const { definition, clusterObjects } = withResourceErrors(this, () => {
      const proxy = resolveProxyDefinition(args);
      // The core validates the whole definition first, so errors name the args as written here.
      return { definition: proxy, clusterObjects: proxy.config.map((config) => proxiedClusterObjects({ ...options, proxy: config })) };
    });
    const shape = clusterObjects.standIns?.[0] ?? clusterObjects.known!;
    this.proxy = definition;
    this.clusterName = shape.cluster.metadata.name;

    const own = registerObjectsFrom(this, name, clusterObjects.map((objects) => [
      ...(objects.secret ? [objects.secret] : []),
      objects.cluster,
      ...objects.workerPools.map((pool) => pool.machineDeployment),
    ])).map((object) => object.resource);
    this.secret = shape.secret ? own[0] as k8s.core.v1.Secret : undefined;
    this.cluster = own[shape.secret ? 1 : 0];
    const machineDeployments = own.slice(shape.secret ? 2 : 1);

    const shared = {
      proxy: definition,
      capiVersion: args.capiVersion,
      ...nodeProxyOptionsOf({ ...args, clusterName: this.clusterName }),
      nodeProxySecret: false,
      resourcePrefix: name,
    };
    this.controlPlane = new ProxiedKubeadmControlPlane(name, { ...shared, ...args.controlPlane, version: args.version }, { parent: this });
    this.workerPools = shape.workerPools.map((pool, index): ProxiedWorkerPool => ({
      name: pool.name,
      configTemplate: new ProxiedKubeadmConfigTemplate(`${name}-${pool.name}`, {
        ...shared,
        // The template's base name is the MachineDeployment's: `<cluster>-<pool>`.
        name: pool.machineDeployment.metadata.name,
        kubeadmConfigSpec: args.workerPools![index].kubeadmConfigSpec,
      }, { parent: this }),
      machineDeployment: machineDeployments[index],
    }));
    this.resources = [
      ...(this.secret ? [this.secret] : []),
      this.cluster,
      this.controlPlane.controlPlane,
      ...this.workerPools.flatMap((pool) => [pool.configTemplate.configTemplate, pool.machineDeployment]),
    ];
    this.registerOutputs({ clusterName: this.clusterName, cluster: this.cluster, secret: this.secret });
  }
}
