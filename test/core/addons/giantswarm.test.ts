import { parse } from 'yaml';
import { giantSwarmApp } from '../../../src/core/addons/giantswarm/app';
import { giantSwarmClusterValues } from '../../../src/core/addons/giantswarm/cluster-values';
import { giantSwarmProxySetup } from '../../../src/core/addons/giantswarm/setup';
import { GiantSwarmValuesLayout } from '../../../src/core/addons/giantswarm-values-layout';
import { ClusterProxyConfig } from '../../../src/core/definition/cluster-proxy-config';
import { ProxySettings } from '../../../src/core/definition/proxy-settings';
import { nodeProxyBootstrap } from '../../../src/core/node-files/bootstrap';
import { CompatibilityProfileName } from '../../../src/core/node-files/compatibility-profile-name';
import { NodeProxyDelivery } from '../../../src/core/node-files/delivery';
import { OsFamily } from '../../../src/core/node-files/os-family';
import { anonymousProxy, errorOf, HARD_PASSWORD, vsphereProxy } from '../../support/fixtures/addons';
import { expectValidObjects, schemaErrors } from '../../support/schemas';

describe('Giant Swarm cluster values', () => {
  const proxy = vsphereProxy();

  test('the Secret holds cluster.proxy with credentials, the ConfigMap the URLs without', () => {
    const { secret, configMap } = giantSwarmClusterValues(proxy, { clusterName: 'mycluster', namespace: 'org-acme' });
    expect(secret.metadata).toMatchObject({ name: 'mycluster-cluster-values', namespace: 'org-acme', labels: { 'giantswarm.io/cluster': 'mycluster' } });
    expect(parse(secret.stringData.values)).toEqual({
      cluster: { proxy: { http: proxy.environment.httpProxy, https: proxy.environment.httpsProxy, noProxy: proxy.environment.noProxy } },
    });
    const publicValues = parse((configMap.data as any).values);
    expect(publicValues).toEqual({
      cluster: { proxy: { http: 'http://proxy.corp.example:3128', https: 'http://proxy.corp.example:3128', noProxy: proxy.environment.noProxy } },
    });
    expect((configMap.data as any).values).not.toContain('svc-k8s');
    expect(secret.stringData.values).toContain(encodeURIComponent('@'));
    expectValidObjects([secret, configMap]);
  });

  test('without credentials the Secret and the ConfigMap say the same', () => {
    const { secret, configMap } = giantSwarmClusterValues(anonymousProxy(), { clusterName: 'mycluster', namespace: 'org-acme' });
    expect((configMap.data as any).values).toBe(secret.stringData.values);
  });

  test('extra values merge beside cluster.proxy; proxy keys and one-URL proxies are refused', () => {
    const { secret } = giantSwarmClusterValues(proxy, { clusterName: 'c', namespace: 'org-a', values: { baseDomain: 'example.io', cluster: { kubernetes: { domain: 'cluster.local' } } } });
    expect(parse(secret.stringData.values)).toMatchObject({ baseDomain: 'example.io', cluster: { kubernetes: { domain: 'cluster.local' }, proxy: { noProxy: proxy.environment.noProxy } } });
    expect(() => giantSwarmClusterValues(proxy, { clusterName: 'c', namespace: 'org-a', values: { cluster: { proxy: { http: 'x' } } } }))
      .toThrow('values.cluster.proxy.http: is set by the proxy definition');
    const onlyHttp = new ClusterProxyConfig(new ProxySettings({ httpProxy: 'http://p:3128' }), proxy.network);
    expect(() => giantSwarmClusterValues(onlyHttp, { clusterName: 'c', namespace: 'org-a' })).toThrow(/^httpsProxy: Giant Swarm apps need both/);
  });
});

describe('Giant Swarm cluster values in cluster-apps-operator\'s layout', () => {
  const proxy = vsphereProxy();
  const operator = { clusterName: 'mycluster', namespace: 'org-acme', valuesLayout: GiantSwarmValuesLayout.OPERATOR };

  test('the Secret holds the operator\'s keys with credentials, the ConfigMap the same without, both labelled as the operator\'s', () => {
    const { secret, configMap } = giantSwarmClusterValues(proxy, operator);
    const values = parse(secret.stringData.values);
    expect(Object.keys(values)).toEqual(['cluster', 'env', 'http_proxy', 'https_proxy', 'no_proxy']);
    expect(values.env.map((variable: { name: string }) => variable.name)).toEqual(['NO_PROXY', 'HTTP_PROXY', 'HTTPS_PROXY']);
    expect(values.http_proxy).toBe(proxy.environment.httpProxy);
    expect(secret.stringData.values).toContain('\nenv:\n- name: NO_PROXY\n');
    // composed as the operator does: the cluster's facts, the installation's entries as written, then its own three
    expect(values.no_proxy).toBe(['cluster.local', ...proxy.network.services, ...proxy.network.pods, proxy.network.controlPlaneEndpoint,
      '.corp.example', '10.0.0.0/8', 'svc', '127.0.0.1', 'localhost'].join(','));
    expect(values.cluster.proxy.noProxy).toBe(values.no_proxy);
    expect((configMap.data as any).values).not.toContain(encodeURIComponent('@'));
    expect(parse((configMap.data as any).values).https_proxy).toBe('http://proxy.corp.example:3128');
    for (const object of [secret, configMap]) {
      expect(object.metadata.labels).toEqual({ 'giantswarm.io/cluster': 'mycluster', 'giantswarm.io/managed-by': 'cluster-apps-operator' });
      expect(object.metadata.annotations).toEqual({ 'giantswarm.io/notes': 'DO NOT EDIT. Values managed by cluster-apps-operator.' });
    }
    expectValidObjects([secret, configMap]);
  });

  test('the systemd-proxy Secret takes the operator\'s metadata and keeps its content; the layout is checked', () => {
    const library = giantSwarmProxySetup(proxy, { clusterName: 'mycluster', namespace: 'org-acme' }).systemdProxySecret!;
    const adopted = giantSwarmProxySetup(proxy, operator).systemdProxySecret!;
    expect(adopted.stringData).toEqual(library.stringData);
    expect(adopted.metadata).toEqual({ name: library.metadata.name, namespace: 'org-acme', labels: expect.objectContaining({ 'giantswarm.io/managed-by': 'cluster-apps-operator' }), annotations: expect.any(Object) });
    expect(errorOf(() => giantSwarmClusterValues(proxy, { ...operator, valuesLayout: 'operator' as GiantSwarmValuesLayout })))
      .toMatch(/^valuesLayout: .*library.*cluster-apps-operator/);
  });
});

describe('Giant Swarm App CRs and the whole setup', () => {
  const proxy = vsphereProxy();
  const certManager = { name: 'mycluster-cert-manager', appName: 'cert-manager-app', catalog: 'default', version: '3.7.0', targetNamespace: 'kube-system' };

  test('App CRs reference the values Secret and ConfigMap and validate against the App CRD', () => {
    const setup = giantSwarmProxySetup(proxy, { clusterName: 'mycluster', namespace: 'org-acme', apps: [certManager, { ...certManager, name: 'mc-app', inCluster: true, labels: { 'app-operator.giantswarm.io/version': '0.0.0' } }] });
    expect(setup.objects.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual([
      'Secret/mycluster-cluster-values',
      'ConfigMap/mycluster-cluster-values',
      `Secret/${setup.systemdProxySecret!.metadata.name}`,
      'App/mycluster-cert-manager',
      'App/mc-app',
    ]);
    const [app, mcApp] = setup.apps as any[];
    expect(app.spec).toEqual({
      catalog: 'default',
      config: { configMap: { name: 'mycluster-cluster-values', namespace: 'org-acme' }, secret: { name: 'mycluster-cluster-values', namespace: 'org-acme' } },
      kubeConfig: { inCluster: false, secret: { name: 'mycluster-kubeconfig', namespace: 'org-acme' } },
      name: 'cert-manager-app',
      namespace: 'kube-system',
      version: '3.7.0',
    });
    expect(mcApp.spec.kubeConfig).toEqual({ inCluster: true });
    expect(mcApp.metadata.labels['app-operator.giantswarm.io/version']).toBe('0.0.0');
    expectValidObjects(setup.objects);
  });

  test('the App validator can fail (a typo in config is caught)', () => {
    const app = giantSwarmApp({ clusterName: 'c', namespace: 'org-a', valuesSecret: { name: 'c-cluster-values', namespace: 'org-a' } }, certManager) as any;
    expect(schemaErrors(app)).toEqual([]);
    app.spec.config.secrets = app.spec.config.secret;
    expect(schemaErrors(app).join()).toContain('must NOT have additional properties (secrets)');
  });

  test('the systemd-proxy Secret is the Cluster API module\'s, byte for byte', () => {
    const setup = giantSwarmProxySetup(proxy, { clusterName: 'mycluster', namespace: 'org-acme' });
    const capi = nodeProxyBootstrap(proxy, { clusterName: 'mycluster', namespace: 'org-acme', delivery: NodeProxyDelivery.SECRET });
    expect(setup.systemdProxySecret).toEqual(capi.secret);
    expect(setup.systemdProxySecret!.metadata.name).toMatch(/^mycluster-systemd-proxy-[0-9a-f]{10}$/);
    expect(setup.systemdProxySecret!.stringData.containerdProxy).toContain(`NO_PROXY=${proxy.environment.noProxy}`);
  });

  test('with the Giant Swarm profile, the systemd-proxy Secret is the Cluster API part\'s for that layout: <cluster>-systemd-proxy', () => {
    const files = { profile: CompatibilityProfileName.GIANTSWARM } as const;
    // A proxy CA is in the Secret too; the OS family matters to the node files only.
    const withCa = vsphereProxy({}, true);
    for (const candidate of [withCa, anonymousProxy()]) {
      const setup = giantSwarmProxySetup(candidate, { clusterName: 'mycluster', namespace: 'org-acme', files });
      const capi = nodeProxyBootstrap(candidate, { clusterName: 'mycluster', namespace: 'org-acme', delivery: NodeProxyDelivery.SECRET, osFamily: OsFamily.UBUNTU, files });
      expect(setup.systemdProxySecret).toEqual(capi.secret);
      expect(setup.systemdProxySecret!.metadata.name).toBe('mycluster-systemd-proxy');
      // Fixed name, so mutable: the revision command in the KubeadmConfigSpecs rolls the machines.
      expect(setup.systemdProxySecret!.immutable).toBeUndefined();
      const data = setup.systemdProxySecret!.stringData;
      expect(Object.keys(data)).toEqual(expect.arrayContaining(['containerdProxy', 'kubeletProxy', 'teleportProxy']));
      // Upper-case block, then lower-case block.
      expect(data.teleportProxy.split('\n').slice(1, 7).map((line: string) => line.split('=')[1])).toEqual(['"HTTP_PROXY', '"HTTPS_PROXY', '"NO_PROXY', '"http_proxy', '"https_proxy', '"no_proxy']);
      expect(setup.objects).toContain(setup.systemdProxySecret);
      expectValidObjects(setup.objects);
    }
    expect(giantSwarmProxySetup(withCa, { clusterName: 'mycluster', namespace: 'org-acme', files }).systemdProxySecret!.stringData.trustedCa1).toBe(withCa.settings.trustedCa!.pem);
    expect(() => giantSwarmProxySetup(withCa, { clusterName: 'mycluster', namespace: 'org-acme', files: { profile: 'rancher' as never } })).toThrow(/^files.profile: must be one of/);
  });

  test('ConfigMap and systemd Secret can be left out', () => {
    const setup = giantSwarmProxySetup(proxy, { clusterName: 'mycluster', namespace: 'org-acme', configMap: false, systemdProxySecret: false, apps: [certManager] });
    expect(setup.objects.map((o) => o.kind)).toEqual(['Secret', 'App']);
    expect((setup.apps[0] as any).spec.config).toEqual({ secret: { name: 'mycluster-cluster-values', namespace: 'org-acme' } });
  });

  test('bad app props are refused naming the app and field; no password in errors', () => {
    expect(() => giantSwarmProxySetup(proxy, { clusterName: 'mycluster', namespace: 'org-acme', apps: [{ ...certManager, version: '' }] }))
      .toThrow(/^apps\[0\]\.version: must be a non-empty string/);
    expect(() => giantSwarmProxySetup(proxy, { clusterName: 'mycluster', namespace: 'org-acme', apps: [{ ...certManager, targetNamespace: 'Kube' }] }))
      .toThrow(/^apps\[0\]\.targetNamespace:/);
    const thrown = errorOf(() => giantSwarmClusterValues(proxy, { clusterName: 'mycluster', namespace: 'org-acme', values: { cluster: { proxy: { http: proxy.environment.httpProxy } } } }));
    expect(thrown).toContain('values.cluster.proxy.http');
    expect(thrown).not.toContain(encodeURIComponent(HARD_PASSWORD));
  });
});
