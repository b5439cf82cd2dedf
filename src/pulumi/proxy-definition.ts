import * as pulumi from '@pulumi/pulumi';
import { mapRendered, ProxySettingsArgs, Rendered, renderWithSettings } from './credentials';
import { networkProp, ProxySourceProps } from '../core/capi/proxy-source';
import { checkProxyConfig, checkProxyOptionsProp, ClusterProxyConfig, ClusterProxyConfigOptions } from '../core/definition/cluster-proxy-config';
import { ClusterNetwork, ClusterNetworkProps } from '../core/definition/network';
import { ProxySettings } from '../core/definition/proxy-settings';
import { callerFieldName, invalidValue, ProxyConfigError } from '../core/primitives/errors';
import { propsObject } from '../core/primitives/validation/strict-props';

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

/**
 * One cluster's proxy for the Pulumi components: the counterpart of the core `ClusterProxyConfig`,
 * whose user name and password may be Outputs. Everything but an Output credential is validated
 * at construction, by the core, with its field-naming errors; a bad Output password fails the
 * deployment when it resolves (the Secret data that carries it is then rejected).
 */
export class ProxyDefinition {
  /** The definition of a computed `ClusterProxyConfig` (returned as is for a ProxyDefinition). */
  public static of(source: ClusterProxyConfig | ProxyDefinition, field = 'proxy'): ProxyDefinition {
    if (source instanceof ProxyDefinition) {
      return source;
    }
    if (!(source instanceof ClusterProxyConfig)) {
      throw invalidValue(callerFieldName(field), source, 'must be a ClusterProxyConfig or a ProxyDefinition');
    }
    return new ProxyDefinition({ settings: source.settings, network: source.network }, source);
  }

  /**
   * The configuration everything is rendered from, at program time. While a credential is an
   * Output it holds a slot in its place (same `credentialsRevision`, so the same names), which
   * only Secret data fills: read its NO_PROXY, never its credentials.
   */
  public readonly config: ClusterProxyConfig;
  private readonly rendered: Rendered<ClusterProxyConfig>;

  /** @param exact internal: the computed configuration this definition stands for ({@link ProxyDefinition.of}) */
  constructor(args: ProxyDefinitionArgs, exact?: ClusterProxyConfig) {
    if (args === null || typeof args !== 'object') {
      throw invalidValue('proxy', args, 'must be an object with settings and network');
    }
    if (args.settings === undefined || args.network === undefined) {
      throw new ProxyConfigError(args.settings === undefined ? 'settings' : 'network', 'is required');
    }
    const network = networkProp(args.network);
    checkProxyOptionsProp(args.proxyOptions);
    this.rendered = exact !== undefined ? { now: checkProxyConfig('exact', exact) }
      : renderWithSettings(args.settings, (settings) => new ClusterProxyConfig(settings, network, args.proxyOptions));
    this.config = this.rendered.now;
    Object.freeze(this);
  }

  /** True when the proxy URLs carry credentials (the rendered Secrets then hold them). */
  public get hasCredentials(): boolean {
    return this.config.hasCredentials;
  }

  /** True when a credential is an Output: the Secret data is rendered when it resolves. */
  public get hasOutputCredentials(): boolean {
    return this.rendered.real !== undefined;
  }

  /** Render `fn` from this proxy: at program time, and with the real credentials when they are Outputs. */
  public render<T>(fn: (config: ClusterProxyConfig) => T): Rendered<T> {
    if (typeof fn !== 'function') {
      throw invalidValue('fn', fn, 'must be a function of the computed configuration');
    }
    return mapRendered(this.rendered, fn);
  }

  /**
   * The real configuration as an Output (secret with credentials), e.g. to read
   * `environment.noProxy`. Rejects with the core's error when a credential Output is invalid.
   */
  public resolve(): pulumi.Output<ClusterProxyConfig> {
    const real = this.rendered.real;
    if (real) {
      return real.credentials.apply(real.render);
    }
    const config = this.config;
    // `apply` keeps the class instance; `pulumi.output(config)` would copy it into a plain object.
    return (this.hasCredentials ? pulumi.secret(true) : pulumi.output(true)).apply(() => config);
  }

  /** A credential-free summary. */
  public toString(): string {
    return `ProxyDefinition(${this.hasOutputCredentials ? 'credentials from Outputs, ' : ''}noProxy=${this.config.environment.noProxy})`;
  }

  /** The credential-free summary, for `JSON.stringify`. */
  public toJSON(): string {
    return this.toString();
  }
}

/** The proxy arg of the components that register one cluster's objects. */
export interface ProxyArgs {
  /** The cluster's proxy: a `ClusterProxyConfig`, or a {@link ProxyDefinition} whose credentials may be Outputs. */
  readonly proxy: ClusterProxyConfig | ProxyDefinition;
}

/**
 * Where a component's proxy comes from: a `ClusterProxyConfig` or a {@link ProxyDefinition}, or
 * the parts of one (the Pulumi counterpart of the core's `ProxySourceProps`).
 */
export interface ProxySourceArgs extends Omit<ProxySourceProps, 'proxy' | 'settings' | 'network'> {
  /**
   * The proxy. Give either this, or `settings` and `network`.
   *
   * @default - computed from `settings`, `network` and `proxyOptions`
   */
  readonly proxy?: ClusterProxyConfig | ProxyDefinition;
  /**
   * The installation-wide proxy definition: a `ProxySettings`, or its props with the credentials as inputs.
   *
   * @default - taken from `proxy`
   */
  readonly settings?: ProxySettings | ProxySettingsArgs;
  /**
   * The cluster's network facts (an instance or its props).
   *
   * @default - taken from `proxy`
   */
  readonly network?: ClusterNetwork | ClusterNetworkProps;
}

/** The {@link ProxyDefinition} the args describe, and the other args; errors name the prop. */
export function resolveProxySource<T extends ProxySourceArgs>(args: T): { proxy: ProxyDefinition; rest: Omit<T, keyof ProxySourceArgs> } {
  const { proxy, settings, network, proxyOptions, ...rest } = propsObject(args);
  if (proxy !== undefined) {
    if (settings !== undefined || network !== undefined || proxyOptions !== undefined) {
      throw new ProxyConfigError('proxy', 'give either proxy, or settings and network (with proxyOptions), not both');
    }
    return { proxy: ProxyDefinition.of(proxy), rest };
  }
  if (settings === undefined || network === undefined) {
    throw new ProxyConfigError(settings === undefined ? 'settings' : 'network',
      'is required: give proxy (a ClusterProxyConfig or ProxyDefinition), or both settings and network');
  }
  return { proxy: new ProxyDefinition({ settings, network, proxyOptions }), rest };
}

/** A proxy given as `ClusterProxyConfig | ProxyDefinition` under the prop `proxy`. */
export function proxyDefinitionOf(value: ClusterProxyConfig | ProxyDefinition): ProxyDefinition {
  if (value === undefined) {
    throw new ProxyConfigError('proxy', 'is required (a ClusterProxyConfig or ProxyDefinition)');
  }
  return ProxyDefinition.of(value);
}
