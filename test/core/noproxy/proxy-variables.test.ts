import { NO_PROXY_CLIENTS, noProxyClient, NoProxyClientId } from '../../../src/core/noproxy/clients';
import { DESTINATION_SCHEMES, isMeantFor, PROXY_URL_VARIABLES, proxyChoice, standardVariables, switchedOn } from '../../../src/core/noproxy/proxy-variables';

/**
 * The rules themselves are measured on the real programs by
 * test/conformance/proxy-variables.e2e-test.ts; these tests pin how the rules are applied.
 */

describe('proxy variable rules of the client profiles', () => {
  test('every listed variable is read by some client for each scheme it is meant for; every client reads a standard variable per scheme', () => {
    for (const name of PROXY_URL_VARIABLES) {
      for (const scheme of DESTINATION_SCHEMES.filter((candidate) => isMeantFor(name, candidate))) {
        expect([name, scheme, NO_PROXY_CLIENTS.some((client) => client.proxyVariables[scheme].includes(name))]).toEqual([name, scheme, true]);
      }
    }
    for (const client of NO_PROXY_CLIENTS) {
      for (const scheme of DESTINATION_SCHEMES) {
        const readsStandard = client.proxyVariables[scheme].some((name) => standardVariables(scheme).includes(name));
        expect([client.id, scheme, readsStandard]).toEqual([client.id, scheme, true]);
      }
    }
  });

  test('the first variable set wins, an empty one counts as unset', () => {
    const curl = noProxyClient(NoProxyClientId.CURL);
    expect(proxyChoice(curl, 'https', { HTTPS_PROXY: 'http://a:3128', https_proxy: 'http://b:3128' }).variable).toBe('https_proxy');
    expect(proxyChoice(curl, 'https', { HTTPS_PROXY: 'http://a:3128', https_proxy: '' }).variable).toBe('HTTPS_PROXY');
    expect(proxyChoice(curl, 'http', { HTTP_PROXY: 'http://a:3128' })).toEqual({ outcome: 'direct', reason: 'reads only http_proxy, all_proxy, ALL_PROXY for http' });
  });

  // measured on Node 24.9.0: `getOptionValue('--use-env-proxy')` under each environment
  test.each<[Record<string, string>, boolean]>([
    [{ NODE_USE_ENV_PROXY: '1' }, true],
    [{ NODE_USE_ENV_PROXY: 'true' }, false],
    [{ NODE_USE_ENV_PROXY: '0' }, false],
    [{}, false],
    [{ NODE_OPTIONS: '--use-env-proxy' }, true],
    [{ NODE_OPTIONS: '--use-env-proxy', NODE_USE_ENV_PROXY: '0' }, true],
    [{ NODE_OPTIONS: '--no-use-env-proxy', NODE_USE_ENV_PROXY: '1' }, false],
    [{ NODE_OPTIONS: '--no-use-env-proxy --max-old-space-size=256 --use-env-proxy' }, true],
  ])('Node\'s proxy switch in %j: %s', (environment, on) => {
    expect(switchedOn('node-use-env-proxy', environment)).toBe(on);
  });

  test('under CGI (REQUEST_METHOD set) Go refuses an http:// proxy, the getproxies clients skip HTTP_PROXY only, curl is unchanged', () => {
    const cgi = { REQUEST_METHOD: 'GET', HTTP_PROXY: 'http://a:3128', HTTPS_PROXY: 'http://a:3128' };
    const outcome = (id: NoProxyClientId, environment: Record<string, string>, scheme: 'http' | 'https' = 'http') =>
      proxyChoice(noProxyClient(id), scheme, environment).outcome;
    expect(outcome(NoProxyClientId.GO_STDLIB, cgi)).toBe('fails');
    expect(outcome(NoProxyClientId.GO_STDLIB, cgi, 'https')).toBe('proxy');
    expect(outcome(NoProxyClientId.PYTHON_URLLIB, cgi)).toBe('direct');
    expect(outcome(NoProxyClientId.PYTHON_URLLIB, { ...cgi, http_proxy: 'http://a:3128' })).toBe('proxy');
    expect(outcome(NoProxyClientId.PERL_LWP, cgi)).toBe('direct');
    expect(outcome(NoProxyClientId.NODE_PFE_V2, cgi)).toBe('proxy');
    expect(outcome(NoProxyClientId.CURL, { REQUEST_METHOD: 'GET', http_proxy: 'http://a:3128' })).toBe('proxy');
  });
});
