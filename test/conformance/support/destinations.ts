import { ComputedCluster } from './clusters';
import { knownClusterIps } from '../../../src/core/noproxy/cluster-ips';
import { parseNoProxyEntry } from '../../../src/core/noproxy/parse';
import { NoProxyEntryKind } from '../../../src/core/noproxy/types';
import { parseCidr } from '../../../src/core/primitives/cidr';
import { cidrBounds, formatIpNumber, parseIpNumber } from '../../../src/core/primitives/ip';

/**
 * The destinations every client is asked about, per cluster, and for each one the NO_PROXY tokens
 * a value derived from the cluster definition could hold to cover it ("derivable" tokens).
 *
 * "Derivable" is what makes "direct wherever any string can" testable: a pod IP cannot be listed
 * by itself (the definition knows the pod CIDR, not the pods), so for it only the CIDR and its
 * range count; a known address (the API ClusterIP, a metadata endpoint) can be listed exactly.
 * When a client still uses the proxy with ALL derivable tokens of a destination, no string the
 * library could write covers it for that client: a limit of the client, reported, not a failure.
 */

/**
 * - `must-bypass`: in-cluster, loopback, provider and installation-wide destinations: direct in
 *   every client for which some derivable token works;
 * - `must-proxy`: external destinations: through the proxy in every client;
 * - `over-match-probe`: lookalikes of NO_PROXY entries (`notcluster.local`), where some clients
 *   over-match by design of their matcher; reported, and the model must predict them;
 * - `advisory`: destinations outside what a definition states (a `service.namespace` short
 *   name); reported with whether a derivable token would cover them.
 */
export type DestinationClass = 'must-bypass' | 'must-proxy' | 'over-match-probe' | 'advisory';

/** One destination of one cluster. */
export interface ConformanceDestination {
  /** Stable id within the cluster. */
  readonly key: string;
  /** Short description for the report. */
  readonly label: string;
  readonly url: string;
  readonly kind: DestinationClass;
  /** Tokens a definition-derived NO_PROXY could hold to cover the destination (empty for `must-proxy`). */
  readonly derivable: readonly string[];
}

/** True for a token naming a block of addresses (a CIDR or an `a-b` range), not one host. */
export function isBlockToken(token: string): boolean {
  if (token.includes('/')) {
    return true;
  }
  const parts = token.split('-');
  return parts.length === 2 && parts.every((part) => parseIpNumber(part) !== undefined);
}

/** `fd00::1` in a URL needs brackets. */
function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** Tokens for the members of a DNS family `parent` (`.svc`): every spelling clients know. */
function suffixTokens(parent: string): string[] {
  const bare = parent.replace(/\.$/, '');
  const forms = [`.${bare}`, bare, `*.${bare}`];
  // a trailing-dot parent also gets its dotted forms (Go and most clients compare literally)
  return parent.endsWith('.') ? [...forms.map((form) => `${form}.`), ...forms] : forms;
}

/** Tokens for a known host name: the name itself, with and without a trailing dot. */
function exactNameTokens(host: string): string[] {
  return host.endsWith('.') ? [host, host.slice(0, -1)] : [host];
}

/** A CIDR and the same block as an `a-b` range. */
function blockTokens(cidrText: string): string[] {
  const cidr = parseCidr('cidr', cidrText);
  const [first, last] = cidrBounds(cidr.network, cidr.prefixLength);
  return [cidr.text, `${formatIpNumber({ family: cidr.family, value: first })}-${formatIpNumber({ family: cidr.family, value: last })}`];
}

/** Tokens for a known address: every single-address spelling. */
function exactIpTokens(address: string): string[] {
  const ip = parseIpNumber(address);
  if (ip?.family === 'IPv6') {
    return [address, `[${address}]`, `${address}/128`, `${address}-${address}`];
  }
  return [address, `${address}/32`, `${address}-${address}`];
}

/** An address well inside a CIDR (its middle, plus 5), standing for "any member". */
function memberOf(cidrText: string): string {
  const cidr = parseCidr('cidr', cidrText);
  const [first, last] = cidrBounds(cidr.network, cidr.prefixLength);
  return formatIpNumber({ family: cidr.family, value: first + (last - first) / 2n + 5n });
}

function familyName(cidrText: string): string {
  return cidrText.includes(':') ? 'IPv6' : 'IPv4';
}

/** Destinations for the provider preset and endpoint entries of the cluster. */
function providerDestinations(cluster: ComputedCluster): ConformanceDestination[] {
  return cluster.config.network.providerEntries.map((provided, index) => {
    const entry = parseNoProxyEntry(provided.value, 'provider');
    const label = `provider: ${provided.reason.replace(/[:(].*$/, '').trim()}`;
    const key = `provider-${index}`;
    if (entry.kind === NoProxyEntryKind.IP) {
      return { key, label, url: `http://${urlHost(entry.address)}/`, kind: 'must-bypass', derivable: exactIpTokens(entry.address) };
    }
    if (entry.kind === NoProxyEntryKind.SUFFIX) {
      return { key, label, url: `https://node-1.${entry.name}/`, kind: 'must-bypass', derivable: suffixTokens(entry.name) };
    }
    if (entry.kind === NoProxyEntryKind.DOMAIN) {
      return { key, label, url: `https://${entry.name}/`, kind: 'must-bypass', derivable: exactNameTokens(entry.name) };
    }
    throw new Error(`unexpected provider entry ${provided.value}`);
  });
}

/** Destinations for the installation-wide entries (only `.corp.example`-style suffixes and CIDRs are used). */
function installationDestinations(cluster: ComputedCluster): ConformanceDestination[] {
  return cluster.installationNoProxy.map((value, index) => {
    const entry = parseNoProxyEntry(value, 'installation');
    const key = `installation-${index}`;
    if (entry.kind === NoProxyEntryKind.SUFFIX) {
      return { key, label: `installation-wide ${value}`, url: `https://registry.${entry.name}/v2/`, kind: 'must-bypass', derivable: suffixTokens(entry.name) };
    }
    if (entry.kind === NoProxyEntryKind.CIDR) {
      const member = memberOf(value);
      return { key, label: `installation-wide ${value}`, url: `https://${urlHost(member)}/`, kind: 'must-bypass', derivable: blockTokens(value) };
    }
    throw new Error(`unexpected installation-wide entry ${value}`);
  });
}

/** Every destination of one cluster, in report order. */
export function destinationsFor(cluster: ComputedCluster): ConformanceDestination[] {
  const network = cluster.config.network;
  const domain = network.serviceDomain;
  const list: ConformanceDestination[] = [
    { key: 'kubernetes', label: 'kubernetes (short name)', url: 'https://kubernetes/', kind: 'must-bypass', derivable: exactNameTokens('kubernetes') },
    {
      key: 'kubernetes-default',
      label: 'kubernetes.default',
      url: 'https://kubernetes.default/',
      kind: 'must-bypass',
      derivable: exactNameTokens('kubernetes.default'),
    },
    {
      key: 'kubernetes-default-svc',
      label: 'kubernetes.default.svc',
      url: 'https://kubernetes.default.svc/',
      kind: 'must-bypass',
      derivable: [...exactNameTokens('kubernetes.default.svc'), ...suffixTokens('svc')],
    },
    {
      key: 'kubernetes-fqdn',
      label: 'kubernetes.default.svc.<domain>',
      url: `https://kubernetes.default.svc.${domain}/`,
      kind: 'must-bypass',
      derivable: [...exactNameTokens(`kubernetes.default.svc.${domain}`), ...suffixTokens(`svc.${domain}`), ...suffixTokens(domain)],
    },
    {
      key: 'kubernetes-fqdn-dot',
      label: 'kubernetes.default.svc.<domain>.',
      url: `https://kubernetes.default.svc.${domain}./`,
      kind: 'must-bypass',
      derivable: [...exactNameTokens(`kubernetes.default.svc.${domain}.`), ...suffixTokens(`svc.${domain}.`), ...suffixTokens(`${domain}.`)],
    },
    { key: 'service-svc', label: 'any Service: web.shop.svc', url: 'http://web.shop.svc:8080/', kind: 'must-bypass', derivable: suffixTokens('svc') },
    {
      key: 'service-fqdn',
      label: 'any Service FQDN',
      url: `http://web.shop.svc.${domain}:8080/`,
      kind: 'must-bypass',
      derivable: [...suffixTokens(`svc.${domain}`), ...suffixTokens(domain)],
    },
    {
      key: 'service-fqdn-dot',
      label: 'any Service FQDN, trailing dot',
      url: `http://web.shop.svc.${domain}.:8080/`,
      kind: 'must-bypass',
      derivable: [...suffixTokens(`svc.${domain}.`), ...suffixTokens(`${domain}.`)],
    },
    ...knownClusterIps(network).map((known, index): ConformanceDestination => {
      const api = known.service === 'kubernetes';
      const cidr = network.services[index < 2 ? 0 : 1];
      return {
        key: `${api ? 'api' : 'dns'}-clusterip${index < 2 ? '' : '-2'}`,
        label: `${api ? 'API server' : 'cluster DNS'} ClusterIP (${familyName(cidr)}${index < 2 ? '' : ', second family'})`,
        url: api ? `https://${urlHost(known.address)}/` : `http://${urlHost(known.address)}:9153/metrics`,
        kind: 'must-bypass',
        derivable: [...exactIpTokens(known.address), ...blockTokens(cidr)],
      };
    }),
    ...network.services.map((cidr): ConformanceDestination => ({
      key: `service-ip-${familyName(cidr)}`,
      label: `any ClusterIP (${familyName(cidr)})`,
      url: `http://${urlHost(memberOf(cidr))}:8080/`,
      kind: 'must-bypass',
      derivable: blockTokens(cidr),
    })),
    ...network.pods.map((cidr): ConformanceDestination => ({
      key: `pod-ip-${familyName(cidr)}`,
      label: `any pod IP (${familyName(cidr)})`,
      url: `http://${urlHost(memberOf(cidr))}:9100/metrics`,
      kind: 'must-bypass',
      derivable: blockTokens(cidr),
    })),
    ...network.machineCidrs.map((cidr, index): ConformanceDestination => ({
      key: `node-ip-${index}`,
      label: `any node IP (${cidr})`,
      url: `https://${urlHost(memberOf(cidr))}:10250/`,
      kind: 'must-bypass',
      derivable: blockTokens(cidr),
    })),
    ...(network.controlPlaneEndpoint === undefined ? [] : [controlPlaneDestination(network.controlPlaneEndpoint)]),
    ...providerDestinations(cluster),
    ...installationDestinations(cluster),
    { key: 'localhost', label: 'localhost', url: 'http://localhost:8080/', kind: 'must-bypass', derivable: exactNameTokens('localhost') },
    { key: 'loopback-v4', label: '127.0.0.1', url: 'http://127.0.0.1:10248/healthz', kind: 'must-bypass', derivable: exactIpTokens('127.0.0.1') },
    { key: 'loopback-v6', label: '[::1]', url: 'http://[::1]:8080/', kind: 'must-bypass', derivable: exactIpTokens('::1') },
    ...EXTERNAL,
    ...overMatchProbes(domain),
    {
      key: 'resolver-stub-v4',
      label: '127.0.0.53 (systemd-resolved stub)',
      url: 'http://127.0.0.53/',
      kind: 'must-bypass',
      derivable: [...exactIpTokens('127.0.0.53'), ...blockTokens('127.0.0.0/8')],
    },
    {
      key: 'other-loopback-v4',
      label: '127.1.2.3 (any other loopback address)',
      url: 'http://127.1.2.3:8080/',
      kind: 'must-bypass',
      derivable: blockTokens('127.0.0.0/8'),
    },
    { key: 'service-namespace', label: 'web.shop (Service.namespace short name)', url: 'http://web.shop:8080/', kind: 'advisory', derivable: [] },
  ];
  return list;
}

function controlPlaneDestination(endpoint: string): ConformanceDestination {
  const isIp = parseIpNumber(endpoint) !== undefined;
  return {
    key: 'control-plane-endpoint',
    label: `control-plane endpoint (${isIp ? familyName(endpoint) : 'name'})`,
    url: `https://${urlHost(endpoint)}:6443/`,
    kind: 'must-bypass',
    derivable: isIp ? exactIpTokens(endpoint) : exactNameTokens(endpoint),
  };
}

/** External destinations: every client must use the proxy. */
const EXTERNAL: readonly ConformanceDestination[] = [
  ['registry', 'container registry', 'https://registry-1.docker.io/v2/'],
  ['github', 'github.com', 'https://github.com/'],
  ['debian', 'Debian mirror (http)', 'http://deb.debian.org/debian/'],
  ['kubernetes-io', 'kubernetes.io (shares a label)', 'https://kubernetes.io/'],
  ['corp-lookalike', 'corp.example.com (shares text)', 'https://corp.example.com/'],
  ['public-v4', 'public IPv4', 'https://8.8.8.8/'],
  ['public-v6', 'public IPv6', 'https://[2001:4860:4860::8888]/'],
].map(([key, label, url]) => ({ key: `external-${key}`, label, url, kind: 'must-proxy', derivable: [] }));

/** Lookalikes of NO_PROXY entries, where some matchers over-match. */
function overMatchProbes(domain: string): ConformanceDestination[] {
  return [
    ['domain', `not${domain} (text-suffix of .${domain})`, `https://not${domain}/`],
    ['svc', 'evilsvc (text-suffix of .svc)', 'https://evilsvc/'],
    ['kubernetes', 'notkubernetes (text-suffix of kubernetes)', 'https://notkubernetes/'],
    ['dot-one', '1.1.1.1 (ends in .1, like ::1)', 'https://1.1.1.1/'],
    ['v6-one', '[2001:db8::1] (ends in ::1)', 'https://[2001:db8::1]/'],
  ].map(([key, label, url]) => ({ key: `lookalike-${key}`, label, url, kind: 'over-match-probe', derivable: [] }));
}
