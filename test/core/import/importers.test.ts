import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { importResultJson, importResultTypeScript } from '../../../src/cli/import-formats';
import { compareNoProxy } from '../../../src/core/import/compare-no-proxy';
import { importProxy } from '../../../src/core/import/import-proxy';
import { ImportSource } from '../../../src/core/import/imported-proxy';
import { CA_1 } from '../../support/fixtures/cluster';

/**
 * Each importer on an input written from its system's public documentation (test/fixtures/import):
 * the definition, the notes on every normalisation, the system's own NO_PROXY, and the per-client
 * comparison. Passwords in the inputs never reach any output.
 */

const fixture = (name: string): string => readFileSync(join(__dirname, '..', '..', 'fixtures', 'import', name), 'utf8');
const fields = (notes: readonly { field: string }[]): string[] => notes.map((note) => note.field);

describe('TKG', () => {
  test('cluster configuration variables: missing ports kept missing and noted, TKG defaults for the CIDRs, entries the library computes kept in order and noted', () => {
    const { imported, noProxy } = importProxy(ImportSource.TKG, fixture('tkg-cluster-config.yaml'));
    expect(imported.settings).toEqual({
      httpProxy: 'http://asdf', httpsProxy: 'https://asdf2', noProxy: ['.svc.cluster.local', '.svc', 'localhost', '127.0.0.1', '100.64.0.0/13', '100.96.0.0/11'],
    });
    expect(imported.notes).toContainEqual({ field: 'noProxy', message: expect.stringMatching(/^\.svc, localhost, 127\.0\.0\.1, 100\.64\.0\.0\/13, 100\.96\.0\.0\/11: the library computes them for the cluster too; kept where the source wrote them/) });
    expect(imported.network).toEqual({ pods: ['100.96.0.0/11'], services: ['100.64.0.0/13'] });
    expect(imported.profile).toBe('tkg');
    expect(imported.notes.find((note) => note.field === 'TKG_HTTP_PROXY')!.message)
      .toBe('no port: the library writes http://asdf:80 (clients disagree on the default, curl assumes 1080), except in node files with urlPortAsGiven');
    expect(fields(imported.notes)).toEqual(expect.arrayContaining(['CLUSTER_CIDR', 'SERVICE_CIDR', 'noProxy']));
    // TKG's own list: TKG_NO_PROXY, the CIDRs, loopback, .svc and .svc.cluster.local (deduplicated).
    expect(imported.sourceNoProxy).toEqual(['.svc.cluster.local', '.svc', 'localhost', '127.0.0.1', '100.64.0.0/13', '100.96.0.0/11']);
    expect(noProxy!.removed).toEqual([]);
    // The API server ClusterIP: TKG's CIDR entry misses it for clients without CIDR support.
    expect(noProxy!.changes.filter((change) => change.url === 'http://100.64.0.1/').map((change) => change.client))
      .toEqual(expect.arrayContaining(['python-urllib', 'wget']));
    expect(noProxy!.changes.every((change) => change.before === 'proxy' && change.after === 'direct')).toBe(true);
  });

  test('ClusterClass-based Cluster: proxy and trust variables, sorted TKG list, tkg variable shape', () => {
    const cluster = {
      apiVersion: 'cluster.x-k8s.io/v1beta1',
      kind: 'Cluster',
      metadata: { name: 'workload' },
      spec: {
        clusterNetwork: { pods: { cidrBlocks: ['100.96.0.0/11'] }, services: { cidrBlocks: ['100.64.0.0/13'] } },
        topology: {
          class: 'tkg-vsphere-default-v1.1.0',
          version: 'v1.26.5+vmware.2-tkg.1',
          variables: [
            { name: 'proxy', value: { httpProxy: 'http://proxy.corp.example:3128', httpsProxy: 'http://proxy.corp.example:3128', noProxy: ['.corp.example', 'vcenter.corp.example'] } },
            { name: 'trust', value: { additionalTrustedCAs: [{ name: 'proxy', data: Buffer.from(CA_1).toString('base64') }] } },
          ],
        },
      },
    };
    const { imported } = importProxy(ImportSource.TKG, stringify(cluster));
    expect(imported.settings).toEqual({ httpProxy: 'http://proxy.corp.example:3128', httpsProxy: 'http://proxy.corp.example:3128', noProxy: ['.corp.example', 'vcenter.corp.example'], trustedCaPem: CA_1 });
    expect(imported.profile).toBe('tkg-clusterclass');
    expect(imported.variableShape).toBe('tkg');
    expect(imported.notes.find((note) => note.field === 'trust.additionalTrustedCAs[proxy]')!.message).toMatch(/trustedCaVariable/);
    expect(imported.sourceNoProxy).toEqual([...imported.sourceNoProxy].sort());
  });

  test('a file without the TKG variables is refused, naming the variable', () => {
    expect(() => importProxy(ImportSource.TKG, 'CLUSTER_NAME: x\n')).toThrow(/^TKG_HTTP_PROXY: is not set/);
    expect(() => importProxy(ImportSource.TKG, 'TKG_HTTP_PROXY: http://p:3128\nTKG_PROXY_CA_CERT: bm90IGEgY2VydA==\n')).toThrow(/TKG_PROXY_CA_CERT: must be a base64-encoded PEM/);
  });
});

describe('Giant Swarm', () => {
  test('chart values: the user split off, the password never copied, the chart\'s own entries compared', () => {
    const result = importProxy(ImportSource.GIANTSWARM, fixture('giantswarm-values.yaml'));
    const { imported, noProxy } = result;
    expect(imported.settings).toEqual({
      httpProxy: 'http://192.168.52.220:3128',
      httpsProxy: 'http://192.168.52.220:3128',
      username: 'myProxyUser',
      // The chart's own entries come first, as the chart lists them.
      noProxy: ['127.0.0.1', 'localhost', 'svc', 'local', 'mycluster.gigantic.example', '100.64.0.0/13', '100.96.0.0/11', '172.16.0.0/16', 'internal.corpdomain.net', 'example.com'],
    });
    expect(imported.needsPassword).toBe(true);
    expect(imported.sourceNoProxy.slice(0, 5)).toEqual(['127.0.0.1', 'localhost', 'svc', 'local', 'mycluster.gigantic.example']);
    // Nothing the chart sent direct goes through the proxy: its bare "local" and the cluster's base-domain name are kept.
    expect(noProxy!.removed).toEqual([]);
    expect(noProxy!.changes.filter((change) => change.after === 'proxy')).toEqual([]);
    for (const output of [importResultJson(result), importResultTypeScript(result), JSON.stringify(result.imported)]) {
      expect(output).not.toContain('mySuperSecretPassword');
    }
    expect(importResultTypeScript(result)).toContain('password: process.env.PROXY_PASSWORD');
  });

  test('cluster-values (cluster-apps-operator): the full list taken as it is; no network, no comparison', () => {
    const { imported, noProxy } = importProxy(ImportSource.GIANTSWARM, fixture('giantswarm-cluster-values.yaml'));
    expect(imported.settings.noProxy).toHaveLength(10);
    expect(noProxy).toBeUndefined();
    expect(fields(imported.notes)).toContain('(network)');
    // With the network given, the entries the library computes stay in their place, noted.
    const withNetwork = importProxy(ImportSource.GIANTSWARM, fixture('giantswarm-cluster-values.yaml'), { network: { pods: ['100.96.0.0/11'], services: ['100.64.0.0/13'] } });
    expect(withNetwork.imported.settings.noProxy).toEqual(imported.settings.noProxy);
    expect(withNetwork.imported.notes).toContainEqual({ field: 'noProxy', message: expect.stringMatching(/^100\.64\.0\.0\/13, 100\.96\.0\.0\/11, 127\.0\.0\.1, localhost: the library computes them/) });
  });
});

describe('CAREN', () => {
  test('clusterConfig.proxy of a Cluster: CAREN\'s computed list, caren profile and shape', () => {
    const { imported, noProxy } = importProxy(ImportSource.CAREN, fixture('caren-cluster.yaml'));
    expect(imported.settings).toEqual({ httpProxy: 'http://example.com', httpsProxy: 'https://example.com', noProxy: ['no-proxy.example.com'] });
    expect(imported.network).toEqual({ pods: ['192.168.0.0/16'], services: ['10.128.0.0/12'], serviceDomain: 'cluster.local', provider: 'nutanix' });
    expect(imported.sourceNoProxy).toEqual([
      'localhost', '127.0.0.1', '192.168.0.0/16', '192.168.0.0-192.168.255.255', '10.128.0.0/12', '10.128.0.0-10.143.255.255',
      'kubernetes', 'kubernetes.default', '.svc', '.svc.cluster.local', '.svc.cluster.local.', 'no-proxy.example.com',
    ]);
    expect([imported.profile, imported.variableShape]).toEqual(['caren', 'caren']);
    // Nothing CAREN sent direct goes through the proxy with the library's list.
    expect(noProxy!.changes.filter((change) => change.after === 'proxy')).toEqual([]);
  });
});

describe('EKS Anywhere', () => {
  test('host:port gets a scheme (noted); the control-plane endpoint and CIDRs come from the Cluster', () => {
    const { imported, noProxy } = importProxy(ImportSource.EKS_ANYWHERE, fixture('eks-anywhere-cluster.yaml'));
    expect(imported.settings).toEqual({ httpProxy: 'http://10.0.0.5:3128', httpsProxy: 'http://10.0.0.5:3128', noProxy: ['.corp.example', '10.0.0.0/8', 'vcenter.corp.example'] });
    expect(imported.notes.find((note) => note.field === 'spec.proxyConfiguration.httpProxy')!.message).toMatch(/no scheme \(host:port\): "http:\/\/" added/);
    expect(imported.network).toEqual({ pods: ['192.168.0.0/16'], services: ['10.96.0.0/12'], controlPlaneEndpoint: '10.20.30.40' });
    expect(imported.sourceNoProxy).toEqual(['192.168.0.0/16', '10.96.0.0/12', '.corp.example', '10.0.0.0/8', 'vcenter.corp.example', 'localhost', '127.0.0.1', '.svc', '10.20.30.40']);
    expect(noProxy!.changes.filter((change) => change.after === 'proxy')).toEqual([]);
  });

  test('a missing proxyConfiguration is refused', () => {
    expect(() => importProxy(ImportSource.EKS_ANYWHERE, 'apiVersion: anywhere.eks.amazonaws.com/v1alpha1\nkind: Cluster\nspec: {}\n')).toThrow(/^spec.proxyConfiguration: is missing/);
  });
});

describe('OpenShift', () => {
  test('the Proxy object: credentials split off, trusted CA and readiness endpoints noted, status.noProxy compared', () => {
    const text = fixture('openshift-proxy.yaml');
    const { imported, noProxy } = importProxy(ImportSource.OPENSHIFT, text, { network: { pods: ['10.128.0.0/14'], services: ['172.30.0.0/16'] } });
    expect(imported.settings).toEqual({ httpProxy: 'http://proxy.corp.example:3128', httpsProxy: 'http://proxy.corp.example:3128', username: 'proxyuser', noProxy: ['example.com'] });
    expect(imported.profile).toBeUndefined();
    expect(fields(imported.notes)).toEqual(expect.arrayContaining(['spec.trustedCA.name', 'spec.readinessEndpoints']));
    // OpenShift's machine network and api-int are not in a Proxy's spec: the comparison shows them.
    expect(noProxy!.removed).toEqual(expect.arrayContaining(['10.0.0.0/16', 'api-int.demo.corp.example']));
    expect(JSON.stringify({ imported, noProxy })).not.toContain('proxypass');
  });

  test('another kind is refused', () => {
    expect(() => importProxy(ImportSource.OPENSHIFT, 'apiVersion: v1\nkind: ConfigMap\n')).toThrow(/^kind: must be a config.openshift.io\/v1 Proxy/);
  });
});

describe('shared rules', () => {
  test.each([ImportSource.TKG, ImportSource.GIANTSWARM, ImportSource.CAREN, ImportSource.EKS_ANYWHERE, ImportSource.OPENSHIFT] as ImportSource[])('%s: bad YAML and empty files are refused', (source) => {
    expect(() => importProxy(source, 'a: [')).toThrow(/^file: is not valid YAML or JSON/);
    expect(() => importProxy(source, '')).toThrow(/^file: is empty/);
  });

  test('an entry the library cannot read is dropped with a note quoting why', () => {
    const { imported } = importProxy(ImportSource.EKS_ANYWHERE, fixture('eks-anywhere-cluster.yaml').replace('- .corp.example', '- https://git.corp.example'));
    expect(imported.settings.noProxy).not.toContain('https://git.corp.example');
    expect(imported.notes.find((note) => note.field === 'spec.proxyConfiguration.noProxy[0]')!.message).toMatch(/^dropped: /);
  });

  test('a password in a URL never appears in an error', () => {
    expect(() => importProxy(ImportSource.EKS_ANYWHERE, fixture('eks-anywhere-cluster.yaml').replace('httpProxy: 10.0.0.5:3128', 'httpProxy: "http://u:s3cr3t@bad host:3128"')))
      .toThrow(expect.objectContaining({ message: expect.not.stringContaining('s3cr3t') }));
  });

  test.each([
    [ImportSource.TKG, 'tkg-cluster-config.yaml'],
    [ImportSource.GIANTSWARM, 'giantswarm-values.yaml'],
    [ImportSource.CAREN, 'caren-cluster.yaml'],
    [ImportSource.EKS_ANYWHERE, 'eks-anywhere-cluster.yaml'],
  ] as const)('%s: every destination whose route changes has a note naming it, its direction and its clients', (source, file) => {
    const { imported, noProxy } = importProxy(source, fixture(file));
    expect(noProxy!.changes.length).toBeGreaterThan(0);
    const routeNotes = imported.notes.filter((note) => note.field.startsWith('(route) '));
    for (const change of noProxy!.changes) {
      const direction = change.before === 'direct' ? 'went direct, goes through the proxy' : 'went through the proxy, goes direct';
      // a destination some clients now reach directly and others through the proxy has a note per direction
      expect(routeNotes.filter((note) => note.field === `(route) ${change.url}` && note.message.startsWith(direction) && note.message.includes(change.clientName))).toHaveLength(1);
    }
    expect(routeNotes.every((note) => noProxy!.changes.some((change) => note.field === `(route) ${change.url}`))).toBe(true);
  });

  test('Giant Swarm values: the chart\'s own entries are kept, so no note names a destination moving to the proxy', () => {
    const { imported } = importProxy(ImportSource.GIANTSWARM, fixture('giantswarm-values.yaml'));
    expect(imported.notes.filter((note) => note.field.startsWith('(route) ') && note.message.startsWith('went direct, goes through the proxy'))).toEqual([]);
    expect(imported.notes).toContainEqual({ field: '(route) https://probe.local/', message: expect.stringMatching(/^went through the proxy, goes direct /) });
  });

  test('the comparison reports each client whose route changes', () => {
    const comparison = compareNoProxy(['10.0.0.0/8'], '10.0.0.0/8,10.0.0.0-10.255.255.255');
    expect(comparison.added).toEqual(['10.0.0.0-10.255.255.255']);
    expect(comparison.changes.map((change) => [change.url, change.client, change.before, change.after])).toContainEqual(['http://10.0.0.1/', 'node24-http', 'proxy', 'direct']);
  });
});

test('an unknown import option is refused, not ignored', () => {
  const options = { networks: { pods: ['10.0.0.0/16'] } } as unknown as Parameters<typeof importProxy>[2];
  expect(() => importProxy(ImportSource.TKG, 'TKG_HTTP_PROXY: http://proxy.corp:3128\n', options)).toThrow(/^options\.networks: is not an import option; did you mean network\?$/);
});
