import { formatNoProxyEntry } from '../../../src/core/noproxy/format';
import { parseNoProxyEntry, parseNoProxyList } from '../../../src/core/noproxy/parse';
import { ParsedNoProxyEntry, NoProxyEntryKind } from '../../../src/core/noproxy/types';
import { ProxyConfigError } from '../../../src/core/primitives/errors';

const parse = (raw: string): ParsedNoProxyEntry => parseNoProxyEntry(raw, 'noProxy[2]');

/** The error message for an entry, asserting it is a field-naming ProxyConfigError. */
function errorOf(raw: string, field = 'noProxy[2]'): string {
  try {
    parseNoProxyEntry(raw, field);
  } catch (error) {
    expect(error).toBeInstanceOf(ProxyConfigError);
    expect((error as ProxyConfigError).field).toBe(field);
    return (error as Error).message;
  }
  throw new Error(`expected ${JSON.stringify(raw)} to be rejected`);
}

describe('parseNoProxyEntry: accepted forms', () => {
  test.each<[string, ParsedNoProxyEntry]>([
    ['example.com', { kind: NoProxyEntryKind.DOMAIN, name: 'example.com' }],
    ['  Example.COM ', { kind: NoProxyEntryKind.DOMAIN, name: 'example.com' }],
    ['cluster.local.', { kind: NoProxyEntryKind.DOMAIN, name: 'cluster.local.' }],
    ['localhost', { kind: NoProxyEntryKind.DOMAIN, name: 'localhost' }],
    ['_proxy.corp.example', { kind: NoProxyEntryKind.DOMAIN, name: '_proxy.corp.example' }],
    ['.example.com', { kind: NoProxyEntryKind.SUFFIX, name: 'example.com' }],
    ['*.Example.com', { kind: NoProxyEntryKind.SUFFIX, name: 'example.com' }],
    ['.svc', { kind: NoProxyEntryKind.SUFFIX, name: 'svc' }],
    ['.cluster.local.', { kind: NoProxyEntryKind.SUFFIX, name: 'cluster.local.' }],
    ['*', { kind: NoProxyEntryKind.WILDCARD }],
    ['10.0.0.1', { kind: NoProxyEntryKind.IP, family: 'IPv4', address: '10.0.0.1' }],
    ['FD00:0:0::10', { kind: NoProxyEntryKind.IP, family: 'IPv6', address: 'fd00::10' }],
    ['[fd00::10]', { kind: NoProxyEntryKind.IP, family: 'IPv6', address: 'fd00::10' }],
    ['10.96.0.0/12', { kind: NoProxyEntryKind.CIDR, family: 'IPv4', network: '10.96.0.0', prefixLength: 12 }],
    ['fd00:10:96::/112', { kind: NoProxyEntryKind.CIDR, family: 'IPv6', network: 'fd00:10:96::', prefixLength: 112 }],
    ['10.0.0.1/32', { kind: NoProxyEntryKind.IP, family: 'IPv4', address: '10.0.0.1' }],
    ['fd00::1/128', { kind: NoProxyEntryKind.IP, family: 'IPv6', address: 'fd00::1' }],
    ['10.0.0.10-10.0.0.20', { kind: NoProxyEntryKind.RANGE, family: 'IPv4', start: '10.0.0.10', end: '10.0.0.20' }],
    ['10.0.0.0-10.0.0.255', { kind: NoProxyEntryKind.CIDR, family: 'IPv4', network: '10.0.0.0', prefixLength: 24 }],
    ['10.0.0.7-10.0.0.7', { kind: NoProxyEntryKind.IP, family: 'IPv4', address: '10.0.0.7' }],
    ['fd00::1-fd00::ff', { kind: NoProxyEntryKind.RANGE, family: 'IPv6', start: 'fd00::1', end: 'fd00::ff' }],
    ['example.com:8443', { kind: NoProxyEntryKind.DOMAIN, name: 'example.com', port: 8443 }],
    ['.example.com:443', { kind: NoProxyEntryKind.SUFFIX, name: 'example.com', port: 443 }],
    ['*.example.com:443', { kind: NoProxyEntryKind.SUFFIX, name: 'example.com', port: 443 }],
    ['10.0.0.1:80', { kind: NoProxyEntryKind.IP, family: 'IPv4', address: '10.0.0.1', port: 80 }],
    ['[FD00::1]:65535', { kind: NoProxyEntryKind.IP, family: 'IPv6', address: 'fd00::1', port: 65535 }],
  ])('%j', (raw, expected) => {
    expect(parse(raw)).toEqual(expected);
    expect(parse(formatNoProxyEntry(expected))).toEqual(expected);
  });

  test('accepts names at the DNS length limits', () => {
    const label63 = 'a'.repeat(63);
    expect(parse(`${label63}.com`)).toEqual({ kind: 'domain', name: `${label63}.com` });
    const name253 = [label63, label63, label63, 'b'.repeat(57), 'com'].join('.');
    expect(name253).toHaveLength(253);
    expect(parse(name253)).toEqual({ kind: 'domain', name: name253 });
    expect(parse(`${name253}.`)).toEqual({ kind: 'domain', name: `${name253}.` });
  });
});

describe('parseNoProxyEntry: errors name the field and quote the entry', () => {
  test.each<[string, RegExp]>([
    ['http://x', /^noProxy\[2\]: a NO_PROXY entry must not contain a scheme.*\(got "http:\/\/x"\)$/],
    ['https://user:secret@proxy.corp', /must not contain a scheme.*\(got "https:\/\/user:\*\*\*"\)$/],
    ['https://user:secret@proxy.corp:3128', /must not contain a scheme.*\(got "https:\/\/user:\*\*\*@proxy\.corp:3128"\)$/],
    ['example.com/path', /must not contain a path.*\(got "example.com\/path"\)$/],
    ['a b', /must not contain spaces; separate entries with ","/],
    ['a\tb', /must not contain newlines or control characters/],
    ['a\nb', /must not contain newlines or control characters/],
    ['a;b', /";" does not separate NO_PROXY entries in any client; separate entries with ","/],
    ['a,b', /holds several NO_PROXY entries/],
    ['', /must not be empty/],
    ['   ', /must not be empty/],
    ['user@host', /must not contain user info/],
    ['10.96.0.1/12', /host bits set; did you mean 10\.96\.0\.0\/12\? \(got "10\.96\.0\.1\/12"\)$/],
    ['fd00::1/64', /did you mean fd00::\/64\?/],
    ['10.0.0.0/33', /prefix length \/33 is out of range for IPv4 \(1-32\)/],
    ['fd00::/129', /prefix length \/129 is out of range for IPv6 \(1-128\)/],
    ['10.0.0.0/012', /prefix length \/012 is out of range/],
    ['0.0.0.0/0', /a \/0 CIDR means every address/],
    ['[fd00::]/64', /write an IPv6 CIDR without brackets/],
    ['300.1.1.1', /not a valid IPv4 address/],
    ['010.0.0.1', /not a valid IPv4 address .*no leading zeros/],
    ['1.2.3', /not a valid IPv4 address/],
    ['fd00::zz', /not a valid IPv6 address/],
    ['fe80::1%eth0', /not a valid IPv6 address \(zone ids are not supported/],
    ['[10.0.0.1]', /brackets are only for IPv6 addresses/],
    ['[fd00::1', /a bracketed IPv6 entry must look like/],
    ['example.com:0', /port of a NO_PROXY entry must be a number from 1 to 65535/],
    ['example.com:65536', /from 1 to 65535/],
    ['example.com:0443', /without leading zeros/],
    ['example.com:http', /from 1 to 65535/],
    ['*:443', /only a host name, a subdomain suffix or an IP address can carry a port/],
    ['10.0.0.0-10.0.0.9:80', /can carry a port/],
    ['10.0.0.9-10.0.0.1', /start of an IP range must not be after its end/],
    ['10.0.0.1-fd00::1', /must not mix IPv4 and IPv6/],
    ['0.0.0.0-255.255.255.255', /a range of every address is a \/0 CIDR, on which clients disagree; use "\*"/],
    ['::-ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', /a range of every address is a \/0 CIDR/],
    ['10.0.0.1-10.0.0', /two valid addresses joined by "-"/],
    ['a.*.com', /globs inside an entry/],
    ['*example.com', /globs inside an entry/],
    ['**.example.com', /globs inside an entry/],
    ['.', /needs a host or domain name/],
    ['*.', /needs a host or domain name/],
    ['a..b', /empty label/],
    ['example.com..', /empty label/],
    ['-a.com', /must not start or end with "-" \("-a"\)/],
    ['a-.com', /must not start or end with "-"/],
    ['exa$mple.com', /only letters, digits, "-" and "_", not "\$"/],
    ['bücher.de', /must be ASCII: write "ü" .*punycode \(xn--\)/],
    [`${'a'.repeat(64)}.com`, /a DNS label has at most 63 characters, "aaaaaaaaaaaaaaaa\.\.\." has 64/],
    [`${Array(64).fill('abc').join('.')}`, /a DNS name has at most 253 characters, this one has 255/],
    ['host.123', /must not end in an all-numeric label/],
  ])('%j', (raw, message) => {
    expect(errorOf(raw)).toMatch(message);
  });

  test('every message starts with the field and ends with the quoted entry', () => {
    expect(errorOf('http://x')).toBe('noProxy[2]: a NO_PROXY entry must not contain a scheme; give the host only, e.g. registry.example.com (got "http://x")');
    expect(errorOf('10.96.0.1/12', 'noProxy[7]')).toBe('noProxy[7]: the CIDR has host bits set; did you mean 10.96.0.0/12? (got "10.96.0.1/12")');
  });

  test('non-strings from untyped callers are refused', () => {
    expect(() => parseNoProxyEntry(42 as unknown as string, 'noProxy[0]')).toThrow('noProxy[0]: must be a string (got 42)');
  });
});

describe('parseNoProxyList', () => {
  test('splits a comma string, keeping order and duplicates', () => {
    expect(parseNoProxyList('a.example, .b.example ,10.0.0.1,a.example', 'noProxy').map(formatNoProxyEntry))
      .toEqual(['a.example', '.b.example', '10.0.0.1', 'a.example']);
  });

  test('takes an array with one entry per item', () => {
    expect(parseNoProxyList(['a.example', '[fd00::1]:443'], 'noProxy').map(formatNoProxyEntry)).toEqual(['a.example', '[fd00::1]:443']);
  });

  test('an empty or blank string, or an empty array, is the empty list', () => {
    expect(parseNoProxyList('', 'noProxy')).toEqual([]);
    expect(parseNoProxyList('  ', 'noProxy')).toEqual([]);
    expect(parseNoProxyList([], 'noProxy')).toEqual([]);
  });

  test('errors name field[index] of the offending item', () => {
    expect(() => parseNoProxyList('a.example,b.example,http://x', 'noProxy'))
      .toThrow('noProxy[2]: a NO_PROXY entry must not contain a scheme; give the host only, e.g. registry.example.com (got "http://x")');
    expect(() => parseNoProxyList(['a.example', 'bad host'], 'installationNoProxy')).toThrow(/^installationNoProxy\[1\]: .*spaces/);
  });

  test('refuses empty items: a,,b and a trailing comma', () => {
    expect(() => parseNoProxyList('a.example,,b.example', 'noProxy')).toThrow(/^noProxy\[1\]: a NO_PROXY entry must not be empty; remove the extra ","/);
    expect(() => parseNoProxyList('a.example,', 'noProxy')).toThrow(/^noProxy\[1\]: .*must not be empty/);
    expect(() => parseNoProxyList(['a.example', ' '], 'noProxy')).toThrow(/^noProxy\[1\]: .*must not be empty/);
  });

  test('refuses array items holding several entries', () => {
    expect(() => parseNoProxyList(['a.example,b.example'], 'noProxy')).toThrow(/^noProxy\[0\]: an array item must hold one NO_PROXY entry/);
  });

  test('"*" only as the sole entry', () => {
    expect(parseNoProxyList('*', 'noProxy')).toEqual([{ kind: 'wildcard' }]);
    expect(() => parseNoProxyList('a.example,*', 'noProxy')).toThrow(/^noProxy\[1\]: "\*" bypasses the proxy for everything and works only as the sole entry/);
    expect(() => parseNoProxyList(['*', 'a.example'], 'noProxy')).toThrow(/^noProxy\[0\]: /);
  });

  test('";" as a separator gets the comma hint', () => {
    expect(() => parseNoProxyList('a.example;b.example', 'noProxy')).toThrow(/^noProxy\[0\]: ";" does not separate .*separate entries with ","/);
  });

  test('refuses values that are neither string nor array', () => {
    expect(() => parseNoProxyList({} as unknown as string, 'noProxy')).toThrow(/^noProxy: must be a comma-separated string or an array/);
    expect(() => parseNoProxyList([7] as unknown as string[], 'noProxy')).toThrow(/^noProxy\[0\]: must be a string/);
  });
});
