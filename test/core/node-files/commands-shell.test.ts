import { parse } from 'yaml';
import { BootstrapRun, createScratchNode, ScratchNode, syntaxErrors } from './bootstrap-script-harness';
import { proxyVariables } from '../../../src/core/definition/proxy-environment';
import { ProxySettings } from '../../../src/core/definition/proxy-settings';
import { nodeProxyBootstrap, NodeProxyOptions } from '../../../src/core/node-files/bootstrap';
import { BootstrapFormat } from '../../../src/core/node-files/bootstrap-format';
import { OsFamily } from '../../../src/core/node-files/os-family';
import { CA_1, demoProxy } from '../../support/fixtures/cluster';
import { SHELLS } from '../render/shell-harness';

// The preKubeadmCommands meet real shells here: dash for cloud-init's runcmd script, bash with
// `set -e` for Ignition's /etc/kubeadm.sh. The proxy password is full of shell metacharacters.
describe('preKubeadmCommands in real shells', () => {
  let node: ScratchNode;
  beforeAll(() => {
    node = createScratchNode();
  });
  afterAll(() => node.remove());

  const proxy = demoProxy({ trustedCaPem: CA_1 });
  const options = (format: BootstrapFormat, osFamily: OsFamily, extra: Partial<NodeProxyOptions> = {}): NodeProxyOptions => ({
    clusterName: 'demo',
    bootstrapFormat: format,
    osFamily,
    files: { envFilePath: `${node.path}/proxy-env.sh` },
    ...extra,
  });
  /** Write the env file from the Secret, as the bootstrap provider would from contentFrom, and run. */
  const boot = (format: BootstrapFormat, osFamily: OsFamily, ctrFailures = 0, extra: Partial<NodeProxyOptions> = {}): BootstrapRun => {
    const bootstrap = nodeProxyBootstrap(proxy, options(format, osFamily, extra));
    node.writeFile(`${node.path}/proxy-env.sh`, bootstrap.secret!.stringData.proxyEnv);
    return node.run(format, bootstrap.preKubeadmCommands, ctrFailures);
  };
  // kubeadm copies its *_proxy variables into the static pods: it gets the URLs without credentials
  const expectedProxyEnvironment = Object.fromEntries(proxyVariables(proxy.publicEnvironment).map(({ name, value }) => [name, value]));
  const proxyPart = (environment: Record<string, string>): Record<string, string> =>
    Object.fromEntries(Object.entries(environment).filter(([name]) => /_proxy$/i.test(name)));

  test('every command parses in dash and bash', () => {
    for (const osFamily of [OsFamily.UBUNTU, OsFamily.RHEL, OsFamily.PHOTON] as const) {
      const { preKubeadmCommands } = nodeProxyBootstrap(proxy, options(BootstrapFormat.CLOUD_CONFIG, osFamily));
      for (const shell of SHELLS) {
        expect(preKubeadmCommands.map((command) => syntaxErrors(shell, command))).toEqual(preKubeadmCommands.map(() => ''));
      }
    }
  });

  test('the commands survive cloud-init\'s YAML runcmd list unchanged', () => {
    const { preKubeadmCommands } = nodeProxyBootstrap(proxy, options(BootstrapFormat.CLOUD_CONFIG, OsFamily.UBUNTU));
    // Cluster API writes each item with Go's %q, a double-quoted scalar, like JSON for ASCII text.
    const cloudConfig = `runcmd:\n${preKubeadmCommands.map((command) => `  - ${JSON.stringify(command)}`).join('\n')}\n`;
    expect(parse(cloudConfig).runcmd).toEqual(preKubeadmCommands);
  });

  test.each([
    [BootstrapFormat.CLOUD_CONFIG, OsFamily.UBUNTU, 'update-ca-certificates'],
    [BootstrapFormat.CLOUD_CONFIG, OsFamily.RHEL, 'update-ca-trust extract'],
    [BootstrapFormat.CLOUD_CONFIG, OsFamily.AMAZON_LINUX, 'update-ca-trust extract'],
    [BootstrapFormat.CLOUD_CONFIG, OsFamily.PHOTON, 'rehash_ca_certificates.sh'],
    [BootstrapFormat.IGNITION, OsFamily.FLATCAR, 'update-ca-certificates'],
  ] as const)('%s on %s: trust store, containerd restart and wait, then kubeadm gets the exact proxy', (format, osFamily, caCommand) => {
    const run = boot(format, osFamily);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.calls).toEqual([
      'systemctl daemon-reload',
      caCommand,
      'systemctl restart containerd',
      'ctr version',
      expect.stringMatching(/^kubeadm join --config /),
    ]);
    expect(proxyPart(run.kubeadmEnvironment!)).toEqual(expectedProxyEnvironment);
    // The variables arrive exported, byte for byte, and carry no credentials.
    expect(new ProxySettings({ httpProxy: run.kubeadmEnvironment!.HTTP_PROXY }).httpProxy!.hasCredentials).toBe(false);
    // The loop counter is not exported into kubeadm's (and the static pods') environment.
    expect(run.kubeadmEnvironment).not.toHaveProperty('cluster_proxy_tries');
  });

  test.each([BootstrapFormat.CLOUD_CONFIG, BootstrapFormat.IGNITION] as const)('%s: the wait retries until containerd answers, then kubeadm runs', (format) => {
    const run = boot(format, format === BootstrapFormat.IGNITION ? OsFamily.FLATCAR : OsFamily.UBUNTU, 2);
    expect(run.status).toBe(0);
    expect(run.calls.filter((call) => call === 'ctr version')).toHaveLength(3);
    expect(run.calls.filter((call) => call === 'sleep 1')).toHaveLength(2);
    expect(run.kubeadmEnvironment).toBeDefined();
  });

  test.each([BootstrapFormat.CLOUD_CONFIG, BootstrapFormat.IGNITION] as const)('%s: a containerd that never answers stops the bootstrap after the bound, before kubeadm', (format) => {
    const run = boot(format, format === BootstrapFormat.IGNITION ? OsFamily.FLATCAR : OsFamily.UBUNTU, 1000, { containerdWaitSeconds: 3 });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('cluster-proxy-constructs: containerd did not answer within 3s\n');
    expect(run.calls.filter((call) => call === 'sleep 1')).toHaveLength(3);
    expect(run.calls.filter((call) => call === 'ctr version')).toHaveLength(4);
    expect(run.kubeadmEnvironment).toBeUndefined();
  });
});
