import { buildPatchEngine } from './go-patch-engine';
import { addProxyToClusterClass } from '../../../src/core/clusterclass/add-proxy-to-cluster-class';
import { ClusterClassProxyProps } from '../../../src/core/clusterclass/cluster-class-proxy';
import { ClassVariableShape } from '../../../src/core/clusterclass/variable-shapes';
import { ProxySettings } from '../../../src/core/definition/proxy-settings';
import { CompatibilityProfileName } from '../../../src/core/node-files/compatibility-profile-name';
import { OsFamily } from '../../../src/core/node-files/os-family';
import { ProxyConfigError } from '../../../src/core/primitives/errors';
import { settingsProps } from '../../support/fixtures/cluster';
import { patchedSpecs, tkgClass, tkgPatch } from '../../support/fixtures/tkg-cluster-class';

/**
 * TKG's ClusterClass writes the node proxy itself, in its patch `httpProxy` (enabled by
 * `{{ not (empty .proxy) }}`): the containerd drop-in
 * `/etc/systemd/system/containerd.service.d/http-proxy.conf` and the kubelet drop-in
 * `/usr/lib/systemd/system/kubelet.service.d/http-proxy.conf` appended to `files`, then
 * `systemctl daemon-reload` (and, before TKG 2.2, a containerd restart: `stop`/`start` on the
 * control plane, `restart` on workers) and `export HTTP_PROXY=`, `HTTPS_PROXY=`, `NO_PROXY=`
 * appended to `preKubeadmCommands` (tanzu-framework
 * `providers/infrastructure-vsphere/v1.5.3/cconly/base.yaml`, tags v0.28.1 and v0.29.0). It comes
 * after the library's patches, and cloud-init writes `files` in list order, replacing a file
 * written earlier at the same path (cloud-init `cc_write_files`), so TKG's drop-in (no `%`
 * escaping, TKG's NO_PROXY) would be what the node's containerd reads, and TKG's exports would be
 * the environment kubeadm runs in. With the `tkg` shape the library replaces that patch. Evaluated
 * as Cluster API does; TKG's NO_PROXY is modelled for IPv4 clusters (TKG adds `::1` on IPv6).
 */

type Json = Record<string, any>;

const TKG_NO_PROXY = '{{ list "localhost" "127.0.0.1" ".svc" ".svc.cluster.local" | concat .proxy.noProxy .builtin.cluster.network.services .builtin.cluster.network.pods | uniq | sortAlpha | join "," }}';

/** The TKG releases whose `httpProxy` patches differ: TKG 2.1's restarts containerd. */
type TkgRelease = 'v0.29.0 (TKG 2.2)' | 'v0.28.1 (TKG 2.1)';

/** TKG's `httpProxy` patch, with one worker definition per list of worker classes. */
function tkgHttpProxyPatch(release: TkgRelease, workerClassLists: string[][]): Json {
  return tkgPatch('httpProxy', '{{ not (empty .proxy) }}', workerClassLists, (base) => {
    const controlPlane = base.endsWith('/kubeadmConfigSpec');
    const dropIn = (path: string): Json => ({
      op: 'add',
      path: `${base}/files/-`,
      valueFrom: {
        template: 'content: |\n  [Service]\n  Environment="HTTP_PROXY={{ .proxy.httpProxy }}"\n  Environment="HTTPS_PROXY={{ .proxy.httpsProxy }}"\n'
          + `  Environment="NO_PROXY=${TKG_NO_PROXY}"\nowner: root:root\npath: ${path}\npermissions: "0640"\n`,
      },
    });
    const command = (value: string): Json => ({ op: 'add', path: `${base}/preKubeadmCommands/-`, value });
    const exported = (name: string, template: string): Json => ({ op: 'add', path: `${base}/preKubeadmCommands/-`, valueFrom: { template: `export ${name}=${template}` } });
    const restart = controlPlane ? ['systemctl stop containerd', 'systemctl start containerd'] : ['systemctl restart containerd'];
    return [
      dropIn('/etc/systemd/system/containerd.service.d/http-proxy.conf'),
      dropIn('/usr/lib/systemd/system/kubelet.service.d/http-proxy.conf'),
      command('systemctl daemon-reload'),
      ...(release.startsWith('v0.28') ? restart.map(command) : []),
      exported('HTTP_PROXY', '{{ .proxy.httpProxy }}'),
      exported('HTTPS_PROXY', '{{ .proxy.httpsProxy }}'),
      exported('NO_PROXY', TKG_NO_PROXY),
    ];
  });
}

/** A patch of TKG's that stays: it appends to `files` too. */
const OTHER_PATCH = tkgPatch('ntpServers', '{{ not (empty .ntpServers) }}', [['default-worker', 'gpu-worker']], (base) => [
  { op: 'add', path: `${base}/files/-`, value: { path: '/etc/chrony/extra.conf', content: 'server ntp.corp.example\n' } },
]);

const VARIABLES = {
  builtin: { cluster: { name: 'demo', namespace: 'clusters', network: { pods: ['192.168.0.0/16'], services: ['172.20.0.0/16'] } } },
  proxy: { httpProxy: 'http://proxy.corp.example:3128', httpsProxy: 'http://proxy.corp.example:3128', noProxy: ['.corp.example'] },
  ntpServers: ['ntp.corp.example'],
};

const KUBEADM_ENVIRONMENT = /^export (HTTPS?|NO)_PROXY=/;

beforeAll(() => {
  buildPatchEngine();
}, 240_000);

const settings = new ProxySettings(settingsProps({ username: undefined, password: undefined }));
const LAYOUTS: Record<string, Partial<ClusterClassProxyProps>> = {
  'the library\'s layout': {},
  'TKG ClusterClass profile (TKG\'s drop-in paths)': { files: { profile: CompatibilityProfileName.TKG_CLUSTERCLASS } },
};
const RELEASES: TkgRelease[] = ['v0.29.0 (TKG 2.2)', 'v0.28.1 (TKG 2.1)'];

describe.each(Object.keys(LAYOUTS))('TKG\'s httpProxy patch, the proxy in %s', (layout) => {
  const props: ClusterClassProxyProps = { settings, variableShape: ClassVariableShape.TKG, osFamily: OsFamily.UBUNTU, ...LAYOUTS[layout] };

  test.each(RELEASES)('%s: each proxy file is written once, with the library\'s content, and kubeadm runs in the library\'s environment', (release) => {
    const fixture = tkgClass([tkgHttpProxyPatch(release, [['default-worker', 'gpu-worker']]), OTHER_PATCH]);
    const { clusterClass } = addProxyToClusterClass(fixture.clusterClass, fixture.templates, props);
    const specs = patchedSpecs(clusterClass, fixture, VARIABLES);
    // The same nodes as a class without TKG's proxy patch.
    const withoutTkgProxy = tkgClass([OTHER_PATCH]);
    const reference = addProxyToClusterClass(withoutTkgProxy.clusterClass, withoutTkgProxy.templates, props).clusterClass;
    expect(specs).toEqual(patchedSpecs(reference, withoutTkgProxy, VARIABLES));
    for (const spec of specs) {
      const paths: string[] = spec.files.map((file: Json) => file.path);
      expect(paths.filter((path, index) => paths.indexOf(path) !== index)).toEqual([]);
      expect(paths).toContain('/etc/systemd/system/containerd.service.d/http-proxy.conf');
      expect(spec.preKubeadmCommands.filter((command: string) => KUBEADM_ENVIRONMENT.test(command))).toEqual([]);
    }
    expect(specs.slice(1).every((spec) => spec.files.some((file: Json) => file.path === '/etc/chrony/extra.conf'))).toBe(true);
  });

  test('the class keeps its other patches, and applying twice gives the same class', () => {
    const fixture = tkgClass([tkgHttpProxyPatch('v0.29.0 (TKG 2.2)', [['default-worker', 'gpu-worker']]), OTHER_PATCH]);
    const { clusterClass } = addProxyToClusterClass(fixture.clusterClass, fixture.templates, props);
    expect((clusterClass as Json).spec.patches.map((patch: Json) => patch.name)).toEqual(['cluster-proxy-constructs-inline', 'ntpServers']);
    expect(addProxyToClusterClass(clusterClass, fixture.templates, props).clusterClass).toEqual(clusterClass);
  });
});

describe('TKG\'s httpProxy patch and worker classes left out of the proxy', () => {
  const props: ClusterClassProxyProps = { settings, variableShape: ClassVariableShape.TKG, osFamily: OsFamily.UBUNTU, excludedWorkerClasses: ['gpu-worker'] };

  test('a worker class the proxy leaves out keeps TKG\'s definition for it; the others get the library\'s files alone', () => {
    const fixture = tkgClass([tkgHttpProxyPatch('v0.29.0 (TKG 2.2)', [['default-worker'], ['gpu-worker']])]);
    const { clusterClass } = addProxyToClusterClass(fixture.clusterClass, fixture.templates, props);
    const kept = (clusterClass as Json).spec.patches.find((patch: Json) => patch.name === 'httpProxy');
    expect(kept.enabledIf).toBe('{{ not (empty .proxy) }}');
    expect(kept.definitions.map((definition: Json) => definition.selector.matchResources)).toEqual([{ machineDeploymentClass: { names: ['gpu-worker'] } }]);
    const [controlPlane, defaultWorker, gpuWorker] = patchedSpecs(clusterClass, fixture, VARIABLES);
    for (const spec of [controlPlane, defaultWorker]) {
      expect(spec.preKubeadmCommands.filter((command: string) => KUBEADM_ENVIRONMENT.test(command))).toEqual([]);
    }
    expect(gpuWorker.files.map((file: Json) => file.path)).toEqual(['/etc/gpu.conf', '/etc/cluster-proxy/proxy-env.sh',
      '/etc/systemd/system/containerd.service.d/http-proxy.conf', '/usr/lib/systemd/system/kubelet.service.d/http-proxy.conf']);
    expect(gpuWorker.preKubeadmCommands.filter((command: string) => KUBEADM_ENVIRONMENT.test(command))).toHaveLength(3);
  });

  test('a definition of TKG\'s patch selecting both a class the proxy patches and one it leaves out is refused', () => {
    const fixture = tkgClass([tkgHttpProxyPatch('v0.29.0 (TKG 2.2)', [['default-worker', 'gpu-*']])]);
    const attempt = (): unknown => addProxyToClusterClass(fixture.clusterClass, fixture.templates, props);
    expect(attempt).toThrow(ProxyConfigError);
    expect(attempt).toThrow(/^clusterClass\.spec\.patches\[0\]\.definitions\[1\]: \("httpProxy", TKG's node proxy patch\) selects worker class "default-worker", .* and worker class "gpu-worker", which it leaves out/);
  });
});

describe('patches the library leaves alone', () => {
  test('a patch named httpProxy that does more than append node files and commands stays', () => {
    const patch = tkgPatch('httpProxy', '{{ not (empty .proxy) }}', [['default-worker', 'gpu-worker']], (base) => [
      { op: 'add', path: `${base}/files/-`, value: { path: '/etc/proxy.conf', content: 'x' } },
      { op: 'replace', path: `${base}/verbosity`, value: 5 },
    ]);
    const fixture = tkgClass([patch]);
    const props: ClusterClassProxyProps = { settings, variableShape: ClassVariableShape.TKG, osFamily: OsFamily.UBUNTU };
    const { clusterClass } = addProxyToClusterClass(fixture.clusterClass, fixture.templates, props);
    expect((clusterClass as Json).spec.patches.slice(1)).toEqual([patch]);
  });

  test.each([ClassVariableShape.LIBRARY, ClassVariableShape.CLUSTER_API_BOOK])('variable shape %s keeps TKG\'s httpProxy patch', (variableShape) => {
    const patch = tkgHttpProxyPatch('v0.29.0 (TKG 2.2)', [['default-worker', 'gpu-worker']]);
    const fixture = tkgClass([patch]);
    const { clusterClass } = addProxyToClusterClass(fixture.clusterClass, fixture.templates, {
      settings, variableShape, osFamily: OsFamily.UBUNTU, ...(variableShape === ClassVariableShape.LIBRARY ? { variableName: 'nodeProxy' } : {}),
    });
    expect((clusterClass as Json).spec.patches.filter((entry: Json) => entry.name === 'httpProxy')).toEqual([patch]);
  });
});
