/**
 * Deterministic inputs for the benchmarks: the same lists every run, so results compare across runs.
 */
import { ClusterNetwork, Provider, ProxySettings } from '../src';

/**
 * `count` mixed installation-wide NO_PROXY entries: host names, suffixes, IPv4 addresses, IPv4 and
 * IPv6 CIDRs, plus duplicates and entries covered by others (the normalizer's real work).
 */
export function mixedEntries(count: number, salt = 0): string[] {
  const entries: string[] = [];
  // A salt gives a list of the same shape whose strings the process has never seen: names get
  // a salt label, addresses and networks move by it.
  const s = salt === 0 ? '' : `s${salt}.`;
  for (let i = 0; i < count; i++) {
    const j = i + salt * 7919;
    const a = Math.floor(j / 256) % 256;
    const b = j % 256;
    switch (i % 8) {
      case 0: entries.push(`svc${i}.team${i % 97}.${s}corp.example`); break;
      case 1: entries.push(`.zone${i}.${s}internal.example`); break;
      case 2: entries.push(`10.${a}.${b}.${(j * 7) % 256}`); break;
      case 3: entries.push(`172.${16 + (j % 16)}.${b}.0/24`); break;
      case 4: entries.push(`fd00:${(j % 0x10000).toString(16)}::/64`); break;
      case 5: entries.push(`${entries[i - 5]}`); break; // duplicate (equal, not the same string)
      case 6: entries.push(`host${i}.zone${i - 5}.${s}internal.example`); break; // covered by the suffix above
      default: entries.push(`192.168.${b}.${(j * 3) % 256}`); break;
    }
  }
  return entries;
}

/**
 * A typical corporate installation list, as platform teams write them: mostly domain suffixes and
 * internal networks, some single hosts and addresses (cycled to reach `count`).
 */
export function typicalEntries(count: number): string[] {
  const entries: string[] = [];
  for (let i = 0; i < count; i++) {
    switch (i % 10) {
      case 0: case 1: case 2: case 3: entries.push(`.dept${i}.corp.example`); break;
      case 4: case 5: entries.push(`10.${Math.floor(i / 256) % 256}.${i % 256}.0/24`); break;
      case 6: case 7: entries.push(`10.200.${Math.floor(i / 256) % 256}.${i % 256}`); break;
      case 8: entries.push(`svc${i}.corp.example`); break;
      default: entries.push(`fd00:${i.toString(16)}::10`); break;
    }
  }
  return entries;
}

/** Settings with credentials (the common case) and `noProxy` installation entries. */
export function settings(noProxy: string[] = ['.corp.example', '10.0.0.0/8']): ProxySettings {
  return new ProxySettings({
    httpProxy: 'http://proxy.corp.example:3128',
    httpsProxy: 'http://proxy.corp.example:3128',
    username: 'svc-k8s',
    password: 'p@ss:w/rd%#?"\' \\$!&',
    noProxy,
  });
}

/** The network of cluster number `index`: distinct endpoint, same ranges (as in a real fleet). */
export function network(index = 0): ClusterNetwork {
  return new ClusterNetwork({
    pods: ['192.168.0.0/16'],
    services: ['10.96.0.0/12'],
    controlPlaneEndpoint: `api.cluster-${index}.fleet.example`,
    machineCidrs: ['10.20.0.0/16'],
    provider: Provider.AWS,
    region: 'eu-central-1',
  });
}
