/**
 * The proxy definition with credentials as inputs, without resources: what is rendered at program
 * time (stand-ins for Output credentials, same revision) and what only when they resolve.
 */
import * as pulumi from '@pulumi/pulumi';
import { ClusterProxyConfig } from '../../src/core/definition/cluster-proxy-config';
import { ProxySettings } from '../../src/core/definition/proxy-settings';
import { nodeProxySecretName } from '../../src/core/node-files/secret';
import { ProxyConfigError } from '../../src/core/primitives/errors';
import { ProxyDefinition } from '../../src/pulumi';
import { NASTY_PASSWORD, networkProps, demoSettings, settingsProps, demoNetwork } from '../support/fixtures/cluster';
import { isSecretOutput, outcome } from '../support/pulumi-mocks';

const coreConfig = (overrides: object = {}): ClusterProxyConfig =>
  new ClusterProxyConfig(demoSettings(overrides), demoNetwork());
const outputDefinition = (password: string, overrides: object = {}) =>
  new ProxyDefinition({ settings: { ...settingsProps(overrides), password: pulumi.secret(password) }, network: networkProps() });

describe('ProxyDefinition', () => {
  test('plain credentials: the configuration is the one the core computes, at program time', () => {
    const definition = new ProxyDefinition({ settings: settingsProps(), network: networkProps() });
    expect(definition.hasCredentials).toBe(true);
    expect(definition.hasOutputCredentials).toBe(false);
    expect({ ...definition.config.environment }).toEqual({ ...coreConfig().environment });
    expect(definition.render((config) => config.environment.httpProxy).real).toBeUndefined();
  });

  test('a password Output: program time sees slots for the credentials and the same revision, so the same names; the real one resolves as a secret', async () => {
    const definition = outputDefinition(NASTY_PASSWORD, { credentialsRevision: '7' });
    expect(definition.hasOutputCredentials).toBe(true);
    expect(definition.config.settings.httpProxy!.password).toBeUndefined();
    expect(definition.config.settings.httpProxy!.redacted).toBe('http://***:***@proxy.corp.example:3128');
    expect(definition.config.environment.noProxy).toBe(coreConfig().environment.noProxy);
    expect(nodeProxySecretName('demo', definition.config)).toBe(nodeProxySecretName('demo', coreConfig({ credentialsRevision: '7' })));
    const resolved = definition.resolve();
    expect(await isSecretOutput(resolved)).toBe(true);
    expect({ ...(await outcome(resolved)).environment }).toEqual({ ...coreConfig({ credentialsRevision: '7' }).environment });
  });

  test('everything but an Output password is validated at construction, with the core errors', () => {
    const withPassword = (overrides: object) => () => new ProxyDefinition({
      settings: { ...settingsProps(), password: pulumi.output('x'), ...overrides }, network: networkProps(),
    });
    expect(withPassword({ httpProxy: 'socks5://proxy:1080' })).toThrow(/^settings.httpProxy: has unsupported scheme "socks5"/);
    expect(withPassword({ username: undefined })).toThrow(/^settings.password: is set without username/);
    expect(withPassword({ httpProxy: 'http://u:p@proxy:3128' })).toThrow(/^settings.httpProxy: has credentials inside the URL/);
    expect(withPassword({ noProxy: ['a;b'] })).toThrow(/^settings.noProxy\[0\]/);
    expect(withPassword({ credentialsRevision: 'a b' })).toThrow(/^settings.credentialsRevision: must be 1-63 letters/);
    expect(() => new ProxyDefinition({ settings: settingsProps(), network: { ...networkProps(), pods: ['10.0.0.0/33'] } })).toThrow(/^network.pods\[0\]/);
  });

  test('a bad Output password is reported when it resolves, naming the field and never quoting it', async () => {
    const error = await outcome(outputDefinition('p@ss\nSECRET-PART').resolve()).then(() => undefined, (e: Error) => e);
    expect(error).toBeInstanceOf(ProxyConfigError);
    expect(error!.message).toMatch(/^settings.password: /);
    expect(error!.message).not.toContain('SECRET-PART');
  });

  test('an Output password that resolves to something other than a string is refused, not replaced by the stand-in', async () => {
    const definition = new ProxyDefinition({
      settings: { ...settingsProps(), password: pulumi.secret(42 as unknown as string) }, network: networkProps(),
    });
    const error = await outcome(definition.resolve()).then(() => undefined, (e: Error) => e);
    expect(error).toBeInstanceOf(ProxyConfigError);
    expect(error!.message).toMatch(/^settings.password: /);
  });

  test('a computed ClusterProxyConfig is used as it is, also with credentials inside the URLs', async () => {
    const config = new ClusterProxyConfig(
      new ProxySettings({ httpProxy: 'http://svc:p%40ss@proxy.corp.example:3128', noProxy: ['.corp.example'] }),
      demoNetwork(),
      { noProxyDefaults: { clusterIps: false }, additionalNoProxy: ['registry.internal'] },
    );
    const definition = ProxyDefinition.of(config);
    expect(definition.config).toBe(config);
    expect(await outcome(definition.resolve())).toBe(config);
    expect(ProxyDefinition.of(definition)).toBe(definition);
    expect(() => ProxyDefinition.of({} as ClusterProxyConfig)).toThrow(/^proxy: must be a ClusterProxyConfig or a ProxyDefinition/);
  });

  test('toString and JSON carry no credential', () => {
    for (const definition of [new ProxyDefinition({ settings: settingsProps(), network: networkProps() }), outputDefinition(NASTY_PASSWORD)]) {
      for (const text of [String(definition), JSON.stringify(definition)]) {
        expect(text).toContain('noProxy=');
        expect(text).not.toContain('p@ss');
        expect(text).not.toContain('svc-k8s');
      }
    }
  });
});
