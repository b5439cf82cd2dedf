import { ApiObject, JsonPatch, Testing } from 'cdk8s';
import { GiantSwarmProxyApps, InClusterForwardProxy, ProxyAddonResourceSet, ProxyEnvSources, TkgProxyAddons } from '../../../src/cdk8s/addons';
import { ProxyEnvSourceKind } from '../../../src/core/addons/proxy-env-source';
import { tkgConfigValuesSecret } from '../../../src/core/addons/tkg/config-values';
import { ClusterNetwork } from '../../../src/core/definition/network';
import { anonymousProxy, vsphereProxy } from '../../support/fixtures/addons';
import { expectValidObjects } from '../../support/schemas';

describe('addon cdk8s constructs', () => {
  test('TkgProxyAddons synthesizes the four Secrets exactly as the core renders them', () => {
    const proxy = vsphereProxy();
    const chart = Testing.chart();
    const addons = new TkgProxyAddons(chart, 'Tkg', { proxy, clusterName: 'wl', namespace: 'default', vsphereCpiValues: { server: 'vcenter.lab.example' } });
    const synth = Testing.synth(chart);
    expect(synth.map((o) => o.metadata.name)).toEqual(['wl-vsphere-cpi-addon', 'wl-vsphere-csi-addon', 'wl-kapp-controller-addon', 'wl-config-values']);
    expect(synth[3]).toEqual(tkgConfigValuesSecret(proxy, { clusterName: 'wl', namespace: 'default' }));
    expect(addons.apiObjects).toHaveLength(4);
    expectValidObjects(synth);
  });

  test('switches leave Secrets out; escape hatch patches reach the output', () => {
    const chart = Testing.chart();
    const addons = new TkgProxyAddons(chart, 'Tkg', { proxy: vsphereProxy(), clusterName: 'wl', vsphere: false, configValues: false });
    addons.apiObjects[0].addJsonPatch(JsonPatch.add('/metadata/annotations/extra', 'yes'));
    const synth = Testing.synth(chart);
    expect(synth.map((o) => o.metadata.name)).toEqual(['wl-kapp-controller-addon']);
    expect(synth[0].metadata.annotations.extra).toBe('yes');
  });

  test('GiantSwarmProxyApps and ProxyAddonResourceSet validate against the CRDs after synth', () => {
    const proxy = vsphereProxy();
    const chart = Testing.chart();
    const apps = new GiantSwarmProxyApps(chart, 'Gs', {
      proxy,
      clusterName: 'mycluster',
      namespace: 'org-acme',
      apps: [{ name: 'mycluster-cert-manager', appName: 'cert-manager-app', catalog: 'default', version: '3.7.0', targetNamespace: 'kube-system' }],
    });
    new ProxyAddonResourceSet(chart, 'Crs', { proxy, clusterName: 'mycluster', namespace: 'org-acme', manifests: [{ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'kapp-controller' } }], kappControllerNamespace: 'kapp-controller' });
    const synth = Testing.synth(chart);
    expect(synth.map((o) => o.kind)).toEqual(['Secret', 'ConfigMap', 'Secret', 'App', 'Secret', 'ClusterResourceSet']);
    expect(synth.slice(0, 4)).toEqual(JSON.parse(JSON.stringify(apps.setup.objects)));
    expectValidObjects(synth);
  });

  test('InClusterForwardProxy exposes the derived proxy; ProxyEnvSources gives the envFrom entry', () => {
    const chart = Testing.chart();
    const forward = new InClusterForwardProxy(chart, 'Proxy', { network: new ClusterNetwork({ pods: ['fd00:10::/56'], services: ['fd00:20::/108'] }), image: 'tinyproxy:1.11' });
    const sources = new ProxyEnvSources(chart, 'Env', { proxy: forward.proxy, namespaces: ['apps'] });
    const synth = Testing.synth(chart);
    expect(synth.map((o) => o.kind)).toEqual(['ConfigMap', 'DaemonSet', 'Service', 'ConfigMap']);
    expect(synth[3].data.HTTPS_PROXY).toBe('http://http-proxy.kube-system.svc.cluster.local:8888');
    expect(sources.envFrom()).toEqual({ configMapRef: { name: 'proxy-config' } });
    expect(ApiObject.of(forward.apiObjects[1]).kind).toBe('DaemonSet');
    expectValidObjects(synth);
    expect(() => new ProxyEnvSources(Testing.chart(), 'Bad', { proxy: vsphereProxy(), namespaces: ['a'], kind: ProxyEnvSourceKind.CONFIG_MAP })).toThrow(/^kind:/);
    expect(new ProxyEnvSources(Testing.chart(), 'Anon', { proxy: anonymousProxy(), namespaces: ['a'] }).kind).toBe('ConfigMap');
  });

  test('two constructs that emit one object are refused: a chart never holds two objects of one identity', () => {
    const chart = Testing.chart();
    new ProxyEnvSources(chart, 'A', { proxy: vsphereProxy(), namespaces: ['apps'] });
    // the same name and namespace, whatever the content: the one applied last would win
    expect(() => new ProxyEnvSources(chart, 'B', { proxy: vsphereProxy(), namespaces: ['team-a', 'apps'] }))
      .toThrow(/^name: another construct or component in this scope already emits the Secret "proxy-config" in namespace "apps"; give one of them another name$/);
    const another = Testing.chart();
    new ProxyEnvSources(another, 'A', { proxy: vsphereProxy(), namespaces: ['apps'] });
    new ProxyEnvSources(another, 'C', { proxy: vsphereProxy(), namespaces: ['apps'], name: 'proxy-config-2' });
    expect(Testing.synth(another).map((o) => `${o.metadata.namespace}/${o.metadata.name}`)).toEqual(['apps/proxy-config', 'apps/proxy-config-2']);
  });
});
