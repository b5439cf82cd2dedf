import * as fc from 'fast-check';
import * as ipaddr from 'ipaddr.js';
import { ParsedNoProxyEntry, parseNoProxyEntry } from '../../../src/core/noproxy';

/**
 * Generators for NO_PROXY property tests. Entries are generated as raw text in every accepted
 * spelling (upper case, `*.`, brackets, spaces around) and parsed, so the parser is exercised too.
 * Names come from a small alphabet so that generated hosts often share labels with entries.
 */

const label = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('a', 'b', 'svc', 'example', 'corp', 'x-y', 'k8s', '_srv', 'local') },
  // never an `xn--` label: URL parsers refuse invalid punycode, so no destination could be built
  { weight: 1, arbitrary: fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,6}[a-z0-9])?$/).filter((l) => !l.startsWith('xn--')) },
);
const topLabel = fc.constantFrom('com', 'local', 'svc', 'internal', 'example', 'cafe', 'de');

/** A DNS name (1 to 4 labels, last one alphabetic), sometimes with a trailing dot. */
export const dnsName: fc.Arbitrary<string> = fc
  .tuple(fc.array(label, { maxLength: 3 }), topLabel, fc.integer({ min: 0, max: 4 }).map((n) => n === 0))
  .map(([labels, top, trailingDot]) => `${[...labels, top].join('.')}${trailingDot ? '.' : ''}`);

/** Canonical IPv4 text, biased to a few small networks so addresses collide with entries. */
export const ipv4: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fc.constantFrom(10, 192, 127, 8), fc.constantFrom(0, 1, 96, 168), fc.nat(3), fc.nat(255)).map((octets) => octets.join('.')),
  fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)).map((octets) => octets.join('.')),
);

/** Canonical IPv6 text (RFC 5952), biased to fd00::/16 with zero runs. */
export const ipv6: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fc.constantFrom(0xfd00, 0x2001), fc.constantFrom(0, 0xdb8), fc.nat(3), fc.nat(0xffff))
    .map(([a, b, c, d]) => new ipaddr.IPv6([a, b, 0, 0, 0, 0, c, d]).toString()),
  fc.array(fc.nat(0xffff), { minLength: 8, maxLength: 8 }).map((parts) => new ipaddr.IPv6(parts).toString()),
);

const port = fc.constantFrom(80, 443, 8080, 8443, 6443);

/** Raw text of an entry that the parser accepts, in any accepted spelling. */
export const rawEntry: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: dnsName },
  { weight: 3, arbitrary: dnsName.map((name) => `.${name}`) },
  { weight: 1, arbitrary: dnsName.map((name) => `*.${name}`) },
  { weight: 1, arbitrary: fc.tuple(dnsName, port).map(([name, p]) => `${name}:${p}`) },
  { weight: 1, arbitrary: fc.tuple(dnsName, port).map(([name, p]) => `.${name}:${p}`) },
  { weight: 3, arbitrary: ipv4 },
  { weight: 1, arbitrary: fc.tuple(ipv4, port).map(([ip, p]) => `${ip}:${p}`) },
  { weight: 2, arbitrary: ipv6 },
  { weight: 1, arbitrary: ipv6.map((ip) => `[${ip}]`) },
  { weight: 1, arbitrary: fc.tuple(ipv6, port).map(([ip, p]) => `[${ip}]:${p}`) },
  { weight: 3, arbitrary: fc.tuple(ipv4, fc.integer({ min: 1, max: 32 })).map(([ip, bits]) => `${ipaddr.IPv4.networkAddressFromCIDR(`${ip}/${bits}`)}/${bits}`) },
  { weight: 2, arbitrary: fc.tuple(ipv6, fc.integer({ min: 1, max: 128 })).map(([ip, bits]) => `${ipaddr.IPv6.networkAddressFromCIDR(`${ip}/${bits}`)}/${bits}`) },
  { weight: 2, arbitrary: fc.tuple(ipv4, fc.nat(600)).map(([ip, span]) => range('IPv4', ip, span)) },
  { weight: 1, arbitrary: fc.tuple(ipv6, fc.nat(600)).map(([ip, span]) => range('IPv6', ip, span)) },
).chain((text) => fc.constantFrom(text, text.toUpperCase(), ` ${text}  `));

function range(family: 'IPv4' | 'IPv6', start: string, span: number): string {
  const bytes = ipaddr.parse(start).toByteArray();
  let value = bytes.reduce((acc, byte) => acc * 256n + BigInt(byte), 0n) + BigInt(span);
  const max = family === 'IPv4' ? 2n ** 32n - 1n : 2n ** 128n - 1n;
  value = value > max ? max : value;
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    out.unshift(Number(value % 256n));
    value /= 256n;
  }
  return `${start}-${ipaddr.fromByteArray(out).toString()}`;
}

/** A valid parsed entry (never `*`). */
export const entry: fc.Arbitrary<ParsedNoProxyEntry> = rawEntry.map((raw) => parseNoProxyEntry(raw, 'generated'));

/** A list of entries without `*`. */
export const entryList: fc.Arbitrary<ParsedNoProxyEntry[]> = fc.array(entry, { minLength: 1, maxLength: 6 });

/** Numeric neighbours of an address (-1, 0, +1), in canonical text, within its family. */
export function neighbours(address: string): string[] {
  const parsed = ipaddr.parse(address);
  const bytes = parsed.toByteArray();
  const value = bytes.reduce((acc, byte) => acc * 256n + BigInt(byte), 0n);
  const max = 2n ** BigInt(bytes.length * 8) - 1n;
  return [value - 1n, value, value + 1n].filter((v) => v >= 0n && v <= max).map((v) => {
    const out: number[] = [];
    let rest = v;
    for (let i = 0; i < bytes.length; i++) {
      out.unshift(Number(rest % 256n));
      rest /= 256n;
    }
    return ipaddr.fromByteArray(out).toString();
  });
}
