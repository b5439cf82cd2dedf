import { NoProxyClientId } from '../../../src/core/noproxy/clients';
import { parseDestination } from '../../../src/core/noproxy/destination';
import { explainNoProxy } from '../../../src/core/noproxy/explain';
import { lintNoProxy } from '../../../src/core/noproxy/lint';
import { NoProxy } from '../../../src/core/noproxy/no-proxy';
import { parseNoProxyList } from '../../../src/core/noproxy/parse';

describe('parseDestination', () => {
  test('normalizes the host and keeps whether a port was written', () => {
    expect(parseDestination('HTTPS://Example.COM/x')).toEqual({ url: 'HTTPS://Example.COM/x', scheme: 'https', host: 'example.com', hostType: 'name', port: 443 });
    expect(parseDestination('https://example.com:443/')).toMatchObject({ port: 443, explicitPort: 443 });
    expect(parseDestination('http://user@[FD00:0::10]:8080/')).toMatchObject({ host: 'fd00::10', hostType: 'IPv6', port: 8080, explicitPort: 8080 });
    expect(parseDestination('http://10.0.0.1/')).toMatchObject({ hostType: 'IPv4', port: 80 });
    expect(parseDestination('http://x.cluster.local./')).toMatchObject({ host: 'x.cluster.local.' });
  });

  test('refuses relative and non-http URLs, naming the field', () => {
    expect(() => parseDestination('example.com')).toThrow('url: must be an absolute http:// or https:// URL (got "example.com")');
    expect(() => parseDestination('ftp://example.com/', 'target')).toThrow(/^target: must be an http:\/\/ or https:\/\/ URL/);
  });

  test('refuses a password (the host echoed in every verdict could be its tail) and a userinfo clients split differently', () => {
    expect(() => parseDestination('http://svc:Sec@ret-Canary7')).toThrow('url: must not contain a password (NO_PROXY matching never reads it: give the URL without it) (got "http://svc:***")');
    expect(() => parseDestination('http://user:p@ss@[FD00:0::10]:8080/')).toThrow(/^url: must not contain a password .*\(got "http:\/\/user:\*\*\*"\)$/);
    expect(() => parseDestination('http://user@corp@example.com/')).toThrow('url: must not hold more than one "@" before its host');
    // an "@" after the host is the path's or the query's: not userinfo
    expect(parseDestination('https://example.com/a@b?c=d@e')).toMatchObject({ host: 'example.com' });
  });
});

describe('explainNoProxy', () => {
  test('names the entry and the rule for each client, in table order', () => {
    const verdicts = explainNoProxy('example.com,.example.com', 'https://api.example.com/');
    expect(verdicts).toHaveLength(14);
    expect(verdicts[0]).toEqual({
      client: 'go-httpproxy',
      clientName: 'Go x/net/http/httpproxy',
      direct: true,
      variable: 'NO_PROXY',
      entry: 'example.com',
      reason: 'NO_PROXY entry "example.com" matches api.example.com:443: subdomain of the entry',
    });
    expect(verdicts.find((v) => v.client === NoProxyClientId.NODE24_FETCH)).toMatchObject({ direct: true, variable: 'no_proxy', entry: '.example.com' });
  });

  test('explains why a client uses the proxy', () => {
    const [wget] = explainNoProxy({ NO_PROXY: 'example.com' }, 'http://example.com/', { clients: [NoProxyClientId.WGET] });
    expect(wget).toEqual({ client: 'wget', clientName: 'wget', direct: false, reason: 'wget reads only no_proxy, which is not set, so it uses the proxy' });
    const [curl] = explainNoProxy('10.0.0.0/8', 'http://[fd00::1]/', { clients: [NoProxyClientId.CURL] });
    expect(curl).toMatchObject({ direct: false, variable: 'no_proxy', reason: 'no entry of no_proxy matches [fd00::1]:80' });
    const [go] = explainNoProxy({}, 'http://example.com/', { clients: [NoProxyClientId.GO_STDLIB] });
    expect(go.reason).toBe('neither NO_PROXY nor no_proxy is set, so it uses the proxy');
  });

  test('flags quirks: built-in loopback, apex via leading dot, trailing dots, resolution', () => {
    expect(explainNoProxy('', 'http://localhost/', { clients: [NoProxyClientId.GO_HTTPPROXY, NoProxyClientId.RUBY] }).map((v) => v.quirk)).toEqual(['builtin-loopback', 'builtin-loopback']);
    expect(explainNoProxy('.example.com', 'http://example.com/', { clients: [NoProxyClientId.CURL] })[0].quirk).toBe('leading-dot-matches-apex');
    expect(explainNoProxy('example.com.', 'http://example.com/', { clients: [NoProxyClientId.CURL] })[0].quirk).toBe('trailing-dot-ignored');
    expect(explainNoProxy('example.com', 'http://example.com/', { clients: [NoProxyClientId.CURL] })[0].quirk).toBeUndefined();
    const [ruby] = explainNoProxy('10.96.0.0/12', 'http://kubernetes/', { clients: [NoProxyClientId.RUBY], resolve: () => '10.96.0.1' });
    expect(ruby).toMatchObject({ direct: true, quirk: 'resolved-address', reason: expect.stringMatching(/resolved address 10\.96\.0\.1/) });
  });

  test('flags httpx reading a CIDR as its network address alone', () => {
    const [network] = explainNoProxy('10.1.0.0/16', 'http://10.1.0.0/', { clients: [NoProxyClientId.PYTHON_HTTPX] });
    expect(network).toMatchObject({ direct: true, quirk: 'cidr-read-as-address', reason: expect.stringMatching(/the entry cut at its "\/"/) });
    const [inside] = explainNoProxy('10.1.0.0/16', 'http://10.1.0.1/', { clients: [NoProxyClientId.PYTHON_HTTPX] });
    expect(inside.direct).toBe(false);
    const [address] = explainNoProxy('10.1.0.0', 'http://10.1.0.0/', { clients: [NoProxyClientId.PYTHON_HTTPX] });
    expect(address).toMatchObject({ direct: true });
    expect(address.quirk).toBeUndefined();
  });

  test('Go and LWP prefer NO_PROXY, the others no_proxy', () => {
    const verdicts = explainNoProxy({ NO_PROXY: 'a.example', no_proxy: 'b.example' }, 'http://b.example/');
    expect(verdicts.filter((v) => !v.direct).map((v) => v.client)).toEqual(['go-httpproxy', 'go-stdlib', 'perl-lwp']);
  });

  test('says when no value can make a client bypass the proxy: httpx and IPv6, LWP and upper-case hosts', () => {
    const [httpx] = explainNoProxy('fd00::10,[fd00::10]', 'http://[fd00::10]/', { clients: [NoProxyClientId.PYTHON_HTTPX] });
    expect(httpx).toMatchObject({ direct: false, reason: expect.stringMatching(/Python httpx honours no IPv6 entry in any form, so no NO_PROXY value can/) });
    const [lwp] = explainNoProxy('example.com', 'http://API.Example.com/', { clients: [NoProxyClientId.PERL_LWP] });
    expect(lwp).toMatchObject({ direct: false, reason: expect.stringMatching(/compares the host as written \(API.Example.com\) case-sensitively/) });
    expect(explainNoProxy('example.com', 'http://api.example.com/', { clients: [NoProxyClientId.PERL_LWP] })[0].direct).toBe(true);
  });
});

describe('lintNoProxy', () => {
  const messages = (value: string) => lintNoProxy(value).map((w) => w.message);

  test('CIDRs: names the CIDR-blind clients (Node 24 http is served by the range form)', () => {
    const [warning] = lintNoProxy('10.96.0.0/12');
    expect(warning).toMatchObject({
      field: 'noProxy[0]',
      entry: '10.96.0.0/12',
      code: 'ignored-by-some-clients',
      clients: ['wget', 'python-urllib', 'node-pfe-v1', 'node-pfe-v2', 'node24-fetch', 'python-httpx', 'python-aiohttp', 'perl-lwp'],
    });
    expect(warning.message).toBe('noProxy[0]: "10.96.0.0/12": CIDR and range entries are ignored by wget, Python urllib, proxy-from-env 1.1.0, '
      + 'proxy-from-env 2.1.0 (axios), Node 24 fetch, Python httpx, Python aiohttp and Perl LWP, which use the proxy for addresses inside; list the addresses they must reach directly as single IPs');
  });

  test('IPv6 CIDRs are read by Go only', () => {
    const [warning] = lintNoProxy('fd00::/64');
    expect(warning.clients).toEqual(['curl', 'wget', 'python-urllib', 'python-requests', 'node-pfe-v1', 'node-pfe-v2', 'node24-http', 'node24-fetch', 'ruby',
      'python-httpx', 'python-aiohttp', 'perl-lwp']);
  });

  test('IPv6 addresses: ignored by Ruby and httpx, over-matched by Ruby, requests and LWP', () => {
    const warnings = lintNoProxy('a.example,fd00::10');
    expect(warnings.map((w) => [w.field, w.code, w.clients])).toEqual([
      ['noProxy[1]', 'ignored-by-some-clients', ['ruby', 'python-httpx']],
      ['noProxy[1]', 'over-match', ['ruby', 'python-requests', 'perl-lwp']],
    ]);
    expect(warnings[1].message).toMatch(/pieces "fd00", "10" read as host names, so every host ending in ".fd00" or ".10"/);
  });

  test(':port entries name curl and wget, and the clients needing the port in the URL', () => {
    const [warning] = lintNoProxy('registry.example:443');
    expect(warning.clients).toEqual(['curl', 'wget', 'python-urllib', 'python-requests', 'node24-http', 'python-httpx', 'python-aiohttp', 'perl-lwp']);
    expect(warning.message).toMatch(/^noProxy\[0\]: "registry.example:443": ":port" entries are not honoured/);
    expect(lintNoProxy('10.0.0.1:8080')[0].clients).toEqual(['curl', 'wget', 'python-requests', 'python-aiohttp', 'perl-lwp']);
  });

  test('"*." globs are rewritten; "*" is unsupported by wget, Ruby and LWP', () => {
    expect(lintNoProxy('*.corp.example')).toEqual([expect.objectContaining({
      code: 'glob-rewritten',
      entry: '*.corp.example',
      clients: ['curl', 'wget', 'python-urllib', 'python-requests', 'ruby', 'python-httpx', 'python-aiohttp', 'perl-lwp'],
    })]);
    expect(messages('*')).toEqual(['noProxy[0]: "*": "*" is not supported by wget, Ruby and Perl LWP, so the proxy is still used there']);
  });

  test('domains and suffixes work everywhere once rendered', () => {
    expect(lintNoProxy('example.com,.svc,cluster.local.,10.0.0.1')).toEqual([]);
  });

  test('takes a NoProxy and names the given field', () => {
    const noProxy = new NoProxy({ installationWide: ['a.example'], clusterSpecific: ['192.168.0.0/16'] });
    expect(lintNoProxy(noProxy, 'noProxy.entries').map((w) => w.field)).toEqual(['noProxy.entries[1]']);
    expect(lintNoProxy(parseNoProxyList('10.0.0.0/8', 'x'))[0].entry).toBe('10.0.0.0/8');
  });

  test('invalid input throws the parse error', () => {
    expect(() => lintNoProxy('http://x')).toThrow(/^noProxy\[0\]: .*scheme/);
  });
});
