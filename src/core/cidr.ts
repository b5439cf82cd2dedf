import * as ipaddr from 'ipaddr.js';
import { invalidValue } from './errors';

/** IP family of an address or CIDR. */
export type IpFamily = 'IPv4' | 'IPv6';

/** A validated CIDR block in canonical text form. */
export interface Cidr {
  /** Canonical text, e.g. `10.96.0.0/12` or `fd00:10:96::/112`. */
  readonly text: string;
  readonly family: IpFamily;
  /** The network address. */
  readonly network: ipaddr.IPv4 | ipaddr.IPv6;
  readonly prefixLength: number;
}

/**
 * Strict IP literal parsing. ipaddr.js alone accepts legacy IPv4 forms (`1.2.3`, `0x7f.1`,
 * `010.1.1.1`) that Kubernetes and most proxy clients reject, and IPv6 zone ids (`fe80::1%eth0`);
 * both are refused here so that what we validate is what every consumer reads.
 */
export function parseIpLiteral(text: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(text)) {
    if (text.split('.').some((octet) => octet.length > 1 && octet.startsWith('0'))) {
      return undefined; // leading zeros are octal to some parsers, decimal to others
    }
    return ipaddr.IPv4.isValidFourPartDecimal(text) ? ipaddr.IPv4.parse(text) : undefined;
  }
  if (text.includes(':') && !text.includes('%') && ipaddr.IPv6.isValid(text)) {
    return ipaddr.IPv6.parse(text);
  }
  return undefined;
}

/** Family of a parsed address. */
export function familyOf(address: ipaddr.IPv4 | ipaddr.IPv6): IpFamily {
  return address.kind() === 'ipv4' ? 'IPv4' : 'IPv6';
}

/**
 * Parse a CIDR strictly: valid address, prefix within the family's range, and no host bits set
 * (a typo like `10.96.0.1/12` is reported with the network address it probably meant).
 */
export function parseCidr(field: string, raw: unknown): Cidr {
  if (typeof raw !== 'string') {
    throw invalidValue(field, raw, 'must be a CIDR string such as 10.96.0.0/12');
  }
  const text = raw.trim();
  const match = /^([^/]+)\/(\d{1,3})$/.exec(text);
  const address = match ? parseIpLiteral(match[1]) : undefined;
  if (!match || !address) {
    throw invalidValue(field, raw, 'must be a CIDR such as 10.96.0.0/12 or fd00:10:96::/112');
  }
  const prefixLength = Number(match[2]);
  const maxPrefix = address.kind() === 'ipv4' ? 32 : 128;
  if (prefixLength > maxPrefix) {
    throw invalidValue(field, raw, `prefix length must be at most ${maxPrefix} for ${familyOf(address)}`);
  }
  const network = networkAddress(address, prefixLength);
  const canonical = `${network.toString()}/${prefixLength}`;
  if (network.toString() !== address.toString()) {
    throw invalidValue(field, raw, `has host bits set; did you mean ${canonical}?`);
  }
  return { text: canonical, family: familyOf(address), network, prefixLength };
}

function networkAddress(address: ipaddr.IPv4 | ipaddr.IPv6, prefixLength: number): ipaddr.IPv4 | ipaddr.IPv6 {
  const bytes = address.toByteArray();
  return ipaddr.fromByteArray(bytes.map((byte, index) => {
    const bitsInByte = Math.max(0, Math.min(8, prefixLength - index * 8));
    return byte & (0xff << (8 - bitsInByte)) & 0xff;
  }));
}

/** True when the two blocks share at least one address. */
export function cidrsOverlap(a: Cidr, b: Cidr): boolean {
  if (a.family !== b.family) {
    return false;
  }
  const shorter = Math.min(a.prefixLength, b.prefixLength);
  return networkAddress(a.network, shorter).toString() === networkAddress(b.network, shorter).toString();
}

/** True when `address` lies inside `cidr`. */
export function cidrContains(cidr: Cidr, address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  return familyOf(address) === cidr.family
    && networkAddress(address, cidr.prefixLength).toString() === cidr.network.toString();
}

/** Number of addresses in the block, as a bigint (IPv6 blocks exceed Number). */
export function cidrSize(cidr: Cidr): bigint {
  const bits = (cidr.family === 'IPv4' ? 32 : 128) - cidr.prefixLength;
  return 1n << BigInt(bits);
}

/**
 * The address `offset` places after the network address (`offset` 1 is the first host, the
 * Kubernetes API server's ClusterIP; kubeadm puts cluster DNS at offset 10).
 */
export function addressAtOffset(cidr: Cidr, offset: number): ipaddr.IPv4 | ipaddr.IPv6 {
  const bytes = cidr.network.toByteArray();
  let carry = BigInt(offset);
  for (let index = bytes.length - 1; index >= 0 && carry > 0n; index--) {
    const sum = BigInt(bytes[index]) + carry;
    bytes[index] = Number(sum & 0xffn);
    carry = sum >> 8n;
  }
  return ipaddr.fromByteArray(bytes);
}
