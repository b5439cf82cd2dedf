import * as pulumi from '@pulumi/pulumi';
import { CredentialArgs, mapRendered, renderWithCredentials } from './credentials';
import { registerFromProxy, registerProduct, TYPE_TOKEN_PREFIX, withResourceErrors } from './product-resources';
import { ProxyArgs, ProxyDefinition } from './proxy-definition';
import { AddonResourceSetOptions } from '../core/addons/cluster-resource-set';
import { inClusterForwardProxy, InClusterForwardProxyProps } from '../core/addons/forward-proxy/forward-proxy';
import { giantSwarmProxySetup, GiantSwarmProxySetupOptions } from '../core/addons/giantswarm/setup';
import { giantSwarmProxyAppsProduct } from '../core/addons/products';
import { DEFAULT_PROXY_ENV_SOURCE_NAME, proxyEnvFrom, ProxyEnvFromSource, ProxyEnvSourceKind, ProxyEnvSourceOptions } from '../core/addons/proxy-env-source';
import { TkgProxyAddonsOptions } from '../core/addons/tkg/tkg-proxy-addons';
import { Products } from '../core/api/products';
import { networkProp } from '../core/capi/proxy-source';
import { ClusterNetwork, ClusterNetworkProps } from '../core/definition/network';
import { invalidValue } from '../core/primitives/errors';
import { propsObject } from '../core/primitives/validation/strict-props';
import { finishProduct } from '../core/product/credentials';
import { WithObjectMetadata } from '../core/product/metadata';
import { manifestsProduct } from '../core/product/product';

/**
 * Addons and app platforms: the Pulumi counterparts of the cdk8s addon constructs, registering the
 * same objects.
 */

/** Args of {@link TkgProxyAddons}. */
export interface TkgProxyAddonsArgs extends TkgProxyAddonsOptions, WithObjectMetadata, ProxyArgs {}

/** TKG-style addon Secrets for one workload cluster: the vSphere CPI and CSI, kapp-controller and cluster config values. */
export class TkgProxyAddons extends pulumi.ComponentResource {
  /** The Secrets, in the core's order. */
  public readonly secrets: pulumi.CustomResource[];

  constructor(name: string, args: TkgProxyAddonsArgs, opts?: pulumi.ComponentResourceOptions) {
    super(`${TYPE_TOKEN_PREFIX}TkgProxyAddons`, name, {}, opts);
    this.secrets = registerFromProxy(this, name, args, Products.tkgProxyAddons).resources;
    this.registerOutputs({ secrets: this.secrets });
  }
}

/** Args of {@link ProxyAddonResourceSet}. */
export interface ProxyAddonResourceSetArgs extends AddonResourceSetOptions, WithObjectMetadata, ProxyArgs {}

/**
 * A ClusterResourceSet and its Secret delivering an addon's manifests to a workload cluster, with
 * the kapp-controller config Secret and/or the proxy env injected into the delivered pods.
 */
export class ProxyAddonResourceSet extends pulumi.ComponentResource {
  /** The Secret holding the delivered objects. */
  public readonly secret: pulumi.CustomResource;
  /** The ClusterResourceSet. */
  public readonly clusterResourceSet: pulumi.CustomResource;

  constructor(name: string, args: ProxyAddonResourceSetArgs, opts?: pulumi.ComponentResourceOptions) {
    super(`${TYPE_TOKEN_PREFIX}ProxyAddonResourceSet`, name, {}, opts);
    const objects = registerFromProxy(this, name, args, Products.addonResourceSet);
    [this.secret, this.clusterResourceSet] = objects.resources;
    this.registerOutputs({ secret: this.secret, clusterResourceSet: this.clusterResourceSet });
  }
}

/** Args of {@link GiantSwarmProxyApps}. */
export interface GiantSwarmProxyAppsArgs extends GiantSwarmProxySetupOptions, WithObjectMetadata, ProxyArgs {}

/**
 * Giant Swarm-style app platform objects for one workload cluster: the `<cluster>-cluster-values`
 * Secret (and credential-free ConfigMap), the node drop-in Secret (the cluster's shared node-proxy
 * Secret: a `ProxiedCluster` of the same cluster registers it once), and App CRs.
 */
export class GiantSwarmProxyApps extends pulumi.ComponentResource {
  /** Every resource: the node drop-in Secret, then the values and the App CRs. */
  public readonly resources: pulumi.CustomResource[];

  constructor(name: string, args: GiantSwarmProxyAppsArgs, opts?: pulumi.ComponentResourceOptions) {
    super(`${TYPE_TOKEN_PREFIX}GiantSwarmProxyApps`, name, {}, opts);
    const objects = registerFromProxy(this, name, args,
      (config, options, metadata) => giantSwarmProxyAppsProduct(config, giantSwarmProxySetup(config, options), metadata));
    this.resources = objects.resources;
    this.registerOutputs({ resources: this.resources });
  }
}

/** Args of {@link ProxyEnvSources}. */
export interface ProxyEnvSourcesArgs extends ProxyEnvSourceOptions, WithObjectMetadata, ProxyArgs {}

/** One ConfigMap (or Secret, when the URLs carry credentials) per namespace holding the proxy variables, for `envFrom`. */
export class ProxyEnvSources extends pulumi.ComponentResource {
  /** `ConfigMap` or `Secret`. */
  public readonly kind: ProxyEnvSourceKind;
  /** The object name (the same in every namespace). */
  public readonly name: string;
  /** The objects, one per namespace. */
  public readonly resources: pulumi.CustomResource[];

  constructor(name: string, args: ProxyEnvSourcesArgs, opts?: pulumi.ComponentResourceOptions) {
    super(`${TYPE_TOKEN_PREFIX}ProxyEnvSources`, name, {}, opts);
    const objects = registerFromProxy(this, name, args, Products.proxyEnvSources);
    this.kind = objects.product.objects[0].manifest.kind as ProxyEnvSourceKind;
    this.name = args.name ?? DEFAULT_PROXY_ENV_SOURCE_NAME;
    this.resources = objects.resources;
    this.registerOutputs({ kind: this.kind, name: this.name });
  }

  /** The `envFrom` entry for a container in one of the namespaces. */
  public envFrom(): ProxyEnvFromSource {
    return proxyEnvFrom(this.kind, this.name);
  }
}

/** Args of {@link InClusterForwardProxy}: the cdk8s props, with the BasicAuth credentials as Pulumi inputs. */
export interface InClusterForwardProxyArgs extends Omit<InClusterForwardProxyProps, 'basicAuth' | 'network'>, WithObjectMetadata {
  /** The cluster's network facts (an instance or its props): its CIDRs may use the proxy. */
  readonly network: ClusterNetwork | ClusterNetworkProps;
  /**
   * Require these credentials (tinyproxy `BasicAuth`; letters, digits, `-`, `.`, `_`). The whole
   * tinyproxy.conf then goes into a Secret, and the derived `proxy` carries them. Leave it out with
   * a `credentialSource` that keeps the credentials (External Secrets, existing Secret).
   *
   * @default - no authentication (only the allowed CIDRs can use the proxy), unless `credentialSource` keeps the credentials
   */
  readonly basicAuth?: Required<CredentialArgs>;
}

/**
 * A tinyproxy DaemonSet (`hostNetwork: true`), its config and a Service: a forward proxy inside the
 * cluster. `proxy` describes how workloads reach it: hand it to the workload components.
 */
export class InClusterForwardProxy extends pulumi.ComponentResource {
  /** The proxy URL without credentials: `http://<name>.<namespace>.svc.<domain>:<port>`. */
  public readonly url: string;
  /** The proxy for workloads: the Service URL, the credentials (inputs), NO_PROXY from the same network. */
  public readonly proxy: ProxyDefinition;
  /** The config (ConfigMap, or Secret with basicAuth), the DaemonSet and the Service. */
  public readonly resources: pulumi.CustomResource[];

  constructor(name: string, args: InClusterForwardProxyArgs, opts?: pulumi.ComponentResourceOptions) {
    super(`${TYPE_TOKEN_PREFIX}InClusterForwardProxy`, name, {}, opts);
    const { basicAuth, metadata, ...props } = withResourceErrors(this, () => propsObject(args));
    const deployment = withResourceErrors(this, () => {
      if (basicAuth !== undefined && (basicAuth === null || typeof basicAuth !== 'object')) {
        throw invalidValue('basicAuth', basicAuth, 'must be { username, password }');
      }
      const network = networkProp(props.network);
      return renderWithCredentials('basicAuth', basicAuth ?? {}, (credentials) => inClusterForwardProxy({
        ...props, network, ...(basicAuth ? { basicAuth: { username: credentials.username!, password: credentials.password! } } : {}),
      }));
    });
    const now = deployment.now;
    this.url = now.url;
    this.proxy = withResourceErrors(this, () => new ProxyDefinition({
      settings: {
        httpProxy: now.url,
        httpsProxy: now.url,
        ...basicAuth,
        ...(props.credentialSource === undefined ? {} : { credentialSource: props.credentialSource }),
        ...(props.noProxy === undefined ? {} : { noProxy: props.noProxy }),
      },
      network: now.proxy.network,
      proxyOptions: props.proxyOptions,
    }));
    this.resources = registerProduct(this, name, () => mapRendered(deployment,
      (result) => finishProduct(manifestsProduct(result.objects), result.proxy, metadata))).resources;
    this.registerOutputs({ url: this.url, resources: this.resources });
  }
}
