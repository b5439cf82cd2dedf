/**
 * The pure parts of the Pulumi adapter, without mocks: credential variants, the proxy definition
 * with credentials as inputs, the split of rendered objects into program-time values and secret
 * outputs, and stable resource names.
 */
import * as pulumi from '@pulumi/pulumi';
import { nodeProxySecret } from '../../src/core/capi/node-proxy-secret';
import { proxiedClusterObjects } from '../../src/core/capi/proxied-cluster';
import { ClusterProxyConfig } from '../../src/core/cluster-proxy-config';
import { ProxyConfigError } from '../../src/core/errors';
import { KubeObject } from '../../src/core/k8s/manifest';
import { ClusterNetwork } from '../../src/core/network';
import { ProxySettings } from '../../src/core/proxy-settings';
import {
  CredentialDependenceError, CredentialVariants, ProxyDefinition, renderObjects, resourceName, stableObjectName, STAND_IN_CREDENTIALS,
} from '../../src/pulumi';
import { clusterOptions, NASTY_PASSWORD, networkProps, settingsProps } from '../core/capi/fixtures';
import { isSecretOutput, outcome } from '../support/pulumi-mocks';

const coreConfig = (): ClusterProxyConfig => new ClusterProxyConfig(new ProxySettings(settingsProps()), new ClusterNetwork(networkProps()));

describe('CredentialVariants', () => {
  test('without credentials there are no stand-ins and the value is known', () => {
    const variants = CredentialVariants.fromCredentials({}, (c) => JSON.stringify(c));
    expect(variants.standIns).toBeUndefined();
    expect(variants.known).toBe('{}');
    expect(variants.dependsOnCredentials).toBe(false);
  });

  test('only the credentials that are set are replaced by the two different stand-ins', () => {
    const variants = CredentialVariants.fromCredentials({ username: 'svc', password: pulumi.output('pw') }, (c) => `${c.username}:${c.password}`);
    expect(variants.standIns).toEqual([
      `${STAND_IN_CREDENTIALS[0].username}:${STAND_IN_CREDENTIALS[0].password}`,
      `${STAND_IN_CREDENTIALS[1].username}:${STAND_IN_CREDENTIALS[1].password}`,
    ]);
    expect(CredentialVariants.fromCredentials({ username: 'svc' }, (c) => `${c.username}:${c.password}`).standIns)
      .toEqual(['stand-in-user-a:undefined', 'stand-in-user-bb:undefined']);
  });

  test('plain credentials give the real value now; Output credentials only when they resolve, as a secret', async () => {
    const known = CredentialVariants.fromCredentials({ username: 'svc', password: 'pw' }, (c) => `${c.username}:${c.password}`).map((s) => s.toUpperCase());
    expect(known.known).toBe('SVC:PW');
    expect(await isSecretOutput(known.output())).toBe(true);
    const later = CredentialVariants.fromCredentials({ username: 'svc', password: pulumi.output('pw') }, (c) => `${c.username}:${c.password}`).map((s) => s.toUpperCase());
    expect(later.known).toBeUndefined();
    expect(await outcome(later.output())).toBe('SVC:PW');
    // secret even though the caller's Output was not
    expect(await isSecretOutput(later.output())).toBe(true);
  });

  test('an error of the real evaluation rejects the Output, through onError', async () => {
    const variants = CredentialVariants.fromCredentials({ password: pulumi.output('bad') }, (c) => {
      if (c.password === 'bad') {
        throw new ProxyConfigError('password', 'is bad');
      }
      return c.password;
    });
    await expect(outcome(variants.output((error) => new Error(`wrapped: ${(error as Error).message}`)))).rejects.toThrow('wrapped: password: is bad');
  });
});

describe('ProxyDefinition', () => {
  test('plain credentials: the configuration is the one the core computes', () => {
    const definition = new ProxyDefinition({ settings: settingsProps(), network: networkProps() });
    expect(definition.hasCredentials).toBe(true);
    expect({ ...definition.known!.environment }).toEqual({ ...coreConfig().environment });
  });

  test('a password Output resolves to the same configuration, as a secret; nothing is known before', async () => {
    const definition = new ProxyDefinition({ settings: { ...settingsProps(), password: pulumi.secret(NASTY_PASSWORD) }, network: networkProps() });
    expect(definition.known).toBeUndefined();
    const resolved = definition.resolve();
    expect(await isSecretOutput(resolved)).toBe(true);
    expect({ ...(await outcome(resolved)).environment }).toEqual({ ...coreConfig().environment });
  });

  test('everything but an Output password is validated at construction, with the core errors', () => {
    const withPassword = (overrides: object) => () => new ProxyDefinition({
      settings: { ...settingsProps(), password: pulumi.output('x'), ...overrides }, network: networkProps(),
    });
    expect(withPassword({ httpProxy: 'socks5://proxy:1080' })).toThrow(/^httpProxy: has unsupported scheme "socks5"/);
    expect(withPassword({ username: undefined })).toThrow(/^password: is set without username/);
    expect(withPassword({ httpProxy: 'http://u:p@proxy:3128' })).toThrow(/^httpProxy: has credentials inside the URL/);
    expect(withPassword({ noProxy: ['a;b'] })).toThrow(/^noProxy\[0\]/);
    expect(() => new ProxyDefinition({ settings: settingsProps(), network: { ...networkProps(), pods: ['10.0.0.0/33'] } })).toThrow(/^pods\[0\]/);
  });

  test('a bad Output password is reported when it resolves, naming the field and never quoting it', async () => {
    const definition = new ProxyDefinition({ settings: { ...settingsProps(), password: pulumi.secret('p@ss\nSECRET-PART') }, network: networkProps() });
    const error = await outcome(definition.resolve()).then(() => undefined, (e: Error) => e);
    expect(error).toBeInstanceOf(ProxyConfigError);
    expect(error!.message).toMatch(/^password: /);
    expect(error!.message).not.toContain('SECRET-PART');
  });

  test('a computed ClusterProxyConfig is used as it is, also with credentials inside the URLs and custom NO_PROXY options', () => {
    const config = new ClusterProxyConfig(
      new ProxySettings({ httpProxy: 'http://svc:p%40ss@proxy.corp.example:3128', httpsProxy: 'http://svc:p%40ss@proxy.corp.example:3128', noProxy: '.corp.example' }),
      new ClusterNetwork(networkProps()),
      { noProxyDefaults: { clusterIps: false, loopback: false }, additionalNoProxy: ['registry.internal'] },
    );
    const definition = ProxyDefinition.of(config);
    expect(definition.known).toBe(config);
    // the stand-ins see the same NO_PROXY, only other credentials
    expect(definition.config.standIns![0].environment.noProxy).toBe(config.environment.noProxy);
    expect(definition.config.standIns![0].environment.httpProxy).toBe('http://stand-in-user-a:stand-in-password-a@proxy.corp.example:3128');
    expect(ProxyDefinition.of(definition)).toBe(definition);
  });

  test('URLs with two different credential pairs are refused', () => {
    const config = new ClusterProxyConfig(
      new ProxySettings({ httpProxy: 'http://a:x@proxy:3128', httpsProxy: 'http://b:y@proxy:3128' }), new ClusterNetwork(networkProps()));
    expect(() => ProxyDefinition.of(config)).toThrow(/^httpsProxy: carries other credentials than httpProxy/);
  });

  test('toString and JSON carry no credential', () => {
    const definition = new ProxyDefinition({ settings: settingsProps(), network: networkProps() });
    for (const text of [String(definition), JSON.stringify(definition)]) {
      expect(text).toContain('with credentials');
      expect(text).not.toContain('p@ss');
      expect(text).not.toContain('svc-k8s');
    }
  });
});

describe('renderObjects', () => {
  const objectsOf = (definition: ProxyDefinition) => definition.config
    .map((config) => proxiedClusterObjects({ ...clusterOptions(), settings: undefined, network: undefined, proxy: config }).objects);
  const render = (password: pulumi.Input<string> | undefined) =>
    objectsOf(new ProxyDefinition({ settings: { ...settingsProps(), password }, network: networkProps() }));

  test('without credentials every input is plain and equal to the core object', () => {
    const definition = new ProxyDefinition({ settings: { ...settingsProps(), username: undefined, password: undefined }, network: networkProps() });
    const rendered = renderObjects(objectsOf(definition));
    const core = proxiedClusterObjects({ ...clusterOptions(), settings: { ...settingsProps(), username: undefined, password: undefined } }).objects;
    expect(rendered.map((r) => r.inputs)).toEqual(core);
  });

  test('fields that depend on the credentials are secret Outputs holding the real values; the rest is plain', async () => {
    const core = proxiedClusterObjects(clusterOptions()).objects as any[];
    for (const password of [NASTY_PASSWORD, pulumi.output(NASTY_PASSWORD)]) {
      const rendered = renderObjects(render(password));
      expect(rendered.map((r) => r.shape.kind)).toEqual(core.map((o) => o.kind));
      const [secret, cluster, controlPlane] = rendered;
      expect(cluster.inputs).toEqual(core[1]); // the Cluster does not depend on the credentials
      expect(pulumi.Output.isInstance(secret.inputs.stringData.proxyEnv)).toBe(true);
      expect(await outcome(secret.inputs.stringData.proxyEnv)).toBe(core[0].stringData.proxyEnv);
      const fileSource = controlPlane.inputs.spec.kubeadmConfigSpec.files[0].contentFrom.secret;
      expect(fileSource.key).toBe('containerdProxy');
      expect(await isSecretOutput(fileSource.name)).toBe(true);
      expect(await outcome(fileSource.name)).toBe((core[0].metadata as { name: string }).name);
    }
  });

  test('a real rendering that differs where the stand-ins agree fails instead of deploying something else', async () => {
    const sneaky = (definition: ProxyDefinition) => definition.config.map((config): KubeObject[] => [{
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'x' },
      data: { starts: String(config.environment.httpProxy!.includes('stand-in')) },
    }]);
    const known = new ProxyDefinition({ settings: settingsProps(), network: networkProps() });
    expect(() => renderObjects(sneaky(known))).toThrow(CredentialDependenceError);
    const dependent = new ProxyDefinition({ settings: { ...settingsProps(), password: pulumi.output('pw') }, network: networkProps() }).config
      .map((config): KubeObject[] => [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' }, data: { url: config.environment.httpProxy!, starts: String(config.environment.httpProxy!.includes('stand-in')) } }]);
    const [object] = renderObjects(dependent);
    await expect(outcome(object.inputs.data.url)).rejects.toThrow(/ConfigMap x: \/data\/starts depends on the credentials/);
  });

  test('a credential-dependent name that is no known content-hash name is refused', () => {
    const definition = new ProxyDefinition({ settings: settingsProps(), network: networkProps() });
    const named = definition.config.map((config): KubeObject[] => [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `x-${config.environment.httpProxy!.length}` } }]);
    expect(() => renderObjects(named)).toThrow(/the name depends on the credentials/);
  });
});

describe('stable names', () => {
  test('content-hash names lose their hash; other names stay', () => {
    const objects = proxiedClusterObjects(clusterOptions()).objects;
    expect(objects.map(stableObjectName)).toEqual(['demo-systemd-proxy', 'demo', 'demo-control-plane', 'demo-md-0', 'demo-md-0', 'demo-md-1', 'demo-md-1']);
    expect(objects[0].metadata.name).toMatch(/^demo-systemd-proxy-[0-9a-f]{10}$/);
    // a Secret that merely looks like one keeps its name
    const lookalike = { ...nodeProxySecret('demo', 'clusters', { a: 'b' }), metadata: { name: 'demo-systemd-proxy-0123456789', labels: { 'cluster.x-k8s.io/cluster-name': 'demo' } } };
    expect(stableObjectName(lookalike)).toBe('demo-systemd-proxy-0123456789');
    expect(resourceName('Demo', objects[0])).toBe('demo-clusters-demo-systemd-proxy');
  });
});
