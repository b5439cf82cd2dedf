import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, inspect } from 'node:util';
import * as fc from 'fast-check';
import { NASTY_PASSWORD, passwordArbitrary } from './arbitraries';
import { ProxySettings, ProxySettingsProps } from '../../../src/core/definition/proxy-settings';
import { formatNoProxyEntry } from '../../../src/core/noproxy/format';
import { ProxyConfigError } from '../../../src/core/primitives/errors';
import { encodeUserinfoComponent } from '../../../src/core/primitives/userinfo';

const ROOT_1 = readFileSync(join(__dirname, '../../fixtures/ca/test-root-ca-1.pem'), 'utf8');

/** The thrown error, or fail the test. */
function errorOf(props: unknown): ProxyConfigError {
  try {
    new ProxySettings(props as ProxySettingsProps);
  } catch (error) {
    expect(error).toBeInstanceOf(ProxyConfigError);
    return error as ProxyConfigError;
  }
  throw new Error('expected ProxySettings to throw');
}

/** Every way a value usually ends up in a log. */
function renderings(value: unknown): string[] {
  return [
    String(value),
    `${value}`,
    JSON.stringify(value),
    JSON.stringify({ wrapped: value }),
    inspect(value),
    inspect({ deep: { value } }, { depth: 10, showHidden: true }),
    format('%s %o %O %j', value, value, value, value),
  ];
}

describe('ProxySettings: valid definitions', () => {
  test('parses both proxies, no-proxy entries and the CA bundle', () => {
    const settings = new ProxySettings({
      httpProxy: 'http://proxy.corp:3128',
      httpsProxy: 'http://proxy.corp:3129',
      noProxy: [' .corp.example ', ' 10.0.0.0/8', ' Registry.Corp'],
      trustedCaPem: ROOT_1,
    });
    expect(settings.httpProxy?.href).toBe('http://proxy.corp:3128');
    expect(settings.httpsProxy?.href).toBe('http://proxy.corp:3129');
    expect(settings.noProxy).toEqual([
      { kind: 'suffix', name: 'corp.example' },
      { kind: 'cidr', family: 'IPv4', network: '10.0.0.0', prefixLength: 8 },
      { kind: 'domain', name: 'registry.corp' },
    ]);
    expect(settings.toJSON().noProxy).toEqual(['.corp.example', '10.0.0.0/8', 'registry.corp']);
    expect(settings.trustedCa?.pem).toBe(ROOT_1);
    expect(settings.hasCredentials).toBe(false);
  });

  test('one proxy alone is enough; noProxy defaults to none', () => {
    const settings = new ProxySettings({ httpsProxy: 'http://proxy:3128' });
    expect(settings.httpProxy).toBeUndefined();
    expect(settings.noProxy).toEqual([]);
    expect(settings.trustedCa).toBeUndefined();
  });

  test('noProxy as an array keeps order; entries are parsed by the NO_PROXY engine', () => {
    const settings = new ProxySettings({ httpProxy: 'http://p:1', noProxy: [' b.corp', '*.a.corp', '[FD00::1]:443'] });
    expect(settings.noProxy.map(({ kind }) => kind)).toEqual(['domain', 'suffix', 'ip']);
    expect(String(settings)).toBe('ProxySettings(httpProxy=http://p:1 noProxy=b.corp,.a.corp,[fd00::1]:443)');
  });

  test('separate raw credentials are percent-encoded once and applied to both proxies', () => {
    const settings = new ProxySettings({
      httpProxy: 'http://proxy:3128',
      httpsProxy: 'https://proxy:3129',
      username: 'CORP\\jdoe',
      password: NASTY_PASSWORD,
    });
    const encoded = encodeUserinfoComponent(NASTY_PASSWORD);
    expect(settings.httpProxy?.href).toBe(`http://CORP%5Cjdoe:${encoded}@proxy:3128`);
    expect(settings.httpsProxy?.href).toBe(`https://CORP%5Cjdoe:${encoded}@proxy:3129`);
    expect(settings.httpsProxy?.password).toBe(NASTY_PASSWORD);
    expect(settings.hasCredentials).toBe(true);
  });

  test('a user name without password is allowed', () => {
    const settings = new ProxySettings({ httpProxy: 'http://proxy:3128', username: 'token' });
    expect(settings.httpProxy?.href).toBe('http://token@proxy:3128');
    expect(settings.hasCredentials).toBe(true);
  });

  test('property: URL credentials and separate credentials give the same href', () => {
    fc.assert(fc.property(passwordArbitrary, (password) => {
      const inUrl = new ProxySettings({ httpProxy: `http://jdoe:${encodeUserinfoComponent(password)}@proxy:3128` });
      const separate = new ProxySettings({ httpProxy: 'http://proxy:3128', username: 'jdoe', password });
      expect(separate.httpProxy?.href).toBe(inUrl.httpProxy?.href);
      expect(separate.httpProxy?.password).toBe(password);
    }));
  });
});

describe('ProxySettings: refused definitions', () => {
  test.each([
    [{}, 'httpProxy: at least one of httpProxy and httpsProxy must be set'],
    [{ noProxy: 'a' }, 'httpProxy: at least one of httpProxy and httpsProxy must be set'],
    [{ httpsproxy: 'http://p:1' }, 'httpsproxy: is not a proxy setting; did you mean httpsProxy?'],
    [{ httpProxy: 'socks5://p:1' }, 'httpProxy: has unsupported scheme "socks5"'],
    [{ httpProxy: 'http://p:1', httpsProxy: 'p:1' }, 'httpsProxy: is missing a scheme'],
    [{ httpProxy: 3128 }, 'httpProxy: must be a string (got 3128)'],
    // NO_PROXY errors come from the engine; these only check that the field is passed through.
    [{ httpProxy: 'http://p:1', noProxy: 'a,b c' }, 'noProxy[1]: a NO_PROXY entry must not contain spaces'],
    [{ httpProxy: 'http://p:1', noProxy: ['a', 'b,c'] }, 'noProxy[1]: an array item must hold one NO_PROXY entry'],
    [{ httpProxy: 'http://p:1', noProxy: ['a', 7] }, 'noProxy[1]: must be a string (got 7)'],
    [{ httpProxy: 'http://p:1', noProxy: 'a\nb' }, 'noProxy: must not contain newlines or control characters'],
    [{ httpProxy: 'http://p:1', trustedCaPem: 'junk' }, 'trustedCaPem: has text before the first -----BEGIN CERTIFICATE-----'],
    [{ httpProxy: 'http://p:1', password: 'x' }, 'password: is set without username'],
    [{ httpProxy: 'http://p:1', username: '' }, 'username: must not be empty'],
    [{ httpProxy: 'http://p:1', username: 'a\tb' }, 'username: must not contain newlines or control characters (got "a\\tb")'],
  ])('%j', (props, message) => {
    expect(errorOf(props).message).toContain(message);
  });

  test('props must be an object', () => {
    expect(errorOf(undefined).message).toBe('props: must be an object of proxy settings (got undefined)');
  });

  test('credentials both in the URL and as username/password: error names both places', () => {
    const error = errorOf({ httpProxy: 'http://proxy:1', httpsProxy: 'http://a:b@proxy:2', username: 'u', password: 'secret-pw' });
    expect(error.field).toBe('httpsProxy');
    expect(error.message).toBe('httpsProxy: has credentials inside the URL (http://a:***@proxy:2) and username/password are also set;'
      + ' give credentials in one place only');
  });
});

describe('ProxySettings: the password never leaks', () => {
  const settings = new ProxySettings({
    httpProxy: 'http://proxy.corp:3128',
    httpsProxy: `http://jdoe:${encodeUserinfoComponent(NASTY_PASSWORD)}@proxy.corp:3129`,
    noProxy: ['.corp'],
    trustedCaPem: ROOT_1,
  });

  test('toString, toJSON, JSON.stringify, util.inspect/format and template literals are redacted', () => {
    expect(settings.toString()).toBe('ProxySettings(httpProxy=http://proxy.corp:3128 httpsProxy=http://jdoe:***@proxy.corp:3129'
      + ' noProxy=.corp trustedCa=1 certificate(s))');
    expect(settings.toJSON()).toEqual({
      httpProxy: 'http://proxy.corp:3128',
      httpsProxy: 'http://jdoe:***@proxy.corp:3129',
      noProxy: ['.corp'],
      trustedCa: [{ subject: expect.stringContaining('Test Corp Proxy Root CA 1'), fingerprint256: expect.any(String) }],
      credentialSource: 'literal',
    });
    for (const output of renderings(settings)) {
      expect(output).toContain('jdoe:***@proxy.corp:3129');
      expect(output).not.toContain('p@ss');
      expect(output).not.toContain(encodeUserinfoComponent(NASTY_PASSWORD));
    }
  });

  test('the parsed URLs are redacted too', () => {
    for (const output of renderings(settings.httpsProxy)) {
      expect(output).toContain('jdoe:***@');
      expect(output).not.toContain('p%40ss');
    }
  });

  test('property: a password is absent from every rendering and from every error, for every field', () => {
    const base = { httpProxy: 'http://proxy:3128', username: 'jdoe' };
    const brokenOthers: Array<Partial<Record<keyof ProxySettingsProps, unknown>>> = [
      { httpsProxy: 'socks5://proxy:1080' },
      { httpsProxy: 'http://proxy:99999' },
      { noProxy: 'a b' },
      { noProxy: ['x', 1] },
      { trustedCaPem: 'junk' },
      { httpsProxy: 'http://other:pw@proxy:3128' },
    ];
    // Prefixed so that a leak is detectable even for one-character passwords.
    const secret = passwordArbitrary.map((password) => `LEAK${password}`);
    fc.assert(fc.property(secret, fc.constantFrom(...brokenOthers), (password, broken) => {
      const ok = new ProxySettings({ ...base, password });
      for (const output of renderings(ok)) {
        expect(output).not.toContain('LEAK');
        expect(output).not.toContain(encodeUserinfoComponent(password));
      }
      const error = errorOf({ ...base, password, ...broken });
      for (const output of [error.message, String(error), inspect(error), JSON.stringify(error)]) {
        expect(output).not.toContain('LEAK');
      }
    }), { numRuns: 60 });
  });

  test('an invalid password is described, never quoted, also inside a URL', () => {
    const viaProp = errorOf({ httpProxy: 'http://proxy:3128', username: 'jdoe', password: 'LEAK\nsecret' });
    expect(viaProp.message).toBe('password: must not contain newlines or control characters');
    const viaUrl = errorOf({ httpProxy: 'http://jdoe:LEAK%0Asecret@proxy:3128' });
    expect(viaUrl.message).toBe('httpProxy: password must not contain newlines or control characters (after percent-decoding)'
      + ' (got "http://jdoe:***@proxy:3128")');
    const raw = errorOf({ httpProxy: 'http://jdoe:LEAK@secret@proxy:3128' });
    expect(raw.message).not.toContain('LEAK');
    expect(raw.message).not.toContain('secret');
  });
});

describe('a Proxy around ProxySettings (a caller\'s wrapper, such as a reactive store\'s)', () => {
  const settings = new ProxySettings({ httpProxy: 'http://proxy.corp.example:3128', noProxy: ['.corp.example', '10.0.0.0/8'] });
  const wrapped = new Proxy(settings, {});

  test('gives the installation-wide NO_PROXY part of the settings it wraps', () => {
    expect(wrapped.installationNoProxy.items.map((item) => formatNoProxyEntry(item.entry))).toEqual(['.corp.example', '10.0.0.0/8']);
    expect(wrapped.installationNoProxy.items).toEqual(settings.installationNoProxy.items);
  });

  test('refuses to stand for them where credentials known only later are needed, with the library\'s error', () => {
    expect(settings.laterCredentials).toBeUndefined();
    expect(() => wrapped.laterCredentials).toThrow(ProxyConfigError);
    expect(() => wrapped.laterCredentials).toThrow(/^settings: a Proxy around ProxySettings/);
  });
});
