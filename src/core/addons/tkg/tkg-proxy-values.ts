import { ClusterProxyConfig } from '../../definition/cluster-proxy-config';
import { ProxyConfigError } from '../../primitives/errors';
import { addonProxyValues, AddonProxyValues } from '../addon-proxy';

/**
 * {@link addonProxyValues} plus TKG's own rule: its CLI refuses a TKG_NO_PROXY containing `*`
 * (tanzu-framework `tkg/client/validate.go`), and a `*` NO_PROXY would switch the proxy off for
 * the addons anyway.
 */
export function tkgProxyValues(proxy: ClusterProxyConfig, consumer: string): AddonProxyValues {
  const values = addonProxyValues(proxy, consumer);
  // the engine renders a list holding `*` as `*` alone, and no other entry as a `*` token
  if (values.noProxy === '*') {
    throw new ProxyConfigError('noProxy', 'must not be "*" for TKG: its CLI refuses a TKG_NO_PROXY with "*", which would bypass the proxy entirely');
  }
  return values;
}
