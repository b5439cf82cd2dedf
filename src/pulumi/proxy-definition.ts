import * as pulumi from '@pulumi/pulumi';
import { CredentialVariants, ProxyCredentials } from './credentials';
import { splitSettings } from './settings-split';
import { ClusterProxyConfig, ClusterProxyConfigOptions } from '../core/cluster-proxy-config';
import { invalidValue, ProxyConfigError } from '../core/errors';
import { canonicalJson } from '../core/k8s/names';
import { ClusterNetwork, ClusterNetworkProps } from '../core/network';
import { formatNoProxyEntry } from '../core/noproxy/format';
import { ProxySettings, ProxySettingsProps } from '../core/proxy-settings';

/**
 * Installation-wide proxy settings for Pulumi programs: the core's `ProxySettingsProps`, with the
 * user name and password as Pulumi inputs, so a password can come from `config.requireSecret(...)`
 * (or any other Output) without being resolved at program time.
 */
export interface ProxySettingsArgs extends Omit<ProxySettingsProps, 'username' | 'password'> {
  /**
   * Proxy user name, raw (not percent-encoded); added to every proxy URL.
   *
   * @default - credentials only from the URLs, if any
   */
  readonly username?: pulumi.Input<string>;
  /**
   * Proxy password, raw (not percent-encoded). Requires `username`. An Output is validated when it
   * resolves: a bad one fails the deployment with the core's message (naming `password`, never
   * quoting it) instead of at program start.
   *
   * @default - no password
   */
  readonly password?: pulumi.Input<string>;
}

/** Input of {@link ProxyDefinition}. */
export interface ProxyDefinitionArgs {
  /** The installation-wide proxy definition: a `ProxySettings`, or its props with credentials as inputs. */
  readonly settings: ProxySettings | ProxySettingsArgs;
  /** The cluster's network facts (an instance or its props). */
  readonly network: ClusterNetwork | ClusterNetworkProps;
  /**
   * NO_PROXY options.
   *
   * @default - every cluster-specific NO_PROXY category on, no extra entries
   */
  readonly proxyOptions?: ClusterProxyConfigOptions;
}

/** Every switch of `ClusterNoProxyDefaultsOptions`, off: used to rebuild a computed NO_PROXY as given entries. */
const NO_DEFAULTS = {
  loopback: false,
  serviceSuffix: false,
  clusterDomain: false,
  kubernetesService: false,
  clusterIps: false,
  podCidrs: false,
  serviceCidrs: false,
  controlPlaneEndpoint: false,
  machineCidrs: false,
  providerEntries: false,
} as const;

/**
 * One cluster's proxy definition for the Pulumi components: the Pulumi counterpart of
 * `ClusterProxyConfig`, whose credentials may be Outputs.
 *
 * Everything but the credentials is validated at construction (URLs, NO_PROXY entries, CA
 * bundle, network), by the core, with its field-naming errors. With plain-string credentials (or
 * none) the full `ClusterProxyConfig` is computed at once (`known`). With Output credentials it is
 * computed when they resolve (`resolve()`), which is also when a bad password is reported.
 */
export class ProxyDefinition {
  /**
   * The definition of a computed `ClusterProxyConfig` (returned as is when already a
   * ProxyDefinition). Its credentials are plain strings, so everything is known at program time.
   *
   * @param field the prop the value came from, for errors
   */
  public static of(source: ClusterProxyConfig | ProxyDefinition, field = 'proxy'): ProxyDefinition {
    if (source instanceof ProxyDefinition) {
      return source;
    }
    if (!(source instanceof ClusterProxyConfig)) {
      throw invalidValue(field, source, 'must be a ClusterProxyConfig or a ProxyDefinition');
    }
    const { base, credentials } = splitSettings(source.settings);
    // The computed NO_PROXY, given back as entries: the config's own options are not kept by it.
    const options: ClusterProxyConfigOptions = {
      noProxyDefaults: NO_DEFAULTS,
      additionalNoProxy: source.noProxy.clusterSpecific.map((item) => formatNoProxyEntry(item.entry)),
    };
    return new ProxyDefinition({ settings: { ...base, ...credentials }, network: source.network, proxyOptions: options }, source);
  }

  /** The cluster's network facts. */
  public readonly network: ClusterNetwork;
  /**
   * The computed configuration in every variant (stand-in credentials and real ones); the
   * components render from it.
   */
  public readonly config: CredentialVariants<ClusterProxyConfig>;
  private readonly summary: string;

  /**
   * @param exact internal: the computed config this definition describes ({@link ProxyDefinition.of}),
   * used as the real configuration so the output is exactly the core's for that instance
   */
  constructor(args: ProxyDefinitionArgs, exact?: ClusterProxyConfig) {
    if (args === null || typeof args !== 'object') {
      throw invalidValue('proxy', args, 'must be an object with settings and network');
    }
    if (args.settings === undefined || args.network === undefined) {
      throw new ProxyConfigError(args.settings === undefined ? 'settings' : 'network', 'is required');
    }
    this.network = args.network instanceof ClusterNetwork ? args.network : new ClusterNetwork(args.network);
    const { base, credentials } = splitSettings(args.settings);
    const network = this.network;
    const build = (c: ProxyCredentials): ClusterProxyConfig =>
      new ClusterProxyConfig(new ProxySettings({ ...base, ...c }), network, args.proxyOptions);
    const variants = CredentialVariants.fromCredentials(credentials, build);
    if (exact) {
      const rebuilt = variants.known!;
      if (canonicalJson(rebuilt.environment) !== canonicalJson(exact.environment) || rebuilt.environment.httpProxy !== exact.environment.httpProxy
        || rebuilt.environment.httpsProxy !== exact.environment.httpsProxy) {
        throw new ProxyConfigError('proxy', 'could not be taken apart into settings and network with the same environment; give settings and network instead');
      }
    }
    this.config = exact ? variants.map((config) => (config === variants.known ? exact : config)) : variants;
    this.summary = `${new ProxySettings(base).toString()}${this.config.dependsOnCredentials ? ' with credentials' : ''} noProxy=${
      (this.config.standIns?.[0] ?? this.config.known!).environment.noProxy}`;
    Object.freeze(this);
  }

  /** True when the proxy URLs carry credentials (rendered Secrets then hold them). */
  public get hasCredentials(): boolean {
    return this.config.dependsOnCredentials;
  }

  /** The computed configuration when it is known at program time; `undefined` while a credential is an Output. */
  public get known(): ClusterProxyConfig | undefined {
    return this.config.known;
  }

  /**
   * The computed configuration as an Output (secret with credentials): for reading values such as
   * `environment.noProxy` in a program. Rejects with the core's error when a credential Output
   * resolves to an invalid value.
   */
  public resolve(): pulumi.Output<ClusterProxyConfig> {
    return this.config.output();
  }

  /** A credential-free summary. */
  public toString(): string {
    return `ProxyDefinition(${this.summary})`;
  }

  /** The credential-free summary, for `JSON.stringify`. */
  public toJSON(): string {
    return this.toString();
  }
}
