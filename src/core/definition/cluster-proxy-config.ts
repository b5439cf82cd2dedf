import { inspect } from 'node:util';
import { ClusterNetwork } from './network';
import { ProxyEnvironment, proxyEnvironment, RenderEnvironment } from './proxy-environment';
import { ProxySettings } from './proxy-settings';
import { checkNoProxyDefaults, ClusterNoProxyDefaultsOptions } from '../noproxy/cluster-defaults';
import { NoProxy, noProxyForClusterOf } from '../noproxy/no-proxy';
import { parseNoProxyList } from '../noproxy/parse';
import { NoProxyFormat } from '../noproxy/render';
import { invalidValue, ProxyConfigError, withinField } from '../primitives/errors';
import { lockProperties } from '../primitives/frozen';
import { LIMITS } from '../primitives/limits';
import { isSecretText, Text } from '../primitives/secret-text';
import { checkProps, propKeys } from '../primitives/validation/strict-props';

/** Options for {@link ClusterProxyConfig}. */
export interface ClusterProxyConfigOptions {
  /**
   * Switch off categories of the cluster-specific NO_PROXY defaults.
   *
   * @default - every category on
   */
  readonly noProxyDefaults?: ClusterNoProxyDefaultsOptions;
  /**
   * Extra cluster-specific NO_PROXY entries (appended after the computed defaults), for facts the
   * library cannot know, such as an in-cluster registry's external name.
   *
   * @default - none
   */
  readonly additionalNoProxy?: string[];
}

const OPTIONS = propKeys<ClusterProxyConfigOptions>({ noProxyDefaults: true, additionalNoProxy: true });

/**
 * The proxy configuration of one cluster, computed once: the installation-wide settings joined
 * with the cluster's network facts into one NO_PROXY, and the environment every renderer writes
 * (systemd drop-ins, shell exports, pod env, addon values). Everything the library emits for a
 * cluster reads from one instance, so node files, addon values and pod env cannot disagree.
 *
 * Safe to log: `toString()`, `toJSON()` and `util.inspect` mask passwords.
 */
export class ClusterProxyConfig {
  /** The installation-wide proxy definition. */
  public readonly settings: ProxySettings;
  /** The cluster's network facts. */
  public readonly network: ClusterNetwork;
  /** The NO_PROXY value: installation-wide part, then cluster-specific part. */
  public readonly noProxy: NoProxy;
  /**
   * The proxy variables (URLs with credentials and the rendered NO_PROXY). Treat as secret. With
   * credentials the library never sees (a source that keeps them: externalSecret, existingSecret)
   * or knows only later (Pulumi Outputs), the URLs hold slots for them and refuse to become
   * strings: render from `publicEnvironment`, or let the library write the Secrets.
   */
  public readonly environment: ProxyEnvironment;
  /**
   * The proxy variables without credentials. Object names, hashes and annotations are computed
   * from this (and {@link ClusterProxyConfig.credentialsMarker}), never from `environment`, so no
   * bit outside Secret data depends on a password.
   */
  public readonly publicEnvironment: ProxyEnvironment;

  constructor(settings: ProxySettings, network: ClusterNetwork, options: ClusterProxyConfigOptions = {}) {
    // Props where the computed objects belong are the usual mistake: name it, never quote it.
    if (!(settings instanceof ProxySettings)) {
      throw invalidValue('settings', settings, 'must be a ProxySettings (construct it from the props with new ProxySettings(...))');
    }
    if (!(network instanceof ClusterNetwork)) {
      throw invalidValue('network', network, 'must be a ClusterNetwork (construct it from the props with new ClusterNetwork(...))');
    }
    checkClusterProxyOptions(options);
    this.settings = settings;
    this.network = network;
    // the installation-wide part is parsed, normalized and rendered once, for every cluster of the settings
    this.noProxy = noProxyForClusterOf(settings.installationNoProxy, network, {
      additionalClusterSpecific: options.additionalNoProxy,
      defaults: options.noProxyDefaults,
    });
    // rendered once (NoProxy keeps its value), for both environments
    this.environment = proxyEnvironment(settings, this.noProxy);
    checkEnvironmentStrings(this.renderEnvironment, this.noProxy.installationWide.length + this.noProxy.clusterSpecific.length);
    this.publicEnvironment = proxyEnvironment(settings, this.noProxy, { credentials: false });
    lockProperties(this);
  }

  /**
   * {@link ClusterProxyConfig.environment} as the library's renderers take it: a URL is text with
   * slots where credentials known only to their source go.
   *
   * @internal
   * @jsii ignore used by the library only
   */
  public get renderEnvironment(): RenderEnvironment {
    // the same object: its URLs are strings unless the credentials are known only to their source
    return this.environment;
  }

  /** True when the proxy URLs carry credentials, so rendered node files and env are secrets. */
  public get hasCredentials(): boolean {
    return this.settings.hasCredentials;
  }

  /**
   * What stands for the credentials wherever content is hashed into a name or an annotation:
   * whether there are any, and their non-secret revision. A password change alone changes no
   * name; a new `credentialsRevision` does.
   */
  public get credentialsMarker(): string {
    return this.hasCredentials ? `credentials@${this.settings.credentialsRevision ?? ''}` : '';
  }

  /** One line, passwords masked. */
  public toString(): string {
    return `ClusterProxyConfig(${this.settings.toString()} noProxy=${this.noProxy.render(NoProxyFormat.ENV)})`;
  }

  /** A password-free summary. */
  public toJSON(): Record<string, unknown> {
    return { settings: this.settings.toJSON(), network: this.network.toJSON(), noProxy: this.noProxy.toJSON() };
  }

  /**
   * The password-free summary, for `console.log` and `util.inspect`.
   *
   * @jsii ignore Node.js only (a symbol-named hook other languages cannot call)
   */
  public [inspect.custom](): string {
    return this.toString();
  }
}

/** The proxy prop of the constructs that emit one cluster's objects. */
export interface WithProxy {
  /** The cluster's proxy configuration (the same instance the nodes are rendered from). */
  readonly proxy: ClusterProxyConfig;
}

/** Validate the options of {@link ClusterProxyConfig}; errors name the option as written at the top level. */
export function checkClusterProxyOptions(options: ClusterProxyConfigOptions): void {
  checkProps('', options, OPTIONS, 'cluster proxy option');
  if (options.noProxyDefaults !== undefined) {
    checkNoProxyDefaults('noProxyDefaults', options.noProxyDefaults);
  }
  if (options.additionalNoProxy !== undefined) {
    // Parsed here too so that an error names the option the user wrote.
    parseNoProxyList(options.additionalNoProxy, 'additionalNoProxy');
  }
}

/**
 * `proxyOptions` of a construct's props (a cluster's, the forward proxy's), validated with errors
 * named under that prop (`proxyOptions.noProxyDefaults.dns`).
 */
export function checkProxyOptionsProp(options: ClusterProxyConfigOptions | undefined): void {
  if (options !== undefined) {
    withinField('proxyOptions', () => checkClusterProxyOptions(options));
  }
}

/**
 * Every proxy variable must fit one process environment string (see {@link LIMITS}): past it, the
 * nodes' containerd and kubelet, and every command after the env file is sourced, fail to start.
 * The URLs are short; in practice this caps the NO_PROXY list.
 */
function checkEnvironmentStrings(environment: RenderEnvironment, noProxyEntries: number): void {
  const limit = LIMITS.environmentString.value;
  const variables: Array<[string, string, Text | undefined]> = [
    ['noProxy', 'NO_PROXY', environment.noProxy],
    ['httpProxy', 'HTTP_PROXY', environment.httpProxy],
    ['httpsProxy', 'HTTPS_PROXY', environment.httpsProxy],
  ];
  for (const [field, name, value] of variables) {
    // A URL with slots for credentials the library never sees cannot be measured here. Only a
    // string that may take more than `limit` bytes (at most three per UTF-16 code unit) is measured:
    // measuring copies a cluster's NO_PROXY, which otherwise shares the installation-wide text with
    // the fleet's other clusters.
    if (value === undefined || isSecretText(value) || (`${name}=`.length + value.length + 1) * 3 <= limit) {
      continue;
    }
    const size = Buffer.byteLength(`${name}=${value}`) + 1;
    if (size > limit) {
      const what = field === 'noProxy' ? `NO_PROXY (${noProxyEntries} entries)` : name;
      throw new ProxyConfigError(field, `${what} would take ${size} bytes in a process environment, more than Linux allows for one `
        + `variable (${limit} bytes): every program started with it would fail with "Argument list too long"`
        + (field === 'noProxy' ? '; cover hosts with a domain suffix or a CIDR instead of listing them one by one' : ''));
    }
  }
}

/**
 * `value` if it is a computed configuration; anything else (its props, `undefined`) is the library's
 * error naming `field`, with `how` to make one.
 */
export function checkProxyConfig(field: string, value: unknown, how = ' (new ClusterProxyConfig(settings, network))'): ClusterProxyConfig {
  if (!(value instanceof ClusterProxyConfig)) {
    throw invalidValue(field, value, `must be a ClusterProxyConfig${how}`);
  }
  return value;
}
