import { CLUSTER_NO_PROXY_CATEGORIES, ClusterNoProxyCategory } from './categories';
import { knownClusterIps } from './cluster-ips';
import { parseNoProxyEntry } from './parse';
import { ParsedNoProxyEntry } from './types';
import { invalidValue } from '../primitives/errors';
import { isDnsName } from '../primitives/host';
import { ReasonedEntry } from '../primitives/providers';
import { checkProps } from '../primitives/validation/strict-props';

/**
 * The facts the cluster-specific defaults are computed from. `ClusterNetwork`
 * has exactly these fields, so an instance can be passed as is; a plain object works too.
 */
export interface ClusterFacts {
  /** Pod CIDRs, e.g. `['192.168.0.0/16', 'fd00:10:244::/56']`. */
  readonly pods: string[];
  /** Service CIDRs. */
  readonly services: string[];
  /** Cluster DNS domain without leading or trailing dot, e.g. `cluster.local`. */
  readonly serviceDomain: string;
  /** Control-plane endpoint host: DNS name, IPv4 or IPv6 (no brackets, no port). */
  readonly controlPlaneEndpoint?: string;
  /** Machine (node) network CIDRs. */
  readonly machineCidrs: string[];
  /** ClusterIP of the `kubernetes` Service, e.g. `10.96.0.1`. */
  readonly apiServerIp: string;
  /** ClusterIP of the cluster DNS Service, e.g. `10.96.0.10`. */
  readonly dnsServiceIp: string;
  /** Provider preset entries and provider endpoints, with reasons. */
  readonly providerEntries: ReasonedEntry[];
}

/**
 * Facts may be a plain object (from JavaScript, or JSON): a value of the wrong type would render as
 * text (`NaN` as the domain `.nan`) or fail deep inside with a TypeError. Errors name `network.<fact>`.
 */
function checkClusterFacts(facts: ClusterFacts): void {
  if (facts === null || typeof facts !== 'object') {
    throw invalidValue('network', facts, 'must be a ClusterNetwork or an object of cluster facts');
  }
  for (const key of ['pods', 'services', 'machineCidrs'] as const) {
    const value = facts[key];
    if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
      throw invalidValue(`network.${key}`, value, 'must be a list of CIDRs (strings)');
    }
  }
  if (typeof facts.serviceDomain !== 'string' || !isDnsName(facts.serviceDomain.toLowerCase())) {
    throw invalidValue('network.serviceDomain', facts.serviceDomain, 'must be a DNS domain such as cluster.local (no leading or trailing dot)');
  }
  for (const key of ['apiServerIp', 'dnsServiceIp'] as const) {
    if (typeof facts[key] !== 'string') {
      throw invalidValue(`network.${key}`, facts[key], 'must be an IP address (a string)');
    }
  }
  if (facts.controlPlaneEndpoint !== undefined && typeof facts.controlPlaneEndpoint !== 'string') {
    throw invalidValue('network.controlPlaneEndpoint', facts.controlPlaneEndpoint, 'must be a host name or IP address (a string)');
  }
  if (!Array.isArray(facts.providerEntries)) {
    throw invalidValue('network.providerEntries', facts.providerEntries, 'must be a list of entries with reasons');
  }
}

/** Refuse unknown categories and switches that are not booleans; errors name `field.<category>`. */
export function checkNoProxyDefaults(field: string, options: unknown): void {
  checkProps(field, options, CLUSTER_NO_PROXY_CATEGORIES, 'NO_PROXY default category');
  for (const [category, value] of Object.entries(options as object)) {
    if (value !== undefined && typeof value !== 'boolean') {
      throw invalidValue(`${field}.${category}`, value, 'must be true or false');
    }
  }
}

/** Switches for `clusterNoProxyDefaults`; every category is on unless set to `false`. */
export interface ClusterNoProxyDefaultsOptions {
  /** `localhost`, `127.0.0.1`, `::1`, `127.0.0.0/8` and the loopback addresses of `LOOPBACK_SERVICE_ADDRESSES`. @default true */
  readonly loopback?: boolean;
  /** `.svc`. @default true */
  readonly serviceSuffix?: boolean;
  /** `.svc.<serviceDomain>`, `.<serviceDomain>`, `.<serviceDomain>.`. @default true */
  readonly clusterDomain?: boolean;
  /** `kubernetes`, `kubernetes.default`. @default true */
  readonly kubernetesService?: boolean;
  /** The API server and cluster DNS ClusterIPs as exact addresses, in every service CIDR's family. @default true */
  readonly clusterIps?: boolean;
  /** Pod CIDRs. @default true */
  readonly podCidrs?: boolean;
  /** Service CIDRs. @default true */
  readonly serviceCidrs?: boolean;
  /** The control-plane endpoint host. @default true */
  readonly controlPlaneEndpoint?: boolean;
  /** Machine (node) network CIDRs. @default true */
  readonly machineCidrs?: boolean;
  /** Provider preset entries and provider endpoints. @default true */
  readonly providerEntries?: boolean;
}

/**
 * Loopback addresses other than 127.0.0.1 that real systems serve HTTP or DNS on, listed one by
 * one because clients that ignore CIDRs (wget, urllib, proxy-from-env, Node 24 fetch, httpx,
 * aiohttp, LWP) would send them to the proxy despite `127.0.0.0/8`. Any other 127.x address
 * remains uncovered there; `lintNoProxy` says so.
 */
export const LOOPBACK_SERVICE_ADDRESSES: ReadonlyArray<{ readonly address: string; readonly reason: string }> = [
  { address: '127.0.0.53', reason: 'systemd-resolved stub resolver (systemd-resolved.service(8)), the nameserver of nodes with systemd-resolved' },
  { address: '127.0.0.54', reason: 'systemd-resolved proxy-only stub resolver (systemd-resolved.service(8), systemd 251 and later)' },
  { address: '127.0.1.1', reason: 'the host\'s own name in /etc/hosts on Debian and Ubuntu nodes (Debian Reference, "The hostname resolution")' },
];

/** A computed cluster-specific entry with the reason it is there. */
export interface ClusterNoProxyDefault {
  readonly entry: ParsedNoProxyEntry;
  readonly reason: string;
  readonly category: ClusterNoProxyCategory;
}

/**
 * The complete cluster-specific NO_PROXY default set, in this order (categories in brackets):
 *
 * 1. [loopback] `localhost`, `127.0.0.1`, `::1`: only Go and Ruby skip loopback on their own;
 *    then `127.0.0.0/8` for clients that read CIDRs or ranges, and the loopback addresses real
 *    systems serve on (`LOOPBACK_SERVICE_ADDRESSES`) for the ones that do not.
 * 2. [serviceSuffix] `.svc`: `name.namespace.svc` Service names.
 * 3. [clusterDomain] `.svc.<domain>`, `.<domain>` and `.<domain>.`: fully qualified names, also
 *    written with the trailing dot, which most clients compare literally (CAREN PR #821). The
 *    normalized list keeps `.<domain>`, which covers `.svc.<domain>`.
 * 4. [kubernetesService] `kubernetes`, `kubernetes.default`: the API server's short names.
 * 5. [clusterIps] API server and cluster DNS ClusterIPs as single addresses, in every service
 *    CIDR's family (`knownClusterIps`), because wget, urllib, proxy-from-env, Node 24 fetch,
 *    httpx, aiohttp and LWP ignore the service CIDR.
 * 6. [podCidrs], [serviceCidrs], 7. [controlPlaneEndpoint], 8. [machineCidrs], 9. [providerEntries].
 *
 * Bare-name entries (`localhost`, `kubernetes`) are domain entries: they also cover subdomains.
 *
 * @throws ProxyConfigError naming `network.<field>` if a fact is not a valid NO_PROXY entry
 */
export function clusterNoProxyDefaults(facts: ClusterFacts, options: ClusterNoProxyDefaultsOptions = {}): ClusterNoProxyDefault[] {
  checkClusterFacts(facts);
  checkNoProxyDefaults('noProxyDefaults', options);
  const domain = facts.serviceDomain;
  const groups: Array<[ClusterNoProxyCategory, Array<[string, string, string]>]> = [
    [ClusterNoProxyCategory.LOOPBACK, [
      ['localhost', 'network.loopback', 'loopback name; only Go and Ruby bypass it without an entry'],
      ['127.0.0.1', 'network.loopback', 'IPv4 loopback: local health checks, sidecars and node-local agents'],
      ['::1', 'network.loopback', 'IPv6 loopback'],
      ['127.0.0.0/8', 'network.loopback', 'every IPv4 loopback address, for clients that read CIDRs or ranges'],
      ...LOOPBACK_SERVICE_ADDRESSES.map(({ address, reason }): [string, string, string] => [address, 'network.loopback', reason]),
    ]],
    [ClusterNoProxyCategory.SERVICE_SUFFIX, [
      ['.svc', 'network.serviceSuffix', 'Service names qualified with their namespace (name.namespace.svc)'],
    ]],
    [ClusterNoProxyCategory.CLUSTER_DOMAIN, [
      [`.svc.${domain}`, 'network.serviceDomain', `fully qualified Service names (name.namespace.svc.${domain})`],
      [`.${domain}`, 'network.serviceDomain', `every name in the cluster DNS domain ${domain} (Services, Pods, headless records)`],
      [`.${domain}.`, 'network.serviceDomain', 'cluster names written as absolute FQDNs with a trailing dot, which most clients compare literally'],
    ]],
    [ClusterNoProxyCategory.KUBERNETES_SERVICE, [
      ['kubernetes', 'network.kubernetesService', 'short name of the API server Service (pod DNS search path)'],
      ['kubernetes.default', 'network.kubernetesService', 'API server Service name qualified with its namespace'],
    ]],
    [ClusterNoProxyCategory.CLUSTER_IPS, options.clusterIps === false ? [] : knownClusterIps(facts).map((ip) => [ip.address, ip.field, ip.reason])],
    [ClusterNoProxyCategory.POD_CIDRS, facts.pods.map((cidr, i) => [cidr, `network.pods[${i}]`, 'pod network: pod-to-pod traffic, webhooks and metrics served by pods'])],
    [ClusterNoProxyCategory.SERVICE_CIDRS, facts.services.map((cidr, i) => [cidr, `network.services[${i}]`, 'service network: every ClusterIP'])],
    [ClusterNoProxyCategory.CONTROL_PLANE_ENDPOINT, facts.controlPlaneEndpoint === undefined ? [] : [
      [facts.controlPlaneEndpoint, 'network.controlPlaneEndpoint', 'control-plane endpoint: kubelets and controllers reach the API server through it'],
    ]],
    [ClusterNoProxyCategory.MACHINE_CIDRS, facts.machineCidrs.map((cidr, i) => [cidr, `network.machineCidrs[${i}]`, 'machine network: kubelets, node exporters and host-network pods'])],
    [ClusterNoProxyCategory.PROVIDER_ENTRIES, facts.providerEntries.map((provided, i) => [provided.value, `network.providerEntries[${i}]`, provided.reason])],
  ];
  return groups
    .filter(([category]) => options[category] !== false)
    .flatMap(([category, rows]) => rows.map(([value, field, reason]) => ({
      entry: parseNoProxyEntry(value, field),
      reason,
      category,
    })));
}
