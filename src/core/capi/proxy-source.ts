import { checkProxyConfig, checkProxyOptionsProp, ClusterProxyConfig, ClusterProxyConfigOptions } from '../definition/cluster-proxy-config';
import { ClusterNetwork, ClusterNetworkProps } from '../definition/network';
import { ProxySettings, ProxySettingsProps } from '../definition/proxy-settings';
import { ProxyConfigError, withinField } from '../primitives/errors';
import { PropKeys } from '../primitives/validation/strict-props';

/**
 * Where a cluster's proxy comes from: one computed {@link ClusterProxyConfig}, or its parts. Both
 * spellings keep the definition one typed object: the installation-wide `ProxySettings` shared by
 * every cluster, and this cluster's `ClusterNetwork`.
 */
export interface ProxySourceProps {
  /**
   * The computed proxy configuration. Give either this, or `settings` and `network`.
   *
   * @default - computed from `settings`, `network` and `proxyOptions`
   */
  readonly proxy?: ClusterProxyConfig;
  /**
   * The installation-wide proxy definition.
   *
   * @default - taken from `proxy`
   */
  readonly settings?: ProxySettings;
  /**
   * The cluster's network facts.
   *
   * @default - taken from `proxy`
   */
  readonly network?: ClusterNetwork;
  /**
   * NO_PROXY options used with `settings` and `network`.
   *
   * @default - every cluster-specific NO_PROXY category on, no extra entries
   */
  readonly proxyOptions?: ClusterProxyConfigOptions;
}

/** The keys of {@link ProxySourceProps}, for the props types that extend it. */
export const PROXY_SOURCE_KEY_SET: PropKeys<ProxySourceProps> = { proxy: true, settings: true, network: true, proxyOptions: true };

/** The {@link ClusterProxyConfig} the props describe; errors name the prop. */
export function resolveProxyConfig(props: ProxySourceProps): ClusterProxyConfig {
  if (props.proxy !== undefined) {
    checkProxyConfig('proxy', props.proxy);
    if (props.settings !== undefined || props.network !== undefined || props.proxyOptions !== undefined) {
      throw new ProxyConfigError('proxy', 'give either proxy, or settings and network (with proxyOptions), not both');
    }
    return props.proxy;
  }
  if (props.settings === undefined || props.network === undefined) {
    throw new ProxyConfigError(props.settings === undefined ? 'settings' : 'network',
      'is required: give proxy (a ClusterProxyConfig), or both settings and network');
  }
  const settings = settingsProp(props.settings);
  const network = networkProp(props.network);
  checkProxyOptionsProp(props.proxyOptions);
  return new ClusterProxyConfig(settings, network, props.proxyOptions);
}

/** The `settings` prop: the computed settings, or their props (errors then name `settings.<prop>`). */
export function settingsProp(settings: ProxySettings | ProxySettingsProps): ProxySettings {
  return settings instanceof ProxySettings ? settings : withinField('settings', () => new ProxySettings(settings));
}

/** The `network` prop: the computed network, or its props (errors then name `network.<prop>`). */
export function networkProp(network: ClusterNetwork | ClusterNetworkProps): ClusterNetwork {
  return network instanceof ClusterNetwork ? network : withinField('network', () => new ClusterNetwork(network));
}
