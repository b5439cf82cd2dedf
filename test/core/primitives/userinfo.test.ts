import * as fc from 'fast-check';
import { redactCredentials } from '../../../src/core/primitives/credential-mask';
import { ProxyConfigError } from '../../../src/core/primitives/errors';
import { assertCredentialText, encodeUserinfoComponent, parseUserinfo } from '../../../src/core/primitives/userinfo';
import { NASTY_PASSWORD, passwordArbitrary } from '../definition/arbitraries';

/** Decode the way clients do (curl, Go, Python all percent-decode userinfo as UTF-8). */
const clientDecode = (encoded: string): string => decodeURIComponent(encoded);

describe('encodeUserinfoComponent', () => {
  test('keeps only RFC 3986 unreserved characters, upper-case hex for everything else', () => {
    expect(encodeUserinfoComponent('AZaz09-._~')).toBe('AZaz09-._~');
    expect(encodeUserinfoComponent('@:/%#?"\'\\$!& ')).toBe('%40%3A%2F%25%23%3F%22%27%5C%24%21%26%20');
    expect(encodeUserinfoComponent('é€\u{1F600}')).toBe('%C3%A9%E2%82%AC%F0%9F%98%80');
  });

  test('encodes a percent sign instead of trusting it as an escape (no silent double meaning)', () => {
    expect(encodeUserinfoComponent('%41')).toBe('%2541');
  });

  test('property: clients decode exactly the original, and the output is plain unreserved/pct-encoded', () => {
    fc.assert(fc.property(passwordArbitrary, (password) => {
      const encoded = encodeUserinfoComponent(password);
      expect(encoded).toMatch(/^([A-Za-z0-9\-._~]|%[0-9A-F]{2})*$/);
      expect(clientDecode(encoded)).toBe(password);
      expect(parseUserinfo('f', `u:${encoded}`, 'x').password).toBe(password);
    }));
  });
});

describe('parseUserinfo', () => {
  test('splits on the first colon and decodes both parts', () => {
    expect(parseUserinfo('f', 'jdoe:p%40ss%3Aw', 'x')).toEqual({ username: 'jdoe', password: 'p@ss:w' });
    expect(parseUserinfo('f', 'CORP%5Cjdoe', 'x')).toEqual({ username: 'CORP\\jdoe' });
    expect(parseUserinfo('f', 'u:!$&\'()*+,;=', 'x').password).toBe('!$&\'()*+,;=');
    expect(parseUserinfo('f', 'u:%c3%a9', 'x').password).toBe('é');
  });

  test.each([
    ['raw @', 'u:p@ss', 'password contains a character that must be percent-encoded'],
    ['raw space', 'u:p ss', 'password contains a character that must be percent-encoded'],
    ['second raw colon', 'u:a:b', 'password contains a character that must be percent-encoded'],
    ['raw slash', 'u:a/b', 'password contains a character that must be percent-encoded'],
    ['raw non-ASCII', 'u:é', 'password contains a character that must be percent-encoded'],
    ['lone %', 'u:100%', 'password has a "%" that does not start a %XX escape'],
    ['bad hex', 'u:%zz', 'password has a "%" that does not start a %XX escape'],
    ['invalid UTF-8', 'u:%C3', 'password has %XX escapes that are not valid UTF-8'],
    ['encoded newline', 'u:a%0Ab', 'password must not contain newlines or control characters (after percent-decoding)'],
    ['empty password', 'u:', 'has an empty password after ":"'],
    ['empty user', ':secret', 'has credentials without a user name'],
  ])('refuses %s, naming the field and never the password', (_name, userinfo, message) => {
    const call = (): unknown => parseUserinfo('httpProxy', userinfo, 'http://u:***@h:1');
    expect(call).toThrow(ProxyConfigError);
    expect(call).toThrow(`httpProxy: ${message}`);
    expect(call).toThrow('(got "http://u:***@h:1")');
  });

  test('names the offending character of a user name (not secret) but not of a password', () => {
    expect(() => parseUserinfo('f', 'a b:c', 'x')).toThrow('user name contains " " that must be percent-encoded');
    expect(() => parseUserinfo('f', 'a:b|c', 'x')).toThrow('password contains a character that');
  });
});

describe('assertCredentialText', () => {
  test('accepts any printable text', () => {
    expect(assertCredentialText('password', NASTY_PASSWORD)).toBe(NASTY_PASSWORD);
  });

  test('describes a bad password without quoting it', () => {
    const secret = 'hunter2\nsecond-line';
    expect(() => assertCredentialText('password', secret)).toThrow(/^password: must not contain newlines or control characters$/);
    expect(() => assertCredentialText('password', 'ab\uD800cd')).toThrow(/^password: must be valid Unicode/);
    expect(() => assertCredentialText('password', 42)).toThrow(/^password: must be a string \(got number\)$/);
    expect(() => assertCredentialText('password', '')).toThrow(/^password: must not be empty/);
  });

  test('quotes a bad user name, which helps to find the account', () => {
    expect(() => assertCredentialText('username', 'jdoe\t')).toThrow('username: must not contain newlines or control characters (got "jdoe\\t")');
  });
});

describe('redactCredentials', () => {
  test.each([
    ['http://u:secret@h:1', 'http://u:***@h:1'],
    // more than one "@": where the password ends is unknown, so everything after the user name goes
    ['http://u:se@cr/et@h:1', 'http://u:***'],
    // the host missing: the text after "@" may be the password's tail
    ['http://u:se@cret', 'http://u:***'],
    ['http://u:secret@h', 'http://u:***'],
    ['http://u:secret@h:1/path', 'http://u:***@h:1/path'],
    ['http://u:secret', 'http://u:***'],
    ['http://u:sec ret', 'http://u:***'],
    ['http://h:3128 and http://[fd00::1]:3128/', 'http://h:3128 and http://[fd00::1]:3128/'],
    ['http://u@[fd00::1]:3128', 'http://u@[fd00::1]:3128'],
    ['export HTTP_PROXY=\'http://u:p%40ss@h:3128\'', 'export HTTP_PROXY=\'http://u:***@h:3128\''],
    ['--http-proxy: has no host (got "http://u:***@h:1")', '--http-proxy: has no host (got "http://u:***@h:1")'],
    ['Unexpected argument \'u:se@cret\'. This command takes none', 'Unexpected argument \'u:***'],
    ['u:secret@h:1', 'u:***@h:1'],
    ['http://h:3128', 'http://h:3128'],
    ['http://user@h', 'http://user@h'],
  ])('%s -> %s', (input, expected) => {
    expect(redactCredentials(input)).toBe(expected);
  });

  test('property: masks the whole password, whatever raw characters it holds', () => {
    fc.assert(fc.property(passwordArbitrary, (password) => {
      // with an "@" in the password, the "@" that ends it is unknown, and the host is masked too
      const host = password.includes('@') ? '' : '@proxy:3128';
      expect(redactCredentials(`http://jdoe:${password}@proxy:3128`)).toBe(`http://jdoe:***${host}`);
      // (without a scheme, "user: text" is how messages start, not a password)
      fc.pre(!/^\s/.test(password));
      expect(redactCredentials(`jdoe:${password}@proxy:3128`)).toBe(`jdoe:***${host}`);
    }));
  });
});
