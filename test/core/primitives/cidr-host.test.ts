import { addressAtOffset, cidrContains, cidrsOverlap, parseCidr } from '../../../src/core/primitives/cidr';
import { redactCredentials } from '../../../src/core/primitives/credential-mask';
import { isDnsName, parseHost } from '../../../src/core/primitives/host';
import { parseIpLiteral } from '../../../src/core/primitives/ip';
import { assertPrintable } from '../../../src/core/primitives/text';

describe('cidr helpers', () => {
  test('strict IP literals refuse legacy and zone forms', () => {
    expect(parseIpLiteral('10.0.0.1')?.text).toBe('10.0.0.1');
    for (const bad of ['10.1', '0x7f.0.0.1', '010.0.0.1', 'fe80::1%eth0', '1.2.3.256', '']) {
      expect(parseIpLiteral(bad)).toBeUndefined();
    }
  });

  test('overlap and containment across prefix lengths and families', () => {
    const a = parseCidr('a', '10.0.0.0/8');
    const b = parseCidr('b', '10.96.0.0/12');
    const c = parseCidr('c', '192.168.0.0/16');
    const v6 = parseCidr('d', 'fd00::/8');
    expect(cidrsOverlap(a, b)).toBe(true);
    expect(cidrsOverlap(b, a)).toBe(true);
    expect(cidrsOverlap(a, c)).toBe(false);
    expect(cidrsOverlap(a, v6)).toBe(false);
    expect(cidrContains(b, '10.111.255.255')).toBe(true);
    expect(cidrContains(b, '10.112.0.0')).toBe(false);
    expect(cidrContains(b, 'fd00::1')).toBe(false);
  });

  test('address offsets carry across bytes', () => {
    expect(addressAtOffset(parseCidr('x', '10.0.0.0/8'), 256 + 10)).toBe('10.0.1.10');
    expect(addressAtOffset(parseCidr('x', 'fd00::/64'), 10)).toBe('fd00::a');
  });
});

describe('host parsing', () => {
  test('accepts names and both IP families, IPv6 with or without brackets', () => {
    expect(parseHost('h', 'Proxy.Corp.Example')).toEqual({ kind: 'dns', text: 'proxy.corp.example' });
    expect(parseHost('h', '[FD00::1]')).toEqual({ kind: 'ipv6', text: 'fd00::1' });
    expect(parseHost('h', '10.0.0.1')).toEqual({ kind: 'ipv4', text: '10.0.0.1' });
  });
  test('rejects malformed names', () => {
    expect(isDnsName('a'.repeat(64) + '.com')).toBe(false);
    expect(isDnsName('-bad.com')).toBe(false);
    expect(isDnsName('1.2.3')).toBe(false);
    expect(() => parseHost('h', 'bad host')).toThrow('h: must be a valid DNS name or IP address (got "bad host")');
  });
});

describe('redaction and printable text', () => {
  test('redacts the password, keeps the user, never leaks part of a malformed password', () => {
    expect(redactCredentials('http://user:secret@proxy:3128')).toBe('http://user:***@proxy:3128');
    expect(redactCredentials('http://user:p@ss w/rd@proxy:3128')).toBe('http://user:***'); // two "@": the host goes too
    expect(redactCredentials('http://user@proxy:3128')).toBe('http://user@proxy:3128');
    expect(redactCredentials('no url here')).toBe('no url here');
    expect(redactCredentials('user:pw@proxy:3128')).toBe('user:***@proxy:3128');
    expect(redactCredentials('jdoe://@@proxy:3128')).toBe('jdoe:***'); // "://" inside a password
    expect(redactCredentials('  https://u:p@h')).toBe('  https://u:***'); // no port: "h" may be the password's tail
  });
  test('refuses control characters and shows them escaped', () => {
    expect(() => assertPrintable('f', 'a\nb')).toThrow('f: must not contain newlines or control characters (got "a\\nb")');
    expect(() => assertPrintable('f', 'a\u0085b')).toThrow('f: must not contain newlines or control characters');
    expect(assertPrintable('f', 'ok')).toBe('ok');
  });
});
