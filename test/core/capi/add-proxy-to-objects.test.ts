import { addProxyToObjects } from '../../../src/core/capi/add-proxy-to-objects';
import { BootstrapFormat } from '../../../src/core/node-files/bootstrap-format';
import { PROXY_COMMAND_MARKER } from '../../../src/core/node-files/commands';
import { KubeObject } from '../../../src/core/primitives/k8s/manifest';
import { credentialForms, deepFreeze, demoProxy, nonSecretText } from '../../support/fixtures/cluster';
import { expectValidObjects } from '../../support/schemas';

/** An existing v1beta1 or v1beta2 cluster chart's output, written by hand (no library involved). */
function existingChart(version: 'v1beta1' | 'v1beta2', namespace = 'clusters'): KubeObject[] {
  const ref = (apiVersion: string, kind: string, name: string): object => (version === 'v1beta2'
    ? { apiGroup: apiVersion.split('/')[0], kind, name }
    : { apiVersion, kind, name });
  const infra = 'infrastructure.cluster.x-k8s.io/v1beta1';
  return deepFreeze([
    {
      apiVersion: `controlplane.cluster.x-k8s.io/${version}`,
      kind: 'KubeadmControlPlane',
      metadata: { name: 'demo-control-plane', namespace },
      spec: {
        version: 'v1.31.2',
        replicas: 3,
        machineTemplate: version === 'v1beta2' ? { spec: { infrastructureRef: ref(infra, 'DockerMachineTemplate', 'cp') } } : { infrastructureRef: ref(infra, 'DockerMachineTemplate', 'cp') },
        kubeadmConfigSpec: { preKubeadmCommands: ['echo cp'] },
      },
    },
    {
      apiVersion: `bootstrap.cluster.x-k8s.io/${version}`,
      kind: 'KubeadmConfigTemplate',
      metadata: { name: 'demo-md-0', namespace },
      spec: { template: { spec: { files: [{ path: '/etc/motd', content: 'hi\n' }] } } },
    },
    {
      apiVersion: `cluster.x-k8s.io/${version}`,
      kind: 'MachineDeployment',
      metadata: { name: 'demo-md-0', namespace },
      spec: {
        clusterName: 'demo',
        selector: { matchLabels: {} },
        template: {
          spec: {
            clusterName: 'demo',
            version: 'v1.31.2',
            bootstrap: { configRef: ref(`bootstrap.cluster.x-k8s.io/${version}`, 'KubeadmConfigTemplate', 'demo-md-0') },
            infrastructureRef: ref(infra, 'DockerMachineTemplate', 'md-0'),
          },
        },
      },
    },
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'unrelated', namespace }, data: { a: 'b' } },
  ] as KubeObject[]);
}

describe('addProxyToObjects: adopting the proxy in an existing chart', () => {
  test.each(['v1beta1', 'v1beta2'] as const)('%s: proxy merged, template renamed, MachineDeployment retargeted, Secret added, all valid', (version) => {
    const input = existingChart(version);
    const proxy = demoProxy();
    const result = addProxyToObjects(input, proxy, { clusterName: 'demo' });
    const [kcp, template, md, configMap, secret] = result.objects as any[];
    expect(result.objects).toHaveLength(5);
    expect(kcp.spec.kubeadmConfigSpec.preKubeadmCommands.at(-1)).toBe('echo cp');
    expect(kcp.spec.kubeadmConfigSpec.preKubeadmCommands[0]).toBe(`systemctl daemon-reload ${PROXY_COMMAND_MARKER}`);
    expect(template.metadata.name).toMatch(/^demo-md-0-[0-9a-f]{10}$/);
    expect(template.metadata.annotations).toEqual({ 'cluster-proxy-constructs/template-base-name': 'demo-md-0' });
    expect(template.spec.template.spec.files.map((file: { path: string }) => file.path).at(-1)).toBe('/etc/motd');
    expect(md.spec.template.spec.bootstrap.configRef.name).toBe(template.metadata.name);
    expect(result.renamedTemplates).toEqual({ 'demo-md-0': template.metadata.name });
    expect(configMap).toEqual(input[3]);
    expect(secret).toEqual(result.secret);
    expect(secret.metadata.namespace).toBe('clusters');
    expect(result.inputResults).toEqual(result.objects.slice(0, 4));
    expectValidObjects(result.objects);
    for (const form of credentialForms(proxy)) {
      expect(nonSecretText(result.objects)).not.toContain(form);
    }
  });

  test('running the result through again changes nothing', () => {
    const proxy = demoProxy();
    const once = addProxyToObjects(existingChart('v1beta2'), proxy, { clusterName: 'demo' });
    const twice = addProxyToObjects(deepFreeze(once.objects), proxy, { clusterName: 'demo' });
    expect(twice.objects).toEqual(once.objects);
    expect(twice.renamedTemplates).toEqual({});
  });

  test('a new proxy on the adopted output: new Secret replaces the old one, template renamed again from its base name', () => {
    const once = addProxyToObjects(existingChart('v1beta2'), demoProxy(), { clusterName: 'demo' });
    const rotated = addProxyToObjects(once.objects, demoProxy({ password: 'rotated', credentialsRevision: '2' }), { clusterName: 'demo' });
    const secrets = rotated.objects.filter((object) => object.kind === 'Secret');
    expect(secrets).toEqual([rotated.secret]);
    expect(rotated.secret!.metadata.name).not.toBe(once.secret!.metadata.name);
    const template = rotated.objects.find((object) => object.kind === 'KubeadmConfigTemplate')!;
    expect(template.metadata.name).toMatch(/^demo-md-0-[0-9a-f]{10}$/);
    expect(template.metadata.name).not.toBe(once.objects[1].metadata.name);
    expect((rotated.objects[2] as any).spec.template.spec.bootstrap.configRef.name).toBe(template.metadata.name);
    expect(rotated.inputResults[4]).toBeUndefined();
  });

  test('each object keeps its own bootstrap format; Flatcar is assumed for Ignition', () => {
    const input = existingChart('v1beta2') as any[];
    const flatcarTemplate = { ...input[1], spec: { template: { spec: { format: 'ignition' } } } };
    const result = addProxyToObjects([input[0], flatcarTemplate], demoProxy(), { clusterName: 'demo' });
    expect((result.objects[0] as any).spec.kubeadmConfigSpec.format).toBeUndefined();
    expect((result.objects[1] as any).spec.template.spec.format).toBe('ignition');
    expect(() => addProxyToObjects([input[0], flatcarTemplate], demoProxy(), { clusterName: 'demo', bootstrapFormat: BootstrapFormat.CLOUD_CONFIG }))
      .toThrow(/^KubeadmConfigTemplate\/demo-md-0: spec.template.spec.format: is "ignition" but the proxy was rendered for "cloud-config"/);
  });

  test('renameTemplates: false leaves names and MachineDeployments alone; inline delivery adds no Secret', () => {
    const result = addProxyToObjects(existingChart('v1beta2'), demoProxy({ username: undefined, password: undefined }), { clusterName: 'demo', renameTemplates: false });
    expect(result.objects.map((object) => object.metadata.name)).toEqual(['demo-control-plane', 'demo-md-0', 'demo-md-0', 'unrelated']);
    expect(result.secret).toBeUndefined();
  });

  test('a template that already carries the proxy keeps its name, so adopting it rolls nothing; a proxy change renames it', () => {
    const anonymous = demoProxy({ username: undefined, password: undefined });
    // a cluster whose templates already have these files under their own names (as a system that wrote them leaves them)
    const running = addProxyToObjects(existingChart('v1beta2'), anonymous, { clusterName: 'demo', renameTemplates: false }).objects;
    const adopted = addProxyToObjects(running, anonymous, { clusterName: 'demo' });
    expect(adopted.objects).toEqual(running);
    const changed = addProxyToObjects(running, demoProxy({ username: undefined, password: undefined, noProxy: ['added.corp.example'] }), { clusterName: 'demo' });
    const template = changed.objects.find((object) => object.kind === 'KubeadmConfigTemplate')!;
    expect(template.metadata.name).toMatch(/^demo-md-0-[0-9a-f]{10}$/);
    expect((changed.objects[2] as any).spec.template.spec.bootstrap.configRef.name).toBe(template.metadata.name);
  });

  test('bad input is refused with the reason', () => {
    expect(() => addProxyToObjects([existingChart('v1beta2')[3]], demoProxy(), { clusterName: 'demo' }))
      .toThrow('objects: hold no KubeadmControlPlane, KubeadmConfigTemplate or KubeadmConfig to add the proxy to');
    const mixed = [existingChart('v1beta2', 'a')[0], existingChart('v1beta2', 'b')[1]];
    expect(() => addProxyToObjects(mixed, demoProxy(), { clusterName: 'demo' }))
      .toThrow(/^namespace: must be given: the kubeadm objects are in different namespaces/);
    expect(addProxyToObjects(mixed, demoProxy(), { clusterName: 'demo', namespace: 'a' }).secret!.metadata.namespace).toBe('a');
    expect(() => addProxyToObjects('x' as never, demoProxy(), { clusterName: 'demo' })).toThrow('objects: must be an array of Kubernetes objects');
  });
});
