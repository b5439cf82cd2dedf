/**
 * What a container trusts by default, on every injection path: each variable that REPLACES a
 * runtime's store must point at a file holding the public roots besides the corporate CA, or the
 * runtime fails TLS to every destination the proxy does not intercept (NO_PROXY hosts with public
 * certificates). Variables that extend the store may point at the corporate CA alone.
 */
import { rootCertificates } from 'node:tls';
import { HelmPresetName } from '../../../src/core/addons/helm/helm-presets';
import { helmPresetValues } from '../../../src/core/addons/helm/helm-values';
import { parseCaBundle } from '../../../src/core/definition/ca-bundle';
import { KubeObject } from '../../../src/core/primitives/k8s/manifest';
import { DEFAULT_CA_MOUNT_PATH } from '../../../src/core/workloads/defaults';
import { renderKyvernoProxyPolicy } from '../../../src/core/workloads/kyverno-policy';
import { renderProxyAdmissionPolicy } from '../../../src/core/workloads/mutating-admission-policy';
import { ProxyInjection } from '../../../src/core/workloads/proxy-injection';
import { CA_TRUST_VARIABLES, SystemRoots } from '../../../src/core/workloads/trust-bundle';
import { CORPORATE_CA, proxyConfig } from '../../support/fixtures/workloads';

const config = proxyConfig({ trustedCaPem: CORPORATE_CA });
const deployment: KubeObject = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'd', namespace: 'apps' },
  spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'app', image: 'app' }] } } },
};

/** What each path emits: the objects and values that carry the env, and the CA ConfigMaps. */
const PATHS: Array<[string, (options?: { systemRoots?: SystemRoots }) => { emitted: unknown; configMaps: KubeObject[] }]> = [
  ['synth-time injection (ProxyAwareDeployment, chart-wide)', (trustBundle) => {
    const injection = new ProxyInjection(config, { trustBundle });
    return { emitted: injection.apply(deployment), configMaps: injection.supportObjects('apps') };
  }],
  ['Kyverno policy', (trustBundle) => {
    const objects = renderKyvernoProxyPolicy(config, { trustBundle });
    return { emitted: objects, configMaps: objects };
  }],
  ['MutatingAdmissionPolicy', (trustBundle) => {
    const objects = renderProxyAdmissionPolicy(config, { namespaces: ['apps'], trustBundle });
    return { emitted: objects, configMaps: objects };
  }],
  ['Helm preset values', (trustBundle) => {
    const result = helmPresetValues(config, HelmPresetName.CERT_MANAGER, { namespace: 'apps', trustBundle });
    return { emitted: result.values, configMaps: result.trustObjects };
  }],
];

/** The ConfigMap key each occurrence of `variable` in the emitted text points at (JSON, YAML or CEL spelling alike). */
function keysOf(emitted: unknown, variable: string): string[] {
  const text = JSON.stringify(emitted);
  const pattern = new RegExp(`${variable}[^/]{0,40}${DEFAULT_CA_MOUNT_PATH}/([A-Za-z0-9._-]+)`, 'g');
  return [...text.matchAll(pattern)].map((match) => match[1]);
}

/** The certificates (SHA-256) of one key, the same in every CA ConfigMap the path emits. */
function certificatesAt(configMaps: KubeObject[], key: string): Set<string> {
  const data = configMaps.filter((object) => object.kind === 'ConfigMap').map((object) => (object as any).data[key] as string);
  expect(data.length).toBeGreaterThan(0);
  expect(new Set(data).size).toBe(1);
  return new Set(parseCaBundle('bundle', data[0]).certificates.map((certificate) => certificate.fingerprint256));
}

const corporate = parseCaBundle('corporate', CORPORATE_CA).certificates[0].fingerprint256;
const publicRoots = parseCaBundle('roots', rootCertificates.join('\n')).certificates.map((certificate) => certificate.fingerprint256);
const replacing = CA_TRUST_VARIABLES.filter((variable) => variable.semantics === 'replaces');

describe.each(PATHS)('%s', (_path, render) => {
  test('by default, every replacing variable points at the corporate CA and the public roots', () => {
    const { emitted, configMaps } = render();
    expect(replacing.map((variable) => variable.name).sort()).toEqual(['CURL_CA_BUNDLE', 'REQUESTS_CA_BUNDLE', 'SSL_CERT_FILE']);
    for (const variable of replacing) {
      const keys = keysOf(emitted, variable.name);
      expect({ variable: variable.name, pointsAtTheMount: keys.length > 0 }).toEqual({ variable: variable.name, pointsAtTheMount: true });
      for (const key of new Set(keys)) {
        const trusted = certificatesAt(configMaps, key);
        expect({ variable: variable.name, key, corporate: trusted.has(corporate), publicRoots: publicRoots.every((root) => trusted.has(root)) })
          .toEqual({ variable: variable.name, key, corporate: true, publicRoots: true });
      }
    }
  });

  test('the extending variable points at the corporate CA alone (Node adds it to its own roots)', () => {
    const { emitted, configMaps } = render();
    const keys = new Set(keysOf(emitted, 'NODE_EXTRA_CA_CERTS'));
    expect(keys).toEqual(new Set(['corporate-ca.crt']));
    expect(certificatesAt(configMaps, 'corporate-ca.crt')).toEqual(new Set([corporate]));
  });

  test('systemRoots none, asked for explicitly: the replacing variables point at the corporate CA alone', () => {
    const { emitted, configMaps } = render({ systemRoots: SystemRoots.NONE });
    for (const variable of replacing) {
      for (const key of new Set(keysOf(emitted, variable.name))) {
        expect(certificatesAt(configMaps, key)).toEqual(new Set([corporate]));
      }
    }
  });
});
