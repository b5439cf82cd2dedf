import { NO_PROXY_CLIENT_IDS, NoProxyClientId } from '../../../src/core/noproxy/clients';
import { explainNoProxy, NoProxyVariables } from '../../../src/core/noproxy/explain';

/**
 * The measurement table of shared/reference/noproxy-clients.md, one row per case: the NO_PROXY
 * setting, the URL, and the clients that went direct. Every client model must reproduce every row.
 */
interface MeasuredCase {
  readonly id: string;
  readonly noProxy: string | NoProxyVariables;
  readonly url: string;
  /** Clients that bypassed the proxy (all others used it). */
  readonly direct: readonly NoProxyClientId[] | 'all';
  readonly resolve?: Record<string, string>;
}

/**
 * The clients the reference table does not cover, measured for this table with their Debian
 * bookworm packages (python3-httpx 0.23.3, python3-aiohttp 3.8.4, libwww-perl 6.68) through
 * conformance/clients/python/decide.py and conformance/clients/perl/decide.pl: the ids of the
 * cases where each went direct. The conformance suite measures them again on every run.
 */
const MEASURED_HERE: Readonly<Partial<Record<NoProxyClientId, readonly string[]>>> = {
  'python-httpx': ['env-upper-only', 'env-lower-only', 'exact-host', 'suffix-no-dot', 'suffix-leading-dot', 'star-alone', 'star-in-list',
    'uppercase-host', 'uppercase-entry', 'space-after-comma', 'trailing-space-entry', 'port-match', 'ipv4-exact', 'k8s-svc-nodot',
    'k8s-svc-dot', 'k8s-fqdn-cluster-local-nodot', 'k8s-fqdn-cluster-local-dot'],
  'python-aiohttp': ['env-upper-only', 'env-lower-only', 'exact-host', 'suffix-no-dot', 'suffix-leading-dot', 'apex-vs-leading-dot',
    'star-alone', 'uppercase-host', 'uppercase-entry', 'space-after-comma', 'trailing-space-entry', 'ipv4-exact', 'ipv6-exact',
    'k8s-svc-nodot', 'k8s-svc-dot', 'k8s-fqdn-cluster-local-nodot', 'k8s-fqdn-cluster-local-dot'],
  'perl-lwp': ['env-upper-only', 'env-lower-only', 'env-conflict', 'exact-host', 'suffix-no-dot', 'suffix-leading-dot',
    'partial-label-no-dot', 'space-after-comma', 'trailing-space-entry', 'ipv4-exact', 'ipv6-exact', 'k8s-svc-nodot', 'k8s-svc-dot',
    'k8s-fqdn-cluster-local-nodot', 'k8s-fqdn-cluster-local-dot'],
};
const REFERENCE_CLIENTS = NO_PROXY_CLIENT_IDS.filter((id) => MEASURED_HERE[id] === undefined);

const GO: NoProxyClientId[] = [NoProxyClientId.GO_HTTPPROXY, NoProxyClientId.GO_STDLIB];
const PFE: NoProxyClientId[] = [NoProxyClientId.NODE_PFE_V1, NoProxyClientId.NODE_PFE_V2];
const allBut = (...excluded: NoProxyClientId[]): NoProxyClientId[] => REFERENCE_CLIENTS.filter((id) => !excluded.includes(id));

const CASES: readonly MeasuredCase[] = [
  { id: 'env-upper-only', noProxy: { NO_PROXY: 'example.com' }, url: 'http://example.com/', direct: allBut(NoProxyClientId.WGET) },
  { id: 'env-lower-only', noProxy: { no_proxy: 'example.com' }, url: 'http://example.com/', direct: 'all' },
  { id: 'env-conflict', noProxy: { NO_PROXY: 'example.com', no_proxy: 'other.com' }, url: 'http://example.com/', direct: GO },
  { id: 'exact-host', noProxy: 'example.com', url: 'http://example.com/', direct: 'all' },
  { id: 'suffix-no-dot', noProxy: 'example.com', url: 'http://api.example.com/', direct: allBut(...PFE, NoProxyClientId.NODE24_HTTP, NoProxyClientId.NODE24_FETCH) },
  { id: 'suffix-leading-dot', noProxy: '.example.com', url: 'http://api.example.com/', direct: 'all' },
  { id: 'apex-vs-leading-dot', noProxy: '.example.com', url: 'http://example.com/', direct: [NoProxyClientId.CURL, NoProxyClientId.PYTHON_URLLIB, NoProxyClientId.PYTHON_REQUESTS, NoProxyClientId.NODE24_HTTP] },
  { id: 'partial-label-no-dot', noProxy: 'example.com', url: 'http://notexample.com/', direct: [NoProxyClientId.PYTHON_REQUESTS] },
  { id: 'partial-label-leading-dot', noProxy: '.example.com', url: 'http://notexample.com/', direct: [NoProxyClientId.NODE24_HTTP] },
  { id: 'wildcard-subdomain', noProxy: '*.example.com', url: 'http://api.example.com/', direct: [...GO, ...PFE, NoProxyClientId.NODE24_HTTP, NoProxyClientId.NODE24_FETCH] },
  { id: 'star-alone', noProxy: '*', url: 'http://example.com/', direct: allBut(NoProxyClientId.WGET, NoProxyClientId.RUBY) },
  { id: 'star-in-list', noProxy: 'other.com,*', url: 'http://example.com/', direct: [...GO, ...PFE, NoProxyClientId.NODE24_HTTP, NoProxyClientId.NODE24_FETCH] },
  { id: 'uppercase-host', noProxy: 'example.com', url: 'http://EXAMPLE.COM/', direct: 'all' },
  { id: 'uppercase-entry', noProxy: 'EXAMPLE.COM', url: 'http://example.com/', direct: 'all' },
  { id: 'trailing-dot-host', noProxy: 'example.com', url: 'http://example.com./', direct: [NoProxyClientId.CURL] },
  { id: 'trailing-dot-entry', noProxy: 'example.com.', url: 'http://example.com/', direct: [NoProxyClientId.CURL] },
  { id: 'space-after-comma', noProxy: 'other.com, example.com', url: 'http://example.com/', direct: 'all' },
  { id: 'trailing-space-entry', noProxy: 'example.com ,other.com', url: 'http://example.com/', direct: allBut(NoProxyClientId.WGET) },
  { id: 'space-separated', noProxy: 'other.com example.com', url: 'http://example.com/', direct: [NoProxyClientId.CURL, ...PFE, NoProxyClientId.NODE24_FETCH, NoProxyClientId.RUBY] },
  { id: 'port-match', noProxy: 'example.com:8080', url: 'http://example.com:8080/', direct: allBut(NoProxyClientId.CURL, NoProxyClientId.WGET) },
  { id: 'port-default-https', noProxy: 'example.com:443', url: 'https://example.com/', direct: [...GO, ...PFE, NoProxyClientId.NODE24_HTTP, NoProxyClientId.NODE24_FETCH, NoProxyClientId.RUBY] },
  { id: 'ipv4-exact', noProxy: '10.0.0.5', url: 'http://10.0.0.5/', direct: 'all' },
  { id: 'ipv4-cidr-in', noProxy: '10.0.0.0/24', url: 'http://10.0.0.5/', direct: [...GO, NoProxyClientId.CURL, NoProxyClientId.PYTHON_REQUESTS, NoProxyClientId.RUBY] },
  { id: 'ipv4-range-dash', noProxy: '10.0.0.1-10.0.0.9', url: 'http://10.0.0.5/', direct: [NoProxyClientId.NODE24_HTTP] },
  {
    id: 'ipv4-cidr-vs-name',
    noProxy: '10.96.0.0/12',
    url: 'http://kubernetes.default.svc/',
    direct: [NoProxyClientId.RUBY],
    resolve: { 'kubernetes.default.svc': '10.96.0.1' },
  },
  { id: 'ipv6-exact', noProxy: 'fd00::10', url: 'http://[fd00::10]/', direct: [...GO, NoProxyClientId.CURL, NoProxyClientId.WGET, NoProxyClientId.PYTHON_REQUESTS, NoProxyClientId.NODE24_HTTP] },
  { id: 'ipv6-exact-bracketed', noProxy: '[fd00::10]', url: 'http://[fd00::10]/', direct: [NoProxyClientId.PYTHON_URLLIB, ...PFE, NoProxyClientId.NODE24_FETCH] },
  { id: 'ipv6-cidr', noProxy: 'fd00::/64', url: 'http://[fd00::10]/', direct: GO },
  { id: 'localhost-not-listed', noProxy: 'example.com', url: 'http://localhost/', direct: [...GO, NoProxyClientId.RUBY] },
  { id: 'ipv4-loopback-not-listed', noProxy: 'example.com', url: 'http://127.0.0.1/', direct: [...GO, NoProxyClientId.RUBY] },
  { id: 'ipv6-loopback-not-listed', noProxy: 'example.com', url: 'http://[::1]/', direct: [...GO, NoProxyClientId.RUBY] },
  { id: 'k8s-svc-nodot', noProxy: 'svc', url: 'http://kubernetes.default.svc/', direct: allBut(...PFE, NoProxyClientId.NODE24_HTTP, NoProxyClientId.NODE24_FETCH) },
  { id: 'k8s-svc-dot', noProxy: '.svc', url: 'http://kubernetes.default.svc/', direct: 'all' },
  {
    id: 'k8s-fqdn-cluster-local-nodot',
    noProxy: 'cluster.local',
    url: 'http://x.y.svc.cluster.local/',
    direct: allBut(...PFE, NoProxyClientId.NODE24_HTTP, NoProxyClientId.NODE24_FETCH),
  },
  { id: 'k8s-fqdn-cluster-local-dot', noProxy: '.cluster.local', url: 'http://x.y.svc.cluster.local/', direct: 'all' },
];

describe('client models reproduce the measured NO_PROXY table', () => {
  test.each(CASES.map((c) => [c.id, c] as const))('%s', (_id, measured) => {
    const verdicts = explainNoProxy(measured.noProxy, measured.url, { resolve: (host) => measured.resolve?.[host] });
    const direct = verdicts.filter((verdict) => verdict.direct).map((verdict) => verdict.client);
    const reference = measured.direct === 'all' ? REFERENCE_CLIENTS : measured.direct;
    expect(direct).toEqual(NO_PROXY_CLIENT_IDS.filter((id) => (MEASURED_HERE[id]?.includes(measured.id) ?? reference.includes(id))));
  });
});
