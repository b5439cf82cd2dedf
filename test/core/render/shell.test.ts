import * as fc from 'fast-check';
import { SHELLS, sourceInShell } from './shell-harness';
import { ProxyEnvironment, proxyEnvironment, proxyVariables } from '../../../src/core/definition/proxy-environment';
import { ProxySettings } from '../../../src/core/definition/proxy-settings';
import { ProxyConfigError } from '../../../src/core/primitives/errors';
import { quoteShellValue, renderEnvFile, renderShellExports } from '../../../src/core/render/shell';
import { NASTY_PASSWORD, passwordArbitrary } from '../definition/arbitraries';

const envFor = (password: string, noProxy = 'localhost,.svc'): ProxyEnvironment =>
  proxyEnvironment(new ProxySettings({ httpProxy: 'http://proxy:3128', httpsProxy: 'http://proxy:3129', username: 'jdoe', password }), noProxy);

const NAMES = ['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy', 'NO_PROXY', 'no_proxy'];

describe('renderShellExports / renderEnvFile', () => {
  test('single-quote every value; a quote becomes \'\\\'\'', () => {
    expect(quoteShellValue('it\'s $HOME')).toBe('\'it\'\\\'\'s $HOME\'');
    expect(quoteShellValue('')).toBe('\'\'');
    const env = { httpProxy: 'http://p:1', noProxy: 'a,b' };
    expect(renderShellExports(env)).toBe([
      'export HTTP_PROXY=\'http://p:1\'',
      'export http_proxy=\'http://p:1\'',
      'export NO_PROXY=\'a,b\'',
      'export no_proxy=\'a,b\'',
      '',
    ].join('\n'));
    expect(renderEnvFile(env)).toBe('HTTP_PROXY=\'http://p:1\'\nhttp_proxy=\'http://p:1\'\nNO_PROXY=\'a,b\'\nno_proxy=\'a,b\'\n');
  });

  test('refuses control characters, naming the variable', () => {
    const call = (): unknown => renderShellExports({ httpsProxy: 'http://u:secret@p:1\nrm -rf /', noProxy: '' });
    expect(call).toThrow(ProxyConfigError);
    expect(call).toThrow('HTTPS_PROXY: must not contain newlines or control characters (got "http://u:***@p:1\\nrm -rf /")');
    expect(() => renderEnvFile({ noProxy: 'a\u0000' })).toThrow('NO_PROXY: must not contain');
  });
});

describe.each(SHELLS)('sourced by %s', (shell) => {
  test('exports carry every value byte for byte, hostile password and NO_PROXY included', () => {
    const env = envFor(NASTY_PASSWORD, 'localhost,\'x\',"y",$(id),`id`,\\z, spaced ');
    const result = sourceInShell(shell, renderShellExports(env), NAMES);
    const expected = proxyVariables(env);
    expect(result.stderr).toBe('');
    expect(result.values).toEqual(expected.map(({ value }) => value));
    for (const { name, value } of expected) {
      expect(result.exported[name]).toBe(value);
    }
    expect(new ProxySettings({ httpsProxy: result.exported.HTTPS_PROXY }).httpsProxy?.password).toBe(NASTY_PASSWORD);
  });

  test('an env file sets the same values without exporting them', () => {
    const env = envFor(NASTY_PASSWORD, 'a\'b');
    const result = sourceInShell(shell, renderEnvFile(env), NAMES);
    expect(result.values).toEqual(proxyVariables(env).map(({ value }) => value));
    expect(Object.keys(result.exported).filter((name) => NAMES.includes(name))).toEqual([]);
  });

  test('the comparison can fail: naive double quotes let the shell expand the value', () => {
    const result = sourceInShell(shell, 'export NO_PROXY="a$HOME`echo b`"\n', ['NO_PROXY']);
    expect(result.values).toEqual(['ab']);
  });

  test('property: generated passwords and NO_PROXY values survive both renderers', () => {
    const noProxyArbitrary = fc.string({ unit: fc.constantFrom('a', ',', '\'', '"', '\\', '$', '`', ' ', '!', '(', ';', '*', 'é'), maxLength: 12 });
    fc.assert(fc.property(passwordArbitrary, noProxyArbitrary, (password, noProxy) => {
      const env = envFor(password, noProxy);
      const expected = proxyVariables(env).map(({ value }) => value);
      expect(sourceInShell(shell, renderShellExports(env), NAMES).values).toEqual(expected);
      expect(sourceInShell(shell, renderEnvFile(env), NAMES).values).toEqual(expected);
    }), { numRuns: 50 });
  });
});
