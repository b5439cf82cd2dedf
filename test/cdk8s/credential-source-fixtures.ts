import { Testing } from 'cdk8s';
import { EVERY_CONSTRUCT } from './every-construct';
import { ClusterProxyConfig } from '../../src/core/definition/cluster-proxy-config';
import { ProxySettings, ProxySettingsProps } from '../../src/core/definition/proxy-settings';
import { CA_1, demoNetwork } from '../support/fixtures/cluster';

/** The proxy the credential-source tests synthesize every construct with: `props` on top of a CA, a revision and one NO_PROXY entry. */
export function proxyWith(props: Partial<ProxySettingsProps>): ClusterProxyConfig {
  return new ClusterProxyConfig(new ProxySettings({
    httpProxy: 'http://proxy.corp.example:3128',
    httpsProxy: 'http://proxy.corp.example:3128',
    noProxy: ['.corp.example'],
    trustedCaPem: CA_1,
    credentialsRevision: '3',
    ...props,
  }), demoNetwork());
}

/** The manifests of one construct of the list, built with {@link proxyWith}`(props)`. */
export function synthWith(build: (typeof EVERY_CONSTRUCT)[number][1], props: Partial<ProxySettingsProps>): any[] {
  const chart = Testing.chart();
  build(chart, proxyWith(props), 'basic-auth.pw');
  return Testing.synth(chart);
}
