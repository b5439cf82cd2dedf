import { format, inspect } from 'node:util';
import { NASTY_PASSWORD } from './arbitraries';
import { ProxyRenderers } from '../../../src/core/api/renderers';
import { ProxyEnvironment, proxyEnvironment, proxyVariables } from '../../../src/core/definition/proxy-environment';
import { ProxySettings } from '../../../src/core/definition/proxy-settings';
import { ProxyConfigError } from '../../../src/core/primitives/errors';
import { encodeUserinfoComponent } from '../../../src/core/primitives/userinfo';

const settings = new ProxySettings({
  httpProxy: 'http://proxy:3128',
  httpsProxy: 'http://proxy:3129',
  username: 'jdoe',
  password: NASTY_PASSWORD,
});
const encoded = encodeUserinfoComponent(NASTY_PASSWORD);

describe('proxyEnvironment', () => {
  test('holds the full URLs with credentials and the given NO_PROXY, as plain spreadable data', () => {
    const env = proxyEnvironment(settings, 'localhost,.svc');
    expect({ ...env }).toEqual({
      httpProxy: `http://jdoe:${encoded}@proxy:3128`,
      httpsProxy: `http://jdoe:${encoded}@proxy:3129`,
      noProxy: 'localhost,.svc',
    });
    expect(Object.isFrozen(env)).toBe(true);
  });

  test('an unset proxy is absent, not undefined', () => {
    const env = proxyEnvironment(new ProxySettings({ httpsProxy: 'http://p:1' }), '');
    expect(Object.keys(env)).toEqual(['httpsProxy', 'noProxy']);
  });

  test('logging it never shows the password', () => {
    const env = proxyEnvironment(settings, 'localhost');
    const outputs = [String(env), `${env}`, JSON.stringify(env), inspect(env), inspect({ env }, { depth: 5 }), format('%s %o %j', env, env, env)];
    for (const output of outputs) {
      expect(output).toContain('jdoe:***@proxy:3129');
      expect(output).not.toContain(encoded);
      expect(output).not.toContain('p@ss');
    }
  });

  test('refuses a NO_PROXY with control characters', () => {
    expect(() => proxyEnvironment(settings, 'a\nb')).toThrow(ProxyConfigError);
    expect(() => proxyEnvironment(settings, 'a\nb')).toThrow('NO_PROXY: must not contain newlines or control characters (got "a\\nb")');
  });
});

describe('proxyVariables', () => {
  test('upper then lower case, HTTP, HTTPS, NO_PROXY, same values', () => {
    expect(proxyVariables({ httpProxy: 'http://a:1', httpsProxy: 'http://b:2', noProxy: 'c' })).toEqual([
      { name: 'HTTP_PROXY', value: 'http://a:1' },
      { name: 'http_proxy', value: 'http://a:1' },
      { name: 'HTTPS_PROXY', value: 'http://b:2' },
      { name: 'https_proxy', value: 'http://b:2' },
      { name: 'NO_PROXY', value: 'c' },
      { name: 'no_proxy', value: 'c' },
    ]);
  });

  test('omits an unset proxy pair; NO_PROXY is always there', () => {
    expect(proxyVariables({ httpProxy: 'http://a:1', noProxy: '' }).map(({ name }) => name))
      .toEqual(['HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy']);
  });

  test.each([
    [{ httpProxy: 'http://u:pw@a:1\u0085', noProxy: '' }, 'HTTP_PROXY: must not contain newlines or control characters (got "http://u:***@a:1\u0085")'],
    [{ httpsProxy: 'x\ty', noProxy: '' }, 'HTTPS_PROXY: must not contain newlines or control characters'],
    [{ httpsProxy: '', noProxy: '' }, 'HTTPS_PROXY: must not be empty; leave the proxy unset instead'],
    [{ httpProxy: 42, noProxy: '' }, 'HTTP_PROXY: must be a string (got 42)'],
  ])('refuses %j', (env, message) => {
    expect(() => proxyVariables(env as never)).toThrow(message);
  });
});

test('the public renderers refuse what is not a proxy environment instead of rendering an empty NO_PROXY', () => {
  for (const render of [ProxyRenderers.systemdDropIn, ProxyRenderers.shellExports, ProxyRenderers.envFile, ProxyRenderers.podEnv]) {
    expect(() => render(NaN as unknown as ProxyEnvironment)).toThrow(/^environment: must be an object of proxy environment fields/);
    expect(() => render({} as ProxyEnvironment)).toThrow(/^environment\.noProxy: must be the computed NO_PROXY value/);
    expect(() => render({ httpProxy: 'http://proxy.corp:3128', noproxy: 'localhost' } as unknown as ProxyEnvironment))
      .toThrow(/^environment\.noproxy: is not a proxy environment field; did you mean noProxy\?$/);
  }
});
