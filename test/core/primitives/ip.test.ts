import * as fc from 'fast-check';
import * as ipaddr from 'ipaddr.js';
import { formatIpNumber, parseIpLiteral, parseIpNumber } from '../../../src/core/primitives/ip';

/**
 * The strict reading the library promises, written with ipaddr.js: four-part decimal IPv4 without
 * leading zeros (ipaddr.js alone also takes octal, hex and fewer parts), IPv6 without a zone id.
 */
function ipaddrReference(text: string): { family: string; value: bigint; text: string } | undefined {
  let address: ipaddr.IPv4 | ipaddr.IPv6 | undefined;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(text) && !/(^|\.)0\d/.test(text) && ipaddr.IPv4.isValidFourPartDecimal(text)) {
    address = ipaddr.IPv4.parse(text);
  } else if (text.includes(':') && !text.includes('%') && ipaddr.IPv6.isValid(text)) {
    address = ipaddr.IPv6.parse(text);
  }
  return address && {
    family: address.kind() === 'ipv4' ? 'IPv4' : 'IPv6',
    value: address.toByteArray().reduce((acc, byte) => acc * 256n + BigInt(byte), 0n),
    text: address.toString(),
  };
}

/** `text` is read exactly when the reference reads it, to the same value and canonical text. */
function expectReadAsIpaddrReads(text: string): void {
  const reference = ipaddrReference(text);
  expect(parseIpNumber(text)).toEqual(reference && { family: reference.family, value: reference.value });
  expect(parseIpLiteral(text)).toEqual(reference && { family: reference.family, text: reference.text });
}

/** Hextets drawn mostly from zero, so runs of zeros of every length and position are common. */
const hextets = fc.array(fc.oneof(fc.constant(0), fc.constant(0), fc.integer({ min: 1, max: 0xffff })), { minLength: 8, maxLength: 8 });

describe('IPv6 addresses as numbers', () => {
  test('the value is the address read as one 128-bit number, as ipaddr.js gives its bytes', () => {
    fc.assert(fc.property(hextets, (parts) => {
      const address = new ipaddr.IPv6(parts);
      const fromBytes = address.toByteArray().reduce((acc, byte) => acc * 256n + BigInt(byte), 0n);
      for (const text of [address.toNormalizedString(), address.toRFC5952String(), parts.map((part) => part.toString(16).padStart(4, '0')).join(':').toUpperCase()]) {
        expect(parseIpNumber(text)).toEqual({ family: 'IPv6', value: fromBytes });
      }
    }), { numRuns: 500 });
  });

  test('the text is RFC 5952, as ipaddr.js prints it (longest zero run, leftmost of equals, never one zero)', () => {
    fc.assert(fc.property(hextets, (parts) => {
      const address = new ipaddr.IPv6(parts);
      const ip = parseIpNumber(address.toNormalizedString());
      expect(ip && formatIpNumber(ip)).toBe(address.toRFC5952String());
    }), { numRuns: 500 });
  });

  test.each([
    ['::', '0:0:0:0:0:0:0:0'],
    ['::1', '0:0:0:0:0:0:0:1'],
    ['fd00::', 'fd00:0:0:0:0:0:0:0'],
    ['1:0:2::', '1:0:2:0:0:0:0:0'],
    ['1::2:0:0:3:4', '1:0:0:2:0:0:3:4'],
    ['1:0:0:2::3', '1:0:0:2:0:0:0:3'],
    ['1:2:3:4:5:6:0:8', '1:2:3:4:5:6:0:8'],
    ['::ffff:102:304', '::ffff:1.2.3.4'],
  ])('%s is the canonical text of %s', (canonical, written) => {
    const ip = parseIpNumber(written);
    expect(ip && formatIpNumber(ip)).toBe(canonical);
  });
});

describe('IPv4 addresses as numbers', () => {
  /** Strings of digits and dots near the IPv4 form: leading zeros, long octets, missing or extra parts. */
  const nearIpv4 = fc.array(fc.oneof(
    fc.integer({ min: 0, max: 300 }).map(String),
    fc.constantFrom('0', '00', '01', '255', '256', '1000', ''),
  ), { minLength: 1, maxLength: 6 }).map((octets) => octets.join('.'));

  test('exactly the strict four-part decimal addresses are read, with their value', () => {
    fc.assert(fc.property(nearIpv4, (text) => {
      expectReadAsIpaddrReads(text);
    }), { numRuns: 2000 });
  });

  test.each(['1.2.3', '1.2.3.4.', '.1.2.3', '1..2.3', '01.2.3.4', '1.2.3.256', '1.2.3.4a', ' 1.2.3.4'])('%j is not an address', (text) => {
    expect(parseIpNumber(text)).toBeUndefined();
  });
});

describe('IPv6 text in every form ipaddr.js reads', () => {
  /** Strings of hex digits, colons and a few dots, near the IPv6 forms (and often not one). */
  const nearIpv6 = fc.array(fc.constantFrom('0', '1', 'a', 'F', 'ffff', '12345', ':', ':', '::', '.', '1.2.3.4'), { minLength: 1, maxLength: 14 })
    .map((parts) => parts.join(''));

  test('reads exactly what ipaddr.js reads, with the same value', () => {
    fc.assert(fc.property(nearIpv6, (text) => {
      expectReadAsIpaddrReads(text);
    }), { numRuns: 3000 });
  });
});
