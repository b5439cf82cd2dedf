import type * as ipaddr from 'ipaddr.js';

/** IP family of an address or CIDR. */
export type IpFamily = 'IPv4' | 'IPv6';

/** A valid IP literal: its family and canonical text (dotted decimal, or RFC 5952 for IPv6). */
export interface IpLiteral {
  readonly family: IpFamily;
  readonly text: string;
}

/**
 * Strict IP literal parsing: four-part decimal IPv4 without leading zeros, and IPv6 without a zone
 * id. ipaddr.js alone accepts legacy IPv4 forms (`1.2.3`, `0x7f.1`, `010.1.1.1`) that Kubernetes
 * and most proxy clients reject, and IPv6 zone ids (`fe80::1%eth0`); both are refused here so
 * that what we validate is what every consumer reads.
 */
export function parseIpLiteral(text: string): IpLiteral | undefined {
  const ip = readIpNumber(text);
  return ip && { family: ip.family, text: formatIpNumber(ip) };
}

/**
 * Address arithmetic (CIDR bounds, overlap, offsets, range splitting): addresses are bigints (IPv6
 * needs 128 bits) for comparisons, CIDR bounds and range-to-CIDR splitting. Plain arithmetic (`*`,
 * `%`, `**`) is used instead of bit operators, which the project's lint rules forbid.
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
  const ip = readIpNumber(text);
  if (parsedIps.size >= PARSE_CACHE_LIMIT) {
    parsedIps.clear();
  }
  parsedIps.set(text, ip);
  return ip;
}

/**
 * {@link parseIpNumber} without the memo, for text read once (a NO_PROXY list being parsed): a
 * memo lookup and insertion would cost more than they save, and keep the values alive longer.
 */
export function readIpNumber(text: string): IpNumber | undefined {
  if (!text.includes(':')) {
    const value = ipv4Value(text);
    return value === undefined ? undefined : { family: 'IPv4', value: BigInt(value) };
  }
  const v6 = plainIpv6Hex(text);
  return v6 === undefined ? otherIpv6Number(text) : { family: 'IPv6', value: BigInt(`0x${v6}`) };
}

/**
 * An IPv6 address in another form than the plain one (an embedded IPv4 address, `::ffff:1.2.3.4`),
 * read by ipaddr.js, which loads on first use: most programs never meet such an address.
 */
function otherIpv6Number(text: string): IpNumber | undefined {
  if (text.includes('%')) {
    return undefined; // a zone id
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { IPv6 } = require('ipaddr.js') as typeof ipaddr;
  try {
    return { family: 'IPv6', value: BigInt(`0x${IPv6.parse(text).parts.map((part) => part.toString(16).padStart(4, '0')).join('')}`) };
  } catch {
    return undefined; // parse throws exactly when IPv6.isValid is false: one parse instead of two
  }
}

/**
 * The 32 hex digits of an IPv6 address written the plain way, as groups of one to four hex digits
 * with at most one `::`, read without ipaddr.js (several times faster); undefined for anything
 * else. Every other form, valid (an embedded IPv4 address) or not, is left to `otherIpv6Number`.
 */
function plainIpv6Hex(text: string): string | undefined {
  const gap = text.indexOf('::');
  const head = gap === -1 ? text : text.slice(0, gap);
  const tail = gap === -1 ? '' : text.slice(gap + 2);
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === '' ? [] : tail.split(':');
  const written = headGroups.length + tailGroups.length;
  if (gap === -1 ? written !== 8 : written > 7) {
    return undefined; // `::` stands for at least one group
  }
  const groups = [...headGroups, ...Array<string>(8 - written).fill('0'), ...tailGroups];
  if (!groups.every((group) => HEX_GROUP.test(group))) {
    return undefined;
  }
  return groups.map((group) => group.padStart(4, '0')).join('').toLowerCase();
}

const HEX_GROUP = /^[0-9a-f]{1,4}$/i;

/**
 * The value of a four-part decimal IPv4 address without leading zeros, as a plain number; undefined
 * for anything else. One character loop, without a regex or a split: most NO_PROXY entries are
 * IPv4, and lists of many thousands are read in one go.
 */
export function ipv4Value(text: string): number | undefined {
  let value = 0;
  let octet = 0;
  let digits = 0;
  let dots = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === DOT) {
      if (digits === 0 || dots === 3) {
        return undefined;
      }
      value = value * 256 + octet;
      octet = 0;
      digits = 0;
      dots++;
    } else if (code >= DIGIT_0 && code <= DIGIT_9) {
      if (digits === 1 && octet === 0) {
        return undefined; // a leading zero: octal to some parsers, decimal to others
      }
      octet = octet * 10 + code - DIGIT_0;
      digits++;
      if (octet > 255) {
        return undefined;
      }
    } else {
      return undefined;
    }
  }
  return dots === 3 && digits > 0 ? value * 256 + octet : undefined;
}

const DOT = 46;
const DIGIT_0 = 48;
const DIGIT_9 = 57;

/** Canonical text of an address: dotted decimal or RFC 5952 (what WHATWG URL and inet_ntop print). */
export function formatIpNumber(ip: IpNumber): string {
  if (ip.family === 'IPv4') {
    const value = Number(ip.value);
    return `${Math.floor(value / 2 ** 24)}.${Math.floor(value / 2 ** 16) % 256}.${Math.floor(value / 2 ** 8) % 256}.${value % 256}`;
  }
  return formatIpv6Hextets(ip.value.toString(16).padStart(32, '0'));
}

/**
 * RFC 5952 text of an IPv6 address given as 32 hex digits: lower-case hextets without leading zeros,
 * and the longest run of two or more zero hextets (the first of equal runs) written as `::`.
 */
function formatIpv6Hextets(hex: string): string {
  const hextets: string[] = [];
  let bestStart = -1;
  let bestLength = 1; // a single zero hextet is never compressed
  let runStart = -1;
  for (let index = 0; index < 8; index++) {
    const hextet = hex.slice(index * 4, index * 4 + 4).replace(/^0{1,3}/, '');
    hextets.push(hextet);
    if (hextet !== '0') {
      runStart = -1;
      continue;
    }
    runStart = runStart === -1 ? index : runStart;
    if (index - runStart + 1 > bestLength) {
      bestStart = runStart;
      bestLength = index - runStart + 1;
    }
  }
  if (bestStart === -1) {
    return hextets.join(':');
  }
  return `${hextets.slice(0, bestStart).join(':')}::${hextets.slice(bestStart + bestLength).join(':')}`;
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
  const blocks: CidrBlock[] = [];
  let cursor = start;
  while (cursor <= end) {
    // the largest block aligned at the cursor that ends by `end`: a single address at the least
    let prefixLength = 0;
    while (cursor % blockSize(family, prefixLength) !== 0n || cursor + blockSize(family, prefixLength) - 1n > end) {
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
