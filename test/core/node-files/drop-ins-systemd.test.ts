import { parse } from 'yaml';
import { proxyVariables } from '../../../src/core/definition/proxy-environment';
import { nodeProxyBootstrap } from '../../../src/core/node-files/bootstrap';
import { BootstrapFormat } from '../../../src/core/node-files/bootstrap-format';
import { NodeProxyDelivery } from '../../../src/core/node-files/delivery';
import { OsFamily } from '../../../src/core/node-files/os-family';
import { CA_1, demoProxy, NASTY_PASSWORD } from '../../support/fixtures/cluster';
import { createUnitDirectory, parsedEnvironment, UnitDirectory, verifyUnit } from '../render/systemd-harness';

// Every drop-in the Cluster API objects put on a node, as systemd reads it: from the Secret
// (delivery secret, what contentFrom resolves to) and inline, with a password full of systemd
// specifier and quoting characters.
describe('node drop-ins in real systemd', () => {
  let unit: UnitDirectory;
  beforeAll(() => {
    unit = createUnitDirectory();
  });
  afterAll(() => unit.remove());

  const proxy = demoProxy({ trustedCaPem: CA_1, noProxy: ['.corp.example', '10.0.0.0/8', 'registry.corp.example:5000'] });
  const expected = proxyVariables(proxy.environment).map(({ name, value }) => `${name}=${value}`);
  const secretMode = nodeProxyBootstrap(proxy, { clusterName: 'demo', osFamily: OsFamily.UBUNTU });
  const inlineMode = nodeProxyBootstrap(proxy, { clusterName: 'demo', osFamily: OsFamily.UBUNTU, delivery: NodeProxyDelivery.INLINE });
  const dropIns: Array<[string, string]> = [
    ['Secret key containerdProxy', secretMode.secret!.stringData.containerdProxy],
    ['Secret key kubeletProxy', secretMode.secret!.stringData.kubeletProxy],
    ...inlineMode.files.filter((file) => file.path.endsWith('.conf')).map((file): [string, string] => [`inline ${file.path}`, file.content!]),
  ];

  // systemd takes a second or two per run, so the four drop-ins are checked to be one text, once.
  test('the containerd and kubelet drop-ins are the same text in both delivery modes', () => {
    expect(dropIns).toHaveLength(4);
    expect(new Set(dropIns.map(([, content]) => content)).size).toBe(1);
  });

  test('that text passes systemd-analyze verify and reads back byte for byte', () => {
    unit.writeDropIn(dropIns[0][1]);
    expect(verifyUnit(unit)).toEqual({ status: 0, output: '' });
    const parsed = parsedEnvironment(unit);
    expect(parsed.warnings).toEqual([]);
    expect(parsed.environment).toEqual(expected);
    const httpsProxy = parsed.environment.find((line) => line.startsWith('HTTPS_PROXY='))!.slice('HTTPS_PROXY='.length);
    expect(decodeURIComponent(new URL(httpsProxy).password)).toBe(NASTY_PASSWORD);
  });
});

// Ignition (Cluster API's CLC and Butane templates) writes `mode: {{ .Permissions }}` unquoted into
// YAML, parsed as an integer: only a leading zero makes it octal. Checked with YAML 1.1, which the
// Container Linux Config transpiler (go-yaml v2) follows.
describe('file modes as Ignition reads them', () => {
  test.each(['600', '0640', '640'])('"%s" becomes the intended octal mode', (permissions) => {
    const bootstrap = nodeProxyBootstrap(demoProxy(), { clusterName: 'demo', bootstrapFormat: BootstrapFormat.IGNITION, files: { permissions } });
    for (const file of bootstrap.files) {
      const mode = parse(`mode: ${file.permissions}\n`, { version: '1.1' }).mode;
      expect(mode).toBe(parseInt(permissions, 8));
    }
  });

  test('without the normalization, "640" would be decimal 640 (mode 01200)', () => {
    expect(parse('mode: 640\n', { version: '1.1' }).mode).toBe(640);
  });
});
