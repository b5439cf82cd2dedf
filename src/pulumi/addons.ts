import * as pulumi from '@pulumi/pulumi';
import { proxyDefinitionOf, registerObjectsFrom, TYPE_TOKEN_PREFIX, withResourceErrors } from './component-support';
import { CredentialVariants } from './credentials';
import { ProxyDefinition } from './proxy-definition';
import { addonResourceSet, AddonResourceSetOptions } from '../core/addons/cluster-resource-set';
import { inClusterForwardProxy, InClusterForwardProxyProps } from '../core/addons/forward-proxy/forward-proxy';
import { giantSwarmProxySetup, GiantSwarmProxySetupOptions } from '../core/addons/giantswarm/setup';
import { DEFAULT_PROXY_ENV_SOURCE_NAME, proxyEnvFrom, ProxyEnvSourceKind, ProxyEnvSourceOptions, proxyEnvSources } from '../core/addons/proxy-env-source';
import { tkgProxyAddonSecrets, TkgProxyAddonsOptions } from '../core/addons/tkg/tkg-proxy-addons';
import { ClusterProxyConfig } from '../core/cluster-proxy-config';
import { invalidValue } from '../core/errors';
import { KubeObject } from '../core/k8s/manifest';

/**
 * Addons and app platforms: the Pulumi counterparts of the cdk8s addon constructs, registering the
 * same objects (Secrets as typed Secrets with secret values, the rest as typed resources or
 * CustomResources).
 */

/** Args of {@link TkgProxyAddons}. */
export interface TkgProxyAddonsArgs extends TkgProxyAddonsOptions {
  /** The cluster's proxy (one definition for every Secret). */
  readonly proxy: ClusterProxyConfig | ProxyDefinition;
}

/**
 * TKG-style addon Secrets for one workload cluster (seed 002): the vSphere CPI and CSI addon values,
 * the kapp-controller addon values and the cluster config values (see `tkgProxyAddonSecrets`).
 */
export class TkgProxyAddons extends pulumi.ComponentResource {
  /** The Secrets, in the core's order. */
  public readonly secrets: pulumi.CustomResource[];

  constructor(name: string, args: TkgProxyAddonsArgs, opts?: pulumi.ComponentResourceOptions) {
    super(`${TYPE_TOKEN_PREFIX}TkgProxyAddons`, name, {}, opts);
    const { proxy, ...options } = args;
    const objects = withResourceErrors(this, () => proxyDefinitionOf(proxy, 'proxy').config.map((config) => tkgProxyAddonSecrets(config, options)));
    this.secrets = registerObjectsFrom(this, name, objects).map((object) => object.resource);
    this.registerOutputs({ secrets: this.secrets });
  }
}

/** Args of {@link ProxyAddonResourceSet}. */
export interface ProxyAddonResourceSetArgs extends AddonResourceSetOptions {
  /** The cluster's proxy. */
  readonly proxy: ClusterProxyConfig | ProxyDefinition;
}

/**
 * A ClusterResourceSet and its Secret delivering an addon's manifests to a workload cluster, with the
 * kapp-controller config Secret and/or the proxy env injected into the delivered pods (see
 * `addonResourceSet`). The delivered objects travel inside the Secret's (secret) value.
 */
export class ProxyAddonResourceSet extends pulumi.ComponentResource {
  /** The Secret holding the delivered objects. */
  public readonly secret: pulumi.CustomResource;
  /** The ClusterResourceSet. */
  public readonly clusterResourceSet: pulumi.CustomResource;

  constructor(name: string, args: ProxyAddonResourceSetArgs, opts?: pulumi.ComponentResourceOptions) {
    super(`${TYPE_TOKEN_PREFIX}ProxyAddonResourceSet`, name, {}, opts);
    const { proxy, ...options } = args;
    const objects = withResourceErrors(this, () => proxyDefinitionOf(proxy, 'proxy').config.map((config) => addonResourceSet(config, options).objects));
    [this.secret, this.clusterResourceSet] = registerObjectsFrom(this, name, objects).map((object) => object.resource);
    this.registerOutputs({ secret: this.secret, clusterResourceSet: this.clusterResourceSet });
  }
}

/** Args of {@link GiantSwarmProxyApps}. */
export interface GiantSwarmProxyAppsArgs extends GiantSwarmProxySetupOptions {
  /** The cluster's proxy. */
  readonly proxy: ClusterProxyConfig | ProxyDefinition;
}

/**
 * Giant Swarm-style app platform objects for one workload cluster (seed 000): the
 * `<cluster>-cluster-values` Secret (and credential-free ConfigMap), the node drop-in Secret, and
 * App CRs consuming the values (see `giantSwarmProxySetup`). Set `systemdProxySecret: false` when a
 * `ProxiedCluster` with delivery `secret` for the same cluster is in the program: it registers that
 * Secret already.
 */
export class GiantSwarmProxyApps extends pulumi.ComponentResource {
  /** Every resource, values first, then the node drop-in Secret and the App CRs. */
  public readonly resources: pulumi.CustomResource[];

  constructor(name: string, args: GiantSwarmProxyAppsArgs, opts?: pulumi.ComponentResourceOptions) {
    super(`${TYPE_TOKEN_PREFIX}GiantSwarmProxyApps`, name, {}, opts);
    const { proxy, ...options } = args;
    const objects = withResourceErrors(this, () => proxyDefinitionOf(proxy, 'proxy').config.map((config) => giantSwarmProxySetup(config, options).objects));
    this.resources = registerObjectsFrom(this, name, objects).map((object) => object.resource);
    this.registerOutputs({ resources: this.resources });
  }
}

/** Args of {@link ProxyEnvSources}. */
export interface ProxyEnvSourcesArgs extends ProxyEnvSourceOptions {
  /** The cluster's proxy. */
  readonly proxy: ClusterProxyConfig | ProxyDefinition;
}

/**
 * One ConfigMap (or Secret, when the URLs carry credentials) per namespace holding the six proxy
 * variables, for containers that read them with `envFrom` (see `proxyEnvSources`).
 */
export class ProxyEnvSources extends pulumi.ComponentResource {
  /** `ConfigMap` or `Secret`. */
  public readonly kind: ProxyEnvSourceKind;
  /** The object name (the same in every namespace). */
  public readonly objectName: string;
  /** The objects, one per namespace. */
  public readonly resources: pulumi.CustomResource[];

  constructor(name: string, args: ProxyEnvSourcesArgs, opts?: pulumi.ComponentResourceOptions) {
    super(`${TYPE_TOKEN_PREFIX}ProxyEnvSources`, name, {}, opts);
    const { proxy, ...options } = args;
    const objects = withResourceErrors(this, () => proxyDefinitionOf(proxy, 'proxy').config.map((config) => proxyEnvSources(config, options)));
    const registered = registerObjectsFrom(this, name, objects);
    this.kind = registered[0].shape.kind as ProxyEnvSourceKind;
    this.objectName = options.name ?? DEFAULT_PROXY_ENV_SOURCE_NAME;
    this.resources = registered.map((object) => object.resource);
    this.registerOutputs({ kind: this.kind, objectName: this.objectName });
  }

  /** The `envFrom` entry for a container in one of the namespaces. */
  public envFrom(): { [key: string]: { name: string } } {
    return proxyEnvFrom(this.kind, this.objectName);
  }
}

/** Args of {@link InClusterForwardProxy}: the core's props, with the BasicAuth credentials as Pulumi inputs. */
export interface InClusterForwardProxyArgs extends Omit<InClusterForwardProxyProps, 'basicAuth'> {
  /**
   * Require these credentials (tinyproxy `BasicAuth`; letters, digits, `-`, `.`, `_`). The whole
   * tinyproxy.conf then goes into a Secret, and the derived `proxy` carries them. A password given
   * as an Output is validated when it resolves. Defaults to no authentication (only the allowed
   * CIDRs can use the proxy).
   */
  readonly basicAuth?: {
    /** User name. */
    readonly username: pulumi.Input<string>;
    /** Password, typically `config.requireSecret(...)`. */
    readonly password: pulumi.Input<string>;
  };
}

/**
 * A tinyproxy DaemonSet (`hostNetwork: true`), its config and a Service: a forward proxy inside the
 * cluster (see `inClusterForwardProxy`). `proxy` describes how workloads reach it: hand it to the
 * workload components so their env points at this Service.
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
    const { basicAuth, ...props } = args;
    const { objects, url, proxy } = withResourceErrors(this, () => {
      if (basicAuth !== undefined && (basicAuth === null || typeof basicAuth !== 'object')) {
        throw invalidValue('basicAuth', basicAuth, 'must be { username, password }');
      }
      const variants = CredentialVariants.fromCredentials(basicAuth ?? {}, (credentials) => inClusterForwardProxy({
        ...props,
        ...(basicAuth ? { basicAuth: { username: credentials.username!, password: credentials.password! } } : {}),
      }));
      const program = variants.standIns?.[0] ?? variants.known!;
      // The derived definition: the same settings inClusterForwardProxy builds, credentials as inputs.
      const definition = new ProxyDefinition({
        settings: {
          httpProxy: program.url,
          httpsProxy: program.url,
          ...(basicAuth ? { username: basicAuth.username, password: basicAuth.password } : {}),
          ...(props.noProxy === undefined ? {} : { noProxy: props.noProxy }),
        },
        network: program.proxy.network,
        proxyOptions: props.proxyOptions,
      });
      return { objects: variants.map((deployment): readonly KubeObject[] => deployment.objects), url: program.url, proxy: definition };
    });
    this.url = url;
    this.proxy = proxy;
    this.resources = registerObjectsFrom(this, name, objects).map((object) => object.resource);
    this.registerOutputs({ url: this.url, resources: this.resources });
  }
}
