import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ProxiedClusterOptions } from '../../../src/core/capi/proxied-cluster';
import { ClusterProxyConfig } from '../../../src/core/cluster-proxy-config';
import { KubeObject } from '../../../src/core/k8s/manifest';
import { ClusterNetwork, ClusterNetworkProps } from '../../../src/core/network';
import { ProxySettings, ProxySettingsProps } from '../../../src/core/proxy-settings';
import { NASTY_PASSWORD } from '../settings/arbitraries';

/** Shared inputs of the Cluster API tests. */

const CA_DIR = join(__dirname, '..', '..', 'fixtures', 'ca');
/** Two self-signed test roots. */
export const CA_1 = readFileSync(join(CA_DIR, 'test-root-ca-1.pem'), 'utf8');
export const CA_2 = readFileSync(join(CA_DIR, 'test-root-ca-2.pem'), 'utf8');

/** The proxy user of every credentialed fixture; the password is the shared NASTY_PASSWORD. */
export const USERNAME = 'CORP\\svc-k8s';
export { NASTY_PASSWORD };

/** Installation-wide settings with credentials (override any prop). */
export function settingsProps(overrides: Partial<ProxySettingsProps> = {}): ProxySettingsProps {
  return {
    httpProxy: 'http://proxy.corp.example:3128',
    httpsProxy: 'http://proxy.corp.example:3128',
    username: USERNAME,
    password: NASTY_PASSWORD,
    noProxy: ['.corp.example', '10.0.0.0/8'],
    ...overrides,
  };
}

/** The demo cluster's network. */
/** The demo settings as the class the constructs take. */
export function demoSettings(overrides: Partial<ProxySettingsProps> = {}): ProxySettings {
  return new ProxySettings(settingsProps(overrides));
}

export function networkProps(overrides: Partial<ClusterNetworkProps> = {}): ClusterNetworkProps {
  return {
    pods: ['192.168.0.0/16'],
    services: ['172.20.0.0/16'],
    controlPlaneEndpoint: 'api.demo.corp.example',
    ...overrides,
  };
}

/** The demo network as the class the constructs take. */
export function demoNetwork(overrides: Partial<ClusterNetworkProps> = {}): ClusterNetwork {
  return new ClusterNetwork(networkProps(overrides));
}

/** A computed proxy from (overridable) settings and network. */
export function demoProxy(settings: Partial<ProxySettingsProps> = {}, network: Partial<ClusterNetworkProps> = {}): ClusterProxyConfig {
  return new ClusterProxyConfig(demoSettings(settings), demoNetwork(network));
}

/** An infrastructure reference. */
export function infraRef(kind: string, name: string): { apiVersion: string; kind: string; name: string } {
  return { apiVersion: 'infrastructure.cluster.x-k8s.io/v1beta1', kind, name };
}

/** A complete cluster definition with two worker pools (override any prop). */
export function clusterOptions(overrides: Partial<ProxiedClusterOptions> = {}): ProxiedClusterOptions {
  return {
    name: 'demo',
    namespace: 'clusters',
    version: 'v1.31.2',
    settings: new ProxySettings(settingsProps()),
    network: demoNetwork(),
    infrastructureRef: infraRef('DockerCluster', 'demo'),
    controlPlane: {
      machineTemplate: infraRef('DockerMachineTemplate', 'demo-control-plane'),
      replicas: 3,
      kubeadmConfigSpec: { clusterConfiguration: { apiServer: { certSANs: ['api.demo.corp.example'] } } },
    },
    workerPools: [
      { name: 'md-0', machineTemplate: infraRef('DockerMachineTemplate', 'demo-md-0'), replicas: 2 },
      { name: 'md-1', machineTemplate: infraRef('DockerMachineTemplate', 'demo-md-1'), replicas: 1, version: 'v1.30.6', failureDomain: 'zone-b' },
    ],
    ...overrides,
  };
}

/**
 * Every form a leaked password could take in a manifest: raw, percent-encoded as in the proxy URL,
 * and that again with systemd's `%%`, plus the distinctive start of each.
 */
export function credentialForms(proxy: ClusterProxyConfig): string[] {
  const href = proxy.environment.httpProxy!;
  const encoded = href.slice(href.indexOf(':', 'http://'.length) + 1, href.lastIndexOf('@'));
  return [NASTY_PASSWORD, encoded, encoded.replace(/%/g, '%%'), 'p@ss', 'p%40ss', 'p%%40ss'];
}

/** The objects that are not Secrets, serialized: what must never hold a credential in delivery `secret`. */
export function nonSecretText(objects: readonly KubeObject[]): string {
  return JSON.stringify(objects.filter((object) => object.kind !== 'Secret'));
}

/** Deeply frozen copy, to prove a function does not modify its input. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}
