import * as ipaddr from 'ipaddr.js';

/** IP family of an address or CIDR. */
export type IpFamily = 'IPv4' | 'IPv6';

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
  if (text.includes(':') && !text.includes('%')) {
    try {
      return ipaddr.IPv6.parse(text); // throws exactly when IPv6.isValid is false: one parse instead of two
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Family of a parsed address. */
export function familyOf(address: ipaddr.IPv4 | ipaddr.IPv6): IpFamily {
  return address.kind() === 'ipv4' ? 'IPv4' : 'IPv6';
}

/**
 * Address arithmetic (CIDR bounds, overlap, offsets, range splitting). ipaddr.js parses and prints; it has no range
 * arithmetic, so addresses become bigints (IPv6 needs 128 bits) for comparisons, CIDR bounds and
 * range-to-CIDR splitting. Plain arithmetic (`*`, `%`, `**`) is used instead of bit operators,
 * which the project's lint rules forbid.
 */

/** An address as a number, with its family. */
export interface IpNumber {
  readonly family: IpFamily;
  readonly value: bigint;
}

/** Address width in bits. */
export function familyBits(family: IpFamily): number {
  return family === 'IPv4' ? 32 : 128;
}

/** 2^0 .. 2^128: bigint exponentiation is slow, and block sizes are needed in tight loops. */
const POWERS_OF_TWO: bigint[] = Array.from({ length: 129 }, (_, bits) => 2n ** BigInt(bits));
/** The exponent of each power of two up to 2^128 (bigint keys compare by value). */
const BITS_OF_POWER: Map<bigint, number> = new Map(POWERS_OF_TWO.map((power, bits) => [power, bits]));

/** Number of addresses in a `/prefixLength` block. */
export function blockSize(family: IpFamily, prefixLength: number): bigint {
  return POWERS_OF_TWO[familyBits(family) - prefixLength];
}

/**
 * The client models parse the same tokens for every destination they are asked about; a small
 * memo (reset when full, so memory stays bounded) makes `explain` over many URLs cheap.
 */
const parsedIps = new Map<string, IpNumber | undefined>();
const PARSE_CACHE_LIMIT = 4096;

/**
 * Parse a strict IP literal (four-part decimal IPv4 without leading zeros, IPv6 without zone or
 * brackets). Returns undefined for anything else.
 */
export function parseIpNumber(text: string): IpNumber | undefined {
  const cached = parsedIps.get(text);
  if (cached !== undefined || parsedIps.has(text)) {
    return cached;
  }
  const ip = parseIpv4Number(text) ?? numberOf(parseIpLiteral(text));
  if (parsedIps.size >= PARSE_CACHE_LIMIT) {
    parsedIps.clear();
  }
  parsedIps.set(text, ip);
  return ip;
}

/**
 * A four-part decimal IPv4 address without leading zeros (what `parseIpLiteral` accepts for IPv4),
 * read directly: most NO_PROXY entries are IPv4.
 */
function parseIpv4Number(text: string): IpNumber | undefined {
  if (!IPV4_DECIMAL.test(text)) {
    return undefined;
  }
  let value = 0;
  for (const octet of text.split('.')) {
    const number = Number(octet);
    if (number > 255) {
      return undefined;
    }
    value = value * 256 + number;
  }
  return { family: 'IPv4', value: BigInt(value) };
}
/** Four decimal octets of 1 to 3 digits, none with a leading zero. */
const IPV4_DECIMAL = /^(?:(?:0|[1-9]\d{0,2})\.){3}(?:0|[1-9]\d{0,2})$/;

function numberOf(address: ipaddr.IPv4 | ipaddr.IPv6 | undefined): IpNumber | undefined {
  return address && { family: familyOf(address), value: address.toByteArray().reduce((acc, byte) => acc * 256n + BigInt(byte), 0n) };
}

/** Canonical text of an address: dotted decimal or RFC 5952 (what WHATWG URL and inet_ntop print). */
export function formatIpNumber(ip: IpNumber): string {
  if (ip.family === 'IPv4') {
    const value = Number(ip.value);
    return `${Math.floor(value / 2 ** 24)}.${Math.floor(value / 2 ** 16) % 256}.${Math.floor(value / 2 ** 8) % 256}.${value % 256}`;
  }
  const bytes: number[] = [];
  let rest = ip.value;
  for (let i = 0; i < familyBits(ip.family) / 8; i++) {
    bytes.unshift(Number(rest % 256n));
    rest /= 256n;
  }
  return ipaddr.fromByteArray(bytes).toString();
}

/** The network address of the `/prefixLength` block holding `value` (host bits cleared). */
export function networkOf(ip: IpNumber, prefixLength: number): bigint {
  return ip.value - (ip.value % blockSize(ip.family, prefixLength));
}

/** First and last address of the `/prefixLength` block holding `ip`. */
export function cidrBounds(ip: IpNumber, prefixLength: number): [bigint, bigint] {
  const first = networkOf(ip, prefixLength);
  return [first, first + blockSize(ip.family, prefixLength) - 1n];
}

/** A CIDR block as numbers. */
export interface CidrBlock {
  readonly family: IpFamily;
  readonly network: bigint;
  readonly prefixLength: number;
}

/**
 * The smallest list of CIDR blocks whose union is exactly `start`..`end` (inclusive), in
 * ascending order. Greedy: at each step take the largest aligned block that starts at the cursor
 * and does not pass `end`.
 */
export function rangeToCidrs(family: IpFamily, start: bigint, end: bigint): CidrBlock[] {
  const bits = familyBits(family);
  const blocks: CidrBlock[] = [];
  let cursor = start;
  while (cursor <= end) {
    let prefixLength = 0;
    while (prefixLength < bits) {
      const size = blockSize(family, prefixLength);
      if (cursor % size === 0n && cursor + size - 1n <= end) {
        break;
      }
      prefixLength++;
    }
    blocks.push({ family, network: cursor, prefixLength });
    cursor += blockSize(family, prefixLength);
  }
  return blocks;
}

/** The prefix length if `start`..`end` is exactly one CIDR block, otherwise undefined. */
export function exactCidrPrefix(family: IpFamily, start: bigint, end: bigint): number | undefined {
  // One block: its size is a power of two and its start is aligned to that size.
  const size = end - start + 1n;
  const hostBits = BITS_OF_POWER.get(size);
  if (hostBits === undefined || hostBits > familyBits(family) || start % size !== 0n) {
    return undefined;
  }
  return familyBits(family) - hostBits;
}
