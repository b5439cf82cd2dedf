import { inspect } from 'node:util';
import * as fc from 'fast-check';
import { NASTY_PASSWORD, passwordArbitrary, usernameArbitrary } from './arbitraries';
import { ProxyUrl } from '../../../src/core/definition/proxy-url';
import { ProxyConfigError } from '../../../src/core/primitives/errors';
import { encodeUserinfoComponent } from '../../../src/core/primitives/userinfo';

describe('ProxyUrl.parse: accepted forms and canonical href', () => {
  test.each([
    ['http://proxy.corp:3128', 'http://proxy.corp:3128', 'proxy.corp', 3128],
    ['HTTP://Proxy.CORP:3128/', 'http://proxy.corp:3128', 'proxy.corp', 3128],
    ['  http://proxy.corp:3128  ', 'http://proxy.corp:3128', 'proxy.corp', 3128],
    ['http://proxy.corp', 'http://proxy.corp:80', 'proxy.corp', 80],
    ['https://proxy.corp', 'https://proxy.corp:443', 'proxy.corp', 443],
    ['http://10.0.0.1:8080', 'http://10.0.0.1:8080', '10.0.0.1', 8080],
    ['http://[FD00:0::1]:3128', 'http://[fd00::1]:3128', 'fd00::1', 3128],
    ['http://[::1]', 'http://[::1]:80', '::1', 80],
    ['http://_proxy.corp:3128', 'http://_proxy.corp:3128', '_proxy.corp', 3128],
    ['http://proxy:03128', 'http://proxy:3128', 'proxy', 3128],
  ])('%s', (raw, href, host, port) => {
    const url = ProxyUrl.parse('httpProxy', raw);
    expect(url.href).toBe(href);
    expect(url.host).toBe(host);
    expect(url.port).toBe(port);
    expect(url.hasCredentials).toBe(false);
  });

  test('keeps percent-encoded credentials encoded once and re-encodes sub-delims canonically', () => {
    const url = ProxyUrl.parse('httpProxy', 'http://CORP%5cjdoe:p%40ss!word@proxy:3128');
    expect(url.username).toBe('CORP\\jdoe');
    expect(url.password).toBe('p@ss!word');
    expect(url.href).toBe('http://CORP%5Cjdoe:p%40ss%21word@proxy:3128');
    expect(url.redacted).toBe('http://CORP%5Cjdoe:***@proxy:3128');
    expect(url.hasCredentials).toBe(true);
  });

  test('a user name without password is kept (token-as-user proxies)', () => {
    const url = ProxyUrl.parse('httpProxy', 'http://token123@proxy:3128');
    expect(url.username).toBe('token123');
    expect(url.password).toBeUndefined();
    expect(url.href).toBe('http://token123@proxy:3128');
    expect(url.hasCredentials).toBe(true);
  });

  test('withoutCredentials and withCredentials', () => {
    const url = ProxyUrl.parse('httpProxy', 'http://u:p@proxy:3128');
    expect(url.withoutCredentials.href).toBe('http://proxy:3128');
    expect(url.withoutCredentials.withCredentials('httpProxy', 'a b', 'c@d').href).toBe('http://a%20b:c%40d@proxy:3128');
    expect(() => url.withCredentials('httpProxy', 'x', 'y')).toThrow(
      'httpProxy: has credentials inside the URL (http://u:***@proxy:3128) and username/password are also set',
    );
  });

  test('portWritten says whether the URL wrote its port, and survives adding or removing credentials', () => {
    const bare = ProxyUrl.parse('httpProxy', 'http://Proxy.Corp');
    expect([bare.port, bare.portWritten]).toEqual([80, false]);
    expect(bare.withCredentials('httpProxy', 'u', 'p').portWritten).toBe(false);
    expect(bare.withCredentials('httpProxy', 'u', 'p').withoutCredentials.portWritten).toBe(false);
    expect(ProxyUrl.parse('httpsProxy', 'https://proxy.corp:443').portWritten).toBe(true);
    expect(ProxyUrl.parse('httpProxy', 'http://[fd00::1]').withCredentials('httpProxy', 'u', 'p').hrefTextAsGiven).toBe('http://u:p@[fd00::1]');
  });

  test('ProxyUrl.parse given only the URL (from JavaScript) refuses it without printing the password', () => {
    const parseOne = ProxyUrl.parse as unknown as (url: string) => ProxyUrl;
    expect(() => parseOne('http://svc:S3cret-Canary@proxy.corp:3128')).toThrow(ProxyConfigError);
    expect(() => parseOne('http://svc:S3cret-Canary@proxy.corp:3128')).toThrow(/^url: is missing: parse takes the field name first, then the URL$/);
    // a field name carrying a URL is masked too
    expect(() => ProxyUrl.parse('http://svc:S3cret-Canary@x', 'ftp://p')).toThrow(/^http:\/\/svc:\*\*\*: /);
  });

  test('ProxyUrl.parse is the same parser', () => {
    expect(ProxyUrl.parse('f', 'http://a:1').href).toBe('http://a:1');
  });
});

describe('ProxyUrl.parse: refused input', () => {
  test.each([
    ['socks5://proxy:1080', 'has unsupported scheme "socks5"; supported schemes are http and https'],
    ['proxy.corp:3128', 'is missing a scheme; write it as http://host:port'],
    ['http:/proxy:3128', 'is missing a scheme'],
    ['', 'must be a proxy URL such as http://proxy.corp:3128'],
    ['http://', 'has no host'],
    ['http://:3128', 'has no host'],
    ['http://proxy:0', 'has an invalid port; it must be a number from 1 to 65535'],
    ['http://proxy:65536', 'has an invalid port'],
    ['http://proxy:', 'has an invalid port'],
    ['http://proxy:31a', 'has an invalid port'],
    ['http://proxy:3128/path', 'must not have a path'],
    ['http://proxy:3128/?a=1', 'must not have a query string'],
    ['http://proxy:3128#top', 'must not have a fragment'],
    ['http://fd00::1:3128', 'has an IPv6 address without brackets'],
    ['http://[fd00::1:3128', 'has an IPv6 address without its closing "]"'],
    ['http://[fe80::1%25eth0]:3128', 'has an IPv6 zone id'],
    ['http://[10.0.0.1]:3128', 'has an invalid IPv6 address'],
    ['http://010.0.0.1:3128', 'has an invalid IPv4 address'],
    ['http://10.1:3128', 'has an invalid IPv4 address'],
    ['http://bücher.example:3128', 'has a non-ASCII host name; use its punycode (xn--) form'],
    ['http://-proxy.corp:3128', 'has an invalid host name'],
    ['http://prox%79:3128', 'has an invalid host name'],
    ['http://proxy\\corp:3128', 'has an invalid host name'],
    ['http://proxy.corp:3128\n', 'must not contain newlines or control characters'],
  ])('%j', (raw, message) => {
    const call = (): unknown => ProxyUrl.parse('httpsProxy', raw);
    expect(call).toThrow(ProxyConfigError);
    expect(call).toThrow(`httpsProxy: ${message}`);
  });

  test('errors quote the value with the password masked, for every kind of mistake', () => {
    const secret = 'Sup3r/S3cr3t@x';
    const inputs = [
      `http://jdoe:${secret}@proxy:3128`, // raw @ and / in the password
      `socks5://jdoe:${secret}@proxy:3128`,
      `jdoe:${secret}@proxy:3128`, // no scheme at all
      `http://jdoe:${encodeUserinfoComponent(secret)}@proxy:99999`,
      `http://jdoe:${encodeUserinfoComponent(secret)}@proxy:3128/path`,
      `http://jdoe:${encodeUserinfoComponent(secret)}\n@proxy:3128`,
      `http://jdoe:${secret}%zz@proxy:3128`,
    ];
    for (const raw of inputs) {
      let error: unknown;
      try {
        ProxyUrl.parse('httpProxy', raw);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ProxyConfigError);
      const text = `${(error as Error).message} ${inspect(error)}`;
      expect(text).toContain('jdoe');
      expect(text).toContain('***');
      expect(text).not.toContain('S3cr3t');
      expect(text).not.toContain(encodeUserinfoComponent(secret));
    }
  });

  test('property: a malformed password is never echoed back', () => {
    const broken = fc.tuple(passwordArbitrary, fc.constantFrom('@', ' ', '%', '/', '#', '?', ':', '%G0'))
      .map(([password, bad]) => `Zq${password}${bad}Zq`);
    fc.assert(fc.property(broken, (password) => {
      const raw = `http://jdoe:${password}@proxy:3128`;
      expect(() => ProxyUrl.parse('httpProxy', raw)).toThrow(ProxyConfigError);
      try {
        ProxyUrl.parse('httpProxy', raw);
      } catch (error) {
        expect((error as Error).message).not.toContain('Zq');
      }
    }));
  });
});

describe('redaction of a parsed URL', () => {
  const url = ProxyUrl.parse('httpProxy', `http://jdoe:${encodeUserinfoComponent(NASTY_PASSWORD)}@proxy:3128`);
  const encoded = encodeUserinfoComponent(NASTY_PASSWORD);

  test('toString, toJSON, util.inspect, JSON.stringify and template literals show only the redacted form', () => {
    const outputs = [
      url.toString(),
      `${url}`,
      JSON.stringify(url),
      JSON.stringify({ nested: [url] }),
      inspect(url),
      inspect({ deep: { url } }, { depth: 10, showHidden: true }),
    ];
    for (const output of outputs) {
      expect(output).toContain('http://jdoe:***@proxy:3128');
      expect(output).not.toContain(encoded);
      expect(output).not.toContain('p@ss');
    }
  });

  test('enumerable properties hold no password (spreading or deep equality cannot leak it)', () => {
    expect(Object.keys(url).sort()).toEqual(['host', 'port', 'portWritten', 'scheme', 'username']);
    expect(JSON.stringify({ ...url })).not.toContain('p@ss');
  });

  test('the secret is still reachable on purpose, for renderers', () => {
    expect(url.password).toBe(NASTY_PASSWORD);
    expect(url.href).toBe(`http://jdoe:${encoded}@proxy:3128`);
  });
});

describe('properties', () => {
  const hostArbitrary = fc.oneof(
    fc.domain().filter((domain) => domain.length <= 253),
    fc.ipV4(),
    fc.ipV6().map((address) => `[${address}]`),
  );
  const urlArbitrary = fc.record({
    scheme: fc.constantFrom('http', 'https', 'HTTP', 'Https'),
    host: hostArbitrary,
    port: fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }),
    username: fc.option(usernameArbitrary, { nil: undefined }),
    password: fc.option(passwordArbitrary, { nil: undefined }),
  }).map((generated) => ({
    ...generated,
    // a password in a URL needs the port written out
    port: generated.port ?? (generated.username !== undefined && generated.password !== undefined ? 3128 : undefined),
  })).map((parts) => ({
    ...parts,
    raw: `${parts.scheme}://${parts.username === undefined ? '' : encodeUserinfoComponent(parts.username)
      + (parts.password === undefined ? '' : `:${encodeUserinfoComponent(parts.password)}`) + '@'}`
      + `${parts.host}${parts.port === undefined ? '' : `:${parts.port}`}`,
  }));

  test('decoded credentials round-trip and WHATWG URL reads the canonical href the same way', () => {
    fc.assert(fc.property(urlArbitrary, (parts) => {
      const url = ProxyUrl.parse('httpProxy', parts.raw);
      expect(url.username).toBe(parts.username);
      expect(url.password).toBe(parts.username === undefined ? undefined : parts.password);
      const whatwg = new URL(url.href);
      expect(whatwg.protocol).toBe(`${url.scheme}:`);
      expect(whatwg.hostname).toBe(url.hostKind === 'ipv6' ? `[${url.host}]` : url.host);
      expect(Number(whatwg.port || (url.scheme === 'http' ? 80 : 443))).toBe(url.port);
      expect(decodeURIComponent(whatwg.username)).toBe(url.username ?? '');
      expect(decodeURIComponent(whatwg.password)).toBe(url.password ?? '');
    }));
  });

  test('href is a fixed point: parsing it again gives the same href (determinism, no double encoding)', () => {
    fc.assert(fc.property(urlArbitrary, (parts) => {
      const href = ProxyUrl.parse('httpProxy', parts.raw).href;
      expect(ProxyUrl.parse('httpProxy', href).href).toBe(href);
    }));
  });

  test('redacted never contains the password', () => {
    fc.assert(fc.property(urlArbitrary, passwordArbitrary, (parts, password) => {
      const url = ProxyUrl.parse('httpProxy', parts.raw).withoutCredentials.withCredentials('httpProxy', 'jdoe', password);
      expect(url.redacted).toBe(`${url.scheme}://jdoe:***@${url.authority}`);
      expect(inspect(url)).toBe(`ProxyUrl <${url.redacted}>`);
    }));
  });
});
