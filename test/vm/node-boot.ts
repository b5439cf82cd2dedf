import { execFileSync, spawnSync, SpawnSyncReturns } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { ExpectedNodeFile, nodeBootstrapFromLibrary, NodeBootstrapOutput, secretFiles } from './library-output';
import { ociImage } from './oci-image';
import { BootResult, bootVm, ensureImage, VmImage } from './qemu';
import { buildSeed } from './seed';
import { withTkgRegistryCa } from './tkg-registry-ca';
import { BootstrapFormat } from '../../src/core/node-files/bootstrap-format';
import { createTestPki } from '../e2e/support/pki';
import { clusterApiBootstrapData } from '../support/control-plane/bootstrap-controller';
import { toolPath } from '../support/control-plane/control-plane';

/**
 * The whole chain on a real node. The library's objects for a cluster behind an authenticating
 * proxy (a password full of URL, shell and systemd specials) with a "corporate" CA, delivery
 * `secret`, are turned into a machine's cloud-config the way Cluster API's kubeadm bootstrap
 * provider does (contentFrom resolved from the emitted Secret). A Debian VM with no network device
 * boots from it: real cloud-init writes the files and runs the preKubeadmCommands, real systemd
 * restarts containerd with the drop-in, and a kubeadm stand-in records what it saw. Then, all on
 * loopback inside the VM, containerd itself (over CRI), its client, curl and Python fetch through
 * squid, which only accepts the password and intercepts TLS: it re-signs every tunnel with the
 * corporate CA, so each client succeeds only because the node trusts that CA, and one that trusts
 * only the origins' real CA fails. The proxied names lead nowhere from the node but through squid;
 * a NO_PROXY destination is reached directly. Negative controls close the run: containerd with the
 * drop-in a broken renderer would write, and without any, must fail to pull. The VM reports on its
 * serial console; every judgement is made here. Run alone with `npm run test:vm` (needs root for
 * the image build).
 *
 * Once per format: with cloud-config (a Debian node, cloud-init applies it), and with Ignition (the
 * library targets Flatcar's layout; Flatcar's Ignition applies it in the VM, and kubeadm.service
 * runs the resulting /etc/kubeadm.sh). Each format has a test file of its own, so jest boots the
 * two VMs side by side, one emulated CPU each.
 */

const USERNAME = 'svc-k8s@corp.test';
/** Every character the issue of proxy passwords is about: @ : / % # ? " ' \ $ ! & spaces, non-ASCII. */
const HARD_PASSWORD = 'p@ss: /%#?"\'\\$! &w0rd  xü';
const PROXY_HOST = 'proxy.vm.test';
/**
 * One origin (same server, same certificate) under a name per client, so squid's log, which has
 * no other way to tell tunnels apart, shows which client came through it.
 */
const DAEMON_REGISTRY = 'registry.vm.test:5443';
const CLIENT_REGISTRY = 'mirror.vm.test:5443';
const PROXIED_ORIGIN = 'origin.vm.test:5443';
const DENIED_ORIGIN = 'denied.vm.test:5443';
const PYTHON_ORIGIN = 'pypi.vm.test:5443';
/** Where the clients that trust only the origins' real CA are sent. */
const UNTRUSTED_ORIGIN = 'untrusted.vm.test:5443';
const ORIGIN_NAMES = [DAEMON_REGISTRY, CLIENT_REGISTRY, PROXIED_ORIGIN, DENIED_ORIGIN, PYTHON_ORIGIN, UNTRUSTED_ORIGIN].map((name) => name.split(':')[0]);
const DIRECT_HOST = 'web.vm.svc.cluster.local';
/**
 * A private registry the NO_PROXY covers (`.corp.test`), reached directly, whose certificate only
 * the CA a TKG ClusterClass patch adds to containerd's config vouches for.
 */
const PRIVATE_REGISTRY = 'harbor.corp.test:5444';
/** Where the proxied names lead on the node: an address it has no route to (TEST-NET-1). */
const NOWHERE = '192.0.2.10';
const IMAGES = [
  ociImage('vm-test/daemon-pull', 'v1', 'pulled by containerd over CRI\n'),
  ociImage('vm-test/client-pull', 'v1', 'pulled by ctr\n'),
  ociImage('vm-test/control-pull', 'v1', 'never pulled: the negative controls ask for it\n'),
];
const CONTROL_IMAGE = `${DAEMON_REGISTRY}/${IMAGES[2].repository}:${IMAGES[2].tag}`;
const CONTAINERD_DROP_IN = '/etc/systemd/system/containerd.service.d/http-proxy.conf';
const BUILD_TIMEOUT_MS = 30 * 60_000;
const BOOT_TIMEOUT_MS = 15 * 60_000;

interface Report {
  readonly [key: string]: any;
}

function proxyVariables(environ: readonly string[]): string[] {
  return environ.filter((entry) => /^(https?|no)_proxy=/i.test(entry)).sort();
}

/**
 * The words of a `systemctl show -p Environment --value` line: systemd separates assignments with
 * spaces and wraps one in double quotes, escaping `"`, `\\`, `$` and backquote, when it holds
 * characters a shell would read specially.
 */
function systemdShowWords(text: string): string[] {
  const words: string[] = [];
  let word = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted && char === '\\') {
      word += text[++i];
    } else if (char === '"') {
      quoted = !quoted;
    } else if (char === ' ' && !quoted) {
      words.push(word);
      word = '';
    } else {
      word += char;
    }
  }
  return text === '' ? [] : [...words, word];
}

/** squid as a corporate proxy: Basic authentication, and TLS interception re-signing with the corporate CA. */
function squidConf(): string {
  return [
    'http_port 127.0.0.1:3128 ssl-bump tls-cert=/run/vm-test/corp-ca.pem tls-key=/run/vm-test/corp-ca.key generate-host-certificates=on dynamic_cert_mem_cache_size=4MB',
    'sslcrtd_program /usr/lib/squid/security_file_certgen -s /var/lib/squid/ssl_db -M 4MB',
    'sslcrtd_children 2 startup=1 idle=1',
    'acl step1 at_step SslBump1',
    'ssl_bump peek step1',
    'ssl_bump bump all',
    // On its way out squid trusts only the origins' CA, and finds them through its own hosts file.
    'tls_outgoing_options cafile=/run/vm-test/origin-ca.pem',
    'hosts_file /run/vm-test/squid-hosts',
    `visible_hostname ${PROXY_HOST}`,
    'auth_param basic program /usr/lib/squid/basic_ncsa_auth /run/vm-test/htpasswd',
    'auth_param basic realm vm-test',
    'acl authenticated proxy_auth REQUIRED',
    'http_access allow authenticated',
    'http_access deny all',
    // Origins tell proxied from direct requests by this source address.
    'tcp_outgoing_address 127.0.0.2',
    'cache deny all',
    'dns_nameservers 127.0.0.1',
    'logformat vmtest %ts %>a %un %rm %ru %>Hs %Ss',
    'access_log stdio:/var/log/squid/access.log vmtest',
    'cache_log /var/log/squid/cache.log',
    'pid_filename /run/squid.pid',
    'shutdown_lifetime 1 seconds',
    '',
  ].join('\n');
}

/** Squid's access log lines, parsed: time, client, user (as squid escapes it), method, URL, status, result. */
function squidEntries(lines: readonly string[]): Array<{ user: string; method: string; url: string; status: string; result: string }> {
  return lines.map((line) => {
    const [, , user, method, url, status, result] = line.split(' ');
    return { user: decodeURIComponent(user), method, url, status, result };
  });
}

/**
 * What squid logged for one origin: with TLS interception, the CONNECT that opened the tunnel and
 * every request inside it, by its https URL.
 */
function proxiedRequests(log: readonly string[], origin: string) {
  return squidEntries(log).filter((entry) => entry.url === origin || entry.url.startsWith(`https://${origin}/`));
}

/** The entries of a successful intercepted exchange: every one authenticated and answered 200. */
function expectIntercepted(entries: ReturnType<typeof squidEntries>, origin: string, paths: readonly string[]): void {
  expect(entries.filter((entry) => entry.method === 'CONNECT').length).toBeGreaterThan(0);
  for (const entry of entries) {
    const inner = entry.method === 'CONNECT'
      ? { user: USERNAME, method: 'CONNECT', url: origin, status: '200', result: 'NONE_NONE' }
      : { user: USERNAME, method: entry.method, url: entry.url, status: '200', result: 'TCP_MISS' };
    expect(entry).toEqual(inner);
  }
  // squid saw the paths in clear: it decrypted the traffic.
  const seenPaths = entries.filter((entry) => entry.method !== 'CONNECT').map((entry) => new URL(entry.url).pathname);
  expect(seenPaths).toEqual(expect.arrayContaining([...paths]));
}

/** What differs between the two bootstrap formats. */
interface Scenario {
  readonly format: BootstrapFormat;
  /** The kubeadm stand-in's arguments, one a line. */
  readonly kubeadmArgs: string;
  /**
   * Where the library puts the proxy CA for this format's OS. With Ignition that is Flatcar's
   * layout: a PEM in /etc/ssl/certs, which Go (containerd, ctr) reads directly, but which Debian's
   * update-ca-certificates, unlike Flatcar's, neither hashes nor adds to the bundle that curl and
   * OpenSSL read. So there curl is pointed at the file; the pulls still prove the trust.
   */
  readonly caPath: string;
  readonly caInOsBundle: boolean;
}

const SCENARIOS: readonly Scenario[] = [
  { format: BootstrapFormat.CLOUD_CONFIG, kubeadmArgs: 'init\n--config\n/run/kubeadm/kubeadm.yaml\n', caPath: '/usr/local/share/ca-certificates/cluster-proxy-ca-1.crt', caInOsBundle: true },
  { format: BootstrapFormat.IGNITION, kubeadmArgs: 'init\n--config\n/etc/kubeadm.yml\n', caPath: '/etc/ssl/certs/cluster-proxy-ca-1.pem', caInOsBundle: false },
];

/** The node test for one bootstrap format: its boot in beforeAll, its checks as tests. */
export function bootScenario(format: BootstrapFormat): void {
  const scenario = SCENARIOS.find((candidate) => candidate.format === format)!;
  let work: string;
  let image: VmImage;
  let library: NodeBootstrapOutput;
  let ignitionValidate: SpawnSyncReturns<string> | undefined;
  let boot: BootResult;
  let report: Report;
  let expectedFiles: ExpectedNodeFile[];

  function serialTail(lines = 150): string {
    // Without the report lines: the test decodes those and prints what it needs of them.
    return boot ? boot.serialLog.split('\n').filter((line) => !line.startsWith('VMREPORT')).slice(-lines).join('\n') : '(the VM did not boot)';
  }

  /** Assertions on the node: a failure carries the end of the serial log and the log's path. */
  function nodeIt(name: string, check: () => void): void {
    it(name, () => {
      try {
        check();
      } catch (error) {
        (error as Error).message += `\n\nserial log (${join(work, 'serial.log')}), last lines:\n${serialTail()}`;
        throw error;
      }
    });
  }

  describe(`a Debian VM with no network device, booted from the rendered ${scenario.format} bootstrap data`, () => {
    beforeAll(async () => {
      const started = Date.now();
      image = ensureImage(BUILD_TIMEOUT_MS);
      work = mkdtempSync(join(tmpdir(), 'cluster-proxy-vm-'));
      // The corporate CA (the one the library makes the node trust; squid signs with it) and the
      // origins' own CA, which only squid trusts.
      const corporate = createTestPki(work, 'corp', [PROXY_HOST], []);
      const origins = createTestPki(work, 'origin', [...ORIGIN_NAMES, DIRECT_HOST], []);
      const privateRegistry = createTestPki(work, 'registry', [PRIVATE_REGISTRY.split(':')[0]], []);

      library = nodeBootstrapFromLibrary({
        clusterName: 'vm',
        namespace: 'clusters',
        kubernetesVersion: 'v1.31.2',
        proxyUrl: `http://${PROXY_HOST}:3128`,
        username: USERNAME,
        password: HARD_PASSWORD,
        noProxy: ['.corp.test'],
        trustedCaPem: corporate.caPem,
        network: { pods: ['192.168.0.0/16'], services: ['10.96.0.0/12'], controlPlaneEndpoint: 'api.vm.test' },
        bootstrapFormat: scenario.format,
      });
      const kubeadmControlPlane = library.kubeadmControlPlane as any;
      expectedFiles = secretFiles(kubeadmControlPlane.spec.kubeadmConfigSpec.files, library.secret);
      const containerdDropIn = expectedFiles.find((file) => file.path === CONTAINERD_DROP_IN)!.content;
      // The node's bootstrap data as Cluster API's kubeadm bootstrap provider renders it, for the
      // first control-plane machine, from the library's objects plus TKG's later registry patch.
      const kubeadmConfigSpec = withTkgRegistryCa(kubeadmControlPlane.spec.kubeadmConfigSpec, PRIVATE_REGISTRY, privateRegistry.caPem);
      const bootstrap = await clusterApiBootstrapData({
        cluster: library.cluster,
        kubeadmControlPlane: { ...kubeadmControlPlane, spec: { ...kubeadmControlPlane.spec, kubeadmConfigSpec } },
        secrets: [library.secret],
      });
      expect(bootstrap.format).toBe(scenario.format);
      writeFileSync(join(work, `bootstrap-data.${scenario.format}`), bootstrap.value);
      // With Ignition, cloud-init still runs (the image has it) but is given nothing to do.
      const userData = scenario.format === BootstrapFormat.CLOUD_CONFIG ? bootstrap.value : '#cloud-config\n{}\n';
      if (scenario.format === BootstrapFormat.IGNITION) {
        ignitionValidate = spawnSync(toolPath('flatcar-ignition-validate'), [join(work, `bootstrap-data.${scenario.format}`)], { encoding: 'utf8', timeout: 60_000 });
      }

      const htpasswd = execFileSync('openssl', ['passwd', '-apr1', '-stdin'], { input: `${HARD_PASSWORD}\n`, encoding: 'utf8', timeout: 10_000 });
      const wrongPassword = encodeURIComponent(`${HARD_PASSWORD}x`);
      const seedIso = buildSeed(work, {
        userData,
        ...(scenario.format === BootstrapFormat.IGNITION ? { ignition: { config: bootstrap.value, program: toolPath('flatcar-ignition') } } : {}),
        metaData: 'instance-id: vm-control-plane-0\nlocal-hostname: node-0\n',
        harness: {
          hosts: `127.0.0.1 localhost\n127.0.0.1 ${PROXY_HOST} ${DIRECT_HOST} ${PRIVATE_REGISTRY.split(':')[0]}\n${NOWHERE} ${ORIGIN_NAMES.join(' ')}\n127.0.1.1 node-0\n::1 localhost\n`,
          squidHosts: `127.0.0.1 ${ORIGIN_NAMES.join(' ')}\n`,
          squidConf: squidConf(),
          htpasswd: `${USERNAME}:${htpasswd.trim()}\n`,
          corporateCaPem: corporate.caPem,
          corporateCaKeyPem: readFileSync(join(work, 'corp-ca.key'), 'utf8'),
          originCaPem: origins.caPem,
          originCertPem: readFileSync(origins.certFile, 'utf8'),
          originKeyPem: readFileSync(origins.keyFile, 'utf8'),
          privateRegistryCertPem: readFileSync(privateRegistry.certFile, 'utf8'),
          privateRegistryKeyPem: readFileSync(privateRegistry.keyFile, 'utf8'),
          // systemd reads `%` as the start of a specifier: the library doubles every one.
          brokenContainerdDropIn: containerdDropIn.replace(/%%/g, '%'),
          images: IMAGES,
          expect: {
            files: expectedFiles.map((file) => file.path),
            containerdDropIn: CONTAINERD_DROP_IN,
            daemonImage: `${DAEMON_REGISTRY}/${IMAGES[0].repository}:${IMAGES[0].tag}`,
            clientImage: `${CLIENT_REGISTRY}/${IMAGES[1].repository}:${IMAGES[1].tag}`,
            proxiedUrl: `https://${PROXIED_ORIGIN}/ready`,
            deniedUrl: `https://${DENIED_ORIGIN}/ready`,
            directUrl: `http://${DIRECT_HOST}:8080/ready`,
            pythonUrl: `https://${PYTHON_ORIGIN}/ready`,
            untrustedUrl: `https://${UNTRUSTED_ORIGIN}/ready`,
            untrustedImage: `${UNTRUSTED_ORIGIN}/${IMAGES[1].repository}:${IMAGES[1].tag}`,
            controlImage: CONTROL_IMAGE,
            privateImage: `${PRIVATE_REGISTRY}/${IMAGES[0].repository}:${IMAGES[0].tag}`,
            ...(scenario.caInOsBundle ? {} : { curlCaFile: scenario.caPath }),
            wrongPasswordProxy: `http://${encodeURIComponent(USERNAME)}:${wrongPassword}@${PROXY_HOST}:3128`,
          },
        },
      });

      boot = await bootVm({ image, seedIso, workDirectory: work, timeoutMs: BOOT_TIMEOUT_MS });
      const chunks = boot.serialLog.split('\n').filter((line) => line.startsWith('VMREPORT ')).map((line) => line.slice('VMREPORT '.length).trim());
      if (boot.timedOut || !boot.serialLog.includes('VMREPORT-END')) {
        throw new Error(`the VM gave no report (${boot.timedOut ? `killed after ${BOOT_TIMEOUT_MS / 1000}s` : `qemu exited with ${boot.exitCode}`}); `
        + `serial log ${join(work, 'serial.log')}, last lines:\n${serialTail(300)}`);
      }
      report = JSON.parse(Buffer.from(chunks.join(''), 'base64').toString('utf8'));
      writeFileSync(join(work, 'report.json'), JSON.stringify(report, null, 2));
      const buildSeconds = /^build_seconds (\d+)$/m.exec(image.manifest)?.[1];
      const diskBytes = /^disk_bytes (\d+)$/m.exec(image.manifest)?.[1];
      // Measurements, not assertions: the numbers CI's time budget depends on.
      console.log(`vm test (${scenario.format}): image ${image.directory} (built in ${buildSeconds}s, ${Math.round(Number(diskBytes) / 1e6)} MB on disk); `
      + `boot and checks ${boot.seconds}s with ${boot.accelerator}; total ${Math.round((Date.now() - started) / 1000)}s`);
    }, BUILD_TIMEOUT_MS + BOOT_TIMEOUT_MS + 5 * 60_000);

    afterAll(() => {
    // Keep the run's files (serial log, report, seed) when something failed; else remove the overlay.
      if (work && report && boot && !boot.timedOut) {
        rmSync(join(work, 'root.qcow2'), { force: true });
      }
    });

    nodeIt('has no network device but loopback, and cloud-init finished without errors', () => {
      expect(report.netDevices).toEqual(['lo']);
      expect(report.cloudInitStatus.output).toMatch(/^status: done$/m);
      expect(JSON.parse(report.cloudInitResult).v1.errors).toEqual([]);
      expect(report.sentinel).toBe('success\n');
    });

    nodeIt('has every file at its path with the owner, mode and content of the Secret', () => {
      for (const file of expectedFiles) {
        expect({ path: file.path, ...report.files[file.path] }).toEqual({
          path: file.path,
          owner: file.owner,
          mode: file.permissions,
          content: Buffer.from(file.content, 'utf8').toString('base64'),
        });
      }
    });

    nodeIt('runs containerd and the kubelet with exactly the proxy environment, from the drop-ins', () => {
      const expected = [...library.environment].sort();
      for (const unit of ['containerd', 'kubelet']) {
        expect(report.units[unit].dropIns).toContain(`/etc/systemd/system/${unit}.service.d/http-proxy.conf`);
        expect(report.units[unit].activeState).toBe('active');
        expect(proxyVariables(report.units[unit].processEnviron)).toEqual(expected);
      }
      expect(proxyVariables(report.kubeletStubEnviron.split('\n'))).toEqual(expected);
      // What systemctl shows systemd parsed from each drop-in: the library's variables, in order.
      for (const unit of ['containerd', 'kubelet']) {
        expect(systemdShowWords(report.units[unit].environment)).toEqual(library.environment);
      }
      const password = decodeURIComponent(new URL(library.environment.find((entry) => entry.startsWith('HTTPS_PROXY='))!.slice('HTTPS_PROXY='.length)).password);
      expect(password).toBe(HARD_PASSWORD);
    });

    nodeIt('restarted containerd after the drop-in was written, and it answered before kubeadm ran', () => {
      const containerd = report.units.containerd;
      expect(Number(containerd.startMonotonic)).toBeGreaterThan(report.containerdDropInMonotonic);
      expect(report.kubeadm['ctr-status']).toBe('0\n');
      expect(report.kubeadm['containerd-pid']).toBe(`${containerd.mainPid}\n`);
      expect(Number(report.kubeadm.uptime) * 1e6).toBeGreaterThan(Number(containerd.startMonotonic));
    });

    nodeIt('ran kubeadm with the proxy environment without credentials (no password reaches the static pods) and its configuration', () => {
      expect(report.kubeadm.args).toBe(scenario.kubeadmArgs);
      expect(proxyVariables(report.kubeadm.environ)).toEqual([...library.kubeadmEnvironment].sort());
      const documents = parseAllDocuments(report.kubeadm['config.yaml']).map((document) => document.toJS());
      expect(documents).toContainEqual(expect.objectContaining({ kind: 'ClusterConfiguration', controlPlaneEndpoint: 'api.vm.test:6443' }));
    });

    nodeIt('has the proxy CA where the OS family takes it, and trusts nothing else', () => {
      const caPem = readFileSync(join(work, 'corp-ca.pem'), 'utf8');
      expect(Buffer.from(report.files[scenario.caPath].content, 'base64').toString('utf8').trim()).toBe(caPem.trim());
      // The image ships an empty bundle: what the node trusts came from the bootstrap data.
      const bundled = (report.trustBundle as string).match(/-----BEGIN CERTIFICATE-----[^]*?-----END CERTIFICATE-----/g) ?? [];
      expect(bundled).toEqual(scenario.caInOsBundle ? [caPem.trim()] : []);
    });

    if (scenario.format === BootstrapFormat.IGNITION) {
      nodeIt('is valid Ignition, applied by Ignition, and kubeadm.service ran /etc/kubeadm.sh to success', () => {
        // Cluster API's transpiler writes an empty `security.tls`, which Ignition's spec 2.x
        // validation does not know: one warning, from Cluster API's rendering, and nothing else.
        const unknownTls = /^warning at line \d+, column \d+\n.*\n *\^\nConfig has unrecognized key: tls\n/m;
        const validation = `${ignitionValidate!.stdout}${ignitionValidate!.stderr}`.replace(unknownTls, '');
        expect({ status: ignitionValidate!.status, output: validation }).toEqual({ status: 0, output: '' });
        const [fetch, files, ...systemctl] = report.ignition;
        expect({ status: fetch.status, passed: fetch.output.includes('fetch passed') }).toEqual({ status: 0, passed: true });
        expect({ status: files.status, passed: files.output.includes('files passed') }).toEqual({ status: 0, passed: true });
        expect(files.output).toContain('[finished] writing file "/etc/kubeadm.sh"');
        for (const step of systemctl) {
          expect({ command: step.command, status: step.status }).toEqual({ command: step.command, status: 0 });
        }
        expect(report.kubeadmService).toEqual({ Result: 'success', ExecMainStatus: '0', UnitFileState: 'enabled' });
      });
    }

    /** squid's whole log (read after it stopped, so every tunnel is in it) for one origin name. */
    function requestsTo(origin: string) {
      return proxiedRequests(report.squidLog, origin);
    }

    const pulls = [
      { name: 'criPull', what: 'containerd itself (CRI PullImage)', registry: DAEMON_REGISTRY, image: IMAGES[0] },
      { name: 'ctrPull', what: 'ctr with containerd\'s environment', registry: CLIENT_REGISTRY, image: IMAGES[1] },
    ];
    for (const pull of pulls) {
      nodeIt(`pulls an image through squid with the password, trusting squid's re-signed certificate: ${pull.what}`, () => {
        const result = report[pull.name];
        // CRI reports errors as `errors`, ctr as its exit status and stderr.
        expect({ status: result.status, errors: result.errors }).toEqual({ status: 0, errors: undefined });
        expectIntercepted(requestsTo(pull.registry), pull.registry, [`/v2/${pull.image.repository}/manifests/${pull.image.tag}`]);
        // The origin saw every request of the pull from squid's outgoing address, none directly.
        const requests = result.origin as Array<{ remote: string; host: string; path: string; status: number }>;
        expect(requests.map((request) => request.path)).toContain(`/v2/${pull.image.repository}/manifests/${pull.image.tag}`);
        for (const request of requests) {
          const seen = { host: request.host, path: request.path, remote: request.remote, status: request.status };
          expect(seen).toEqual({ host: pull.registry, path: request.path, remote: '127.0.0.2', status: 200 });
        }
        expect(report.images).toContain(`${pull.registry}/${pull.image.repository}:${pull.image.tag}`);
      });
    }

    nodeIt('fetches through squid with the proxy env, goes direct to the NO_PROXY destination, and squid refuses a wrong password', () => {
      expect(report.curlProxied.output).toBe('200');
      expectIntercepted(requestsTo(PROXIED_ORIGIN), PROXIED_ORIGIN, ['/ready']);
      expect(requestsTo(PROXIED_ORIGIN).map((entry) => entry.method)).toEqual(expect.arrayContaining(['CONNECT', 'GET']));
      expect(report.curlProxied.origin.map((request: any) => request.remote)).toEqual(['127.0.0.2']);

      expect(report.curlDirect.output).toBe('200');
      expect(report.squidLog.filter((line: string) => line.includes(DIRECT_HOST))).toEqual([]);
      expect(report.curlDirect.origin.map((request: any) => [request.host, request.remote])).toEqual([[`${DIRECT_HOST}:8080`, '127.0.0.1']]);

      expect(report.curlWrongPassword.output).toBe('407');
      expect(requestsTo(DENIED_ORIGIN)).toEqual([{ user: USERNAME, method: 'CONNECT', url: DENIED_ORIGIN, status: '407', result: 'TCP_DENIED' }]);
      expect(report.curlWrongPassword.origin).toEqual([]);
    });

    nodeIt('fetches through squid from Python with the proxy env, trusting the corporate CA', () => {
      expect({ status: report.pythonProxied.status, output: report.pythonProxied.output }).toEqual({ status: 0, output: '200\n' });
      expectIntercepted(requestsTo(PYTHON_ORIGIN), PYTHON_ORIGIN, ['/ready']);
      expect(report.pythonProxied.origin.map((request: any) => [request.host, request.remote])).toEqual([[PYTHON_ORIGIN, '127.0.0.2']]);
    });

    nodeIt('fails in curl, Python and Go (ctr) when a client trusts only the origin\'s real CA: squid intercepts TLS', () => {
      expect({ status: report.curlUntrusted.status, output: report.curlUntrusted.output }).toEqual({ status: 60, output: '000' });
      expect(report.pythonUntrusted).toMatchObject({ status: 1, stderr: expect.stringContaining('CERTIFICATE_VERIFY_FAILED') });
      expect(report.ctrUntrusted.status).not.toBe(0);
      expect(report.ctrUntrusted.stderr).toContain('x509: certificate signed by unknown authority');
      for (const name of ['curlUntrusted', 'pythonUntrusted', 'ctrUntrusted']) {
        // Each reached squid with the password, and no request reached the origin.
        expect(report[name].squid.length).toBeGreaterThan(0);
        expect(squidEntries(report[name].squid).map((entry) => [entry.user, entry.method, entry.url])).toContainEqual([USERNAME, 'CONNECT', UNTRUSTED_ORIGIN]);
        expect(report[name].origin).toEqual([]);
      }
    });

    nodeIt('loads a private registry\'s CA that a later ClusterClass patch (TKG\'s) appends to containerd\'s config, after the library\'s restart', () => {
      const pull = report.privateRegistryPull;
      expect({ status: pull.status, errors: pull.errors }).toEqual({ status: 0, errors: undefined });
      // Directly (the NO_PROXY covers it), and only containerd's CRI config knows the CA: ctr,
      // which does not read it, fails on the same registry.
      expect(pull.squid).toEqual([]);
      expect(pull.origin.map((request: any) => [request.host, request.remote])).toContainEqual([PRIVATE_REGISTRY, '127.0.0.1']);
      expect(report.privateRegistryCtr.status).not.toBe(0);
      expect(report.privateRegistryCtr.stderr).toContain('x509: certificate signed by unknown authority');
    });

    nodeIt('has no way to a proxied name but the proxy: a direct fetch fails', () => {
      expect({ status: report.curlDirectToProxied.status, output: report.curlDirectToProxied.output }).toEqual({ status: 7, output: '000' });
      expect(report.curlDirectToProxied.stderr).toContain('Failed to connect');
      expect(report.curlDirectToProxied.squid).toEqual([]);
      expect(report.curlDirectToProxied.origin).toEqual([]);
    });

    // Negative controls: the node judged with a rendering that breaks the escaping, and with no
    // drop-in at all, must fail the checks above, or they could not fail.
    const controls = [
      { name: 'brokenDropIn', what: 'the drop-in as a renderer that does not double `%` would write it' },
      { name: 'noDropIn', what: 'no drop-in' },
    ];
    for (const control of controls) {
      nodeIt(`negative control: containerd with ${control.what} has not the library's environment and pulls nothing`, () => {
        const result = report[control.name];
        expect(proxyVariables(result.processEnviron)).not.toEqual([...library.environment].sort());
        expect({ status: result.status, errors: result.errors }).toEqual({ status: 1, errors: [expect.any(String)] });
        expect(result.squid.filter((line: string) => line.includes(IMAGES[2].repository) && / 200 /.test(line))).toEqual([]);
        expect(result.origin).toEqual([]);
        expect(report.images).not.toContain(IMAGES[2].repository);
      });
    }
  });
}

