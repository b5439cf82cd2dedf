import { ClusterNetwork } from '../../core/definition/network';
import { knownClusterIps } from '../../core/noproxy/cluster-ips';
import { parseNoProxyEntry } from '../../core/noproxy/parse';
import { NoProxyEntryKind } from '../../core/noproxy/types';
import { cidrBounds, formatIpNumber, parseIpNumber } from '../../core/primitives/ip';

/** A destination a workload or node on the cluster reaches directly, that must not go to the proxy. */
export interface AuditDestination {
  /** What it stands for, e.g. `API server ClusterIP`. */
  readonly label: string;
  readonly url: string;
}

/** `fd00::1` in a URL needs brackets. */
function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** An address in the middle of a CIDR, standing for "any member". */
function memberOf(cidr: string): string {
  const [address, prefix] = cidr.split('/');
  const ip = parseIpNumber(address);
  if (!ip) {
    throw new Error(`invalid CIDR ${cidr}`);
  }
  const [first, last] = cidrBounds(ip, Number(prefix));
  return formatIpNumber({ family: ip.family, value: first + (last - first) / 2n + 1n });
}

/**
 * The in-cluster, node and metadata destinations of a cluster: Service names (short, qualified,
 * fully qualified with and without the trailing dot), every known ClusterIP, a pod, Service and
 * node address of each CIDR, the control-plane endpoint, the provider's local endpoints, and
 * loopback.
 */
export function auditDestinations(network: ClusterNetwork): AuditDestination[] {
  const domain = network.serviceDomain;
  const list: AuditDestination[] = [
    { label: 'kubernetes (short name)', url: 'https://kubernetes/' },
    { label: 'kubernetes.default.svc', url: 'https://kubernetes.default.svc/' },
    { label: `kubernetes.default.svc.${domain}`, url: `https://kubernetes.default.svc.${domain}/` },
    { label: 'a Service by namespace-qualified name', url: 'http://web.shop.svc:8080/' },
    { label: 'a Service by FQDN', url: `http://web.shop.svc.${domain}:8080/` },
    { label: 'a Service by FQDN with the trailing dot', url: `http://web.shop.svc.${domain}.:8080/` },
    ...knownClusterIps(network).map((known) => ({
      label: `${known.service === 'kubernetes' ? 'API server' : 'cluster DNS'} ClusterIP ${known.address}`,
      url: known.service === 'kubernetes' ? `https://${urlHost(known.address)}/` : `http://${urlHost(known.address)}:9153/metrics`,
    })),
    ...network.services.map((cidr) => ({ label: `a ClusterIP in ${cidr}`, url: `http://${urlHost(memberOf(cidr))}:8080/` })),
    ...network.pods.map((cidr) => ({ label: `a pod IP in ${cidr}`, url: `http://${urlHost(memberOf(cidr))}:9100/metrics` })),
    ...network.machineCidrs.map((cidr) => ({ label: `a node IP in ${cidr}`, url: `https://${urlHost(memberOf(cidr))}:10250/healthz` })),
    ...(network.controlPlaneEndpoint === undefined ? [] : [{
      label: `control-plane endpoint ${network.controlPlaneEndpoint}`,
      url: `https://${urlHost(network.controlPlaneEndpoint)}:6443/readyz`,
    }]),
    ...network.providerEntries.flatMap((provided) => {
      const entry = parseNoProxyEntry(provided.value, 'provider');
      const host = entry.kind === NoProxyEntryKind.IP ? urlHost(entry.address) : entry.kind === NoProxyEntryKind.SUFFIX ? `node-1.${entry.name}` : entry.kind === NoProxyEntryKind.DOMAIN ? entry.name : undefined;
      return host === undefined ? [] : [{ label: `${provided.value} (${provided.reason.replace(/[:(].*$/, '').trim()})`, url: `http://${host}/` }];
    }),
    { label: 'localhost', url: 'http://localhost:8080/' },
    { label: '127.0.0.1', url: 'http://127.0.0.1:10248/healthz' },
    { label: '[::1]', url: 'http://[::1]:8080/' },
  ];
  return list;
}
