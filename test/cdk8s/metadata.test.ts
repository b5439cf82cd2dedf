import { Testing } from 'cdk8s';
import { KyvernoProxyPolicy, ProxiedCluster, TkgProxyAddons } from '../../src/cdk8s';
import { ClusterProxyConfig } from '../../src/core/definition/cluster-proxy-config';
import { Provider } from '../../src/core/primitives/providers';
import { clusterOptions, demoProxy, demoNetwork } from '../support/fixtures/cluster';

const metadata = { labels: { 'team.example.com/owner': 'platform', 'cluster.x-k8s.io/cluster-name': 'not-mine' }, annotations: { 'example.com/ticket': 'OPS-1' } };

describe('metadata: labels and annotations on every object a construct emits', () => {
  test('ProxiedCluster: every object but the shared node-proxy Secret; the library\'s own labels win', () => {
    const chart = Testing.chart();
    new ProxiedCluster(chart, 'Demo', clusterOptions({ metadata }));
    const manifests = Testing.synth(chart);
    for (const manifest of manifests) {
      if (manifest.kind === 'Secret') {
        expect(manifest.metadata.labels['team.example.com/owner']).toBeUndefined();
        continue;
      }
      expect(manifest.metadata.labels['team.example.com/owner']).toBe('platform');
      expect(manifest.metadata.annotations['example.com/ticket']).toBe('OPS-1');
      expect(manifest.metadata.labels['cluster.x-k8s.io/cluster-name']).toBe('demo');
    }
    expect(manifests.map((manifest) => manifest.kind)).toContain('Secret');
  });

  test('the order of keys in the user\'s maps does not change a byte', () => {
    const synth = (labels: Record<string, string>, annotations: Record<string, string>) => {
      const chart = Testing.chart();
      new ProxiedCluster(chart, 'Demo', clusterOptions({ metadata: { labels, annotations } }));
      return JSON.stringify(Testing.synth(chart));
    };
    const labels = { 'team.example.com/owner': 'platform', 'app': 'x', 'zone': 'a' };
    const annotations = { 'example.com/ticket': 'OPS-1', 'a.example.com/b': 'c' };
    const reversed = (map: Record<string, string>) => Object.fromEntries(Object.entries(map).reverse());
    expect(synth(reversed(labels), reversed(annotations))).toBe(synth(labels, annotations));
  });

  test('policies and addons take the same prop', () => {
    const chart = Testing.chart();
    new KyvernoProxyPolicy(chart, 'Kyverno', { proxy: demoProxy(), metadata });
    const vsphere = new ClusterProxyConfig(demoProxy().settings, demoNetwork({ provider: Provider.VSPHERE, providerEndpoints: ['vcenter.lab.example'] }));
    new TkgProxyAddons(chart, 'Tkg', { proxy: vsphere, clusterName: 'wl', namespace: 'default', metadata });
    const labelled = Testing.synth(chart).filter((manifest) => manifest.metadata.labels?.['team.example.com/owner'] === 'platform');
    expect(labelled.map((manifest) => manifest.kind)).toEqual(expect.arrayContaining(['ClusterPolicy', 'ClusterRole', 'Secret']));
  });

  test.each([
    ['a bad label key', { labels: { 'bad key!': 'x' } }, /^metadata\.labels\["bad key!"\]: is not a valid key/],
    ['a bad label value', { labels: { owner: 'no spaces allowed' } }, /^metadata\.labels\.owner: is not a valid label value/],
    ['a non-string annotation', { annotations: { note: 42 } }, /^metadata\.annotations\.note: must be a string/],
    ['an unknown field', { name: 'x' }, /^metadata\.name: is not a metadata field here/],
    ['annotations over 256 KiB', { annotations: { big: 'x'.repeat(300 * 1024) } }, /^metadata\.annotations: must total at most 256 KiB/],
  ])('bad metadata is refused naming the field: %s', (_, bad, message) => {
    expect(() => new ProxiedCluster(Testing.chart(), 'Demo', clusterOptions({ metadata: bad as any }))).toThrow(message);
  });
});
