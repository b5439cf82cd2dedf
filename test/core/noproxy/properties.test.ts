import * as fc from 'fast-check';
import { NoProxyClientId } from '../../../src/core/noproxy/clients';
import { Destination, parseDestination } from '../../../src/core/noproxy/destination';
import { explainNoProxy } from '../../../src/core/noproxy/explain';
import { formatNoProxyEntry } from '../../../src/core/noproxy/format';
import { matchingTraits, MatchingTraits } from '../../../src/core/noproxy/matching-traits';
import { NoProxy } from '../../../src/core/noproxy/no-proxy';
import { parseNoProxyEntry, parseNoProxyList } from '../../../src/core/noproxy/parse';
import { NoProxyFormat, renderNoProxy } from '../../../src/core/noproxy/render';
import { ParsedNoProxyEntry, CidrNoProxyEntry, NoProxyEntryKind } from '../../../src/core/noproxy/types';
import { dnsName, entry, entryList, ipv4, ipv6, neighbours, rawEntry } from '../../support/fixtures/no-proxy-arbitraries';
import { entryCoversDestination, normalizeNoProxyEntries } from '../../support/no-proxy-meaning';

/** Bounded so the whole NO_PROXY suite stays well under 20 s on two cores. */
const RUNS = { numRuns: 100 };

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Destinations near the entries (and any `extraHosts`): each name, a subdomain, a sibling sharing its text
 * (`xexample.com`), the parent, the trailing-dot twin; each address and its numeric neighbours,
 * the bounds of every block and their neighbours; each on default, explicit and entry ports;
 * plus a few unrelated external hosts.
 */
function destinationsNear(entries: readonly ParsedNoProxyEntry[], extraHosts: readonly string[] = []): Destination[] {
  const hosts = new Set<string>(['github.com', '8.8.8.8', '2001:db8::1', 'localhost', ...extraHosts]);
  const ports = new Set<number>([8081]);
  for (const item of entries) {
    if ('port' in item && item.port !== undefined) {
      ports.add(item.port);
    }
    if (item.kind === NoProxyEntryKind.DOMAIN || item.kind === NoProxyEntryKind.SUFFIX) {
      const bare = item.name.replace(/\.$/, '');
      // `q${bare}` probes the label boundary; `q` (not `x`) so a generated `n--...` label never becomes
      // an `xn--` punycode label that URL parsers refuse
      for (const name of [bare, `x.${bare}`, `q${bare}`, bare.split('.').slice(1).join('.')].filter((n) => n !== '')) {
        hosts.add(name);
        hosts.add(`${name}.`);
      }
    } else if (item.kind === NoProxyEntryKind.IP) {
      neighbours(item.address).forEach((host) => hosts.add(host));
    } else if (item.kind === NoProxyEntryKind.CIDR || item.kind === NoProxyEntryKind.RANGE) {
      const bounds = item.kind === NoProxyEntryKind.RANGE ? [item.start, item.end] : cidrBounds(item);
      bounds.flatMap(neighbours).forEach((host) => hosts.add(host));
    }
  }
  const urls: string[] = [];
  for (const host of hosts) {
    urls.push(`http://${urlHost(host)}/`, `https://${urlHost(host)}/`, `https://${urlHost(host)}:443/`);
    ports.forEach((port) => urls.push(`http://${urlHost(host)}:${port}/`));
  }
  return urls.map((url) => parseDestination(url));
}

function cidrBounds(cidr: CidrNoProxyEntry): string[] {
  // the rendered range form holds the last address; parse it back rather than recomputing
  const [, range] = renderNoProxy([cidr], NoProxyFormat.LIST).split('\n');
  const last = range?.split('-')[1];
  return last === undefined ? [cidr.network] : [cidr.network, last];
}

/**
 * Whether a client family can honour the entry for this destination at all (from its traits):
 * the renderer must then make it go direct.
 */
function canExpress(client: MatchingTraits, item: ParsedNoProxyEntry, destination: Destination): boolean {
  const port = 'port' in item ? item.port : undefined;
  if (port !== undefined && destination.explicitPort === undefined && !client.ports.defaultPort) {
    return false;
  }
  if (port !== undefined && destination.explicitPort === (destination.scheme === 'https' ? 443 : 80) && !client.ports.writtenDefaultPort) {
    return false;
  }
  switch (item.kind) {
    case NoProxyEntryKind.WILDCARD:
      return client.starAlone;
    case NoProxyEntryKind.DOMAIN:
      return port === undefined || (destination.host === item.name ? client.ports.host : client.ports.suffix);
    case NoProxyEntryKind.SUFFIX:
      return port === undefined || client.ports.suffix;
    case NoProxyEntryKind.IP:
      if (item.family === 'IPv4') {
        return port === undefined || client.ports.ipv4;
      }
      return port === undefined ? client.ipv6Bare || client.ipv6Bracketed : client.ports.ipv6;
    case NoProxyEntryKind.CIDR:
    case NoProxyEntryKind.RANGE:
      return item.family === 'IPv4' ? client.ipv4Cidr || client.ipv4Range : client.ipv6Cidr;
  }
}

describe('NO_PROXY properties', () => {
  test('parse(format(entry)) round-trips, and parsing normalizes every accepted spelling', () => {
    fc.assert(fc.property(rawEntry, (raw) => {
      const parsed = parseNoProxyEntry(raw, 'generated');
      const text = formatNoProxyEntry(parsed);
      expect(parseNoProxyEntry(text, 'formatted')).toEqual(parsed);
      expect(formatNoProxyEntry(parseNoProxyEntry(text, 'formatted'))).toBe(text);
      expect(text).toBe(text.trim().toLowerCase());
    }), { numRuns: 400 });
  });

  test('normalizing twice changes nothing', () => {
    fc.assert(fc.property(entryList, (list) => {
      const once = normalizeNoProxyEntries(list);
      expect(normalizeNoProxyEntries(once)).toEqual(once);
      expect(normalizeNoProxyEntries([...once].reverse()).length).toBe(once.length);
    }), RUNS);
  });

  test('NoProxy is idempotent on its own parts', () => {
    fc.assert(fc.property(entryList, entryList, (installation, cluster) => {
      const first = new NoProxy({ installationWide: installation.map(formatNoProxyEntry), clusterSpecific: cluster.map(formatNoProxyEntry) });
      const again = new NoProxy({
        installationWide: first.installationWide.map((item) => formatNoProxyEntry(item.entry)),
        clusterSpecific: first.clusterSpecific.map((item) => formatNoProxyEntry(item.entry)),
      });
      expect(again.entries).toEqual(first.entries);
    }), { numRuns: 60 });
  });

  test('NoProxy renders its env value as renderNoProxy renders its entries (the installation-wide tokens rendered ahead)', () => {
    fc.assert(fc.property(entryList, entryList, (installation, cluster) => {
      const noProxy = new NoProxy({ installationWide: installation.map(formatNoProxyEntry), clusterSpecific: cluster.map(formatNoProxyEntry) });
      expect(noProxy.render()).toBe(renderNoProxy({ entries: noProxy.entries }, NoProxyFormat.ENV));
      expect(noProxy.render(NoProxyFormat.ENV)).toBe(noProxy.render());
    }), RUNS);
  });

  test('a wildcard in either part renders as * alone', () => {
    expect(new NoProxy({ installationWide: ['*'], clusterSpecific: ['a.example'] }).render()).toBe('*');
    expect(new NoProxy({ installationWide: ['a.example'], clusterSpecific: ['*'] }).render()).toBe('*');
    expect(new NoProxy({ clusterSpecific: ['a.example', '10.0.0.1'] }).render()).toBe('a.example,.a.example,10.0.0.1');
    expect(new NoProxy({ installationWide: ['.a.example'], clusterSpecific: ['b.example', '.b.example'] }).render()).toBe('.a.example,b.example,.b.example');
  });

  test('normalization changes no client decision for any destination', () => {
    // Except httpx's match of a CIDR's network address (a quirk): dropping 10.1.0.0/16 next to
    // 10.0.0.0/8 loses it, and keeping every nested CIDR for it would defeat normalization.
    const decisions = (value: string, destination: Destination) => explainNoProxy(value, destination)
      .map((verdict) => (verdict.quirk === 'cidr-read-as-address' ? 'quirk' : verdict.direct));
    fc.assert(fc.property(entryList, (list) => {
      const before = renderNoProxy(list);
      const after = renderNoProxy(normalizeNoProxyEntries(list));
      for (const destination of destinationsNear(list)) {
        const was = decisions(before, destination);
        const is = decisions(after, destination).map((decision, index) => (was[index] === 'quirk' ? 'quirk' : decision));
        expect([destination.url, is]).toEqual([destination.url, was]);
      }
    }), RUNS);
  });

  test('normalization drops a nested CIDR although httpx matched its network address', () => {
    const list = ['10.0.0.0/8', '10.1.0.0/16'].map((raw) => parseNoProxyEntry(raw, 'test'));
    expect(normalizeNoProxyEntries(list).map(formatNoProxyEntry)).toEqual(['10.0.0.0/8']);
    const [httpx] = explainNoProxy(renderNoProxy(list), 'http://10.1.0.0/', { clients: [NoProxyClientId.PYTHON_HTTPX] });
    expect(httpx.quirk).toBe('cidr-read-as-address');
  });

  test('rendered lists: every client that can honour an entry goes direct; any other bypass is a flagged quirk', () => {
    fc.assert(fc.property(entryList, fc.array(fc.oneof(ipv4, ipv6, dnsName), { maxLength: 4 }), (list, unrelated) => {
      const rendered = renderNoProxy(list);
      for (const destination of destinationsNear(list, unrelated)) {
        const covering = list.filter((item) => entryCoversDestination(item, destination));
        for (const verdict of explainNoProxy(rendered, destination)) {
          const client = matchingTraits(verdict.client);
          const context = { url: destination.url, client: verdict.client, rendered, entry: verdict.entry };
          if (covering.some((item) => canExpress(client, item, destination))) {
            expect({ ...context, direct: verdict.direct }).toEqual({ ...context, direct: true });
          }
          if (covering.length === 0 && verdict.direct) {
            expect({ ...context, quirk: verdict.quirk }).toEqual({ ...context, quirk: expect.any(String) });
          }
        }
      }
    }), RUNS);
  });

  test('the rendered value parses back to entries covering exactly the same destinations', () => {
    fc.assert(fc.property(entryList, (list) => {
      const reparsed = parseNoProxyList(renderNoProxy(list), 'rendered');
      for (const destination of destinationsNear(list)) {
        const covered = list.some((item) => entryCoversDestination(item, destination));
        expect([destination.url, reparsed.some((item) => entryCoversDestination(item, destination))]).toEqual([destination.url, covered]);
      }
    }), RUNS);
  });

  test('renderers never throw on valid input and are deterministic', () => {
    const formats: NoProxyFormat[] = [NoProxyFormat.ENV, NoProxyFormat.LIST, NoProxyFormat.JSON, NoProxyFormat.JAVA];
    fc.assert(fc.property(fc.array(entry, { maxLength: 8 }), (list) => {
      for (const format of formats) {
        const text = renderNoProxy(list, format);
        expect(renderNoProxy(list.map((item) => ({ ...item })), format)).toBe(text);
        expect(/[\s\u0000-\u001f]/.test(format === NoProxyFormat.ENV ? text : '')).toBe(false);
      }
    }), RUNS);
  });
});
