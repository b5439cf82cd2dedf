import { createScratchNode, ScratchNode } from './bootstrap-script-harness';
import { addProxyToKubeadmConfigSpec } from '../../../src/core/capi/kubeadm-config-spec';
import { proxiedClusterObjects } from '../../../src/core/capi/proxied-cluster';
import { ProxySettings } from '../../../src/core/definition/proxy-settings';
import { nodeProxyBootstrap, NodeProxyOptions } from '../../../src/core/node-files/bootstrap';
import { BootstrapFormat } from '../../../src/core/node-files/bootstrap-format';
import { NodeProxyFileOptions, VariableStyle, KubeadmEnvironment, NodeProxyPosition, NodeFileEncoding } from '../../../src/core/node-files/options';
import { OsFamily } from '../../../src/core/node-files/os-family';
import { canonicalJson } from '../../../src/core/primitives/k8s/names';
import { CA_1, clusterOptions, demoProxy, NASTY_PASSWORD, demoSettings, settingsProps } from '../../support/fixtures/cluster';
import { expectValidObjects } from '../../support/schemas';
import { createUnitDirectory, parsedEnvironment, verifyUnit } from '../render/systemd-harness';

/**
 * Node-file layout options: each one changes exactly its point of the node files, the defaults
 * change nothing, and choices that would expose a password are refused with credentials.
 */

type Json = Record<string, any>;

const anonymous = { username: undefined, password: undefined };
const base: NodeProxyOptions = { clusterName: 'demo', namespace: 'clusters' };

function bootstrap(files: NodeProxyFileOptions, withCredentials = false, extra: Partial<NodeProxyOptions> = {}) {
  return nodeProxyBootstrap(withCredentials ? demoProxy() : demoProxy(anonymous), { ...base, ...extra, files });
}

describe('defaults', () => {
  test('no options, empty options and every default spelled out give the same objects', () => {
    const spelled: NodeProxyFileOptions = {
      dropInUnits: ['containerd', 'kubelet'],
      dropInDirectory: '/etc/systemd/system',
      dropInFileName: 'http-proxy.conf',
      dropInVariables: VariableStyle.PAIRS,
      kubeadmEnvironment: KubeadmEnvironment.ENV_FILE,
      exportVariables: VariableStyle.PAIRS,
      position: NodeProxyPosition.FIRST,
      encoding: NodeFileEncoding.PLAIN,
      omitOwner: false,
      omitPermissions: false,
      fixedSecretName: false,
    };
    for (const settings of [{}, anonymous]) {
      const reference = canonicalJson(proxiedClusterObjects(clusterOptions({ settings: demoSettings(settings) })).objects);
      for (const files of [{}, spelled]) {
        expect(canonicalJson(proxiedClusterObjects(clusterOptions({ settings: demoSettings(settings), files })).objects)).toBe(reference);
      }
    }
  });

  test('a drop-in for a unit that runs kubeadm is refused with credentials unless kubeadmCredentials accepts the static-pod copies', () => {
    for (const unit of ['cloud-final', 'cloud-init', 'kubeadm']) {
      expect(() => bootstrap({ dropInUnits: ['containerd', 'kubelet', unit] }, true))
        .toThrow(new RegExp(`^files\\.dropInUnits\\[2\\]: "${unit}" runs kubeadm \\(or its parent\\), which would copy the proxy credentials`));
      expect(() => bootstrap({ dropInUnits: ['containerd', unit], kubeadmCredentials: true }, true)).not.toThrow();
      // without credentials there is nothing to copy
      expect(() => bootstrap({ dropInUnits: ['containerd', unit] })).not.toThrow();
    }
  });

  test('unknown and ill-typed options are refused, naming the option', () => {
    expect(() => bootstrap({ dropInUnit: ['x'] } as NodeProxyFileOptions)).toThrow(/^files.dropInUnit: is not a file option/);
    expect(() => bootstrap({ dropInUnits: ['kubelet'] })).toThrow(/files.dropInUnits: must include "containerd"/);
    expect(() => bootstrap({ dropInUnits: ['containerd', 'teleport.service'] })).toThrow(/files.dropInUnits\[1\]: must be a systemd unit name without ".service"/);
    expect(() => bootstrap({ dropInUnits: ['containerd', 'containerd'] })).toThrow(/files.dropInUnits: must not name a unit twice/);
    expect(() => bootstrap({ dropInFileName: 'proxy.txt' })).toThrow(/files.dropInFileName: must be a \*.conf file name/);
    expect(() => bootstrap({ dropInVariables: 'lower' as never })).toThrow(/files.dropInVariables: must be one of "pairs", "upperThenLower", "upperOnly"/);
    expect(() => bootstrap({ position: 'middle' as never })).toThrow(/files.position: must be one of "first", "last"/);
    expect(() => bootstrap({ omitOwner: 'yes' as never })).toThrow(/files.omitOwner: must be true or false/);
    expect(() => bootstrap({ kubeletDropInPath: '/usr/lib/systemd/system/kubelet.service.d/http-proxy.conf' }, false, { bootstrapFormat: BootstrapFormat.IGNITION }))
      .toThrow(/files: puts the kubelet drop-in under \/usr, which is read-only on Flatcar/);
    expect(() => bootstrap({ profile: 'rancher' as never })).toThrow(/files.profile: must be one of "tkg", "tkg-clusterclass", "giantswarm", "caren", "eks-anywhere"/);
  });
});

describe('drop-ins', () => {
  test('an extra unit gets a drop-in in dropInDirectory with dropInFileName, and its own Secret key', () => {
    const inline = bootstrap({ dropInUnits: ['containerd', 'kubelet', 'teleport'], dropInFileName: '99-http-proxy.conf' });
    expect(inline.files.map((file) => file.path)).toEqual([
      '/etc/systemd/system/containerd.service.d/http-proxy.conf',
      '/etc/systemd/system/kubelet.service.d/http-proxy.conf',
      '/etc/systemd/system/teleport.service.d/99-http-proxy.conf',
      '/etc/cluster-proxy/proxy-env.sh',
    ]);
    expect(inline.files[2].content).toBe(inline.files[0].content);
    const secret = bootstrap({ dropInUnits: ['containerd', 'teleport'] }, true).secret!;
    expect(Object.keys(secret.stringData)).toEqual(['containerdProxy', 'teleportProxy', 'proxyEnv']);
  });

  test.each([
    [VariableStyle.PAIRS, ['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy', 'NO_PROXY', 'no_proxy']],
    [VariableStyle.UPPER_THEN_LOWER, ['HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'http_proxy', 'https_proxy', 'no_proxy']],
    [VariableStyle.UPPER_ONLY, ['HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY']],
  ] as const)('dropInVariables %s spells and orders the variables so', (style, names) => {
    const dropIn = bootstrap({ dropInVariables: style }).files[0].content!;
    expect(dropIn.split('\n').slice(1, -1).map((line) => /^Environment="([A-Za-z_]+)=/.exec(line)![1])).toEqual(names);
    // The env file keeps its own (default) style.
    expect(bootstrap({ dropInVariables: style }).files[2].content).toBe(bootstrap({}).files[2].content);
  });

  test('an upper-case-only drop-in with a nasty password passes systemd and reads back exactly', () => {
    const unit = createUnitDirectory();
    try {
      const secret = bootstrap({ dropInVariables: VariableStyle.UPPER_ONLY }, true).secret!;
      unit.writeDropIn(secret.stringData.containerdProxy);
      expect(verifyUnit(unit)).toEqual({ status: 0, output: '' });
      const { environment, warnings } = parsedEnvironment(unit);
      expect(warnings).toEqual([]);
      expect(environment.map((line) => line.split('=')[0])).toEqual(['HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY']);
      expect(decodeURIComponent(new URL(environment[0].slice('HTTP_PROXY='.length)).password)).toBe(NASTY_PASSWORD);
    } finally {
      unit.remove();
    }
  });
});

describe('kubeadm environment', () => {
  let node: ScratchNode;
  beforeAll(() => {
    node = createScratchNode();
  });
  afterAll(() => node.remove());

  test('none: no env file, no sourcing; kubeadm runs without proxy variables', () => {
    const result = bootstrap({ kubeadmEnvironment: KubeadmEnvironment.NONE });
    expect(result.files.map((file) => file.path)).not.toContain('/etc/cluster-proxy/proxy-env.sh');
    expect(result.preKubeadmCommands.some((command) => command.startsWith('. '))).toBe(false);
    const run = node.run('cloud-config', result.preKubeadmCommands);
    expect(run.status).toBe(0);
    expect(Object.keys(run.kubeadmEnvironment!).filter((name) => /_proxy$/i.test(name))).toEqual([]);
  });

  test('exports: the export commands give kubeadm the variables in the chosen style, in dash and bash', () => {
    const proxy = demoProxy({ ...anonymous, noProxy: ['.corp.example', 'registry.corp.example:5000'] });
    const result = nodeProxyBootstrap(proxy, {
      ...base,
      files: {
        kubeadmEnvironment: KubeadmEnvironment.EXPORTS,
        exportVariables: VariableStyle.UPPER_THEN_LOWER,
      },
    });
    expect(result.files.map((file) => file.path)).not.toContain('/etc/cluster-proxy/proxy-env.sh');
    for (const format of [BootstrapFormat.CLOUD_CONFIG, BootstrapFormat.IGNITION] as const) {
      const run = node.run(format, result.preKubeadmCommands);
      expect(run.status).toBe(0);
      const env = run.kubeadmEnvironment!;
      expect(Object.keys(env).filter((name) => /_proxy$/i.test(name)).sort()).toEqual(['HTTPS_PROXY', 'HTTP_PROXY', 'NO_PROXY', 'http_proxy', 'https_proxy', 'no_proxy']);
      // The commands carry the variables in the chosen order.
      expect(result.preKubeadmCommands.filter((command) => command.startsWith('export ')).map((command) => command.split('=')[0]))
        .toEqual(['export HTTP_PROXY', 'export HTTPS_PROXY', 'export NO_PROXY', 'export http_proxy', 'export https_proxy', 'export no_proxy']);
      expect(env.NO_PROXY).toBe(proxy.environment.noProxy);
      expect(env.no_proxy).toBe(proxy.environment.noProxy);
    }
  });

  test('exports with credentials export the URLs without them; with kubeadmCredentials they are refused (the commands are not secret)', () => {
    const result = bootstrap({ kubeadmEnvironment: KubeadmEnvironment.EXPORTS }, true);
    expect(result.preKubeadmCommands.join('\n')).not.toContain(encodeURIComponent(NASTY_PASSWORD).slice(0, 8));
    expect(result.preKubeadmCommands.join('\n')).toContain("HTTP_PROXY='http://proxy.corp.example:3128'");
    expect(() => bootstrap({ kubeadmEnvironment: KubeadmEnvironment.EXPORTS, kubeadmCredentials: true }, true))
      .toThrow(/files.kubeadmEnvironment: must not be "exports" with kubeadmCredentials/);
  });

  test('upperOnly exports give kubeadm only the upper-case names', () => {
    const result = bootstrap({ kubeadmEnvironment: KubeadmEnvironment.ENV_FILE, exportVariables: VariableStyle.UPPER_ONLY });
    node.writeFile(`${node.path}/proxy-env.sh`, result.files.find((file) => file.path.endsWith('proxy-env.sh'))!.content!);
    const relocated = bootstrap({ envFilePath: `${node.path}/proxy-env.sh`, exportVariables: VariableStyle.UPPER_ONLY });
    const run = node.run('cloud-config', relocated.preKubeadmCommands);
    expect(Object.keys(run.kubeadmEnvironment!).filter((name) => /_proxy$/i.test(name)).sort()).toEqual(['HTTPS_PROXY', 'HTTP_PROXY', 'NO_PROXY']);
  });
});

describe('placement, encoding and access', () => {
  const spec = { files: [{ path: '/etc/own.conf', content: 'own' }], preKubeadmCommands: ['echo own'] };

  test('position last puts the files and commands after the spec\'s own, and applying twice changes nothing', () => {
    const result = bootstrap({ position: NodeProxyPosition.LAST });
    const once = addProxyToKubeadmConfigSpec(spec, result) as Json;
    expect(once.files[0]).toEqual(spec.files[0]);
    expect(once.files.slice(1)).toEqual(result.files);
    expect(once.preKubeadmCommands).toEqual(['echo own', ...result.preKubeadmCommands]);
    expect(addProxyToKubeadmConfigSpec(once, result)).toEqual(once);
  });

  test('base64 encodes inline content (files from the Secret stay plain), for cloud-config and Ignition', () => {
    const plain = bootstrap({});
    for (const bootstrapFormat of [BootstrapFormat.CLOUD_CONFIG, BootstrapFormat.IGNITION] as const) {
      const encoded = bootstrap({ encoding: NodeFileEncoding.BASE64 }, false, { bootstrapFormat });
      encoded.files.forEach((file, index) => {
        expect(file.encoding).toBe('base64');
        expect(Buffer.from(file.content!, 'base64').toString('utf8')).toBe(plain.files[index].content);
      });
    }
    const secret = bootstrap({ encoding: NodeFileEncoding.BASE64 }, true);
    expect(secret.files.every((file) => file.encoding === undefined && file.contentFrom !== undefined)).toBe(true);
  });

  test('owner and permissions can be left out; without permissions, credentials are refused', () => {
    const result = bootstrap({ omitOwner: true, omitPermissions: true });
    expect(result.files.map((file) => Object.keys(file))).toEqual([['path', 'content'], ['path', 'content'], ['path', 'content']]);
    expect(() => bootstrap({ omitPermissions: true }, true)).toThrow(/files.omitPermissions: must not be true when the proxy URLs carry credentials/);
  });

  test('the Cluster API schemas accept every variant', () => {
    const variants: NodeProxyFileOptions[] = [
      { encoding: NodeFileEncoding.BASE64, omitOwner: true, omitPermissions: true, position: NodeProxyPosition.LAST },
      { dropInUnits: ['containerd', 'teleport'], kubeadmEnvironment: KubeadmEnvironment.EXPORTS },
    ];
    for (const files of variants) {
      const settings = settingsProps({ ...anonymous, trustedCaPem: CA_1 });
      expectValidObjects(proxiedClusterObjects(clusterOptions({ settings: new ProxySettings(settings), files, osFamily: OsFamily.UBUNTU })).objects);
    }
    expectValidObjects(proxiedClusterObjects(clusterOptions({ files: { fixedSecretName: true, dropInUnits: ['containerd'] } })).objects);
  });
});

describe('fixed Secret name', () => {
  test('the Secret is <cluster>-systemd-proxy and mutable; a revision command rolls the machines instead', () => {
    const result = bootstrap({ fixedSecretName: true }, true);
    expect(result.secret!.metadata.name).toBe('demo-systemd-proxy');
    expect(result.secret!.immutable).toBeUndefined();
    expect(result.files.every((file) => file.contentFrom?.secret.name === 'demo-systemd-proxy')).toBe(true);
    expect(result.preKubeadmCommands[0]).toMatch(/^: node proxy files revision [0-9a-f]{10} # cluster-proxy-constructs$/);
  });

  test('the revision follows the node files but never the password', () => {
    const revision = (settings: Json, network: Json = {}): string =>
      nodeProxyBootstrap(demoProxy(settings, network), { ...base, files: { fixedSecretName: true } }).preKubeadmCommands[0];
    const reference = revision({});
    expect(revision({ password: 'another-password' })).toBe(reference);
    expect(revision({ noProxy: ['.corp.example'] })).not.toBe(reference);
    expect(revision({ httpsProxy: 'http://proxy2.corp.example:3128' })).not.toBe(reference);
    expect(revision({}, { pods: ['10.244.0.0/16'] })).not.toBe(reference);
    expect(reference).not.toContain(NASTY_PASSWORD);
  });

  test('without credentials (inline files) there is no Secret and no revision command', () => {
    const result = bootstrap({ fixedSecretName: true });
    expect(result.secret).toBeUndefined();
    expect(result.preKubeadmCommands).toEqual(bootstrap({}).preKubeadmCommands);
  });
});

describe('Secret name of a layout', () => {
  test('hashes the layout\'s files without credentials: a password change renames nothing, the layout does', () => {
    const name = (settings: Json, files: NodeProxyFileOptions): string =>
      nodeProxyBootstrap(demoProxy(settings), { ...base, files }).secret!.metadata.name;
    const upper: NodeProxyFileOptions = { dropInVariables: VariableStyle.UPPER_ONLY };
    expect(name({ password: 'another-password' }, upper)).toBe(name({}, upper));
    expect(name({}, upper)).not.toBe(name({}, {}));
    expect(name({}, upper)).toMatch(/^demo-systemd-proxy-[0-9a-f]{10}$/);
  });
});
