import { inspect } from 'node:util';
import { knownClusterIps } from '../noproxy/cluster-ips';
import { addressAtOffset, Cidr, cidrContains, cidrsOverlap, cidrSize, parseCidr } from '../primitives/cidr';
import { maskAfterColon } from '../primitives/credential-mask';
import { invalidValue, ProxyConfigError } from '../primitives/errors';
import { isDnsName, parseHost } from '../primitives/host';
import { IpFamily, parseIpLiteral } from '../primitives/ip';
import { Provider, PROVIDER_PRESETS, PROVIDERS, ReasonedEntry } from '../primitives/providers';
import { checkProps, optionalList, propKeys } from '../primitives/validation/strict-props';

/** The cluster-specific facts the NO_PROXY engine and the CAPI manifests are computed from. */
export interface ClusterNetworkProps {
  /**
   * Pod CIDRs: one per IP family (two for dual-stack, primary family first).
   * Becomes `Cluster.spec.clusterNetwork.pods.cidrBlocks`.
   */
  readonly pods: string[];
  /**
   * Service CIDRs, covering the same IP families as `pods`, in the same order.
   * Becomes `Cluster.spec.clusterNetwork.services.cidrBlocks`.
   */
  readonly services: string[];
  /**
   * The cluster DNS domain (kubelet `--cluster-domain`).
   * @default 'cluster.local'
   */
  readonly serviceDomain?: string;
  /**
   * Host of the control-plane endpoint (DNS name or IP; no scheme or port). Nodes and in-cluster
   * clients reach the API server through it, so it must bypass the proxy.
   * @default - none; give it whenever it is known
   */
  readonly controlPlaneEndpoint?: string;
  /**
   * CIDRs of the machine (node) network, e.g. the VPC, VNet or vSphere network.
   * @default - none
   */
  readonly machineCidrs?: string[];
  /**
   * Infrastructure provider, selecting a preset of NO_PROXY entries (metadata endpoints and so on).
   * @default 'other'
   */
  readonly provider?: Provider;
  /**
   * Provider region, for regional entries (AWS: `.<region>.compute.internal`).
   * @default - no regional entries
   */
  readonly region?: string;
  /**
   * Provider endpoints nodes and controllers talk to directly: vCenter, Prism Central, the Cloud
   * Director host, internal OpenStack APIs. A host, `host:port` or URL; only the host is kept.
   * @default - none
   */
  readonly providerEndpoints?: string[];
  /**
   * ClusterIP of the cluster DNS service.
   * @default - the 10th address of the first service CIDR (kubeadm's default, e.g. 10.96.0.10)
   */
  readonly dnsServiceIp?: string;
}

const NETWORK_PROPS = propKeys<ClusterNetworkProps>({
  pods: true,
  services: true,
  serviceDomain: true,
  controlPlaneEndpoint: true,
  machineCidrs: true,
  provider: true,
  region: true,
  providerEndpoints: true,
  dnsServiceIp: true,
});

/**
 * Validated cluster network facts plus what derives from them: the API server and cluster DNS
 * ClusterIPs and the provider's NO_PROXY entries. Construction throws a {@link ProxyConfigError}
 * naming the field for invalid or inconsistent input (bad CIDR, overlapping pod and service
 * ranges, unknown provider, ...).
 */
export class ClusterNetwork {
  public readonly pods: string[];
  public readonly services: string[];
  public readonly serviceDomain: string;
  public readonly controlPlaneEndpoint?: string;
  public readonly machineCidrs: string[];
  public readonly provider: Provider;
  public readonly region?: string;
  public readonly providerEndpoints: string[];
  /** IP families in primary-first order (`['IPv4']`, `['IPv6']` or both for dual-stack). */
  public readonly ipFamilies: IpFamily[];
  /** ClusterIP of the `kubernetes` Service: the first host of the first service CIDR. */
  public readonly apiServerIp: string;
  /** ClusterIP of the cluster DNS Service. */
  public readonly dnsServiceIp: string;
  /**
   * Every single ClusterIP the definition knows, primary family first: the API server and DNS
   * ClusterIPs, then (dual-stack) the same offsets in the second service CIDR.
   */
  public readonly clusterIps: string[];
  /** The provider preset's entries, regional entries and the provider endpoints, with reasons. */
  public readonly providerEntries: ReasonedEntry[];

  constructor(props: ClusterNetworkProps) {
    checkProps('', props, NETWORK_PROPS, 'cluster network prop');
    const pods = parseFamilyCidrs('pods', props.pods);
    const services = parseFamilyCidrs('services', props.services);
    const podFamilies = pods.map((c) => c.family).join('+');
    const serviceFamilies = services.map((c) => c.family).join('+');
    if (podFamilies !== serviceFamilies) {
      throw new ProxyConfigError('services',
        `must cover the same IP families as pods, in the same order (pods: ${podFamilies}, services: ${serviceFamilies})`);
    }
    for (const pod of pods) {
      for (const service of services) {
        if (cidrsOverlap(pod, service)) {
          throw new ProxyConfigError('services', `service CIDR ${service.text} overlaps pod CIDR ${pod.text}`);
        }
      }
    }
    this.pods = pods.map((c) => c.text);
    this.services = services.map((c) => c.text);
    this.ipFamilies = pods.map((c) => c.family);
    this.serviceDomain = parseServiceDomain(props.serviceDomain);
    this.controlPlaneEndpoint = props.controlPlaneEndpoint === undefined
      ? undefined
      : parseHost('controlPlaneEndpoint', props.controlPlaneEndpoint).text;
    this.machineCidrs = (optionalList('machineCidrs', props.machineCidrs)).map((raw, i) => parseCidr(`machineCidrs[${i}]`, raw).text);
    this.provider = parseProvider(props.provider);
    this.region = parseRegion(props.region);
    this.providerEndpoints = optionalList('providerEndpoints', props.providerEndpoints)
      .map((raw, i) => endpointHost(`providerEndpoints[${i}]`, raw));

    services.forEach((cidr, i) => {
      if (cidrSize(cidr) < 16n) {
        throw invalidValue(`services[${i}]`, cidr.text, 'is too small for the API server and DNS ClusterIPs (needs at least 16 addresses)');
      }
    });
    const primaryServices = services[0];
    this.apiServerIp = addressAtOffset(primaryServices, 1);
    this.dnsServiceIp = props.dnsServiceIp === undefined
      ? addressAtOffset(primaryServices, 10)
      : parseDnsServiceIp(props.dnsServiceIp, primaryServices);
    this.clusterIps = knownClusterIps(this).map((ip) => ip.address);
    this.providerEntries = this.computeProviderEntries();
  }

  private computeProviderEntries(): ReasonedEntry[] {
    const preset = PROVIDER_PRESETS[this.provider];
    const regional = this.region && preset.regionEntries ? preset.regionEntries(this.region) : [];
    const endpoints = this.providerEndpoints.map((host) => ({
      value: host,
      reason: `provider endpoint: ${preset.endpointRole ?? 'named in providerEndpoints'}`,
    }));
    return [...preset.entries, ...regional, ...endpoints];
  }

  /**
   * A plain summary (for logs and JSON output): every fact above in its order, but the IP families
   * and the provider entries, which follow from the others. Contains no credentials by construction.
   */
  public toJSON(): Record<string, unknown> {
    const { ipFamilies, providerEntries, ...summary } = this;
    return summary;
  }

  /** @internal */
  public [inspect.custom](): string {
    return `ClusterNetwork ${inspect(this.toJSON())}`;
  }
}

/** One CIDR per family, at most two (dual-stack), families distinct. */
function parseFamilyCidrs(field: 'pods' | 'services', value: unknown): Cidr[] {
  const list = optionalList(field, value);
  if (list.length === 0) {
    throw new ProxyConfigError(field, `at least one ${field === 'pods' ? 'pod' : 'service'} CIDR is required`);
  }
  if (list.length > 2) {
    throw invalidValue(field, value, 'takes at most two CIDRs (one per IP family, for dual-stack)');
  }
  const cidrs = list.map((raw, i) => parseCidr(`${field}[${i}]`, raw));
  if (cidrs.length === 2 && cidrs[0].family === cidrs[1].family) {
    throw invalidValue(field, value, 'dual-stack needs one IPv4 and one IPv6 CIDR');
  }
  return cidrs;
}

function parseServiceDomain(value: unknown): string {
  if (value === undefined) {
    return 'cluster.local';
  }
  if (typeof value !== 'string' || !isDnsName(value.toLowerCase())) {
    throw invalidValue('serviceDomain', value, 'must be a DNS domain such as cluster.local (no leading or trailing dot)');
  }
  return value.toLowerCase();
}

function parseProvider(value: unknown): Provider {
  if (value === undefined) {
    return Provider.OTHER;
  }
  if (typeof value !== 'string' || !(PROVIDERS as string[]).includes(value)) {
    throw invalidValue('provider', value, `is not a supported provider; use one of ${PROVIDERS.join(', ')}`);
  }
  return value as Provider;
}

function parseRegion(value: unknown): string | undefined {
  if (value === undefined) {
    return undefined;
  }
  // The region becomes a DNS label of the regional names (`.<region>.compute.internal`).
  if (typeof value !== 'string' || value.length > 63 || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(value)) {
    throw invalidValue('region', value, 'must be a region name such as eu-central-1 (at most 63 characters)');
  }
  return value;
}

/** Accept a host, `host:port` or URL and keep the host: users paste vCenter URLs. */
function endpointHost(field: string, raw: unknown): string {
  if (typeof raw !== 'string') {
    throw invalidValue(field, raw, 'must be a host name, host:port or URL');
  }
  // Credentials anywhere refuse the whole value, before any part of it is quoted: an unencoded
  // "/", "#" or "?" in a password would otherwise end the authority early and leave the rest of
  // the password in the "host".
  if (raw.includes('@')) {
    throw invalidValue(field, raw, 'must not contain credentials');
  }
  const text = raw.trim();
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(text);
  // Only a URL has a path, query or fragment; in a bare host, "#" or "/" is a typo, not an end.
  const authority = scheme ? text.slice(scheme[0].length).replace(/[/?#].*$/s, '') : text;
  // a port: "host:443" or "[v6]:443"; a bare IPv6 has several colons and no port
  const withPort = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(authority);
  if (withPort) {
    const port = Number(withPort[2]);
    if (!(port >= 1 && port <= 65535)) {
      throw invalidValue(field, raw, 'has a port outside 1-65535');
    }
  }
  // "host:something" that is no port may be "user:password" or "host:password" typed by mistake
  if (!withPort && /^[^:[\]]*:[^:]*$/.test(authority)) {
    throw invalidValue(field, `${scheme?.[0] ?? ''}${maskAfterColon(authority)}`, 'must be a host name, host:port or URL (what follows ":" is not a port)');
  }
  const host = withPort ? withPort[1] : authority;
  if (/[/?#]/.test(host)) {
    throw invalidValue(field, raw, 'must be a host name, host:port or URL (a bare host has no "/", "?" or "#")');
  }
  return parseHost(field, host).text;
}

function parseDnsServiceIp(value: unknown, services: Cidr): string {
  const address = typeof value === 'string' ? parseIpLiteral(value.trim()) : undefined;
  if (!address) {
    throw invalidValue('dnsServiceIp', value, 'must be an IP address');
  }
  if (!cidrContains(services, address.text)) {
    throw invalidValue('dnsServiceIp', value, `must lie inside the first service CIDR ${services.text}`);
  }
  // The network address is no host, and the first host is the API server's ClusterIP.
  if (address.text === addressAtOffset(services, 0) || address.text === addressAtOffset(services, 1)) {
    throw invalidValue('dnsServiceIp', value, `must not be the network address or the API server's ClusterIP of ${services.text}`);
  }
  return address.text;
}
