import { formatNoProxyEntry } from '../../../src/core/noproxy/format';
import { normalizeNoProxyItems } from '../../../src/core/noproxy/list';
import { NoProxy } from '../../../src/core/noproxy/no-proxy';
import { parseNoProxyEntry, parseNoProxyList } from '../../../src/core/noproxy/parse';
import { NoProxyFormat } from '../../../src/core/noproxy/render';
import { entryCoversEntry, normalizeNoProxyEntries } from '../../support/no-proxy-meaning';

const entries = (value: string) => parseNoProxyList(value, 'noProxy');
const normalized = (value: string): string[] => normalizeNoProxyEntries(entries(value)).map(formatNoProxyEntry);
const covers = (outer: string, inner: string): boolean => entryCoversEntry(parseNoProxyEntry(outer, 'outer'), parseNoProxyEntry(inner, 'inner'));

describe('entryCoversEntry', () => {
  test.each([
    ['.example.com', 'a.example.com'],
    ['.example.com', '.a.example.com'],
    ['.example.com', 'a.example.com:8443'],
    ['example.com', 'example.com:443'],
    ['example.com', '.example.com'],
    ['example.com', 'a.b.example.com'],
    ['.cluster.local.', 'x.cluster.local.'],
    ['10.0.0.0/8', '10.1.0.0/16'],
    ['10.0.0.0/8', '10.0.0.5-10.0.0.9'],
    ['10.0.0.0-10.0.3.255', '10.0.1.0/24'],
    ['fd00::/16', 'fd00:1::/32'],
    ['10.0.0.1', '10.0.0.1:80'],
    ['[fd00::1]:443', '[fd00::1]:443'],
  ])('%s covers %s', (outer, inner) => {
    expect(covers(outer, inner)).toBe(true);
  });

  test.each([
    // CIDR-blind clients (wget, urllib, proxy-from-env, Node 24 fetch) still need the single IP
    ['10.0.0.0/8', '10.0.0.1'],
    ['fd00::/16', 'fd00::1'],
    // a suffix does not cover the apex in Go, wget, proxy-from-env, Node 24 fetch and Ruby
    ['.example.com', 'example.com'],
    // Go compares trailing dots literally
    ['.cluster.local', 'x.cluster.local.'],
    ['.cluster.local.', 'x.cluster.local'],
    // with a port, Node 24 http matches only that exact host:port
    ['example.com:443', 'a.example.com:443'],
    ['example.com:443', 'example.com'],
    ['10.0.0.1:80', '10.0.0.1'],
    ['a.example.com', 'example.com'],
    ['example.com', 'notexample.com'],
    ['10.0.0.0/24', 'fd00::/64'],
    ['10.0.0.0/24', '10.0.0.0/23'],
  ])('%s does not cover %s', (outer, inner) => {
    expect(covers(outer, inner)).toBe(false);
  });

  test('"*" covers everything, and nothing covers "*" but itself', () => {
    expect(covers('*', 'example.com')).toBe(true);
    expect(covers('*', '10.0.0.0/8')).toBe(true);
    expect(covers('.com', '*')).toBe(false);
  });
});

describe('normalizeNoProxyEntries', () => {
  test('drops duplicates after normalization, first occurrence wins', () => {
    expect(normalized('B.example,10.0.0.1,b.example,*.c.example,.c.example,[fd00::1],fd00:0::1')).toEqual(['b.example', '10.0.0.1', '.c.example', 'fd00::1']);
  });

  test('drops entries covered for every client family, wherever the covering entry is', () => {
    expect(normalized('a.example.com,10.1.0.0/16,.example.com,10.0.0.0/8,10.2.0.5-10.2.0.9')).toEqual(['.example.com', '10.0.0.0/8']);
  });

  test('keeps IPs inside CIDRs, apexes next to suffixes and both trailing-dot forms', () => {
    expect(normalized('10.0.0.0/8,10.96.0.1,.example.com,example.com.,example.com,cluster.local,cluster.local.'))
      .toEqual(['10.0.0.0/8', '10.96.0.1', 'example.com.', 'example.com', 'cluster.local', 'cluster.local.']);
  });

  test('is idempotent', () => {
    const once = normalizeNoProxyEntries(entries('a.b.example,.b.example,10.0.0.0/16,10.0.0.0/8,10.0.0.0/8,x.example:443,x.example'));
    expect(normalizeNoProxyEntries(once)).toEqual(once);
  });

  test('reports what covered each dropped item, and context entries cover without being dropped', () => {
    const result = normalizeNoProxyItems(entries('a.example.com,b.example.org,b.example.org'), (entry) => entry, entries('.example.com'));
    expect(result.kept.map(formatNoProxyEntry)).toEqual(['b.example.org']);
    expect(result.dropped.map((d) => [formatNoProxyEntry(d.item), formatNoProxyEntry(d.coveredBy)]))
      .toEqual([['a.example.com', '.example.com'], ['b.example.org', 'b.example.org']]);
  });
});

describe('NoProxy', () => {
  test('keeps the installation-wide part first and drops cluster entries it already covers', () => {
    const noProxy = new NoProxy({
      installationWide: ['.corp.example', '10.0.0.0/8', 'registry.corp.example'],
      clusterSpecific: ['api.corp.example', '10.96.0.0/12', '10.96.0.1', '.svc'],
    });
    expect(noProxy.installationWide.map((item) => formatNoProxyEntry(item.entry))).toEqual(['.corp.example', '10.0.0.0/8']);
    expect(noProxy.clusterSpecific.map((item) => formatNoProxyEntry(item.entry))).toEqual(['10.96.0.1', '.svc']);
    expect(noProxy.entries.map((item) => item.part)).toEqual(['installation-wide', 'installation-wide', 'cluster-specific', 'cluster-specific']);
    expect(noProxy.dropped.map((d) => `${formatNoProxyEntry(d.item.entry)} by ${formatNoProxyEntry(d.coveredBy)}`))
      .toEqual(['registry.corp.example by .corp.example', 'api.corp.example by .corp.example', '10.96.0.0/12 by 10.0.0.0/8']);
  });

  test('never drops installation-wide entries because of cluster-specific ones', () => {
    const noProxy = new NoProxy({ installationWide: ['a.example.com'], clusterSpecific: ['.example.com'] });
    expect(noProxy.toJSON()).toEqual({ installationWide: ['a.example.com'], clusterSpecific: ['.example.com'] });
  });

  test('is idempotent: rebuilding from its own parts changes nothing', () => {
    const first = new NoProxy({ installationWide: ['x.example', '.example', '10.0.0.0/8'], clusterSpecific: ['10.1.0.0/16', '.svc', '.svc', 'y.example.org'] });
    const again = new NoProxy({
      installationWide: first.installationWide.map((item) => formatNoProxyEntry(item.entry)),
      clusterSpecific: first.clusterSpecific.map((item) => formatNoProxyEntry(item.entry)),
    });
    expect(again.entries).toEqual(first.entries);
    expect(again.dropped).toEqual([]);
  });

  test('errors name the configured fields', () => {
    expect(() => new NoProxy({ installationWide: ['ok.example', 'http://x'] })).toThrow(/^noProxy\[1\]: .*scheme/);
    expect(() => new NoProxy({ clusterSpecific: ['ok.example', 'a b'] })).toThrow(/^clusterNoProxy\[1\]: .*spaces/);
    expect(() => new NoProxy({ installationWide: ['x y'], installationWideField: 'global.noProxy' })).toThrow(/^global\.noProxy\[0\]: /);
    expect(() => new NoProxy({ clusterSpecific: ['a.example', '*'] })).toThrow(/^clusterNoProxy\[1\]: "\*" bypasses the proxy/);
    expect(() => new NoProxy({ clusterSpecific: 5 as never })).toThrow(/^clusterNoProxy: must be a comma-separated string or an array/);
  });

  test('"*" installation-wide swallows the cluster-specific part', () => {
    const noProxy = new NoProxy({ installationWide: ['*'], clusterSpecific: ['.svc', '10.96.0.0/12'] });
    expect(noProxy.render()).toBe('*');
    expect(noProxy.clusterSpecific).toEqual([]);
    expect(noProxy.dropped).toHaveLength(2);
  });

  test('renders and stringifies as the environment value', () => {
    const noProxy = new NoProxy({ installationWide: ['example.com'] });
    expect(noProxy.render()).toBe('example.com,.example.com');
    expect(`${noProxy}`).toBe('example.com,.example.com');
    expect(noProxy.render(NoProxyFormat.LIST)).toBe('example.com\n.example.com');
  });
});
