import * as fs from 'node:fs';
import * as path from 'node:path';
import { ClusterNetwork, ClusterProxyConfig, ProxySettings, ProxySettingsProps } from '../../../src/core';
import { Provider } from '../../../src/core/providers';

/** A password with every character class that must never reach a manifest literally. */
export const PASSWORD = 'p@ss:w/rd%41 "quote" $(HOME) {{x}}';
/** The CA the proxy re-signs TLS with. */
export const CORPORATE_CA = fs.readFileSync(path.join(__dirname, '..', '..', 'fixtures', 'ca', 'test-root-ca-1.pem'), 'utf8');

export const NETWORK = new ClusterNetwork({
  pods: ['192.168.0.0/16'],
  services: ['10.96.0.0/12'],
  controlPlaneEndpoint: 'api.demo.corp.example',
  provider: Provider.AWS,
  region: 'eu-central-1',
});

/** A cluster config; by default with credentials, no CA. */
export function proxyConfig(overrides: Partial<ProxySettingsProps> = {}): ClusterProxyConfig {
  return new ClusterProxyConfig(new ProxySettings({
    httpProxy: 'http://proxy.corp.example:3128',
    httpsProxy: 'http://proxy.corp.example:3129',
    username: 'svc-k8s',
    password: PASSWORD,
    noProxy: ['.corp.example'],
    ...overrides,
  }), NETWORK);
}

/** The same proxy without credentials. */
export function anonymousProxyConfig(overrides: Partial<ProxySettingsProps> = {}): ClusterProxyConfig {
  return new ClusterProxyConfig(new ProxySettings({
    httpProxy: 'http://proxy.corp.example:3128',
    httpsProxy: 'http://proxy.corp.example:3129',
    noProxy: ['.corp.example'],
    ...overrides,
  }), NETWORK);
}

/** Every form in which the password could leak into text: raw, percent-encoded, base64, JSON-escaped. */
export function passwordForms(): string[] {
  const encoded = encodeURIComponent(PASSWORD);
  return [PASSWORD, encoded, encoded.toLowerCase(), Buffer.from(PASSWORD).toString('base64'), JSON.stringify(PASSWORD).slice(1, -1), 'p%40ss'];
}
