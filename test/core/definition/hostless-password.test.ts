import * as fc from 'fast-check';
import { HOSTILE_CHARACTERS } from './arbitraries';
import { ProxySettings } from '../../../src';
import { ProxyUrl } from '../../../src/core/definition/proxy-url';
import { describeValue, ProxyConfigError } from '../../../src/core/primitives/errors';
import { credentialForms } from '../../support/fixtures/credential-leaks';

/**
 * A password with a raw "@" (or "/", "#", "?") and the host missing, as an unset ${PROXY_HOST}
 * leaves it: the password's tail sits where the host belongs. Errors must show none of it, and a
 * URL whose host may be the tail of its password is refused rather than published as the host.
 */

const USER = 'svc';

/** Every form of `password` an error could leak: the usual encodings, and each tail after an "@". */
function leakForms(password: string): string[] {
  const tails = password.split('@').slice(1).map((_, index, parts) => parts.slice(index).join('@'));
  return [...credentialForms(password), ...tails.flatMap((tail) => [tail, tail.toLowerCase()])].filter((form) => form.length >= 3);
}

function refusal(call: () => unknown): ProxyConfigError {
  try {
    call();
  } catch (error) {
    if (error instanceof ProxyConfigError) {
      return error;
    }
    throw error;
  }
  throw new Error('accepted');
}

const PASSWORDS = ['Sec@ret-Canary7', 'Sec@ret', 'p@ss', 'Pa@ss:w/o#r?d%41-Canary', 'x@Canary.example'];

/** URLs a template leaves behind when a variable is unset, each for one password. */
const hostlessUrls = (password: string): string[] => [
  `http://${USER}:${password}@`,
  `http://${USER}:${password}@:3128`,
  `http://${USER}:${password}@\${PROXY_HOST}:3128`,
  `http://${USER}:${password}@/`,
  `http://${USER}:${password}`,
  `https://${USER}:${password}@`,
];

describe('a password holding "@" with the host missing', () => {
  test.each(PASSWORDS.flatMap((password) => hostlessUrls(password).map((url) => [url, password])))(
    '%s is refused, and the error shows no part of the password', (url, password) => {
      for (const call of [
        () => new ProxySettings({ httpProxy: url }),
        () => ProxyUrl.parse('httpProxy', url),
        () => ProxyUrl.parse('httpProxy', url),
      ]) {
        const error = refusal(call);
        expect(error.field).toBe('httpProxy');
        expect(error.message).toMatch(/^httpProxy: /);
        expect(error.message).toContain(`${USER}:***`);
        expect(leakForms(password).filter((form) => error.message.includes(form))).toEqual([]);
      }
    });

  test('http://svc:Sec@ret-Canary7 (no host, no port) is refused, not read as host "ret-canary7"', () => {
    const error = refusal(() => new ProxySettings({ httpProxy: 'http://svc:Sec@ret-Canary7' }));
    expect(error.message).toMatch(/^httpProxy: has a password but no port/);
    expect(error.message).toContain('(got "http://svc:***")');
    expect(error.message.toLowerCase()).not.toContain('canary7');
  });

  test('more than one raw "@" is refused as such, whichever "@" a client would take', () => {
    const error = refusal(() => ProxyUrl.parse('httpProxy', 'http://svc:Sec@ret@proxy.corp:3128'));
    expect(error.message).toMatch(/^httpProxy: has more than one "@"/);
    expect(error.message).toContain('(got "http://svc:***")');
    expect(error.message).not.toContain('ret');
  });

  test('a well-formed URL with a password and a port is still accepted, and errors still show its host', () => {
    expect(ProxyUrl.parse('httpProxy', 'http://svc:Sec%40ret@proxy.corp:3128').password).toBe('Sec@ret');
    expect(() => ProxyUrl.parse('httpProxy', 'http://svc:Secret@proxy.corp:3128/path'))
      .toThrow('httpProxy: must not have a path; a proxy URL is scheme://host:port (got "http://svc:***@proxy.corp:3128/path")');
    // without a password nothing is secret, and the default port stays
    expect(ProxyUrl.parse('httpProxy', 'http://svc@proxy.corp').href).toBe('http://svc@proxy.corp:80');
  });

  test('property: whatever raw characters the password holds, a host-less URL is refused without any of it', () => {
    const password = fc.string({ unit: fc.constantFrom(...HOSTILE_CHARACTERS, 'a', 'Z'), minLength: 1, maxLength: 16 })
      .map((text) => `Qx${text}@Zq${text}Qz`);
    const suffix = fc.constantFrom('', '@', '@:3128', '@${PROXY_HOST}:3128', '@/', '/');
    fc.assert(fc.property(password, suffix, (secret, tail) => {
      const url = `http://${USER}:${secret}${tail}`;
      const error = refusal(() => ProxyUrl.parse('httpProxy', url));
      expect(error.message).not.toContain('Zq');
      expect(describeValue(url)).not.toContain('Zq');
    }));
  });
});
