import { invalidValue } from '../primitives/errors';
import { blockSize, familyBits, formatIpNumber, networkOf, parseIpNumber } from '../primitives/ip';

/**
 * The single ClusterIPs a cluster definition knows, for every service CIDR (IP family).
 *
 * In the first service CIDR they are the `kubernetes` Service's address (its first host, which
 * kube-apiserver reserves) and the cluster DNS Service's (kubeadm's 10th address, or the one
 * given). In a dual-stack cluster the same two offsets of the second CIDR are listed too: a
 * Service made dual-stack (`ipFamilyPolicy: PreferDualStack`) or a cluster whose primary family is
 * switched gets addresses there, and CIDR-blind clients (wget, urllib, proxy-from-env, Node 24
 * fetch, httpx, aiohttp, LWP) would send them to the proxy. Listing them costs two entries; every
 * address of the CIDR is cluster-internal anyway.
 */

/** The inputs: the service CIDRs in family order, and the primary family's two addresses. */
export interface ClusterIpFacts {
  readonly services: string[];
  readonly apiServerIp: string;
  readonly dnsServiceIp: string;
}

/** One known ClusterIP with the field it comes from and why it is listed. */
export interface KnownClusterIp {
  readonly address: string;
  /** `network.apiServerIp`, `network.dnsServiceIp` or `network.services[i]`. */
  readonly field: string;
  readonly reason: string;
  /** Which Service the address belongs to. */
  readonly service: 'kubernetes' | 'cluster-dns';
}

/** Offsets of the two known Services in a service CIDR: kube-apiserver's first host, kubeadm's 10th address. */
export const API_SERVER_OFFSET = 1;
export const DNS_SERVICE_OFFSET = 10;

/**
 * The API server and cluster DNS ClusterIPs of every service CIDR, primary family first.
 *
 * @throws ProxyConfigError naming `network.services[i]` if a secondary CIDR cannot hold the 10th address
 */
export function knownClusterIps(facts: ClusterIpFacts): KnownClusterIp[] {
  const list: KnownClusterIp[] = [
    {
      address: facts.apiServerIp,
      field: 'network.apiServerIp',
      service: 'kubernetes',
      reason: 'ClusterIP of the kubernetes Service (KUBERNETES_SERVICE_HOST), exact for clients that ignore CIDRs',
    },
    {
      address: facts.dnsServiceIp,
      field: 'network.dnsServiceIp',
      service: 'cluster-dns',
      reason: 'ClusterIP of the cluster DNS Service, exact for clients that ignore CIDRs',
    },
  ];
  facts.services.slice(1).forEach((cidr, offset) => {
    const field = `network.services[${offset + 1}]`;
    const family = cidr.includes(':') ? 'IPv6' : 'IPv4';
    list.push(
      {
        address: addressInCidr(cidr, API_SERVER_OFFSET, field),
        field,
        service: 'kubernetes',
        reason: `${family} first host of the second service CIDR: the kubernetes Service's address in that family when it is dual-stack, exact for clients that ignore CIDRs`,
      },
      {
        address: addressInCidr(cidr, DNS_SERVICE_OFFSET, field),
        field,
        service: 'cluster-dns',
        reason: `${family} 10th address of the second service CIDR: the cluster DNS Service's conventional address in that family, exact for clients that ignore CIDRs`,
      },
    );
  });
  return list;
}

/** The address `offset` places after the network address of `cidr` (which must hold it). */
function addressInCidr(cidr: string, offset: number, field: string): string {
  const [address, prefix] = cidr.split('/');
  const ip = parseIpNumber(address);
  const prefixLength = Number(prefix);
  if (!ip || !/^[0-9]{1,3}$/.test(prefix ?? '') || prefixLength > familyBits(ip.family)) {
    throw invalidValue(field, cidr, 'must be a CIDR such as 10.96.0.0/12 or fd00:10:96::/112');
  }
  if (blockSize(ip.family, prefixLength) < 16n) {
    throw invalidValue(field, cidr, 'is too small for the API server and DNS ClusterIPs (needs at least 16 addresses)');
  }
  return formatIpNumber({ family: ip.family, value: networkOf(ip, prefixLength) + BigInt(offset) });
}
