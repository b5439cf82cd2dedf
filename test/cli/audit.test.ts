import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AuditInput, runAuditCommand } from '../../src/cli/audit';
import { runCli } from '../../src/cli/cli';
import { AuditReport } from '../../src/cli/proxy-audit/audit';
import { ClusterNetwork } from '../../src/core/definition/network';
import { NoProxyClientId } from '../../src/core/noproxy/clients';
import { NoProxy } from '../../src/core/noproxy/no-proxy';
import { Provider } from '../../src/core/primitives/providers';

const EXAMPLE = join(__dirname, '..', '..', 'examples', 'audit', 'manifests.yaml');
const PASSWORD = 's3cr3t-Pa55';

/** Input that serves the given files and stdin text, and nothing else. */
function input(files: Record<string, string>, stdin = ''): AuditInput {
  return {
    readFile: (path) => {
      if (!(path in files)) {
        throw Object.assign(new Error(`ENOENT: no such file or directory, open '${path}'`), { code: 'ENOENT' });
      }
      return files[path];
    },
    readStdin: () => stdin,
  };
}

const example = input({ 'manifests.yaml': readFileSync(EXAMPLE, 'utf8') });
const json = (argv: string[], source: AuditInput = example): AuditReport => JSON.parse(runAuditCommand([...argv, '--format', 'json'], source).stdout);

describe('cluster-proxy audit on the example manifest set with deliberate mistakes', () => {
  const report = json(['manifests.yaml']);
  const site = (label: string) => report.sites.find((candidate) => candidate.label.startsWith(label))!;
  const codes = (label: string) => site(label).findings.map((finding) => finding.code);

  test('finds every proxy setting: containers (literal env, ConfigMap envFrom, Secret ref), node drop-in and kubeadm commands', () => {
    expect(report.sites.map((candidate) => candidate.label)).toEqual([
      'Deployment shop/web container web',
      'CronJob shop/report container report',
      'StatefulSet shop/db-backup container backup',
      'KubeadmControlPlane clusters/shop-control-plane file /etc/systemd/system/containerd.service.d/http-proxy.conf',
      'KubeadmControlPlane clusters/shop-control-plane kubeadm commands',
    ]);
    expect(site('CronJob').noProxy).toEqual({ NO_PROXY: 'localhost,127.0.0.1,svc,cluster.local,10.96.0.1,kubernetes.default' });
    expect(site('KubeadmControlPlane clusters/shop-control-plane file').noProxy).toEqual({ NO_PROXY: 'localhost,127.0.0.1,.corp.example' });
    expect(site('KubeadmControlPlane clusters/shop-control-plane kubeadm').noProxy).toEqual({ NO_PROXY: 'https://api.shop.corp.example,localhost' });
  });

  test('takes the cluster facts from the Cluster object, provider from its infrastructureRef', () => {
    expect(report.cluster).toMatchObject({ pods: ['192.168.0.0/16'], services: ['10.96.0.0/12'], provider: 'aws', controlPlaneEndpoint: 'api.shop.corp.example' });
  });

  test('reports the destinations each client sends to the proxy, per site', () => {
    const web = site('Deployment shop/web').findings;
    expect(web.find((finding) => finding.url === 'https://kubernetes.default.svc/')?.clients)
      .toEqual(['curl', 'wget', 'python-urllib', 'python-requests', 'ruby', 'python-httpx', 'python-aiohttp', 'perl-lwp']);
    expect(web.find((finding) => finding.url === 'https://10.96.0.1/')?.clients).toContain('node-pfe-v2');
    expect(web.find((finding) => finding.url === 'http://169.254.170.23/')?.message).toMatch(/EKS Pod Identity Agent .* goes through the proxy in every client/);
    // only the upper-case HTTPS_PROXY: wget reads only https_proxy, so it never reaches the proxy there, and Node 24 is not switched on
    expect(site('CronJob').findings.filter((finding) => finding.clients.includes(NoProxyClientId.WGET)).map((finding) => [finding.code, finding.fix]))
      .toEqual([['proxy-variable-not-read', 'also set https_proxy to the same URL']]);
    expect(site('CronJob').findings.find((finding) => finding.url === 'https://kubernetes.default.svc/')?.clients).toEqual(['node-pfe-v1', 'node-pfe-v2']);
    // only HTTPS_PROXY is set there, so http:// destinations never reach a proxy
    expect(site('CronJob').findings.filter((finding) => finding.url?.startsWith('http:'))).toEqual([]);
  });

  test('says which clients use the proxy per site, and which variable a client misses', () => {
    const text = runAuditCommand(['manifests.yaml'], example).stdout;
    expect(text).toContain([
      '  proxy use:',
      '    Go x/net/http/httpproxy, Go net/http, Python urllib, Python requests, proxy-from-env 1.1.0, proxy-from-env 2.1.0 (axios), Ruby, '
        + 'Python httpx, Python aiohttp, Perl LWP: uses the proxy for http (HTTP_PROXY) and https (HTTPS_PROXY)',
      '    curl: uses the proxy for https (HTTPS_PROXY); not for http: the site sets HTTP_PROXY, and it reads only http_proxy, all_proxy or ALL_PROXY',
      '    wget: does not use the proxy: for http the site sets HTTP_PROXY, and it reads only http_proxy; for https the site sets HTTPS_PROXY, '
        + 'and it reads only https_proxy',
      '    Node 24 http, Node 24 fetch: does not use the proxy: it reads the proxy variables only with NODE_USE_ENV_PROXY=1 or --use-env-proxy '
        + '(in NODE_OPTIONS or on the command line)',
      '  - [proxy-variable-not-read] the http proxy is set only in HTTP_PROXY, which curl, wget do not read: http:// requests there go direct; '
        + 'fix: also set http_proxy to the same URL',
      '  - [proxy-variable-not-read] the https proxy is set only in HTTPS_PROXY, which wget does not read: https:// requests there go direct; '
        + 'fix: also set https_proxy to the same URL',
    ].join('\n'));
  });

  test('reports entries no client reads as written, and entries some clients ignore, with the fix', () => {
    expect(site('Deployment shop/web').findings.filter((finding) => finding.code !== 'proxied-destination').map((finding) => [finding.code, finding.entry, finding.fix]))
      .toEqual([
        ['entry-ignored-by-some-clients', '*.svc', 'write it as .svc'],
        ['entry-ignored-by-some-clients', '*.cluster.local', 'write it as .cluster.local'],
        ['entry-ignored-by-some-clients', '10.96.0.0/12', 'write it as 10.96.0.0/12,10.96.0.0-10.111.255.255'],
        ['invalid-entry', '.corp.example;.internal', undefined],
      ]);
    // Node 24 is not switched on in the CronJob, so its reading of a bare "svc" does not matter there
    expect(site('CronJob').findings.find((finding) => finding.entry === 'svc')?.clients).toEqual(['node-pfe-v1', 'node-pfe-v2']);
    expect(codes('StatefulSet')).toEqual(expect.arrayContaining(['variables-differ', 'invalid-entry']));
    expect(site('StatefulSet').findings.find((finding) => finding.code === 'invalid-entry')?.message).toMatch(/host bits set; did you mean 10\.96\.0\.0\/12/);
    expect(site('KubeadmControlPlane clusters/shop-control-plane kubeadm').findings.find((finding) => finding.code === 'invalid-entry')?.message)
      .toMatch(/must not contain a scheme/);
  });

  test('never prints the proxy password, in text or JSON', () => {
    const text = runAuditCommand(['manifests.yaml'], example);
    const asJson = runAuditCommand(['manifests.yaml', '--format', 'json'], example);
    for (const output of [text.stdout, text.stderr, asJson.stdout, asJson.stderr]) {
      expect(output).not.toContain(PASSWORD);
    }
    expect(text.stdout).toContain('HTTPS_PROXY=http://svc-shop:***@proxy.corp.example:3128');
    expect(site('CronJob').proxies).toEqual({ HTTPS_PROXY: 'http://svc-shop:***@proxy.corp.example:3128' });
  });

  test('text output: one block per site, then the fix; exit status 1 on findings', () => {
    const result = runAuditCommand(['manifests.yaml'], example);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toMatch(/^Cluster: pods 192\.168\.0\.0\/16; services 10\.96\.0\.0\/12; domain cluster\.local; provider aws\nSites with proxy settings: 5; findings: \d+\n/);
    expect(result.stdout).toContain('  - [entry-ignored-by-some-clients] NO_PROXY/no_proxy entry "*.svc" is ignored by curl, wget');
    expect(result.stdout).toMatch(/The library's NO_PROXY for this cluster \(set NO_PROXY and no_proxy to it\):\n.*\.svc,.*169\.254\.170\.23/);
    expect(report.findingCount).toBeGreaterThan(40);
  });

  test('is registered as a cluster-proxy command', () => {
    expect(runCli(['audit', '--help']).stdout).toMatch(/^Usage:\n {2}cluster-proxy audit/);
    expect(runCli(['--help']).stdout).toContain('cluster-proxy audit [FILE...|-]');
  });
});

describe('cluster-proxy audit: clean input, stdin, flags and errors', () => {
  const network = new ClusterNetwork({ pods: ['10.244.0.0/16', 'fd00:10:244::/56'], services: ['10.96.0.0/16', 'fd00:10:96::/112'], provider: Provider.AZURE });
  const value = NoProxy.forCluster(network).render();
  const deployment = (noProxy: string) => [
    'apiVersion: apps/v1', 'kind: Deployment', 'metadata: {name: api, namespace: team}', 'spec:', '  template:', '    spec:', '      containers:',
    '        - name: api', '          env:', '            - {name: HTTPS_PROXY, value: "http://proxy:3128"}', '            - {name: https_proxy, value: "http://proxy:3128"}',
    '            - {name: HTTP_PROXY, value: "http://proxy:3128"}', '            - {name: http_proxy, value: "http://proxy:3128"}',
    `            - {name: NO_PROXY, value: "${noProxy}"}`, `            - {name: no_proxy, value: "${noProxy}"}`, '',
  ].join('\n');
  const flags = ['--pod-cidr', '10.244.0.0/16', '--pod-cidr', 'fd00:10:244::/56', '--service-cidr', '10.96.0.0/16', '--service-cidr', 'fd00:10:96::/112', '--provider', 'azure'];

  test('the library\'s own NO_PROXY has no findings (exit 0), read from stdin, facts from flags', () => {
    const result = runAuditCommand(['-', ...flags], input({}, deployment(value)));
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/findings: 0\n[\s\S]*\n {2}OK\n$/);
    expect(result.exitCode).toBe(0);
  });

  test('dual-stack: the second family\'s ClusterIPs and the provider entries are checked', () => {
    const report = json(['-', ...flags], input({}, deployment('.svc,.cluster.local,10.96.0.1,10.96.0.10')));
    const urls = report.sites[0].findings.map((finding) => finding.url);
    expect(urls).toEqual(expect.arrayContaining(['https://[fd00:10:96::1]/', 'http://[fd00:10:96::a]:9153/metrics', 'http://168.63.129.16/']));
  });

  test('a reference to a ConfigMap or Secret outside the input is reported as not checked', () => {
    const manifest = [
      'apiVersion: v1', 'kind: Pod', 'metadata: {name: p}', 'spec:', '  containers:', '    - name: c',
      '      env: [{name: HTTPS_PROXY, value: "http://proxy:3128"}, {name: NO_PROXY, valueFrom: {secretKeyRef: {name: elsewhere, key: np}}}]', '',
    ].join('\n');
    const result = runAuditCommand(['-', ...flags], input({}, manifest));
    expect(result.stdout).toContain('  not checked: NO_PROXY from Secret elsewhere key np is not in the input');
  });

  test.each<[string, string[], AuditInput, RegExp]>([
    ['no cluster facts', ['-'], input({}, deployment('.svc')), /no cluster facts: pass --pod-cidr and --service-cidr, or include the Cluster object/],
    ['invalid YAML, naming the document', ['-', ...flags], input({}, 'kind: Pod\n---\nkind: [unclosed\n'), /^cluster-proxy audit: stdin#2: is not valid YAML/],
    ['a missing file', ['nope.yaml', ...flags], input({}), /ENOENT: no such file or directory, open 'nope\.yaml'/],
    ['an unknown format', ['-', ...flags, '--format', 'yaml'], input({}, ''), /--format: must be one of text, json \(got "yaml"\)/],
    ['an unknown flag', ['--nope'], input({}, ''), /Unknown option '--nope'/],
    ['an invalid CIDR flag', ['-', '--pod-cidr', '10.0.0.0/33', '--service-cidr', '10.96.0.0/12'], input({}, ''), /pods\[0\]: prefix length must be at most 32/],
  ])('%s: exit status 2 with one message', (_name, argv, source, message) => {
    const result = runAuditCommand(argv, source);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(message);
  });
});

describe('cluster-proxy audit: each client reads its own proxy variables', () => {
  const flags = ['--pod-cidr', '10.244.0.0/16', '--service-cidr', '10.96.0.0/16'];
  const PROXY = 'http://proxy:3128';
  /** The report of one Pod whose container sets exactly `env` (NO_PROXY left unset). */
  const audit = (env: Record<string, string>): AuditReport => json(['-', ...flags], input({}, [
    'apiVersion: v1', 'kind: Pod', 'metadata: {name: p, namespace: team}', 'spec:', '  containers:', '    - name: c', '      env:',
    ...Object.entries(env).map(([name, value]) => `        - {name: ${name}, value: "${value}"}`), '',
  ].join('\n')));
  /** Per client: the variable it takes each scheme's proxy from, or "direct". */
  const use = (report: AuditReport): Record<string, string> => Object.fromEntries(report.sites[0].proxyUse.map((entry) => [
    entry.client,
    (['http', 'https'] as const).map((scheme) => `${scheme}:${entry[scheme].variable ?? entry[scheme].outcome}`).join(' '),
  ]));
  const statement = (report: AuditReport, client: NoProxyClientId): string =>
    report.sites[0].proxyUse.find((entry) => entry.client === client)!.statement;
  const findingsOf = (report: AuditReport, code: string) => report.sites[0].findings.filter((finding) => finding.code === code);

  test('only HTTP_PROXY: curl and wget connect directly for http, Go and Python use it; the finding names the missing http_proxy', () => {
    const report = audit({ HTTP_PROXY: PROXY });
    expect(use(report)).toMatchObject({
      'go-stdlib': 'http:HTTP_PROXY https:direct',
      'curl': 'http:direct https:direct',
      'wget': 'http:direct https:direct',
      'python-requests': 'http:HTTP_PROXY https:direct',
    });
    expect(statement(report, NoProxyClientId.WGET)).toBe('does not use the proxy: for http the site sets HTTP_PROXY, and it reads only http_proxy');
    expect(findingsOf(report, 'proxy-variable-not-read').map((finding) => [finding.clients, finding.fix]))
      .toEqual([[['curl', 'wget'], 'also set http_proxy to the same URL']]);
    const service = report.sites[0].findings.find((finding) => finding.url === 'http://web.shop.svc:8080/')!;
    expect(service.clients).not.toContain('curl');
    expect(service.clients).not.toContain('wget');
    expect(service.clients).toContain('python-requests');
  });

  test('only https_proxy: wget, curl and Go use it for https, nobody for http, and nothing is missing', () => {
    const report = audit({ https_proxy: PROXY });
    expect(use(report)).toMatchObject({
      'go-httpproxy': 'http:direct https:https_proxy',
      'curl': 'http:direct https:https_proxy',
      'wget': 'http:direct https:https_proxy',
      'perl-lwp': 'http:direct https:https_proxy',
    });
    expect(statement(report, NoProxyClientId.CURL)).toBe('uses the proxy for https (https_proxy)');
    expect(findingsOf(report, 'proxy-variable-not-read')).toEqual([]);
    expect(report.sites[0].findings.find((finding) => finding.url === 'https://kubernetes/')?.clients).toContain('wget');
  });

  test('only HTTPS_PROXY: wget connects directly, curl and Go use it', () => {
    const report = audit({ HTTPS_PROXY: PROXY });
    expect(use(report)).toMatchObject({ 'wget': 'http:direct https:direct', 'curl': 'http:direct https:HTTPS_PROXY', 'go-stdlib': 'http:direct https:HTTPS_PROXY' });
    expect(findingsOf(report, 'proxy-variable-not-read').map((finding) => [finding.clients, finding.fix])).toEqual([[['wget'], 'also set https_proxy to the same URL']]);
    expect(report.sites[0].findings.find((finding) => finding.url === 'https://kubernetes/')?.clients).not.toContain('wget');
  });

  test('both cases set: a client that reads both takes its preferred case (Go and LWP upper, the others lower)', () => {
    const report = audit({ HTTP_PROXY: PROXY, http_proxy: PROXY, HTTPS_PROXY: PROXY, https_proxy: PROXY });
    expect(use(report)).toMatchObject({
      'go-httpproxy': 'http:HTTP_PROXY https:HTTPS_PROXY',
      'perl-lwp': 'http:HTTP_PROXY https:HTTPS_PROXY',
      'curl': 'http:http_proxy https:https_proxy',
      'python-urllib': 'http:http_proxy https:https_proxy',
    });
    expect(findingsOf(report, 'proxy-variable-not-read')).toEqual([]);
  });

  test('only ALL_PROXY: curl, requests, httpx and proxy-from-env use it; Go, wget, urllib, aiohttp, Ruby and LWP connect directly', () => {
    const report = audit({ ALL_PROXY: PROXY });
    const users = report.sites[0].proxyUse.filter((entry) => entry.https.outcome === 'proxy').map((entry) => entry.client);
    expect(users).toEqual(['curl', 'python-requests', 'node-pfe-v1', 'node-pfe-v2', 'python-httpx']);
    expect(findingsOf(report, 'proxy-variable-not-read').map((finding) => [finding.clients, finding.fix])).toEqual([
      [['go-httpproxy', 'go-stdlib', 'wget', 'python-urllib', 'ruby', 'python-aiohttp', 'perl-lwp'], 'also set http_proxy and HTTP_PROXY to the same URL'],
      [['go-httpproxy', 'go-stdlib', 'wget', 'python-urllib', 'ruby', 'python-aiohttp', 'perl-lwp'], 'also set https_proxy and HTTPS_PROXY to the same URL'],
    ]);
  });

  test('Node 24 uses the proxy only when switched on: NODE_USE_ENV_PROXY=1 or --use-env-proxy in NODE_OPTIONS', () => {
    const node = (report: AuditReport) => Object.fromEntries(Object.entries(use(report)).filter(([client]) => client.startsWith('node24')));
    const all = { HTTP_PROXY: PROXY, http_proxy: PROXY, HTTPS_PROXY: PROXY, https_proxy: PROXY };
    expect(node(audit(all))).toEqual({ 'node24-http': 'http:direct https:direct', 'node24-fetch': 'http:direct https:direct' });
    expect(node(audit({ ...all, NODE_USE_ENV_PROXY: 'true' }))).toEqual({ 'node24-http': 'http:direct https:direct', 'node24-fetch': 'http:direct https:direct' });
    expect(node(audit({ ...all, NODE_USE_ENV_PROXY: '1' })))
      .toEqual({ 'node24-http': 'http:http_proxy https:https_proxy', 'node24-fetch': 'http:http_proxy https:https_proxy' });
    expect(node(audit({ ...all, NODE_OPTIONS: '--max-old-space-size=512 --use-env-proxy' })))
      .toEqual({ 'node24-http': 'http:http_proxy https:https_proxy', 'node24-fetch': 'http:http_proxy https:https_proxy' });
    // switched off, Node is not among the clients a destination finding names, and misses no variable
    const off = audit({ HTTPS_PROXY: PROXY });
    expect(off.sites[0].findings.find((finding) => finding.url === 'https://kubernetes/')?.clients).not.toContain('node24-fetch');
    // fetch (undici) falls back to the http:// proxy for https://; the http module does not
    expect(node(audit({ HTTP_PROXY: PROXY, NODE_USE_ENV_PROXY: '1' })))
      .toEqual({ 'node24-http': 'http:HTTP_PROXY https:direct', 'node24-fetch': 'http:HTTP_PROXY https:HTTP_PROXY' });
  });

  test('a site that sets NO_PROXY but no proxy (it may come from elsewhere) has its entries judged for every client', () => {
    const report = audit({ NO_PROXY: '*.svc', no_proxy: '*.svc' });
    expect(statement(report, NoProxyClientId.CURL)).toBe('does not use a proxy: no proxy variable is set');
    expect(report.sites[0].findings.map((finding) => [finding.code, finding.clients.length])).toEqual([['entry-ignored-by-some-clients', 8]]);
  });

  test('a container that sets only NODE_OPTIONS or NODE_USE_ENV_PROXY is no proxy site', () => {
    expect(audit({ NODE_OPTIONS: '--use-env-proxy', NODE_USE_ENV_PROXY: '1' }).sites).toEqual([]);
  });
});
