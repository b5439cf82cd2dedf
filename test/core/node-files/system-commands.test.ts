import { addProxyToKubeadmConfigSpec, addProxyToKubeadmObject } from '../../../src/core/capi/kubeadm-config-spec';
import { ClusterClassProxy } from '../../../src/core/clusterclass/cluster-class-proxy';
import { ClusterProxyConfig } from '../../../src/core/definition/cluster-proxy-config';
import { ClusterNetwork } from '../../../src/core/definition/network';
import { ProxySettings, ProxySettingsProps } from '../../../src/core/definition/proxy-settings';
import { forControlPlane, nodeProxyBootstrap, NodeProxyBootstrap } from '../../../src/core/node-files/bootstrap';
import { CompatibilityProfileName } from '../../../src/core/node-files/compatibility-profile-name';
import { NodeProxyCommands, NodeProxyFileOptions, NoProxyForm } from '../../../src/core/node-files/options';
import { KubeObject } from '../../../src/core/primitives/k8s/manifest';

/**
 * `commands: 'system'`: the commands each profile's system writes (read from their own renders,
 * test/fixtures/references), applied again without duplicates, and quoted safely where the system's
 * quoting would break on a value.
 */

const SETTINGS: ProxySettingsProps = { httpProxy: 'http://proxy.corp.example:3128', httpsProxy: 'http://proxy.corp.example:3128', noProxy: ['.corp.example'] };
const NETWORK = new ClusterNetwork({ pods: ['192.168.0.0/16'], services: ['10.96.0.0/12'] });

function bootstrapOf(
  profile: CompatibilityProfileName, settings: ProxySettingsProps = SETTINGS, files: NodeProxyFileOptions = {},
): NodeProxyBootstrap {
  const proxy = new ClusterProxyConfig(new ProxySettings(settings), NETWORK);
  return nodeProxyBootstrap(proxy, { clusterName: 'demo', files: { profile, commands: NodeProxyCommands.SYSTEM, noProxyForm: NoProxyForm.GIVEN, ...files } });
}

const NO_PROXY = '.corp.example,10.96.0.0/12,192.168.0.0/16,localhost,127.0.0.1,.svc,.svc.cluster.local';

test.each([
  [CompatibilityProfileName.TKG, [
    'systemctl daemon-reload', 'systemctl restart containerd',
    "export HTTP_PROXY='http://proxy.corp.example:3128'", "export HTTPS_PROXY='http://proxy.corp.example:3128'", `export NO_PROXY='${NO_PROXY}'`,
  ]],
  [CompatibilityProfileName.TKG_CLUSTERCLASS, [
    'systemctl daemon-reload', 'export HTTP_PROXY=http://proxy.corp.example:3128', 'export HTTPS_PROXY=http://proxy.corp.example:3128',
    `export NO_PROXY=${NO_PROXY.split(',').sort().join(',')}`, 'systemctl restart containerd',
  ]],
  [CompatibilityProfileName.CAREN, []],
  [CompatibilityProfileName.EKS_ANYWHERE, ['sudo systemctl daemon-reload', 'sudo systemctl restart containerd']],
] as Array<[CompatibilityProfileName, string[]]>)('%s: the system\'s commands, unmarked, no wait', (profile, expected) => {
  expect(bootstrapOf(profile).preKubeadmCommands).toEqual(expected);
});

test('Giant Swarm: bare URLs, a double-quoted NO_PROXY, right after the chart\'s own containerd restart', () => {
  const bootstrap = bootstrapOf(CompatibilityProfileName.GIANTSWARM);
  expect(bootstrap.preKubeadmCommands.slice(0, 3)).toEqual([
    'export HTTP_PROXY=http://proxy.corp.example:3128', 'export HTTPS_PROXY=http://proxy.corp.example:3128',
    expect.stringMatching(/^export NO_PROXY="\.corp\.example,127\.0\.0\.1,localhost,svc,local,[^"]+"$/),
  ]);
  const own = ['envsubst < /etc/kubeadm.yml > /etc/kubeadm.yml.tmp', 'systemctl restart containerd', 'mkdir -p /var/log/apiserver'];
  const spec = addProxyToKubeadmConfigSpec({ preKubeadmCommands: own }, bootstrap);
  expect(spec.preKubeadmCommands).toEqual([...own.slice(0, 2), ...bootstrap.preKubeadmCommands, own[2]]);
  // without that command, the position decides
  const withoutIt = addProxyToKubeadmConfigSpec({ preKubeadmCommands: [own[2]] }, bootstrap);
  expect(withoutIt.preKubeadmCommands).toEqual([...bootstrap.preKubeadmCommands, own[2]]);
});

test('TKG: a control plane stops and starts containerd, as TKG\'s control plane does; its workers restart it', () => {
  const bootstrap = bootstrapOf(CompatibilityProfileName.TKG);
  expect(forControlPlane(bootstrap).preKubeadmCommands.slice(0, 3)).toEqual(['systemctl daemon-reload', 'systemctl stop containerd', 'systemctl start containerd']);
  const object = (kind: string, apiVersion: string, spec: Record<string, unknown>): KubeObject => ({ apiVersion, kind, metadata: { name: 'demo' }, spec });
  const controlPlane = addProxyToKubeadmObject(object('KubeadmControlPlane', 'controlplane.cluster.x-k8s.io/v1beta1', { kubeadmConfigSpec: {} }), bootstrap);
  const workers = addProxyToKubeadmObject(object('KubeadmConfigTemplate', 'bootstrap.cluster.x-k8s.io/v1beta1', { template: { spec: {} } }), bootstrap);
  expect((controlPlane.spec as any).kubeadmConfigSpec.preKubeadmCommands).toEqual(forControlPlane(bootstrap).preKubeadmCommands);
  expect((workers.spec as any).template.spec.preKubeadmCommands).toEqual(bootstrap.preKubeadmCommands);
  // the library's own commands are the same everywhere
  const library = nodeProxyBootstrap(new ClusterProxyConfig(new ProxySettings(SETTINGS), NETWORK), { clusterName: 'demo', files: { profile: CompatibilityProfileName.TKG } });
  expect(forControlPlane(library)).toBe(library);
});

test('applying the proxy again replaces the system\'s commands, also those of an earlier value, and keeps the spec\'s own', () => {
  const before = bootstrapOf(CompatibilityProfileName.TKG);
  const once = addProxyToKubeadmConfigSpec({ preKubeadmCommands: ['hostname demo'] }, before);
  expect(addProxyToKubeadmConfigSpec(once, before)).toEqual(once);
  const after = bootstrapOf(CompatibilityProfileName.TKG, { ...SETTINGS, noProxy: ['.corp.example', 'registry.internal'] });
  // TKG writes its commands after the spec's own
  expect(addProxyToKubeadmConfigSpec(once, after).preKubeadmCommands).toEqual(['hostname demo', ...after.preKubeadmCommands]);
});

test('a value the system would write unquoted or double-quoted, but a shell would read otherwise, is single-quoted', () => {
  // `*` unquoted is a glob; `[::1]` unquoted a character class
  const bootstrap = bootstrapOf(CompatibilityProfileName.TKG_CLUSTERCLASS, { ...SETTINGS, noProxy: ['*'] });
  expect(bootstrap.preKubeadmCommands).toContainEqual(expect.stringMatching(/^export NO_PROXY='\*,\.svc,/));
  const ipv6 = bootstrapOf(CompatibilityProfileName.TKG_CLUSTERCLASS, { ...SETTINGS, httpProxy: 'http://[fd00::1]:3128' });
  expect(ipv6.preKubeadmCommands).toContain("export HTTP_PROXY='http://[fd00::1]:3128'");
});

test('system commands need a profile, do not take a containerd wait, and a ClusterClass refuses them', () => {
  const proxy = new ClusterProxyConfig(new ProxySettings(SETTINGS), NETWORK);
  expect(() => nodeProxyBootstrap(proxy, { clusterName: 'demo', files: { commands: NodeProxyCommands.SYSTEM } }))
    .toThrow(/^files\.commands: is "system", the commands of the profile's system, but no profile is set/);
  const tkgSystem = { profile: CompatibilityProfileName.TKG, commands: NodeProxyCommands.SYSTEM };
  expect(() => nodeProxyBootstrap(proxy, { clusterName: 'demo', containerdWaitSeconds: 30, files: tkgSystem }))
    .toThrow(/^containerdWaitSeconds: does not apply with files\.commands "system"/);
  expect(() => new ClusterClassProxy({ settings: new ProxySettings(SETTINGS), files: tkgSystem }))
    .toThrow(/^files\.commands: .*must be "library" in a ClusterClass/);
});

test('with a system\'s commands the proxy\'s files take the place the spec had them at; the library\'s go first', () => {
  const own = (path: string): Record<string, string> => ({ path, content: 'x\n' });
  const files = [own('/etc/a'), own('/etc/systemd/system/containerd.service.d/http-proxy.conf'), own('/etc/b')];
  const system = bootstrapOf(CompatibilityProfileName.EKS_ANYWHERE);
  const paths = (spec: Record<string, any>): string[] => spec.files.map((file: { path: string }) => file.path);
  expect(paths(addProxyToKubeadmConfigSpec({ files }, system))).toEqual(['/etc/a', '/etc/systemd/system/containerd.service.d/http-proxy.conf', '/etc/b']);
  const library = nodeProxyBootstrap(new ClusterProxyConfig(new ProxySettings(SETTINGS), NETWORK), { clusterName: 'demo', files: { profile: CompatibilityProfileName.EKS_ANYWHERE } });
  expect(paths(addProxyToKubeadmConfigSpec({ files }, library))).toEqual(['/etc/systemd/system/containerd.service.d/http-proxy.conf', '/etc/a', '/etc/b']);
});
