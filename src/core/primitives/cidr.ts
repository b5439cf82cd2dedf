import { invalidValue } from './errors';
import { blockSize, familyBits, formatIpNumber, IpFamily, IpNumber, networkOf, parseIpNumber } from './ip';

/** A validated CIDR block in canonical text form. */
export interface Cidr {
  /** Canonical text, e.g. `10.96.0.0/12` or `fd00:10:96::/112`. */
  readonly text: string;
  readonly family: IpFamily;
  /** The network address as a number. */
  readonly network: IpNumber;
  readonly prefixLength: number;
}

/**
 * Parse a CIDR strictly: valid address, prefix within the family's range, and no host bits set
 * (a typo like `10.96.0.1/12` is reported with the network address it probably meant).
 */
export function parseCidr(field: string, raw: unknown): Cidr {
  if (typeof raw !== 'string') {
    throw invalidValue(field, raw, 'must be a CIDR string such as 10.96.0.0/12');
  }
  const match = /^([^/]+)\/(\d{1,3})$/.exec(raw.trim());
  const address = match ? parseIpNumber(match[1]) : undefined;
  if (!match || !address) {
    throw invalidValue(field, raw, 'must be a CIDR such as 10.96.0.0/12 or fd00:10:96::/112');
  }
  const prefixLength = Number(match[2]);
  const maxPrefix = familyBits(address.family);
  if (prefixLength > maxPrefix) {
    throw invalidValue(field, raw, `prefix length must be at most ${maxPrefix} for ${address.family}`);
  }
  const network: IpNumber = { family: address.family, value: networkOf(address, prefixLength) };
  const canonical = `${formatIpNumber(network)}/${prefixLength}`;
  if (network.value !== address.value) {
    throw invalidValue(field, raw, `has host bits set; did you mean ${canonical}?`);
  }
  return { text: canonical, family: address.family, network, prefixLength };
}

/** True when the two blocks share at least one address. */
export function cidrsOverlap(a: Cidr, b: Cidr): boolean {
  if (a.family !== b.family) {
    return false;
  }
  const shorter = Math.min(a.prefixLength, b.prefixLength);
  return networkOf(a.network, shorter) === networkOf(b.network, shorter);
}

/** True when the address (text) lies inside `cidr`. */
export function cidrContains(cidr: Cidr, address: string): boolean {
  const ip = parseIpNumber(address);
  return ip !== undefined && ip.family === cidr.family && networkOf(ip, cidr.prefixLength) === cidr.network.value;
}

/** Number of addresses in the block. */
export function cidrSize(cidr: Cidr): bigint {
  return blockSize(cidr.family, cidr.prefixLength);
}

/**
 * The address `offset` places after the network address, as text (`offset` 1 is the first host,
 * the Kubernetes API server's ClusterIP; kubeadm puts cluster DNS at offset 10).
 */
export function addressAtOffset(cidr: Cidr, offset: number): string {
  return formatIpNumber({ family: cidr.family, value: cidr.network.value + BigInt(offset) });
}
