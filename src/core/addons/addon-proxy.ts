import { checkProxyConfig, ClusterProxyConfig } from '../definition/cluster-proxy-config';
import { ProxyConfigError } from '../primitives/errors';
import type { Text } from '../primitives/secret-text';

/** The three values addon charts and packages take, from one {@link ClusterProxyConfig}. */
export interface AddonProxyValues {
  /** Full HTTP proxy URL (credentials percent-encoded when the definition has them). */
  readonly httpProxy: Text;
  /** Full HTTPS proxy URL (credentials percent-encoded when the definition has them). */
  readonly httpsProxy: Text;
  /** The NO_PROXY value computed once for the cluster. */
  readonly noProxy: string;
}

/**
 * The proxy values for an addon that needs both URLs. TKG (its ytt templates require
 * TKG_HTTP_PROXY and TKG_HTTPS_PROXY together) and Giant Swarm (its app templates render the
 * proxy env only when `http`, `https` and `noProxy` are all set) silently ignore a half-configured
 * proxy, so a definition with only one URL is refused here instead of producing a cluster that
 * quietly goes direct.
 *
 * @param consumer named in the error, e.g. `TKG addon values`
 * @param credentials `include` for the URLs with credentials, `strip` for the URLs without
 */
export function addonProxyValues(proxy: ClusterProxyConfig, consumer: string, credentials: 'include' | 'strip' = 'include'): AddonProxyValues {
  checkProxyConfig('proxy', proxy);
  const { httpProxy, httpsProxy } = proxy.settings;
  if (!httpProxy || !httpsProxy) {
    throw new ProxyConfigError(httpProxy ? 'httpsProxy' : 'httpProxy',
      `${consumer} need both httpProxy and httpsProxy (they ignore a proxy with only one URL); set both, usually to the same URL`);
  }
  if (credentials === 'strip') {
    return { httpProxy: httpProxy.withoutCredentials.href, httpsProxy: httpsProxy.withoutCredentials.href, noProxy: proxy.environment.noProxy };
  }
  const env = proxy.renderEnvironment;
  return { httpProxy: env.httpProxy!, httpsProxy: env.httpsProxy!, noProxy: env.noProxy };
}
