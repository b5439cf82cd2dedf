import * as fc from 'fast-check';
import { constructDefinition, definition } from './support/definition-arbitraries';
import { propertyDestinations } from './support/property-destinations';
import { ClientCase, ClientRun, runRealClients } from './support/real-clients';
import { prepareClients } from './support/toolchain';
import { ClusterProxyConfig } from '../../src/core/definition/cluster-proxy-config';
import { NoProxyClientId } from '../../src/core/noproxy/clients';
import { explainNoProxy } from '../../src/core/noproxy/explain';
import { NoProxyFormat } from '../../src/core/noproxy/render';
import { renderPodEnv } from '../../src/core/render/pod-env';
import { renderEnvFile, renderShellExports } from '../../src/core/render/shell';
import { renderSystemdDropIn } from '../../src/core/render/systemd';

/**
 * Property-based conformance: generated valid definitions (every IP family layout, custom domains,
 * endpoints, providers, random installation-wide entries), rendered by the library, then every
 * case decided by Go's real x/net/http/httpproxy in one process. The seed is printed with any
 * failure; FC_SEED reproduces a run.
 */

const DEFINITIONS = 150;
const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
const FORMATS: readonly NoProxyFormat[] = [NoProxyFormat.ENV, NoProxyFormat.LIST, NoProxyFormat.JSON, NoProxyFormat.JAVA];
/**
 * Clients with a pure decision function: cheap to ask thousands of questions in one process, so
 * their models are checked on every generated case too (the witnessed clients, one process per
 * question, are covered by the matrix suite).
 */
const DECISION_FUNCTION_CLIENTS: readonly NoProxyClientId[] = [
  NoProxyClientId.GO_STDLIB, NoProxyClientId.PYTHON_URLLIB, NoProxyClientId.PYTHON_REQUESTS, NoProxyClientId.NODE_PFE_V1,
  NoProxyClientId.NODE_PFE_V2, NoProxyClientId.RUBY, NoProxyClientId.PYTHON_HTTPX, NoProxyClientId.PYTHON_AIOHTTP, NoProxyClientId.PERL_LWP,
];

/** Everything the library renders for one configuration, as one string. */
function renderAll(config: ClusterProxyConfig): string {
  const env = config.environment;
  return [
    ...FORMATS.map((format) => config.noProxy.render(format)),
    renderSystemdDropIn(env), renderShellExports(env), renderEnvFile(env), JSON.stringify(renderPodEnv(env)),
  ].join('\n---\n');
}

describe(`generated definitions against Go's real NO_PROXY matcher (fast-check seed ${seed})`, () => {
  const inputs = fc.sample(definition, { numRuns: DEFINITIONS, seed });
  const configs = inputs.flatMap((input) => {
    const config = constructDefinition(input);
    return config ? [{ input, config }] : [];
  });

  test('most generated definitions are valid, so the property is not vacuous', () => {
    expect(configs.length).toBeGreaterThan(DEFINITIONS * 0.8);
  });

  test('rendering never throws and is deterministic', () => {
    for (const { input, config } of configs) {
      const again = constructDefinition(input);
      expect(again).toBeDefined();
      expect(renderAll(again as ClusterProxyConfig)).toBe(renderAll(config));
    }
  });

  const cases: ClientCase[] = [];
  const expected = new Map<string, { expected: string; input: unknown; noProxy: string }>();
  configs.forEach(({ input, config }, index) => {
    propertyDestinations(config).forEach((destination, position) => {
      const id = `${index}/${position}`;
      cases.push({ id, noProxy: config.environment.noProxy, url: destination.url });
      expected.set(id, { expected: destination.expected, input, noProxy: config.environment.noProxy });
    });
  });
  let run: ClientRun;

  beforeAll(() => {
    prepareClients();
    run = runRealClients(Object.fromEntries(['go-httpproxy', ...DECISION_FUNCTION_CLIENTS].map((client) => [client, cases])));
  }, 120_000);

  test('Go goes direct for everything the NO_PROXY covers and through the proxy for the rest, as the model predicts', () => {
    const verdicts = run.verdicts['go-httpproxy'];
    const failures = cases.flatMap((testCase) => {
      const real = verdicts?.get(testCase.id);
      const want = expected.get(testCase.id);
      const model = explainNoProxy(testCase.noProxy, testCase.url, { clients: [NoProxyClientId.GO_HTTPPROXY] })[0];
      const problems = [
        real?.verdict !== want?.expected && `Go went ${real?.verdict ?? 'nowhere'}, expected ${want?.expected}`,
        (real?.verdict === 'direct') !== model.direct && `the model says ${model.direct ? 'direct' : 'proxy'}`,
      ].filter(Boolean);
      return problems.length === 0 ? [] : [`${testCase.url}: ${problems.join('; ')} (NO_PROXY ${want?.noProxy}; definition ${JSON.stringify(want?.input)})`];
    });
    expect(cases.length).toBeGreaterThan(configs.length * 10);
    expect([...expected.values()].filter((want) => want.expected === 'proxy').length).toBeGreaterThan(configs.length);
    expect(failures.slice(0, 5)).toEqual([]);
  });

  test.each(DECISION_FUNCTION_CLIENTS)('the model of %s agrees with the real client on every generated case', (client) => {
    const verdicts = run.verdicts[client];
    const disagreements = cases.flatMap((testCase) => {
      const real = verdicts?.get(testCase.id);
      const model = explainNoProxy(testCase.noProxy, testCase.url, { clients: [client] })[0];
      return real?.verdict === (model.direct ? 'direct' : 'proxy') ? []
        : [`${testCase.url}: real ${real?.verdict} (${real?.detail}), model ${model.direct ? 'direct' : 'proxy'} (${model.reason}); NO_PROXY ${testCase.noProxy}`];
    });
    expect(disagreements.slice(0, 5)).toEqual([]);
  });
});
