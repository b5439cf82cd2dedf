import { ClusterNetwork } from '../../../src/core/definition/network';
import { javaIpv4Patterns } from '../../../src/core/noproxy/java-globs';
import { NoProxy } from '../../../src/core/noproxy/no-proxy';
import { parseNoProxyEntry, parseNoProxyList } from '../../../src/core/noproxy/parse';
import { renderJavaNonProxyHosts, renderNoProxy, renderNoProxyEntry, NoProxyFormat } from '../../../src/core/noproxy/render';
import { NoProxyEntryKind } from '../../../src/core/noproxy/types';

const tokens = (raw: string): string[] => renderNoProxyEntry(parseNoProxyEntry(raw, 'noProxy[0]'));

describe('renderNoProxyEntry', () => {
  test.each<[string, string[]]>([
    ['example.com', ['example.com', '.example.com']],
    ['cluster.local.', ['cluster.local.', '.cluster.local.']],
    ['example.com:8443', ['example.com:8443', '.example.com:8443']],
    ['.example.com', ['.example.com']],
    ['*.example.com', ['.example.com']],
    ['.example.com:443', ['.example.com:443']],
    ['*', ['*']],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.1:80', ['10.0.0.1:80']],
    ['fd00::10', ['fd00::10', '[fd00::10]']],
    ['[fd00::10]:443', ['[fd00::10]:443']],
    ['10.96.0.0/12', ['10.96.0.0/12', '10.96.0.0-10.111.255.255']],
    ['10.0.0.1/32', ['10.0.0.1']],
    ['fd00::/64', ['fd00::/64']],
    ['fd00::1/128', ['fd00::1', '[fd00::1]']],
    ['10.0.0.0-10.0.0.255', ['10.0.0.0/24', '10.0.0.0-10.0.0.255']],
    ['10.0.0.5-10.0.0.16', ['10.0.0.5-10.0.0.16', '10.0.0.5/32', '10.0.0.6/31', '10.0.0.8/29', '10.0.0.16/32']],
    ['fd00::1-fd00::4', ['fd00::1/128', 'fd00::2/127', 'fd00::4/128']],
  ])('%s -> %j', (raw, expected) => {
    expect(tokens(raw)).toEqual(expected);
  });

  test('never renders "*." globs, which curl, wget, Python and Ruby ignore', () => {
    expect(tokens('*.a.example').some((token) => token.startsWith('*'))).toBe(false);
  });
});

describe('renderNoProxy', () => {
  const noProxy = new NoProxy({
    installationWide: ['registry.corp.example', '10.50.0.0/16'],
    clusterSpecific: ['fd00::10', '.svc:443'],
  });

  test('env: comma-separated tokens in list order, each once', () => {
    expect(renderNoProxy(noProxy)).toBe('registry.corp.example,.registry.corp.example,10.50.0.0/16,10.50.0.0-10.50.255.255,fd00::10,[fd00::10],.svc:443');
    expect(renderNoProxy(parseNoProxyList('10.0.0.0/24,10.0.0.0-10.0.0.255', 'noProxy'))).toBe('10.0.0.0/24,10.0.0.0-10.0.0.255');
  });

  test('env: a list holding "*" renders as "*" alone', () => {
    const withWildcard = [...parseNoProxyList('a.example', 'x'), { kind: NoProxyEntryKind.WILDCARD as const }];
    expect(renderNoProxy(withWildcard)).toBe('*');
    expect(renderNoProxy([])).toBe('');
  });

  test('list: one token per line', () => {
    expect(renderNoProxy(noProxy, NoProxyFormat.LIST).split('\n')).toEqual(renderNoProxy(noProxy).split(','));
  });

  test('json: entry, kind, part, reason and the rendered tokens', () => {
    expect(JSON.parse(renderNoProxy(noProxy, NoProxyFormat.JSON))).toEqual([
      { entry: 'registry.corp.example', kind: 'domain', part: 'installation-wide', rendered: ['registry.corp.example', '.registry.corp.example'] },
      { entry: '10.50.0.0/16', kind: 'cidr', family: 'IPv4', part: 'installation-wide', rendered: ['10.50.0.0/16', '10.50.0.0-10.50.255.255'] },
      { entry: 'fd00::10', kind: 'ip', family: 'IPv6', part: 'cluster-specific', rendered: ['fd00::10', '[fd00::10]'] },
      { entry: '.svc:443', kind: 'suffix', port: 443, part: 'cluster-specific', rendered: ['.svc:443'] },
    ]);
  });

  test('json: computed cluster-specific entries carry the reason they are there', () => {
    const computed = NoProxy.forCluster(new ClusterNetwork({ pods: ['192.168.0.0/16'], services: ['10.96.0.0/12'] }), { additionalClusterSpecific: ['git.corp.example'] });
    const items = JSON.parse(renderNoProxy(computed, NoProxyFormat.JSON)) as Array<{ entry: string; reason?: string }>;
    expect(items.find((item) => item.entry === '10.96.0.0/12')?.reason).toMatch(/service/i);
    expect(items.find((item) => item.entry === 'git.corp.example')?.reason).toBe('user-defined cluster-specific entry');
    expect(items.every((item) => typeof item.reason === 'string' && item.reason.length > 0)).toBe(true);
  });

  test('java: |-separated globs; IPv4 blocks as their octet globs; IPv6 blocks, big blocks and ports skipped and listed', () => {
    const java = renderJavaNonProxyHosts(parseNoProxyList(
      'example.com,.svc,10.0.0.1,fd00::1,10.96.0.0/12,10.0.0.5-10.0.0.9,192.168.0.0/16,10.0.0.0/9,fd00::/64,x.example:8443', 'noProxy'));
    const sixteen = Array.from({ length: 16 }, (_, index) => `10.${96 + index}.*`);
    expect(java.value).toBe(['example.com', '*.example.com', '*.svc', '10.0.0.1', '[fd00::1]', ...sixteen,
      '10.0.0.5', '10.0.0.6', '10.0.0.7', '10.0.0.8', '10.0.0.9', '192.168.*'].join('|'));
    expect(java.skipped).toEqual([
      { entry: '10.0.0.0/9', reason: expect.stringMatching(/needs more than 64 octet globs/) },
      { entry: 'fd00::/64', reason: expect.stringMatching(/no glob covers an IPv6 block/) },
      { entry: 'x.example:8443', reason: 'Java nonProxyHosts has no port syntax' },
    ]);
    expect(javaIpv4Patterns(parseNoProxyEntry('10.20.0.0/22', 'x'))).toEqual(['10.20.0.*', '10.20.1.*', '10.20.2.*', '10.20.3.*']);
    expect(javaIpv4Patterns(parseNoProxyEntry('10.0.0.0/10', 'x'))).toHaveLength(64);
    expect(javaIpv4Patterns(parseNoProxyEntry('10.0.0.0/25', 'x'))).toBeUndefined();
    expect(renderNoProxy(parseNoProxyList('*', 'noProxy'), NoProxyFormat.JAVA)).toBe('*');
    expect(noProxy.render(NoProxyFormat.JAVA)).toBe('registry.corp.example|*.registry.corp.example|10.50.*|[fd00::10]');
  });
});
