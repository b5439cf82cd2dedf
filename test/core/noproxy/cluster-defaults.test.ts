import { ClusterNetwork } from '../../../src/core/definition/network';
import { ClusterFacts, clusterNoProxyDefaults, ClusterNoProxyDefaultsOptions } from '../../../src/core/noproxy/cluster-defaults';
import { explainNoProxy } from '../../../src/core/noproxy/explain';
import { formatNoProxyEntry } from '../../../src/core/noproxy/format';
import { lintNoProxy } from '../../../src/core/noproxy/lint';
import { NoProxy, NoProxyForClusterProps, NoProxyProps } from '../../../src/core/noproxy/no-proxy';
import { ProxyConfigError } from '../../../src/core/primitives/errors';
import { Provider } from '../../../src/core/primitives/providers';
import { libraryError } from '../../support/library-error';

const facts: ClusterFacts = {
  pods: ['192.168.0.0/16'],
  services: ['10.96.0.0/12'],
  serviceDomain: 'cluster.local',
  controlPlaneEndpoint: 'api.c1.example.com',
  machineCidrs: ['10.0.0.0/16'],
  apiServerIp: '10.96.0.1',
  dnsServiceIp: '10.96.0.10',
  providerEntries: [{ value: '169.254.169.254', reason: 'instance metadata' }],
};

const texts = (options?: ClusterNoProxyDefaultsOptions, input: ClusterFacts = facts): string[] =>
  clusterNoProxyDefaults(input, options).map((d) => formatNoProxyEntry(d.entry));

describe('clusterNoProxyDefaults', () => {
  test('the complete default set, in documented order', () => {
    expect(texts()).toEqual([
      'localhost', '127.0.0.1', '::1', '127.0.0.0/8', '127.0.0.53', '127.0.0.54', '127.0.1.1',
      '.svc',
      '.svc.cluster.local', '.cluster.local', '.cluster.local.',
      'kubernetes', 'kubernetes.default',
      '10.96.0.1', '10.96.0.10',
      '192.168.0.0/16',
      '10.96.0.0/12',
      'api.c1.example.com',
      '10.0.0.0/16',
      '169.254.169.254',
    ]);
  });

  test('every default carries a reason and its category', () => {
    for (const item of clusterNoProxyDefaults(facts)) {
      expect(item.reason.length).toBeGreaterThan(10);
    }
    expect(clusterNoProxyDefaults(facts).find((d) => formatNoProxyEntry(d.entry) === '169.254.169.254'))
      .toMatchObject({ reason: 'instance metadata', category: 'providerEntries' });
  });

  test.each<[keyof ClusterNoProxyDefaultsOptions, string[]]>([
    ['loopback', ['localhost', '127.0.0.1', '::1', '127.0.0.0/8', '127.0.0.53', '127.0.0.54', '127.0.1.1']],
    ['serviceSuffix', ['.svc']],
    ['clusterDomain', ['.svc.cluster.local', '.cluster.local', '.cluster.local.']],
    ['kubernetesService', ['kubernetes', 'kubernetes.default']],
    ['clusterIps', ['10.96.0.1', '10.96.0.10']],
    ['podCidrs', ['192.168.0.0/16']],
    ['serviceCidrs', ['10.96.0.0/12']],
    ['controlPlaneEndpoint', ['api.c1.example.com']],
    ['machineCidrs', ['10.0.0.0/16']],
    ['providerEntries', ['169.254.169.254']],
  ])('category %s can be switched off', (category, removed) => {
    const all = texts();
    expect(texts({ [category]: false })).toEqual(all.filter((text) => !removed.includes(text)));
    expect(texts({ [category]: true })).toEqual(all);
  });

  test('takes a real ClusterNetwork, dual-stack, with provider entries and an IPv6 endpoint', () => {
    const network = new ClusterNetwork({
      pods: ['fd00:10:244::/56', '192.168.0.0/16'],
      services: ['fd00:10:96::/112', '10.96.0.0/12'],
      serviceDomain: 'corp.internal',
      controlPlaneEndpoint: '[fd00::1]',
      provider: Provider.GCP,
    });
    const result = texts(undefined, network);
    expect(result).toEqual(expect.arrayContaining([
      '.corp.internal', '.corp.internal.', 'fd00:10:96::1', 'fd00:10:96::a', '10.96.0.1', '10.96.0.10', 'fd00:10:244::/56', '192.168.0.0/16',
      'fd00:10:96::/112', '10.96.0.0/12', 'fd00::1', 'metadata', 'metadata.google.internal.',
    ]));
    expect(result).not.toContain('.cluster.local');
    // one API server and one DNS ClusterIP per family, primary family first
    expect(result.filter((text) => /^(fd00:10:96::[1a]|10\.96\.0\.1|10\.96\.0\.10)$/.test(text)))
      .toEqual(['fd00:10:96::1', 'fd00:10:96::a', '10.96.0.1', '10.96.0.10']);
    expect(network.clusterIps).toEqual(['fd00:10:96::1', 'fd00:10:96::a', '10.96.0.1', '10.96.0.10']);
  });

  test('a dual-stack second service CIDR too small for the ClusterIPs is refused, naming it', () => {
    expect(() => clusterNoProxyDefaults({ ...facts, services: ['10.96.0.0/12', 'fd00::/125'] }))
      .toThrow(/^network\.services\[1\]: is too small .* \(got "fd00::\/125"\)/);
    expect(() => new ClusterNetwork({ pods: ['192.168.0.0/16', 'fd01::/64'], services: ['10.96.0.0/12', 'fd00::/125'] }))
      .toThrow(/^services\[1\]: is too small .* \(got "fd00::\/125"\)/);
  });

  test('a second service CIDR whose prefix is longer than its family is refused as the library\'s error, naming it', () => {
    for (const cidr of ['fd00::/200', '10.0.0.0/33']) {
      const error = libraryError(() => clusterNoProxyDefaults({ ...facts, services: ['10.96.0.0/12', cidr] }));
      expect(error.message).toMatch(/^network\.services\[1\]: must be a CIDR /);
      expect(error.message).toContain(`(got "${cidr}")`);
    }
  });

  test('errors name the network field', () => {
    expect(() => clusterNoProxyDefaults({ ...facts, machineCidrs: ['10.0.0.1/16'] })).toThrow(/^network\.machineCidrs\[0\]: .*did you mean 10\.0\.0\.0\/16/);
    expect(() => clusterNoProxyDefaults({ ...facts, providerEntries: [{ value: 'http://vcenter', reason: 'x' }] }))
      .toThrow(/^network\.providerEntries\[0\]: .*scheme/);
  });
});

describe('NoProxy.forCluster', () => {
  const noProxy = NoProxy.forCluster(facts, { installationWide: ['registry.corp.example', '10.50.0.0/16'], additionalClusterSpecific: ['git.c1.example.com'] });

  test('normalizes: .svc.<domain> is covered by .<domain>', () => {
    expect(noProxy.toJSON()).toEqual({
      installationWide: ['registry.corp.example', '10.50.0.0/16'],
      clusterSpecific: [
        'localhost', '127.0.0.1', '::1', '127.0.0.0/8', '127.0.0.53', '127.0.0.54', '127.0.1.1', '.svc', '.cluster.local', '.cluster.local.', 'kubernetes', 'kubernetes.default',
        '10.96.0.1', '10.96.0.10', '192.168.0.0/16', '10.96.0.0/12', 'api.c1.example.com', '10.0.0.0/16', '169.254.169.254',
        'git.c1.example.com',
      ],
    });
    expect(noProxy.clusterSpecific[1].reason).toMatch(/loopback/);
    expect(noProxy.clusterSpecific.at(-1)?.reason).toBe('user-defined cluster-specific entry');
  });

  test.each([
    'http://kubernetes/',
    'https://kubernetes.default:443/',
    'https://kubernetes.default.svc/',
    'https://kubernetes.default.svc.cluster.local/',
    'https://kubernetes.default.svc.cluster.local./',
    'http://10.96.0.1/',
    'http://10.96.0.10:53/',
    'http://api.c1.example.com:6443/',
    'http://localhost:8080/',
    'http://127.0.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://registry.corp.example/',
  ])('every client family goes direct for %s', (url) => {
    const proxied = explainNoProxy(noProxy.render(), url).filter((verdict) => !verdict.direct);
    expect(proxied.map((verdict) => verdict.client)).toEqual([]);
  });

  test('external destinations still use the proxy in every client family', () => {
    for (const url of ['https://github.com/', 'http://8.8.8.8/', 'https://example.com/', 'https://evilcluster.local.example/', 'http://[2001:db8::2]/']) {
      expect(explainNoProxy(noProxy.render(), url).filter((verdict) => verdict.direct)).toEqual([]);
    }
  });

  test('known client quirks are the only exceptions, and are flagged', () => {
    // Node 24 http strips the dot of ".svc" and compares text suffixes
    expect(explainNoProxy(noProxy.render(), 'http://notsvc/').filter((verdict) => verdict.direct))
      .toEqual([expect.objectContaining({ client: 'node24-http', entry: '.svc', quirk: 'suffix-without-label-boundary' })]);
    // Ruby reads the "1" of "::1" as a host name; requests compares text suffixes of IPv6 hosts
    expect(explainNoProxy(noProxy.render(), 'http://8.8.8.1/').filter((verdict) => verdict.direct))
      .toEqual([expect.objectContaining({ client: 'ruby', entry: '1', quirk: 'ipv6-entry-split-at-colons' })]);
    expect(explainNoProxy(noProxy.render(), 'http://[2001:db8::1]/').filter((verdict) => verdict.direct))
      .toEqual([
        expect.objectContaining({ client: 'python-requests', entry: '::1', quirk: 'suffix-without-label-boundary' }),
        expect.objectContaining({ client: 'perl-lwp', entry: '::1', quirk: 'suffix-without-label-boundary' }),
      ]);
  });

  test('fits 300 installation-wide entries plus the defaults twice into a 10,240-character drop-in', () => {
    const installationWide = Array.from({ length: 300 }, (_, i) => `10.${100 + Math.floor(i / 250)}.${i % 250}.${(i * 7) % 250}`);
    const value = NoProxy.forCluster(facts, { installationWide }).render();
    const dropIn = `[Service]\nEnvironment="NO_PROXY=${value}"\nEnvironment="no_proxy=${value}"\n`;
    expect(dropIn.length).toBeLessThan(10_240);
  });
});

describe('loopback defaults', () => {
  const others: Array<keyof ClusterNoProxyDefaultsOptions> = ['serviceSuffix', 'clusterDomain', 'kubernetesService', 'clusterIps', 'podCidrs',
    'serviceCidrs', 'controlPlaneEndpoint', 'machineCidrs', 'providerEntries'];
  const onlyLoopback = Object.fromEntries(others.map((category) => [category, false])) as ClusterNoProxyDefaultsOptions;
  const loopback = NoProxy.forCluster(facts, { defaults: onlyLoopback });

  test('the range covers every 127.x address in clients that read CIDRs or ranges; the listed ones go direct everywhere', () => {
    const direct = (url: string): string[] => explainNoProxy(loopback.render(), url).filter((v) => v.direct).map((v) => v.client);
    expect(direct('http://127.0.0.53/')).toHaveLength(14);
    expect(direct('http://127.0.1.1:8080/')).toHaveLength(14);
    expect(direct('http://127.1.2.3/')).toEqual(['go-httpproxy', 'go-stdlib', 'curl', 'python-requests', 'node24-http', 'ruby']);
  });

  test('lint says which loopback addresses stay on the proxy, and in which clients', () => {
    const [warning] = lintNoProxy(loopback).filter((w) => w.entry === '127.0.0.0/8');
    expect(warning.clients).toEqual(['wget', 'python-urllib', 'node-pfe-v1', 'node-pfe-v2', 'node24-fetch', 'python-httpx', 'python-aiohttp', 'perl-lwp']);
    expect(warning.message).toMatch(/only those listed singly \(the defaults list 127\.0\.0\.1, 127\.0\.0\.53, 127\.0\.0\.54, 127\.0\.1\.1\) bypass the proxy there; any other 127\.x address goes through it/);
  });
});

test('a key of the other props type is refused, not dropped (its entries would go through the proxy)', () => {
  const wrong = { installationWide: ['.corp.example'], additionalClusterSpecific: ['git.c1.example.com'] } as unknown as NoProxyProps;
  expect(() => new NoProxy(wrong)).toThrow(ProxyConfigError);
  expect(() => new NoProxy(wrong)).toThrow(/^additionalClusterSpecific: is not a NoProxy prop; expected one of installationWide, clusterSpecific, installationWideField, clusterSpecificField$/);
  const typo = { installationWide: [], clusterSpecfic: ['x'] } as unknown as NoProxyForClusterProps;
  expect(() => NoProxy.forCluster(facts, typo)).toThrow(/^clusterSpecfic: is not a NoProxy\.forCluster prop/);
});

test('forCluster leaves nothing behind: the same props object given to new NoProxy afterwards is read as written', () => {
  const props: NoProxyProps = { installationWide: ['.corp.example', '10.50.0.0/16'] };
  const forCluster = NoProxy.forCluster(facts, props as NoProxyForClusterProps);
  expect(forCluster.clusterSpecific.length).toBeGreaterThan(0);
  const plain = new NoProxy(props);
  expect(plain.toJSON()).toEqual({ installationWide: ['.corp.example', '10.50.0.0/16'], clusterSpecific: [] });
  expect(plain.clusterSpecific).toEqual([]);
  expect(plain.render()).toBe('.corp.example,10.50.0.0/16,10.50.0.0-10.50.255.255');
  // the computed parts forCluster passes are nothing a caller can write: a lookalike object is refused as props
  const lookalike = { installation: forCluster, cluster: forCluster.clusterSpecific } as unknown as NoProxyProps;
  expect(() => new NoProxy(lookalike)).toThrow(/^installation: is not a NoProxy prop; did you mean installationWide\?$/);
});

test('the installation-wide entries of forCluster are checked after the cluster-specific ones, naming noProxy', () => {
  expect(() => NoProxy.forCluster(facts, { installationWide: ['a b'], additionalClusterSpecific: ['c d'] })).toThrow(/^clusterNoProxy\[0\]: /);
  expect(() => NoProxy.forCluster(facts, { installationWide: ['a b'] })).toThrow(/^noProxy\[0\]: /);
});

test('facts of the wrong type are refused naming the fact, not rendered (NaN as the domain .nan) or crashed on', () => {
  expect(() => NoProxy.forCluster({ ...facts, serviceDomain: NaN as unknown as string })).toThrow(/^network\.serviceDomain: must be a DNS domain/);
  expect(() => NoProxy.forCluster({ ...facts, pods: '10.0.0.0/16' as unknown as string[] })).toThrow(/^network\.pods: must be a list of CIDRs/);
  expect(() => NoProxy.forCluster(NaN as unknown as ClusterFacts)).toThrow(ProxyConfigError);
  expect(() => clusterNoProxyDefaults({ ...facts, apiServerIp: 1 as unknown as string })).toThrow(/^network\.apiServerIp: must be an IP address/);
});
