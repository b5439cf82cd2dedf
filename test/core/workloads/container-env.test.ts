import { ProxyConfigError } from '../../../src/core/primitives/errors';
import { proxyContainerEnv, proxyContainerEnvGroups, proxySecretManifest } from '../../../src/core/workloads/container-env';
import { anonymousProxyConfig, PASSWORD, passwordForms, proxyConfig } from '../../support/fixtures/workloads';
import { expectValidObjects } from '../../support/schemas';

describe('proxyContainerEnv', () => {
  test('with credentials, the URL variables read the proxy Secret and NO_PROXY is literal', () => {
    const config = proxyConfig();
    const env = proxyContainerEnv(config);
    expect(env.map((v) => v.name)).toEqual(['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy', 'NO_PROXY', 'no_proxy']);
    for (const name of ['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy']) {
      expect(env.find((v) => v.name === name)).toEqual({ name, valueFrom: { secretKeyRef: { name: 'cluster-proxy-env', key: name } } });
    }
    expect(env.find((v) => v.name === 'NO_PROXY')?.value).toBe(config.environment.noProxy);
    expect(env.find((v) => v.name === 'no_proxy')?.value).toBe(config.environment.noProxy);
    const text = JSON.stringify(env);
    for (const form of passwordForms()) {
      expect(text).not.toContain(form);
    }
  });

  test('the pod NO_PROXY is exactly the one the nodes get', () => {
    const config = proxyConfig();
    expect(config.environment.noProxy).toContain('192.168.0.0/16');
    expect(config.environment.noProxy).toContain('.eu-central-1.compute.internal');
    const values = proxyContainerEnv(config).filter((v) => v.name.toUpperCase() === 'NO_PROXY').map((v) => v.value);
    expect(values).toEqual([config.environment.noProxy, config.environment.noProxy]);
  });

  test('without credentials every value is literal', () => {
    const config = anonymousProxyConfig();
    expect(proxyContainerEnv(config)).toEqual([
      { name: 'HTTP_PROXY', value: 'http://proxy.corp.example:3128' },
      { name: 'http_proxy', value: 'http://proxy.corp.example:3128' },
      { name: 'HTTPS_PROXY', value: 'http://proxy.corp.example:3129' },
      { name: 'https_proxy', value: 'http://proxy.corp.example:3129' },
      { name: 'NO_PROXY', value: config.environment.noProxy },
      { name: 'no_proxy', value: config.environment.noProxy },
    ]);
  });

  test('literal credentials only on explicit opt-in', () => {
    const config = proxyConfig();
    const env = proxyContainerEnv(config, { literalCredentials: true });
    expect(env[0]).toEqual({ name: 'HTTP_PROXY', value: config.environment.httpProxy });
    expect(decodeURIComponent(new URL(env[0].value!).password)).toBe(PASSWORD);
    expect(env.every((v) => v.valueFrom === undefined)).toBe(true);
  });

  test('groups keep both spellings together, only the configured proxies', () => {
    const groups = proxyContainerEnvGroups(anonymousProxyConfig({ httpsProxy: undefined }));
    expect(groups.map((g) => g.names)).toEqual([['HTTP_PROXY', 'http_proxy'], ['NO_PROXY', 'no_proxy']]);
  });

  test('a custom Secret name is used and validated', () => {
    const env = proxyContainerEnv(proxyConfig(), { secretName: 'corp-proxy' });
    expect(env[0].valueFrom?.secretKeyRef.name).toBe('corp-proxy');
    expect(() => proxyContainerEnv(proxyConfig(), { secretName: 'Corp_Proxy' })).toThrow(ProxyConfigError);
    expect(() => proxyContainerEnv(proxyConfig(), { secretName: 'Corp_Proxy' })).toThrow('secretName: must be a DNS-1123 subdomain');
    expect(() => proxyContainerEnv(proxyConfig(), { literalCredentials: 'yes' as never })).toThrow('literalCredentials: must be true or false (got "yes")');
  });
});

describe('proxySecretManifest', () => {
  test('holds the four URL variables under a fixed name, and is a valid Secret', () => {
    const config = proxyConfig();
    const secret = proxySecretManifest(config, 'apps');
    expect(secret.metadata).toEqual({ name: 'cluster-proxy-env', namespace: 'apps', labels: { 'app.kubernetes.io/managed-by': 'cluster-proxy-constructs' } });
    expect(secret.stringData).toEqual({
      HTTP_PROXY: config.environment.httpProxy,
      http_proxy: config.environment.httpProxy,
      HTTPS_PROXY: config.environment.httpsProxy,
      https_proxy: config.environment.httpsProxy,
    });
    expect(proxySecretManifest(config, 'apps')).toEqual(secret);
    expectValidObjects([secret]);
  });

  test('refuses a namespace that is not a DNS label', () => {
    expect(() => proxySecretManifest(proxyConfig(), 'Apps')).toThrow('namespace: must be a DNS-1123 label');
  });
});
