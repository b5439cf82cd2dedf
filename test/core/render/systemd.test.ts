import * as fc from 'fast-check';
import { createUnitDirectory, parsedEnvironment, UnitDirectory, verifyUnit } from './systemd-harness';
import { ProxyEnvironment, proxyEnvironment, proxyVariables } from '../../../src/core/definition/proxy-environment';
import { ProxySettings } from '../../../src/core/definition/proxy-settings';
import { ProxyConfigError } from '../../../src/core/primitives/errors';
import { escapeSystemdEnvironmentValue, renderSystemdDropIn } from '../../../src/core/render/systemd';
import { NASTY_PASSWORD, passwordArbitrary } from '../definition/arbitraries';

const envFor = (password: string, noProxy = 'localhost,127.0.0.1,.svc,10.96.0.0/12'): ProxyEnvironment =>
  proxyEnvironment(new ProxySettings({
    httpProxy: 'http://proxy.corp:3128',
    httpsProxy: 'https://proxy.corp:3129',
    username: 'CORP\\jdoe',
    password,
  }), noProxy);

/** `NAME=value` for every variable, as systemd should hand them to the service. */
const expectedEnvironment = (env: ProxyEnvironment): string[] => proxyVariables(env).map(({ name, value }) => `${name}=${value}`);

describe('renderSystemdDropIn', () => {
  test('renders a [Service] section with upper- and lower-case variables, in order', () => {
    const env = { httpProxy: 'http://p:3128', httpsProxy: 'http://u:a%25b@p:3128', noProxy: 'localhost,.svc' };
    expect(renderSystemdDropIn(env)).toBe([
      '[Service]',
      'Environment="HTTP_PROXY=http://p:3128"',
      'Environment="http_proxy=http://p:3128"',
      'Environment="HTTPS_PROXY=http://u:a%%25b@p:3128"',
      'Environment="https_proxy=http://u:a%%25b@p:3128"',
      'Environment="NO_PROXY=localhost,.svc"',
      'Environment="no_proxy=localhost,.svc"',
      '',
    ].join('\n'));
  });

  test('leaves out an unset proxy but always writes NO_PROXY', () => {
    expect(renderSystemdDropIn({ httpsProxy: 'http://p:1', noProxy: '' }))
      .toBe('[Service]\nEnvironment="HTTPS_PROXY=http://p:1"\nEnvironment="https_proxy=http://p:1"\nEnvironment="NO_PROXY="\nEnvironment="no_proxy="\n');
  });

  test.each([
    ['%', '%%'],
    ['100%%', '100%%%%'],
    ['a\\b', 'a\\\\b'],
    ['say "hi"', 'say \\"hi\\"'],
    ['$HOME ${X} \'q\' `x`', '$HOME ${X} \'q\' `x`'],
    ['trailing\\', 'trailing\\\\'],
  ])('escapes %j as %j', (raw, escaped) => {
    expect(escapeSystemdEnvironmentValue(raw)).toBe(escaped);
  });

  test('refuses a control character, naming the variable and masking the password', () => {
    const call = (): unknown => renderSystemdDropIn({ httpProxy: 'http://u:secret@p:1\n[Service]\nExecStartPre=/bin/evil', noProxy: '' });
    expect(call).toThrow(ProxyConfigError);
    expect(call).toThrow(/^HTTP_PROXY: must not contain newlines or control characters \(got "http:\/\/u:\*\*\*@p:1\\n\[Service\]/);
    expect(() => renderSystemdDropIn({ noProxy: 'a\rb' })).toThrow('NO_PROXY: must not contain newlines or control characters');
  });
});

describe('real systemd reads the drop-in back', () => {
  let unit: UnitDirectory;
  beforeAll(() => {
    unit = createUnitDirectory();
  });
  afterAll(() => unit.remove());

  test('systemd-analyze verify reports nothing for a password full of special characters', () => {
    const env = envFor(NASTY_PASSWORD, 'localhost,%,"x",\\y');
    unit.writeDropIn(renderSystemdDropIn(env));
    expect(verifyUnit(unit)).toEqual({ status: 0, output: '' });
  });

  test('systemd --test parses every variable back byte for byte', () => {
    const env = envFor(NASTY_PASSWORD, 'localhost,%,"x",\\y,$HOME');
    unit.writeDropIn(renderSystemdDropIn(env));
    const parsed = parsedEnvironment(unit);
    expect(parsed.warnings).toEqual([]);
    expect(parsed.environment).toEqual(expectedEnvironment(env));
    // and the password inside the URL decodes to the original
    const httpsProxy = parsed.environment.find((line) => line.startsWith('HTTPS_PROXY='))!.slice('HTTPS_PROXY='.length);
    expect(new ProxySettings({ httpsProxy }).httpsProxy?.password).toBe(NASTY_PASSWORD);
  });

  test('the checks can fail: an unescaped % makes systemd warn and drop the variable', () => {
    const naive = '[Service]\nEnvironment="HTTP_PROXY=http://u:p%40ss@proxy:3128"\nEnvironment="NO_PROXY=localhost"\n';
    unit.writeDropIn(naive);
    const verified = verifyUnit(unit);
    expect(verified.output).toContain('Failed to resolve specifiers in HTTP_PROXY=http://u:p%40ss@proxy:3128, ignoring');
    const parsed = parsedEnvironment(unit);
    expect(parsed.warnings.join('\n')).toContain('Failed to resolve specifiers');
    expect(parsed.environment).toEqual(['NO_PROXY=localhost']);
  });

  test('the round trip can fail: unescaped quotes and backslashes change the value', () => {
    unit.writeDropIn('[Service]\nEnvironment="NO_PROXY=a\\tb,c\\\\d"\n');
    expect(parsedEnvironment(unit).environment).toEqual(['NO_PROXY=a\tb,c\\d']);
    unit.writeDropIn('[Service]\nEnvironment="HTTP_PROXY=http://u:"x"@p:1"\n');
    expect(parsedEnvironment(unit).environment).toEqual(['HTTP_PROXY=http://u:x@p:1']);
  });

  test('property: generated passwords and NO_PROXY values survive systemd unchanged', () => {
    const noProxyArbitrary = fc.string({ unit: fc.constantFrom('a', '.', ',', '%', '\\', '"', '$', '\'', ' ', '/', 'é'), maxLength: 12 });
    fc.assert(fc.property(passwordArbitrary, noProxyArbitrary, (password, noProxy) => {
      const env = envFor(password, noProxy);
      unit.writeDropIn(renderSystemdDropIn(env));
      const parsed = parsedEnvironment(unit);
      expect(parsed.warnings).toEqual([]);
      expect(parsed.environment).toEqual(expectedEnvironment(env));
    }), { numRuns: 30 });
  });
});
