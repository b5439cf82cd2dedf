import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv from 'ajv';
import type { HelmProps } from 'cdk8s';
import { parse } from 'yaml';
import { HELM_PRESETS, HelmPreset, HelmPresetName } from '../../../src/core/addons/helm/helm-presets';
import { helmEnvValues, helmPresetValues, helmProxyBlockValues, HelmProxyValues } from '../../../src/core/addons/helm/helm-values';
import { ClusterProxyConfig } from '../../../src/core/definition/cluster-proxy-config';
import { ClusterNetwork } from '../../../src/core/definition/network';
import { ProxySettings } from '../../../src/core/definition/proxy-settings';
import { anonymousProxy, errorOf, vsphereProxy } from '../../support/fixtures/addons';
import { expectValidObjects } from '../../support/schemas';

const ajv = new Ajv({ allErrors: true, strict: false });
const CHART_SCHEMAS = path.resolve(__dirname, '..', '..', 'fixtures', 'addons', 'charts');

/** Values must fit the chart's own keys (schema fixture) and survive the YAML file unchanged. */
function expectChartValues(preset: HelmPresetName, result: HelmProxyValues): void {
  const validate = ajv.compile(JSON.parse(fs.readFileSync(path.join(CHART_SCHEMAS, `${preset}.schema.json`), 'utf8')));
  expect(validate(result.values) ? [] : validate.errors).toEqual([]);
  expect(parse(result.yaml)).toEqual(result.values);
}

/** Every env list the preset writes, placed in a container as the chart's template would. */
function expectValidEnvLists(preset: HelmPresetName, result: HelmProxyValues): any[][] {
  const lists = (HELM_PRESETS[preset].envLists ?? []).map((p) => p.reduce((node: any, key) => node?.[key], result.values));
  lists.forEach((env) => expectValidObjects([{
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'chart' },
    spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'i', env }] } } },
  }]));
  return lists;
}

describe('Helm presets', () => {
  const presets = Object.keys(HELM_PRESETS) as HelmPresetName[];
  const withCredentials = vsphereProxy();
  const anonymous = anonymousProxy();

  test.each(presets.filter((p) => HELM_PRESETS[p].envLists))('%s with credentials: env lists with secretKeyRef, and the Secret', (preset) => {
    const result = helmPresetValues(withCredentials, preset, { namespace: 'system' });
    expectChartValues(preset, result);
    for (const env of expectValidEnvLists(preset, result)) {
      expect(env.map((v: any) => v.name)).toEqual(['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy', 'NO_PROXY', 'no_proxy']);
      expect(env[0].valueFrom).toEqual({ secretKeyRef: { name: 'cluster-proxy-env', key: 'HTTP_PROXY' } });
      expect(env[4].value).toBe(withCredentials.environment.noProxy);
    }
    expect(result.yaml).not.toContain('svc-k8s');
    expect(result.secrets).toHaveLength(1);
    expect(result.secrets[0].metadata).toMatchObject({ name: 'cluster-proxy-env', namespace: 'system' });
    expect(result.secrets[0].stringData.HTTPS_PROXY).toBe(withCredentials.environment.httpsProxy);
    expectValidObjects(result.secrets);
  });

  test.each(presets)('%s without credentials: literal values and no Secret', (preset) => {
    const result = helmPresetValues(anonymous, preset);
    expectChartValues(preset, result);
    expectValidEnvLists(preset, result);
    expect(result.secrets).toEqual([]);
    expect(result.yaml).toContain(anonymous.environment.noProxy);
    expect(result.yaml).not.toContain('secretKeyRef');
  });

  test('cert-manager uses its own keys when it may (http_proxy, https_proxy, no_proxy)', () => {
    expect(helmPresetValues(anonymous, HelmPresetName.CERT_MANAGER).values).toEqual({
      http_proxy: 'http://proxy.corp.example:3128', https_proxy: 'http://proxy.corp.example:3128', no_proxy: anonymous.environment.noProxy,
    });
    const literal = helmPresetValues(withCredentials, HelmPresetName.CERT_MANAGER, { allowCredentialsInValues: true });
    expect(literal.values.http_proxy).toBe(withCredentials.environment.httpProxy);
    expectChartValues(HelmPresetName.CERT_MANAGER, literal);
  });

  test('chart-operator takes literal strings only: credentials need the explicit opt-in', () => {
    expect(errorOf(() => helmPresetValues(withCredentials, HelmPresetName.CHART_OPERATOR)))
      .toMatch(/^allowCredentialsInValues: giantswarm\/chart-operator takes the proxy only as literal strings \(proxy\.http, \.\.\.\)/);
    const result = helmPresetValues(withCredentials, HelmPresetName.CHART_OPERATOR, { allowCredentialsInValues: true });
    const { httpProxy, httpsProxy, noProxy } = withCredentials.environment;
    expect(result.values).toEqual({ proxy: { http: httpProxy, https: httpsProxy, noProxy } });
    expectChartValues(HelmPresetName.CHART_OPERATOR, result);
    const onlyHttps = new ClusterProxyConfig(new ProxySettings({ httpsProxy: 'http://p:3128' }), anonymous.network);
    expect(errorOf(() => helmPresetValues(onlyHttps, HelmPresetName.CHART_OPERATOR))).toMatch(/^httpProxy: giantswarm\/chart-operator need both/);
  });

  test('env lists with allowCredentialsInValues carry the URLs literally', () => {
    const result = helmPresetValues(withCredentials, HelmPresetName.ARGO_CD, { allowCredentialsInValues: true });
    expect(result.values.repoServer.env[2]).toEqual({ name: 'HTTPS_PROXY', value: withCredentials.environment.httpsProxy });
    expect(result.secrets).toEqual([]);
  });

  test('a custom preset is plain data', () => {
    const result = helmPresetValues(anonymous, { chart: 'my/chart', source: 'my values.yaml', envLists: [['controller', 'env']] });
    expect(result.values.controller.env).toHaveLength(6);
    expect(errorOf(() => helmPresetValues(anonymous, 'nope' as never))).toMatch(/^preset: must be one of cert-manager, chart-operator/);
    expect(errorOf(() => helmPresetValues(anonymous, { chart: 'x', source: 'y' }))).toMatch(/^preset: has neither envLists nor proxyKeys/);
  });
});

describe('generic Helm values', () => {
  const proxy = anonymousProxy();

  test('an env list anywhere, e.g. defaults.env', () => {
    const result = helmEnvValues(proxy, ['defaults', 'env']);
    expect(result.values.defaults.env.find((v: any) => v.name === 'NO_PROXY').value).toBe(proxy.environment.noProxy);
    expect(errorOf(() => helmEnvValues(proxy, ['defaults', '']))).toMatch(/^path: must be an array of non-empty keys/);
  });

  test('a proxy block, by default proxy.{httpProxy,httpsProxy,noProxy}', () => {
    expect(helmProxyBlockValues(proxy).values).toEqual({ proxy: { httpProxy: 'http://proxy.corp.example:3128', httpsProxy: 'http://proxy.corp.example:3128', noProxy: proxy.environment.noProxy } });
    expect(errorOf(() => helmProxyBlockValues(vsphereProxy()))).toMatch(/^allowCredentialsInValues:/);
    expect(errorOf(() => helmProxyBlockValues(proxy, undefined, { allowCredentialsInValues: 'yes' as never }))).toMatch(/^allowCredentialsInValues: must be true or false/);
  });

  test('only the proxies that are set appear in a block', () => {
    const httpsOnly = new ClusterProxyConfig(new ProxySettings({ httpsProxy: 'http://p:3128' }), proxy.network);
    expect(Object.keys(helmProxyBlockValues(httpsOnly).values.proxy)).toEqual(['httpsProxy', 'noProxy']);
  });

  test('values are what cdk8s Helm takes (a plain JSON object)', () => {
    const values = helmPresetValues(proxy, HelmPresetName.FLUX2).values;
    const cdk8sValues: HelmProps['values'] = values;
    expect(JSON.parse(JSON.stringify(cdk8sValues))).toEqual(values);
  });
});

describe('Helm presets with the corporate CA', () => {
  const presets = (Object.keys(HELM_PRESETS) as HelmPresetName[]).filter((p) => HELM_PRESETS[p].caMounts);

  test('every preset that talks TLS through the proxy knows where the CA goes', () => {
    expect(presets.sort()).toEqual(['argo-cd', 'cert-manager', 'external-secrets', 'flux2']);
  });

  test.each(presets)('%s: the CA volume, its mount and the trust variables in the same container, and the ConfigMap', (preset) => {
    const proxy = vsphereProxy({}, true);
    const result = helmPresetValues(proxy, preset, { namespace: 'system' });
    expectChartValues(preset, result);
    const at = (p: readonly string[]) => p.reduce((node: any, key) => node?.[key], result.values);
    for (const mount of HELM_PRESETS[preset].caMounts!) {
      expect(at(mount.volumes)).toEqual([{ name: 'cluster-proxy-ca', configMap: { name: 'cluster-proxy-ca' } }]);
      expect(at(mount.volumeMounts)).toEqual([{ name: 'cluster-proxy-ca', mountPath: '/etc/cluster-proxy/ca', readOnly: true }]);
      const env = at(mount.env).map((v: any) => v.name);
      // the proxy variables stay first, the trust variables follow
      expect(env.slice(-4)).toEqual(['SSL_CERT_FILE', 'NODE_EXTRA_CA_CERTS', 'REQUESTS_CA_BUNDLE', 'CURL_CA_BUNDLE']);
      expectValidObjects([{
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'chart' },
        spec: {
          selector: { matchLabels: { a: 'b' } },
          template: { metadata: { labels: { a: 'b' } }, spec: { volumes: at(mount.volumes), containers: [{ name: 'c', image: 'i', env: at(mount.env), volumeMounts: at(mount.volumeMounts) }] } },
        },
      }]);
    }
    expect(result.trustObjects).toHaveLength(1);
    expect(result.trustObjects[0]).toMatchObject({ kind: 'ConfigMap', metadata: { name: 'cluster-proxy-ca', namespace: 'system' } });
    expect((result.trustObjects[0] as any).data['corporate-ca.crt']).toBe(proxy.settings.trustedCa!.pem);
    expectValidObjects(result.trustObjects);
  });

  test('without a CA, or for a chart without CA mounts, nothing changes', () => {
    expect(helmPresetValues(vsphereProxy(), HelmPresetName.CERT_MANAGER).trustObjects).toEqual([]);
    expect(helmPresetValues(vsphereProxy(), HelmPresetName.CERT_MANAGER).yaml).not.toContain('cluster-proxy-ca');
    const operator = helmPresetValues(vsphereProxy({}, true), HelmPresetName.CHART_OPERATOR, { allowCredentialsInValues: true });
    expect(operator.trustObjects).toEqual([]);
  });
});

describe('values paths cannot reach a prototype', () => {
  const config = () => new ClusterProxyConfig(new ProxySettings({ httpProxy: 'http://proxy.corp.example:3128' }), new ClusterNetwork({ pods: ['10.0.0.0/16'], services: ['10.96.0.0/12'] }));

  test.each([
    [['constructor', 'prototype', 'polluted'], 'path[0]'],
    [['env', '__proto__', 'polluted'], 'path[1]'],
    [['prototype'], 'path[0]'],
  ])('helmEnvValues(%j) is refused naming %s, and Object.prototype is unchanged', (valuesPath, field) => {
    expect(() => helmEnvValues(config(), valuesPath)).toThrow(new RegExp(`^${field.replace(/[[\]]/g, '\\$&')}: is a JavaScript prototype key`));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  test('a custom preset with a prototype key in a path or a literal key is refused, naming the field', () => {
    expect(() => helmPresetValues(config(), { chart: 'mine', source: 'mine', envLists: [['env'], ['__proto__', 'polluted']] }))
      .toThrow(/^preset\.envLists\[1\]\[0\]: is a JavaScript prototype key, not a values key \(got "__proto__"\)/);
    expect(() => helmPresetValues(config(), { chart: 'mine', source: 'mine', proxyKeys: { path: ['proxy'], http: '__proto__', https: 'https', noProxy: 'no' } }))
      .toThrow(/^preset\.proxyKeys\.http: is a JavaScript prototype key, not a values key \(got "__proto__"\)/);
    expect(() => helmPresetValues(config(), '__proto__' as never)).toThrow(/^preset: /);
    expect(Object.prototype).not.toHaveProperty('polluted');
  });
});

test('a custom preset with a misspelled field is refused (the chart would get no proxy)', () => {
  const preset = { chart: 'my-chart', source: 'my docs', envList: [['env']] } as unknown as HelmPreset;
  expect(() => helmPresetValues(vsphereProxy(), preset)).toThrow(/^preset\.envList: is not a HelmPreset field; did you mean envLists\?$/);
});
