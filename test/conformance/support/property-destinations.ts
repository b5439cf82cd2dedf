import { ClusterProxyConfig } from '../../../src/core/definition/cluster-proxy-config';
import { Destination, parseDestination } from '../../../src/core/noproxy/destination';
import { ParsedNoProxyEntry, parsedEntry, NoProxyEntryKind } from '../../../src/core/noproxy/types';
import { cidrBounds, formatIpNumber, parseIpNumber } from '../../../src/core/primitives/ip';
import { entryCoversDestination } from '../../support/no-proxy-meaning';

/**
 * Destinations for the property-based check of a generated definition, each with what Go must
 * do: every entry of the computed NO_PROXY yields URLs it covers (by its intended meaning), which
 * must go direct; a few external URLs that no entry covers must go through the proxy.
 */

/** A URL and the decision Go's real matcher must make for it. */
export interface PropertyDestination {
  readonly url: string;
  readonly expected: 'direct' | 'proxy';
}

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

function withPort(host: string, port: number | undefined): string {
  return `https://${urlHost(host)}${port === undefined ? '' : `:${port}`}/`;
}

/** URLs the entry is meant to cover. */
function coveredUrls(entry: ParsedNoProxyEntry): string[] {
  switch (entry.kind) {
    case NoProxyEntryKind.WILDCARD:
      return [];
    case NoProxyEntryKind.DOMAIN:
      return [withPort(entry.name, entry.port), withPort(`probe.${entry.name}`, entry.port)];
    case NoProxyEntryKind.SUFFIX:
      return [withPort(`probe.${entry.name}`, entry.port)];
    case NoProxyEntryKind.IP:
      return [withPort(entry.address, entry.port)];
    case NoProxyEntryKind.CIDR: {
      const network = parseIpNumber(entry.network);
      const [first] = network ? cidrBounds(network, entry.prefixLength) : [0n];
      return network ? [withPort(formatIpNumber({ family: entry.family, value: first + 1n }), undefined)] : [];
    }
    case NoProxyEntryKind.RANGE:
      return [withPort(entry.start, undefined), withPort(entry.end, undefined)];
  }
}

const EXTERNAL = ['https://ext.proxied.invalid/', 'https://203.0.113.7/', 'https://[2001:db8:ffff::7]/', 'http://198.51.100.20:8080/'];

function isLoopback(destination: Destination): boolean {
  return destination.host === 'localhost' || destination.host === '::1' || destination.host.startsWith('127.');
}

function parse(url: string): Destination | undefined {
  try {
    return parseDestination(url);
  } catch {
    // a generated label that WHATWG URL refuses (an invalid punycode label, say) is not a destination
    return undefined;
  }
}

/** The destinations of one generated configuration. */
export function propertyDestinations(config: ClusterProxyConfig): PropertyDestination[] {
  const network = config.network;
  const entries = config.noProxy.entries.map((item) => parsedEntry(item.entry));
  const inCluster = [
    withPort(network.apiServerIp, undefined),
    withPort(network.dnsServiceIp, undefined),
    'https://kubernetes/', 'https://kubernetes.default/', 'https://kubernetes.default.svc/',
    `https://kubernetes.default.svc.${network.serviceDomain}/`, `https://kubernetes.default.svc.${network.serviceDomain}./`,
    `http://web.shop.svc.${network.serviceDomain}:8080/`,
    ...(network.controlPlaneEndpoint ? [withPort(network.controlPlaneEndpoint, 6443)] : []),
    ...entries.flatMap(coveredUrls),
  ];
  const direct = inCluster.filter((url) => parse(url) !== undefined).map((url): PropertyDestination => ({ url, expected: 'direct' }));
  const external = EXTERNAL.filter((url) => {
    const destination = parse(url);
    return destination !== undefined && !isLoopback(destination) && !entries.some((entry) => entryCoversDestination(entry, destination));
  }).map((url): PropertyDestination => ({ url, expected: 'proxy' }));
  return [...direct, ...external];
}
