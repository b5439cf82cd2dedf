import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { ClusterProxyConfig } from '../../../src/core/cluster-proxy-config';
import { ClusterNetwork } from '../../../src/core/network';
import { Provider } from '../../../src/core/providers';
import { ProxySettings, ProxySettingsProps } from '../../../src/core/proxy-settings';

import { NASTY_PASSWORD } from '../settings/arbitraries';

/** A password with every character class that breaks naive quoting (YAML, URL, shell, systemd). */
export const HARD_PASSWORD = NASTY_PASSWORD;

/** The one definition most tests use: credentials, installation-wide entries, a vSphere cluster. */
export function vsphereProxy(overrides: Partial<ProxySettingsProps> = {}, withCa = false): ClusterProxyConfig {
  const settings = new ProxySettings({
    httpProxy: 'http://proxy.corp.example:3128',
    httpsProxy: 'http://proxy.corp.example:3128',
    username: 'svc-k8s',
    password: HARD_PASSWORD,
    noProxy: ['.corp.example', '10.0.0.0/8'],
    ...(withCa ? { trustedCaPem: testCaPem() } : {}),
    ...overrides,
  });
  const network = new ClusterNetwork({
    pods: ['100.96.0.0/11'],
    services: ['100.64.0.0/13'],
    controlPlaneEndpoint: 'api.wl.corp.example',
    provider: Provider.VSPHERE,
    providerEndpoints: ['vcenter.lab.example'],
  });
  return new ClusterProxyConfig(settings, network);
}

/** The same cluster with a proxy that needs no credentials. */
export function anonymousProxy(): ClusterProxyConfig {
  return vsphereProxy({ username: undefined, password: undefined });
}

/** A test CA certificate (fixture shared with the settings tests). */
export function testCaPem(): string {
  return fs.readFileSync(path.resolve(__dirname, '..', '..', 'fixtures', 'ca', 'test-root-ca-1.pem'), 'utf8');
}

/** Parse a multi-document YAML text into plain objects (throws on any YAML error). */
export function parseYamlDocuments(text: string): any[] {
  return parseAllDocuments(text).map((document) => {
    if (document.errors.length > 0) {
      throw new Error(document.errors.map((e) => e.message).join('\n'));
    }
    return document.toJS();
  });
}

/** The message of the error `fn` throws; fails the test when it does not throw. */
export function errorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    return String((error as Error).message);
  }
  throw new Error('expected an error, but none was thrown');
}
