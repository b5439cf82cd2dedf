import { NO_PROXY_CLIENT_IDS, NO_PROXY_CLIENTS, noProxyClient, NoProxyClientTraits } from '../../../src/core/noproxy/clients';
import { explainNoProxy, NoProxyVariables } from '../../../src/core/noproxy/explain';
import { matchingTraits, MatchingTraits } from '../../../src/core/noproxy/matching-traits';

/** Whether one client goes direct for `url` with NO_PROXY and no_proxy set as given. */
function direct(client: NoProxyClientTraits, noProxy: string | NoProxyVariables, url: string, resolve?: Record<string, string>): boolean {
  const [verdict] = explainNoProxy(noProxy, url, { clients: [client.id], resolve: (host) => resolve?.[host] });
  return verdict.direct;
}

/**
 * The variable traits are data, the matching traits are read off the models; probe every trait of
 * every client through the whole explanation (variable choice and loopback rules included).
 */
describe.each(NO_PROXY_CLIENTS.map((client) => [client.id, client] as const))('traits of %s agree with its model', (_id, client) => {
  const traits = matchingTraits(client.id);

  test('environment variables', () => {
    expect(direct(client, { NO_PROXY: 'example.com' }, 'http://example.com/')).toBe(client.readsUpperCase);
    expect(direct(client, { no_proxy: 'example.com' }, 'http://example.com/')).toBe(client.readsLowerCase);
    expect(direct(client, { NO_PROXY: 'example.com', no_proxy: 'other.com' }, 'http://example.com/')).toBe(client.prefers === 'NO_PROXY');
  });

  test('separators and whitespace', () => {
    expect(direct(client, 'other.com example.com', 'http://example.com/')).toBe(traits.whitespaceSeparates);
    expect(direct(client, 'example.com ,other.com', 'http://example.com/')).toBe(traits.trimsSpaceBeforeComma);
  });

  test('bare and leading-dot entries', () => {
    const bare = [direct(client, 'example.com', 'http://api.example.com/'), direct(client, 'example.com', 'http://notexample.com/')];
    expect(bare).toEqual({ 'host-and-subdomains': [true, false], 'exact-host': [false, false], 'text-suffix': [true, true] }[traits.bareEntry]);
    const dotted = [direct(client, '.example.com', 'http://example.com/'), direct(client, '.example.com', 'http://notexample.com/')];
    expect(dotted).toEqual({ 'subdomains': [false, false], 'subdomains-and-apex': [true, false], 'text-suffix': [true, true] }[traits.leadingDotEntry]);
    expect(direct(client, '.example.com', 'http://api.example.com/')).toBe(true);
    expect(direct(client, 'example.com.', 'http://example.com/')).toBe(traits.ignoresTrailingDot);
    expect(direct(client, 'example.com', 'http://EXAMPLE.com/')).toBe(!traits.caseSensitive);
    expect(direct(client, 'EXAMPLE.com', 'http://example.com/')).toBe(!traits.caseSensitive);
  });

  test('wildcards', () => {
    expect(direct(client, '*.example.com', 'http://api.example.com/')).toBe(traits.starDotGlob);
    expect(direct(client, '*', 'http://example.com/')).toBe(traits.starAlone);
    expect(direct(client, 'other.com,*', 'http://example.com/')).toBe(traits.starInList);
  });

  test('addresses, CIDRs and ranges', () => {
    expect(direct(client, '10.0.0.5', 'http://10.0.0.5/')).toBe(true);
    expect(direct(client, '10.0.0.0/24', 'http://10.0.0.5/')).toBe(traits.ipv4Cidr);
    expect(direct(client, 'fd00::/64', 'http://[fd00::10]/')).toBe(traits.ipv6Cidr);
    expect(direct(client, '10.0.0.1-10.0.0.9', 'http://10.0.0.5/')).toBe(traits.ipv4Range);
    expect(direct(client, 'fd00::10', 'http://[fd00::10]/')).toBe(traits.ipv6Bare);
    expect(direct(client, '[fd00::10]', 'http://[fd00::10]/')).toBe(traits.ipv6Bracketed);
  });

  test('port entries', () => {
    expect(direct(client, 'example.com:8080', 'http://example.com:8080/')).toBe(traits.ports.host);
    expect(direct(client, '.example.com:8080', 'http://api.example.com:8080/')).toBe(traits.ports.suffix);
    expect(direct(client, '10.0.0.5:8080', 'http://10.0.0.5:8080/')).toBe(traits.ports.ipv4);
    expect(direct(client, '[fd00::10]:8080', 'http://[fd00::10]:8080/')).toBe(traits.ports.ipv6);
    expect(direct(client, 'example.com:443', 'https://example.com/')).toBe(traits.ports.defaultPort);
    expect(direct(client, 'example.com:443', 'https://example.com:443/')).toBe(traits.ports.writtenDefaultPort);
    // a port entry never matches another port
    expect(direct(client, 'example.com:8080', 'http://example.com:8081/')).toBe(false);
  });

  test('loopback, IPv6 splitting and resolution', () => {
    expect(direct(client, 'example.com', 'http://127.0.0.1/')).toBe(client.alwaysBypassesLoopback);
    expect(direct(client, 'example.com', 'http://[::1]/')).toBe(client.alwaysBypassesLoopback);
    expect(direct(client, 'fd00::10', 'http://203.0.113.10/')).toBe(traits.splitsIpv6AtColons);
    expect(direct(client, '10.96.0.0/12', 'http://kubernetes/', { kubernetes: '10.96.0.1' })).toBe(traits.matchesResolvedAddress);
  });
});

describe('client table', () => {
  test('each matching trait holds for exactly these clients (the measurement table, summed up)', () => {
    const holding = (trait: (traits: MatchingTraits) => boolean) => NO_PROXY_CLIENT_IDS.filter((id) => trait(matchingTraits(id)));
    const spelled = (trait: (traits: MatchingTraits) => string, value: string) => holding((traits) => trait(traits) === value);
    expect(holding((traits) => traits.whitespaceSeparates)).toEqual(['curl', 'node-pfe-v1', 'node-pfe-v2', 'node24-fetch', 'ruby']);
    expect(NO_PROXY_CLIENT_IDS.filter((id) => !matchingTraits(id).trimsSpaceBeforeComma)).toEqual(['wget']);
    expect(spelled((traits) => traits.bareEntry, 'exact-host')).toEqual(['node-pfe-v1', 'node-pfe-v2', 'node24-http', 'node24-fetch']);
    expect(spelled((traits) => traits.bareEntry, 'text-suffix')).toEqual(['python-requests', 'perl-lwp']);
    expect(spelled((traits) => traits.leadingDotEntry, 'subdomains-and-apex')).toEqual(['curl', 'python-urllib', 'python-requests', 'python-aiohttp']);
    expect(spelled((traits) => traits.leadingDotEntry, 'text-suffix')).toEqual(['node24-http']);
    expect(holding((traits) => traits.starDotGlob)).toEqual(['go-httpproxy', 'go-stdlib', 'node-pfe-v1', 'node-pfe-v2', 'node24-http', 'node24-fetch']);
    expect(NO_PROXY_CLIENT_IDS.filter((id) => !matchingTraits(id).starAlone)).toEqual(['wget', 'ruby', 'perl-lwp']);
    expect(holding((traits) => traits.starInList)).toEqual(['go-httpproxy', 'go-stdlib', 'node-pfe-v1', 'node-pfe-v2', 'node24-http', 'node24-fetch', 'python-httpx']);
    expect(holding((traits) => traits.ignoresTrailingDot)).toEqual(['curl']);
    expect(holding((traits) => traits.ipv4Cidr)).toEqual(['go-httpproxy', 'go-stdlib', 'curl', 'python-requests', 'ruby']);
    expect(holding((traits) => traits.ipv6Cidr)).toEqual(['go-httpproxy', 'go-stdlib']);
    expect(holding((traits) => traits.ipv4Range)).toEqual(['node24-http']);
    expect(holding((traits) => traits.ipv6Bare)).toEqual(['go-httpproxy', 'go-stdlib', 'curl', 'wget', 'python-requests', 'node24-http', 'python-aiohttp', 'perl-lwp']);
    expect(holding((traits) => traits.ipv6Bracketed)).toEqual(['python-urllib', 'node-pfe-v1', 'node-pfe-v2', 'node24-fetch']);
    expect(holding((traits) => traits.splitsIpv6AtColons)).toEqual(['ruby']);
    expect(holding((traits) => traits.matchesResolvedAddress)).toEqual(['ruby']);
    expect(holding((traits) => traits.caseSensitive)).toEqual(['perl-lwp']);
    expect(holding((traits) => traits.ports.host)).toEqual(['go-httpproxy', 'go-stdlib', 'python-urllib', 'python-requests', 'node-pfe-v1', 'node-pfe-v2', 'node24-http', 'node24-fetch', 'ruby', 'python-httpx']);
    expect(holding((traits) => traits.ports.suffix)).toEqual(['go-httpproxy', 'go-stdlib', 'python-urllib', 'python-requests', 'node-pfe-v1', 'node-pfe-v2', 'node24-fetch', 'ruby', 'python-httpx']);
    expect(holding((traits) => traits.ports.ipv4)).toEqual(['go-httpproxy', 'go-stdlib', 'python-urllib', 'node-pfe-v1', 'node-pfe-v2', 'node24-http', 'node24-fetch', 'ruby', 'python-httpx']);
    expect(holding((traits) => traits.ports.ipv6)).toEqual(['go-httpproxy', 'go-stdlib', 'python-urllib', 'node-pfe-v1', 'node-pfe-v2', 'node24-fetch']);
    expect(holding((traits) => traits.ports.defaultPort)).toEqual(['go-httpproxy', 'go-stdlib', 'node-pfe-v1', 'node-pfe-v2', 'node24-http', 'node24-fetch', 'ruby']);
    expect(holding((traits) => traits.ports.writtenDefaultPort)).toEqual(['go-httpproxy', 'go-stdlib', 'python-urllib', 'python-requests', 'node-pfe-v1', 'node-pfe-v2', 'node24-http', 'node24-fetch', 'ruby']);
  });


  test('ids are unique and noProxyClient finds each one', () => {
    expect(new Set(NO_PROXY_CLIENT_IDS).size).toBe(NO_PROXY_CLIENTS.length);
    for (const id of NO_PROXY_CLIENT_IDS) {
      expect(noProxyClient(id).id).toBe(id);
    }
    expect(() => noProxyClient('lynx' as never)).toThrow(/unknown NO_PROXY client lynx/);
  });
});
