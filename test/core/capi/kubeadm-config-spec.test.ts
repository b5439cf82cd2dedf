import { addProxyToKubeadmConfigSpec, addProxyToKubeadmObject } from '../../../src/core/capi/kubeadm-config-spec';
import { nodeProxyBootstrap } from '../../../src/core/node-files/bootstrap';
import { BootstrapFormat } from '../../../src/core/node-files/bootstrap-format';
import { KubeObject } from '../../../src/core/primitives/k8s/manifest';
import { deepFreeze, demoProxy } from '../../support/fixtures/cluster';
import { expectValidObjects } from '../../support/schemas';

const bootstrap = nodeProxyBootstrap(demoProxy(), { clusterName: 'demo' });
const ignition = nodeProxyBootstrap(demoProxy(), { clusterName: 'demo', bootstrapFormat: BootstrapFormat.IGNITION });

/** A user's spec: their own files and commands, one file at the proxy's containerd path. */
const userSpec = () => deepFreeze({
  joinConfiguration: { nodeRegistration: { name: '{{ ds.meta_data.hostname }}' } },
  files: [
    { path: '/etc/motd', content: 'hello\n' },
    { path: '/etc/systemd/system/containerd.service.d/http-proxy.conf', content: '[Service]\nEnvironment="HTTP_PROXY=http://old:3128"\n' },
  ],
  preKubeadmCommands: ['hostname "{{ ds.meta_data.hostname }}"', 'echo "::1 ipv6-localhost" >> /etc/hosts'],
  postKubeadmCommands: ['echo done'],
});

describe('addProxyToKubeadmConfigSpec', () => {
  test('puts the proxy first, replaces the file at its path, keeps everything else, and leaves the input alone', () => {
    const spec = userSpec();
    const merged = addProxyToKubeadmConfigSpec(spec, bootstrap);
    expect(merged.files).toEqual([...bootstrap.files, { path: '/etc/motd', content: 'hello\n' }]);
    expect(merged.preKubeadmCommands).toEqual([...bootstrap.preKubeadmCommands, ...spec.preKubeadmCommands]);
    expect(merged.joinConfiguration).toEqual(spec.joinConfiguration);
    expect(merged.postKubeadmCommands).toEqual(['echo done']);
    expect(merged).not.toHaveProperty('format');
    expect(spec).toEqual(userSpec());
    // the proxy's files are copies: editing the result changes neither the bootstrap nor another spec
    (merged.files as Array<{ content?: string }>)[0].content = 'edited';
    expect(bootstrap.files[0].content).not.toBe('edited');
    expect((addProxyToKubeadmConfigSpec(undefined, bootstrap).files as Array<{ content?: string }>)[0].content).toBe(bootstrap.files[0].content);
  });

  test('is idempotent, and a second proxy replaces the first instead of stacking', () => {
    const once = addProxyToKubeadmConfigSpec(userSpec(), bootstrap);
    expect(addProxyToKubeadmConfigSpec(deepFreeze(once), bootstrap)).toEqual(once);
    const other = nodeProxyBootstrap(demoProxy({ password: 'rotated' }), { clusterName: 'demo', containerdWaitSeconds: 30 });
    const replaced = addProxyToKubeadmConfigSpec(once, other);
    expect(replaced).toEqual(addProxyToKubeadmConfigSpec(userSpec(), other));
    expect((replaced.preKubeadmCommands as string[]).filter((command) => command.includes('daemon-reload'))).toHaveLength(1);
  });

  test('Ignition sets format, and a spec declaring the other format is refused', () => {
    expect(addProxyToKubeadmConfigSpec(undefined, ignition).format).toBe('ignition');
    expect(addProxyToKubeadmConfigSpec({ format: 'ignition' }, ignition).format).toBe('ignition');
    expect(() => addProxyToKubeadmConfigSpec({ format: 'ignition' }, bootstrap))
      .toThrow('kubeadmConfigSpec.format: is "ignition" but the proxy was rendered for "cloud-config"; set bootstrapFormat to "ignition"');
    expect(() => addProxyToKubeadmConfigSpec({ format: 'cloud-config' }, ignition)).toThrow('kubeadmConfigSpec.format: is "cloud-config"');
  });

  test('malformed specs are refused with the field named', () => {
    expect(() => addProxyToKubeadmConfigSpec([], bootstrap)).toThrow('kubeadmConfigSpec: must be an object (a KubeadmConfigSpec)');
    expect(() => addProxyToKubeadmConfigSpec({ files: {} }, bootstrap)).toThrow('kubeadmConfigSpec.files: must be an array');
    expect(() => addProxyToKubeadmConfigSpec({ files: [{ content: 'x' }] }, bootstrap)).toThrow('kubeadmConfigSpec.files[0].path: must be a string');
    expect(() => addProxyToKubeadmConfigSpec({ users: [{ name: () => 'admin' }] }, bootstrap)).toThrow('kubeadmConfigSpec.users[0].name: must be JSON data');
    expect(() => addProxyToKubeadmConfigSpec({ ntp: { enabled: NaN } }, bootstrap)).toThrow('kubeadmConfigSpec.ntp.enabled: must be a finite number');
  });

  test('the CRD limit of 200 files holds after the merge', () => {
    const files = Array.from({ length: 198 }, (_, i) => ({ path: `/etc/f${i}`, content: 'x' }));
    expect(() => addProxyToKubeadmConfigSpec({ files }, bootstrap))
      .toThrow('kubeadmConfigSpec.files: would hold 201 files: 198 of its own and 3 of the node proxy\'s (which writes one per certificate of settings.trustedCaPem); '
        + 'Cluster API accepts at most 200');
  });
});

describe('addProxyToKubeadmObject', () => {
  const kcp = (version: string): KubeObject => deepFreeze({
    apiVersion: `controlplane.cluster.x-k8s.io/${version}`,
    kind: 'KubeadmControlPlane',
    metadata: { name: 'demo-control-plane', namespace: 'clusters' },
    spec: {
      version: 'v1.31.2',
      kubeadmConfigSpec: userSpec(),
      machineTemplate: version === 'v1beta2'
        ? { spec: { infrastructureRef: { apiGroup: 'infrastructure.cluster.x-k8s.io', kind: 'DockerMachineTemplate', name: 'cp' } } }
        : { infrastructureRef: { apiVersion: 'infrastructure.cluster.x-k8s.io/v1beta1', kind: 'DockerMachineTemplate', name: 'cp' } },
    },
  });
  const template = (version: string): KubeObject => deepFreeze({
    apiVersion: `bootstrap.cluster.x-k8s.io/${version}`,
    kind: 'KubeadmConfigTemplate',
    metadata: { name: 'demo-md-0' },
    spec: { template: { spec: userSpec() } },
  });
  const config: KubeObject = deepFreeze({ apiVersion: 'bootstrap.cluster.x-k8s.io/v1beta2', kind: 'KubeadmConfig', metadata: { name: 'one' }, spec: {} });

  test.each(['v1beta1', 'v1beta2'])('KubeadmControlPlane, KubeadmConfigTemplate and KubeadmConfig %s get the proxy and stay valid', (version) => {
    const objects = [kcp(version), template(version), { ...config, apiVersion: `bootstrap.cluster.x-k8s.io/${version}` }]
      .map((object) => addProxyToKubeadmObject(object, bootstrap));
    expect((objects[0].spec as any).kubeadmConfigSpec).toEqual(addProxyToKubeadmConfigSpec(userSpec(), bootstrap));
    expect((objects[1].spec as any).template.spec).toEqual(addProxyToKubeadmConfigSpec(userSpec(), bootstrap));
    expect((objects[2].spec as any).files).toEqual(bootstrap.files);
    expectValidObjects([...objects, bootstrap.secret!]);
  });

  test('a v1beta2 KubeadmControlPlane without kubeadmConfigSpec gets one', () => {
    const bare = { ...kcp('v1beta2'), spec: { ...(kcp('v1beta2').spec as object), kubeadmConfigSpec: undefined } };
    const withProxy = addProxyToKubeadmObject(bare as KubeObject, bootstrap);
    expect((withProxy.spec as any).kubeadmConfigSpec.files).toEqual(bootstrap.files);
  });

  test('other kinds are refused', () => {
    expect(() => addProxyToKubeadmObject({ apiVersion: 'cluster.x-k8s.io/v1beta2', kind: 'MachineDeployment', metadata: { name: 'x' } }, bootstrap))
      .toThrow('object: is not a KubeadmControlPlane, KubeadmConfigTemplate or KubeadmConfig (controlplane/bootstrap.cluster.x-k8s.io) (got "cluster.x-k8s.io/v1beta2 MachineDeployment")');
    expect(() => addProxyToKubeadmObject({ ...template('v1beta2'), spec: { template: 'x' } }, bootstrap))
      .toThrow('KubeadmConfigTemplate/demo-md-0: spec.template.spec: has no object at template (got "x")');
  });
});
