import { buildPatchEngine } from './go-patch-engine';
import { addProxyToClusterClass } from '../../../src/core/clusterclass/add-proxy-to-cluster-class';
import { ClusterClassProxyProps } from '../../../src/core/clusterclass/cluster-class-proxy';
import { ClassVariableShape } from '../../../src/core/clusterclass/variable-shapes';
import { ProxySettings } from '../../../src/core/definition/proxy-settings';
import { PROXY_COMMAND_MARKER } from '../../../src/core/node-files/commands';
import { CompatibilityProfileName } from '../../../src/core/node-files/compatibility-profile-name';
import { OsFamily } from '../../../src/core/node-files/os-family';
import { CA_1, CA_2, settingsProps } from '../../support/fixtures/cluster';
import { ClassFixture } from '../../support/fixtures/cluster-class';
import { patchedSpecs, tkgClass, tkgPatch } from '../../support/fixtures/tkg-cluster-class';

/**
 * The library restarts containerd in its own commands, which its patches put before every command
 * a later patch of the class appends. TKG's class edits `/etc/containerd/config.toml` in such later
 * patches (the registry CA, the pause image) and restarts containerd itself after them, so the
 * node's containerd loads those edits. Evaluated here as Cluster API does (patches in
 * `spec.patches` order, `/-` appending), on a class with TKG's patches (tanzu-framework
 * `providers/infrastructure-vsphere/v1.5.3/cconly/base.yaml` and `overlay.yaml`, tags v0.28.1 and
 * v0.29.0; the host read from `imageRepository.host` alone, without TKG's TKR_DATA fallback).
 */

type Json = Record<string, any>;

const CONFIG_TOML = '/etc/containerd/config.toml';
const CONTAINERD_DROP_IN = '/etc/systemd/system/containerd.service.d/http-proxy.conf';
const base64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');

/** The TKG releases whose patch layouts differ in where containerd is restarted. */
type TkgRelease = 'v0.29 (TKG 2.2): one restart patch appended last' | 'v0.28 (TKG 2.1): the registry CA patch restarts' | 'a class without a restart of its own';

/** TKG's patches that edit containerd's config, for the control plane and one list of worker classes. */
function tkgContainerdPatches(release: TkgRelease, workerClasses: string[]): Json[] {
  const patch = (name: string, enabledIf: string, jsonPatchesOf: (base: string) => Json[]): Json =>
    tkgPatch(name, enabledIf, [workerClasses], jsonPatchesOf);
  const command = (base: string, template: string): Json => ({ op: 'add', path: `${base}/preKubeadmCommands/-`, valueFrom: { template } });
  const restart = (base: string): Json => ({ op: 'add', path: `${base}/preKubeadmCommands/-`, value: 'systemctl restart containerd' });
  return [
    patch('customizedImageRepo', '{{ not (empty .imageRepository.host) }}', (base) => [
      command(base, `sed -i 's|".*/pause|" {{- .imageRepository.host -}} /pause|' ${CONFIG_TOML}`),
    ]),
    patch('registryCACert', '{{ not (empty .trust.additionalTrustedCAs) }}', (base) => [
      command(base, `echo '[plugins."io.containerd.grpc.v1.cri".registry.configs." {{- .imageRepository.host -}} ".tls]' >> ${CONFIG_TOML}`),
      command(base, `echo '  ca_file = "/etc/containerd/{{ .imageRepository.host }}.crt"' >> ${CONFIG_TOML}`),
      {
        op: 'add',
        path: `${base}/files/-`,
        valueFrom: {
          template: 'path: /etc/containerd/{{ .imageRepository.host }}.crt\n'
            + '{{- $image := "" }}{{- range .trust.additionalTrustedCAs }}{{- if eq .name "imageRepository" }}{{- $image = .data }}{{- end }}{{- end }}\n'
            + 'content: {{ $image }}\nencoding: base64\npermissions: "0444"\n',
        },
      },
      ...(release.startsWith('v0.28') ? [restart(base)] : []),
    ]),
    ...(release.startsWith('v0.29') ? [patch('restartContainerdService',
      '{{ not (and (empty .proxy) (empty .trust.additionalTrustedCAs) (empty .imageRepository.host) (empty .additionalImageRegistries)) }}',
      (base) => [restart(base)])] : []),
  ];
}

/** A class with TKG's containerd patches. */
function tkgContainerdClass(release: TkgRelease): ClassFixture {
  return tkgClass(tkgContainerdPatches(release, ['default-worker', 'gpu-worker']));
}

const VARIABLES = {
  builtin: { cluster: { name: 'demo', namespace: 'clusters', network: { pods: ['192.168.0.0/16'], services: ['172.20.0.0/16'] } } },
  proxy: { httpProxy: 'http://proxy.corp.example:3128', httpsProxy: 'http://proxy.corp.example:3128', noProxy: [] },
  imageRepository: { host: 'registry.corp.example' },
  trust: { additionalTrustedCAs: [{ name: 'imageRepository', data: base64(CA_2) }, { name: 'proxy', data: base64(CA_1) }] },
};

/** The commands that edit containerd's config and are not followed by a containerd restart. */
function editsLeftUnloaded(commands: string[]): string[] {
  const restarts = commands.flatMap((command, index) => (/^systemctl (re)?start containerd\b/.test(command) ? [index] : []));
  const lastRestart = restarts.length > 0 ? restarts[restarts.length - 1] : -1;
  return commands.filter((command, index) => command.includes(CONFIG_TOML) && index > lastRestart);
}

beforeAll(() => {
  buildPatchEngine();
}, 240_000);

const settings = new ProxySettings(settingsProps({ username: undefined, password: undefined }));
const LAYOUTS: Record<string, Partial<ClusterClassProxyProps>> = {
  'the library\'s layout (commands first)': {},
  'TKG ClusterClass profile (commands appended)': { files: { profile: CompatibilityProfileName.TKG_CLUSTERCLASS } },
};

describe.each(Object.keys(LAYOUTS))('the proxy on TKG\'s class, %s', (layout) => {
  const props: ClusterClassProxyProps = {
    settings, variableShape: ClassVariableShape.TKG, trustedCaVariable: {}, osFamily: OsFamily.UBUNTU, ...LAYOUTS[layout],
  };

  test.each<TkgRelease>(['v0.29 (TKG 2.2): one restart patch appended last', 'v0.28 (TKG 2.1): the registry CA patch restarts'])(
    '%s: containerd is restarted after every edit of config.toml, and the library\'s own restart follows its drop-in',
    (release) => {
      const fixture = tkgContainerdClass(release);
      const { clusterClass } = addProxyToClusterClass(fixture.clusterClass, fixture.templates, props);
      for (const spec of patchedSpecs(clusterClass, fixture, VARIABLES)) {
        const commands: string[] = spec.preKubeadmCommands;
        expect(commands.filter((command) => command.includes(CONFIG_TOML))).toHaveLength(3);
        expect(editsLeftUnloaded(commands)).toEqual([]);
        // The library's restart: after systemd read its drop-in, followed by the wait.
        const own = commands.filter((command) => command.endsWith(` ${PROXY_COMMAND_MARKER}`));
        const restart = own.indexOf(`systemctl restart containerd ${PROXY_COMMAND_MARKER}`);
        expect(own.indexOf(`systemctl daemon-reload ${PROXY_COMMAND_MARKER}`)).toBe(0);
        expect(restart).toBeGreaterThan(0);
        expect(own[restart + 1]).toMatch(/^cluster_proxy_tries=0; until timeout 5 ctr version/);
        expect(spec.files.map((file: Json) => file.path)).toContain(CONTAINERD_DROP_IN);
      }
    });

  test('a class that edits config.toml without restarting containerd itself leaves the same edits unloaded with or without the library', () => {
    const fixture = tkgContainerdClass('a class without a restart of its own');
    const { clusterClass } = addProxyToClusterClass(fixture.clusterClass, fixture.templates, props);
    const withProxy = patchedSpecs(clusterClass, fixture, VARIABLES).map((spec) => editsLeftUnloaded(spec.preKubeadmCommands));
    const without = patchedSpecs(fixture.clusterClass, fixture, VARIABLES).map((spec) => editsLeftUnloaded(spec.preKubeadmCommands));
    expect(withProxy).toEqual(without);
    expect(without.every((edits) => edits.length === 3)).toBe(true);
  });
});
