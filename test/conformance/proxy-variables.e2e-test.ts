import { ClientCase, ClientRun, runRealClients } from './support/real-clients';
import { prepareClients } from './support/toolchain';
import { NO_PROXY_CLIENTS, noProxyClient, NoProxyClientId } from '../../src/core/noproxy/clients';
import { DESTINATION_SCHEMES, PROXY_SWITCH_VARIABLES, PROXY_URL_VARIABLES, proxyChoice } from '../../src/core/noproxy/proxy-variables';

/**
 * The proxy variables of every client profile (`proxyVariables` in src/core/noproxy/clients.ts),
 * measured on the real programs in the loopback-only namespace: each variable set alone to the
 * witness's URL, for an http:// and an https:// URL; `REQUEST_METHOD` (CGI) with only one case
 * of the http:// proxy; and Node's switch off, or on through NODE_OPTIONS. curl, wget and Node 24
 * make real requests the witness sees; the others are asked their own decision functions.
 * Precedence between two variables set at once is taken from the sources cited in the profiles:
 * one witness cannot tell two proxies apart.
 */

type Environment = Record<string, string | true | null>;

/** Every variable the rules look at, unset; Node's switch on unless a case says otherwise. */
const NOTHING_SET: Environment = {
  ...Object.fromEntries([...PROXY_URL_VARIABLES, ...PROXY_SWITCH_VARIABLES].map((name) => [name, null])),
  NODE_USE_ENV_PROXY: '1',
};

const ENVIRONMENTS: ReadonlyArray<[string, Environment]> = [
  ...PROXY_URL_VARIABLES.map((name): [string, Environment] => [`only-${name}`, { ...NOTHING_SET, [name]: true }]),
  ['cgi-HTTP_PROXY', { ...NOTHING_SET, REQUEST_METHOD: 'GET', HTTP_PROXY: true }],
  ['cgi-http_proxy', { ...NOTHING_SET, REQUEST_METHOD: 'GET', http_proxy: true }],
  ['node-switch-off', { ...NOTHING_SET, NODE_USE_ENV_PROXY: null, HTTP_PROXY: true, http_proxy: true, HTTPS_PROXY: true, https_proxy: true }],
  ['node-options-switch', { ...NOTHING_SET, NODE_USE_ENV_PROXY: null, NODE_OPTIONS: '--use-env-proxy', http_proxy: true, https_proxy: true }],
];

const CASES: ClientCase[] = ENVIRONMENTS.flatMap(([name, environment]) => DESTINATION_SCHEMES.map((scheme) => ({
  id: `${name}-${scheme}`,
  noProxy: 'unrelated.invalid',
  url: `${scheme}://proxied.example/`,
  environment,
})));

/** What the profile says the real client does: `fails` shows as an error (Go refuses the request). */
function expected(client: NoProxyClientId, testCase: ClientCase): 'proxy' | 'direct' | 'error' {
  const environment = Object.fromEntries(Object.entries(testCase.environment!).flatMap(([name, value]) =>
    (value === null ? [] : [[name, value === true ? 'http://witness.invalid:3128' : value]])));
  const outcome = proxyChoice(noProxyClient(client), testCase.url.startsWith('https:') ? 'https' : 'http', environment).outcome;
  return outcome === 'fails' ? 'error' : outcome;
}

describe('proxy variables each real client reads', () => {
  let run: ClientRun;

  beforeAll(() => {
    prepareClients();
    run = runRealClients(Object.fromEntries(NO_PROXY_CLIENTS.map((client) => [client.id, CASES])));
  }, 240_000);

  test('every client answered every case, and uses the proxy for some and not for others', () => {
    for (const client of NO_PROXY_CLIENTS) {
      const verdicts = [...run.verdicts[client.id]!.values()].map((verdict) => verdict.verdict);
      expect([client.id, verdicts.length, verdicts.includes('proxy'), verdicts.includes('direct')]).toEqual([client.id, CASES.length, true, true]);
    }
  });

  test('each client uses the proxy exactly where its profile says', () => {
    const mismatches = NO_PROXY_CLIENTS.flatMap((client) => CASES.flatMap((testCase) => {
      const real = run.verdicts[client.id]!.get(testCase.id)!;
      const want = expected(client.id, testCase);
      return real.verdict === want ? [] : [`${client.id} ${testCase.id}: profile ${want}, real ${real.verdict} (${real.detail ?? ''})`];
    }));
    expect(mismatches).toEqual([]);
  });

  test('the measured facts the audit states: curl ignores HTTP_PROXY, wget reads only lower case, Go refuses an http:// proxy under CGI', () => {
    const verdict = (client: NoProxyClientId, id: string) => run.verdicts[client]!.get(id)!.verdict;
    expect([verdict(NoProxyClientId.CURL, 'only-HTTP_PROXY-http'), verdict(NoProxyClientId.CURL, 'only-http_proxy-http')]).toEqual(['direct', 'proxy']);
    expect([verdict(NoProxyClientId.WGET, 'only-HTTPS_PROXY-https'), verdict(NoProxyClientId.WGET, 'only-https_proxy-https')]).toEqual(['direct', 'proxy']);
    expect(run.verdicts[NoProxyClientId.GO_STDLIB]!.get('cgi-HTTP_PROXY-http')).toMatchObject({ verdict: 'error', detail: expect.stringMatching(/CGI/) });
  });
});
