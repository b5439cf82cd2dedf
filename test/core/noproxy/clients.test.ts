import { NO_PROXY_CLIENT_IDS, NO_PROXY_CLIENTS, noProxyClient, NoProxyClientTraits } from '../../../src/core/noproxy/clients';
import { explainNoProxy, NoProxyVariables } from '../../../src/core/noproxy/explain';

/** Whether one client goes direct for `url` with NO_PROXY and no_proxy set as given. */
function direct(client: NoProxyClientTraits, noProxy: string | NoProxyVariables, url: string, resolve?: Record<string, string>): boolean {
  const [verdict] = explainNoProxy(noProxy, url, { clients: [client.id], resolve: (host) => resolve?.[host] });
  return verdict.direct;
}

/**
 * The traits table is a summary of the executable models; probe every trait of every client
 * against its model so the two cannot drift apart.
 */
describe.each(NO_PROXY_CLIENTS.map((client) => [client.id, client] as const))('traits of %s agree with its model', (_id, client) => {
  test('environment variables', () => {
    expect(direct(client, { NO_PROXY: 'example.com' }, 'http://example.com/')).toBe(client.readsUpperCase);
    expect(direct(client, { no_proxy: 'example.com' }, 'http://example.com/')).toBe(client.readsLowerCase);
    expect(direct(client, { NO_PROXY: 'example.com', no_proxy: 'other.com' }, 'http://example.com/')).toBe(client.prefers === 'NO_PROXY');
  });

  test('separators and whitespace', () => {
    expect(direct(client, 'other.com example.com', 'http://example.com/')).toBe(client.whitespaceSeparates);
    expect(direct(client, 'example.com ,other.com', 'http://example.com/')).toBe(client.trimsSpaceBeforeComma);
  });

  test('bare and leading-dot entries', () => {
    const bare = [direct(client, 'example.com', 'http://api.example.com/'), direct(client, 'example.com', 'http://notexample.com/')];
    expect(bare).toEqual({ 'host-and-subdomains': [true, false], 'exact-host': [false, false], 'text-suffix': [true, true] }[client.bareEntry]);
    const dotted = [direct(client, '.example.com', 'http://example.com/'), direct(client, '.example.com', 'http://notexample.com/')];
    expect(dotted).toEqual({ 'subdomains': [false, false], 'subdomains-and-apex': [true, false], 'text-suffix': [true, true] }[client.leadingDotEntry]);
    expect(direct(client, '.example.com', 'http://api.example.com/')).toBe(true);
    expect(direct(client, 'example.com.', 'http://example.com/')).toBe(client.ignoresTrailingDot);
    expect(direct(client, 'example.com', 'http://EXAMPLE.com/')).toBe(!client.caseSensitive);
    expect(direct(client, 'EXAMPLE.com', 'http://example.com/')).toBe(!client.caseSensitive);
  });

  test('wildcards', () => {
    expect(direct(client, '*.example.com', 'http://api.example.com/')).toBe(client.starDotGlob);
    expect(direct(client, '*', 'http://example.com/')).toBe(client.starAlone);
    expect(direct(client, 'other.com,*', 'http://example.com/')).toBe(client.starInList);
  });

  test('addresses, CIDRs and ranges', () => {
    expect(direct(client, '10.0.0.5', 'http://10.0.0.5/')).toBe(true);
    expect(direct(client, '10.0.0.0/24', 'http://10.0.0.5/')).toBe(client.ipv4Cidr);
    expect(direct(client, 'fd00::/64', 'http://[fd00::10]/')).toBe(client.ipv6Cidr);
    expect(direct(client, '10.0.0.1-10.0.0.9', 'http://10.0.0.5/')).toBe(client.ipv4Range);
    expect(direct(client, 'fd00::10', 'http://[fd00::10]/')).toBe(client.ipv6Bare);
    expect(direct(client, '[fd00::10]', 'http://[fd00::10]/')).toBe(client.ipv6Bracketed);
  });

  test('port entries', () => {
    expect(direct(client, 'example.com:8080', 'http://example.com:8080/')).toBe(client.ports.host);
    expect(direct(client, '.example.com:8080', 'http://api.example.com:8080/')).toBe(client.ports.suffix);
    expect(direct(client, '10.0.0.5:8080', 'http://10.0.0.5:8080/')).toBe(client.ports.ipv4);
    expect(direct(client, '[fd00::10]:8080', 'http://[fd00::10]:8080/')).toBe(client.ports.ipv6);
    expect(direct(client, 'example.com:443', 'https://example.com/')).toBe(client.ports.defaultPort);
    expect(direct(client, 'example.com:443', 'https://example.com:443/')).toBe(client.ports.writtenDefaultPort);
    // a port entry never matches another port
    expect(direct(client, 'example.com:8080', 'http://example.com:8081/')).toBe(false);
  });

  test('loopback, IPv6 splitting and resolution', () => {
    expect(direct(client, 'example.com', 'http://127.0.0.1/')).toBe(client.alwaysBypassesLoopback);
    expect(direct(client, 'example.com', 'http://[::1]/')).toBe(client.alwaysBypassesLoopback);
    expect(direct(client, 'fd00::10', 'http://203.0.113.10/')).toBe(client.splitsIpv6AtColons);
    expect(direct(client, '10.96.0.0/12', 'http://kubernetes/', { kubernetes: '10.96.0.1' })).toBe(client.matchesResolvedAddress);
  });
});

describe('client table', () => {
  test('ids are unique and noProxyClient finds each one', () => {
    expect(new Set(NO_PROXY_CLIENT_IDS).size).toBe(NO_PROXY_CLIENTS.length);
    for (const id of NO_PROXY_CLIENT_IDS) {
      expect(noProxyClient(id).id).toBe(id);
    }
    expect(() => noProxyClient('lynx' as never)).toThrow(/unknown NO_PROXY client lynx/);
  });
});
