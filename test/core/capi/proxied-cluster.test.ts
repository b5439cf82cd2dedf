import { CapiVersion } from '../../../src/core/capi/capi-version';
import { proxiedClusterObjects } from '../../../src/core/capi/proxied-cluster';
import { ClusterProxyConfig } from '../../../src/core/definition/cluster-proxy-config';
import { BootstrapFormat } from '../../../src/core/node-files/bootstrap-format';
import { NodeProxyDelivery } from '../../../src/core/node-files/delivery';
import { OsFamily } from '../../../src/core/node-files/os-family';
import { canonicalJson } from '../../../src/core/primitives/k8s/names';
import { caCertificates } from '../../support/ca-certificates';
import { CA_1, clusterOptions, credentialForms, deepFreeze, infraRef, networkProps, nonSecretText, demoSettings, demoNetwork } from '../../support/fixtures/cluster';
import { expectValidObjects } from '../../support/schemas';

const matrix: Array<[CapiVersion, BootstrapFormat, NodeProxyDelivery]> = [];
for (const capiVersion of [CapiVersion.V1BETA2, CapiVersion.V1BETA1] as const) {
  for (const bootstrapFormat of [BootstrapFormat.CLOUD_CONFIG, BootstrapFormat.IGNITION] as const) {
    for (const delivery of [NodeProxyDelivery.SECRET, NodeProxyDelivery.INLINE] as const) {
      matrix.push([capiVersion, bootstrapFormat, delivery]);
    }
  }
}

describe('proxiedClusterObjects', () => {
  test.each(matrix)('%s, %s, delivery %s: every object validates against the CRDs (unknown fields rejected)', (capiVersion, bootstrapFormat, delivery) => {
    const result = proxiedClusterObjects(clusterOptions({
      capiVersion,
      bootstrapFormat,
      delivery,
      // delivery inline is for proxies without credentials
      settings: demoSettings({ trustedCaPem: CA_1, ...(delivery === NodeProxyDelivery.INLINE ? { username: undefined, password: undefined } : {}) }),
      osFamily: bootstrapFormat === BootstrapFormat.IGNITION ? OsFamily.FLATCAR : OsFamily.UBUNTU,
    }));
    expect(result.objects.map((object) => `${object.apiVersion} ${object.kind}`)).toEqual([
      ...(delivery === NodeProxyDelivery.SECRET ? ['v1 Secret'] : []),
      `cluster.x-k8s.io/${capiVersion} Cluster`,
      `controlplane.cluster.x-k8s.io/${capiVersion} KubeadmControlPlane`,
      `bootstrap.cluster.x-k8s.io/${capiVersion} KubeadmConfigTemplate`,
      `cluster.x-k8s.io/${capiVersion} MachineDeployment`,
      `bootstrap.cluster.x-k8s.io/${capiVersion} KubeadmConfigTemplate`,
      `cluster.x-k8s.io/${capiVersion} MachineDeployment`,
    ]);
    expectValidObjects(result.objects);
    const kubeadmSpecs = [
      (result.controlPlane.spec as any).kubeadmConfigSpec,
      ...result.workerPools.map((pool) => (pool.configTemplate.spec as any).template.spec),
    ];
    for (const spec of kubeadmSpecs) {
      expect(spec.format).toBe(bootstrapFormat === BootstrapFormat.IGNITION ? 'ignition' : undefined);
      expect(spec.files.slice(0, 4)).toEqual(result.bootstrap.files);
    }
  });

  test('v1beta2 references are {apiGroup, kind, name}; v1beta1 references are {apiVersion, kind, name}', () => {
    const v2 = proxiedClusterObjects(clusterOptions()) as any;
    const v1 = proxiedClusterObjects(clusterOptions({ capiVersion: CapiVersion.V1BETA1 })) as any;
    expect(v2.cluster.spec.controlPlaneRef).toEqual({ apiGroup: 'controlplane.cluster.x-k8s.io', kind: 'KubeadmControlPlane', name: 'demo-control-plane' });
    expect(v1.cluster.spec.controlPlaneRef).toEqual({ apiVersion: 'controlplane.cluster.x-k8s.io/v1beta1', kind: 'KubeadmControlPlane', name: 'demo-control-plane' });
    expect(v2.cluster.spec.infrastructureRef).toEqual({ apiGroup: 'infrastructure.cluster.x-k8s.io', kind: 'DockerCluster', name: 'demo' });
    expect(v1.cluster.spec.infrastructureRef).toEqual(infraRef('DockerCluster', 'demo'));
    expect(v2.controlPlane.spec.machineTemplate).toEqual({ spec: { infrastructureRef: { apiGroup: 'infrastructure.cluster.x-k8s.io', kind: 'DockerMachineTemplate', name: 'demo-control-plane' } } });
    expect(v1.controlPlane.spec.machineTemplate).toEqual({ infrastructureRef: infraRef('DockerMachineTemplate', 'demo-control-plane') });
    const [v2Pool, v1Pool] = [v2.workerPools[0], v1.workerPools[0]];
    expect(v2Pool.machineDeployment.spec.template.spec.bootstrap.configRef)
      .toEqual({ apiGroup: 'bootstrap.cluster.x-k8s.io', kind: 'KubeadmConfigTemplate', name: v2Pool.configTemplate.metadata.name });
    expect(v1Pool.machineDeployment.spec.template.spec.bootstrap.configRef)
      .toEqual({ apiVersion: 'bootstrap.cluster.x-k8s.io/v1beta1', kind: 'KubeadmConfigTemplate', name: v1Pool.configTemplate.metadata.name });
  });

  test('the Cluster network is the one the NO_PROXY was computed from, dual-stack included', () => {
    const result = proxiedClusterObjects(clusterOptions({
      network: demoNetwork({ pods: ['192.168.0.0/16', 'fd00:10::/56'], services: ['172.20.0.0/16', 'fd00:20::/108'], serviceDomain: 'demo.local' }),
      controlPlaneEndpointPort: 443,
    }));
    expect((result.cluster.spec as any)).toMatchObject({
      clusterNetwork: {
        pods: { cidrBlocks: ['192.168.0.0/16', 'fd00:10::/56'] },
        services: { cidrBlocks: ['172.20.0.0/16', 'fd00:20::/108'] },
        serviceDomain: 'demo.local',
      },
      controlPlaneEndpoint: { host: 'api.demo.corp.example', port: 443 },
    });
    expect(result.proxy.environment.noProxy).toContain('fd00:20::/108');
    expect(result.proxy.environment.noProxy).toContain('.demo.local');
    const withoutEndpoint = proxiedClusterObjects(clusterOptions({ network: demoNetwork({ controlPlaneEndpoint: undefined }) }));
    expect(withoutEndpoint.cluster.spec).not.toHaveProperty('controlPlaneEndpoint');
  });

  test('worker pools: names, replicas, version override, failure domain, selector matching the machine labels', () => {
    const [md0, md1] = proxiedClusterObjects(clusterOptions()).workerPools.map((pool) => pool.machineDeployment as any);
    expect(md0.metadata.name).toBe('demo-md-0');
    expect(md0.spec.replicas).toBe(2);
    expect(md0.spec.template.spec.version).toBe('v1.31.2');
    expect(md1.spec.template.spec).toMatchObject({ version: 'v1.30.6', failureDomain: 'zone-b' });
    expect(md0.spec.selector.matchLabels).toEqual(md0.spec.template.metadata.labels);
    expect(md0.spec.selector.matchLabels).toEqual({ 'cluster.x-k8s.io/cluster-name': 'demo', 'cluster.x-k8s.io/deployment-name': 'demo-md-0' });
    const unset = proxiedClusterObjects(clusterOptions({ workerPools: [{ name: 'auto', machineTemplate: infraRef('DockerMachineTemplate', 'a') }] }));
    expect(unset.workerPools[0].machineDeployment.spec).not.toHaveProperty('replicas');
  });

  test('delivery secret keeps every credential out of every Cluster API object', () => {
    const result = proxiedClusterObjects(clusterOptions({ settings: demoSettings({ trustedCaPem: CA_1 }), osFamily: OsFamily.RHEL }));
    for (const form of credentialForms(result.proxy)) {
      expect(nonSecretText(result.objects)).not.toContain(form);
    }
    expect(JSON.stringify(result.secret)).toContain('p%%40ss');
  });

  test('props may be a ClusterProxyConfig, or settings and network as instances or props', () => {
    const fromProps = proxiedClusterObjects(clusterOptions());
    const proxy = new ClusterProxyConfig(demoSettings(), demoNetwork());
    const fromProxy = proxiedClusterObjects(clusterOptions({ settings: undefined, network: undefined, proxy }));
    const fromInstances = proxiedClusterObjects(clusterOptions({ settings: proxy.settings, network: proxy.network }));
    expect(canonicalJson(fromProxy.objects)).toBe(canonicalJson(fromProps.objects));
    expect(canonicalJson(fromInstances.objects)).toBe(canonicalJson(fromProps.objects));
  });

  test('deterministic: the same input gives the same objects, and the input is not modified', () => {
    const options = deepFreeze(clusterOptions());
    expect(canonicalJson(proxiedClusterObjects(options).objects)).toBe(canonicalJson(proxiedClusterObjects(clusterOptions()).objects));
  });
});

describe('proxiedClusterObjects: bad input fails at construction, naming the prop', () => {
  const controlPlane = clusterOptions().controlPlane;
  test.each<[string, Parameters<typeof clusterOptions>[0], string | RegExp]>([
    ['missing pod CIDRs', { network: networkProps({ pods: [] }) as never }, 'pods: at least one pod CIDR is required'],
    ['overlapping pod and service CIDRs', { network: networkProps({ services: ['192.168.128.0/20'] }) as never }, 'services: service CIDR 192.168.128.0/20 overlaps pod CIDR 192.168.0.0/16'],
    ['a cluster name that is not a DNS label', { name: 'Demo.Cluster' }, /^name: must be a DNS-1123 label/],
    ['a bad namespace', { namespace: 'Clusters' }, /^namespace: must be a DNS-1123 label/],
    ['a bad version', { version: '1.31' }, 'version: must be a Kubernetes version such as v1.31.2 (with the leading "v") (got "1.31")'],
    ['an unknown Cluster API version', { capiVersion: 'v1alpha4' as never }, 'capiVersion: is not a supported Cluster API version; use v1beta2 or v1beta1 (got "v1alpha4")'],
    ['a reference without a group', { infrastructureRef: { apiVersion: 'v1', kind: 'DockerCluster', name: 'demo' } }, /^infrastructureRef.apiVersion: must be "group\/version"/],
    ['a reference with a bad name', { infrastructureRef: infraRef('DockerCluster', 'Demo') }, /^infrastructureRef.name: must be a DNS-1123 subdomain/],
    ['an even control plane with stacked etcd', { controlPlane: { ...controlPlane, replicas: 2 } }, /^controlPlane.replicas: must be odd with stacked etcd/],
    ['a missing machine template', { controlPlane: { ...controlPlane, machineTemplate: undefined as never } }, 'controlPlane.machineTemplate: must be an object of object reference fields (got undefined)'],
    ['duplicate pool names', { workerPools: [{ name: 'md', machineTemplate: infraRef('T', 'a') }, { name: 'md', machineTemplate: infraRef('T', 'b') }] }, 'workerPools[1].name: is already the name of workerPools[0] (got "md")'],
    ['a pool name too long for the deployment-name label', { workerPools: [{ name: 'x'.repeat(60), machineTemplate: infraRef('T', 'a') }] }, /^workerPools\[0\].name: makes the MachineDeployment name "demo-x+" longer than 63 characters/],
    ['negative replicas', { workerPools: [{ name: 'md', machineTemplate: infraRef('T', 'a'), replicas: -1 }] }, 'workerPools[0].replicas: must be a whole number from 0 to 1000 (got -1)'],
    ['an unknown OS family', { settings: demoSettings({ trustedCaPem: CA_1 }), osFamily: 'gentoo' as never }, /^osFamily: is not a supported OS family/],
    ['world-readable files with credentials', { files: { permissions: '0644' } }, /^files.permissions: must not be world-readable when the proxy URLs carry credentials/],
    ['a proxy that is not a ClusterProxyConfig', { proxy: {} as never }, /^proxy: must be a ClusterProxyConfig/],
    ['no network', { network: undefined }, 'network: is required: give proxy (a ClusterProxyConfig), or both settings and network'],
  ])('%s', (_, overrides, message) => {
    expect(() => proxiedClusterObjects(clusterOptions(overrides))).toThrow(message);
  });

  test('an even control plane is fine with external etcd; giving proxy and settings together is refused', () => {
    const external = { clusterConfiguration: { etcd: { external: { endpoints: ['https://etcd:2379'], caFile: '/a', certFile: '/b', keyFile: '/c' } } } };
    const evenWithExternalEtcd = clusterOptions({ controlPlane: { ...controlPlane, replicas: 2, kubeadmConfigSpec: external } });
    expect(() => proxiedClusterObjects(evenWithExternalEtcd)).not.toThrow();
    const proxy = proxiedClusterObjects(clusterOptions()).proxy;
    expect(() => proxiedClusterObjects(clusterOptions({ proxy }))).toThrow('proxy: give either proxy, or settings and network (with proxyOptions), not both');
  });

  describe('a CA bundle with more certificates than Cluster API takes files', () => {
    // one file per certificate: 197 fit beside the proxy's 3 other files, and no file of the user's
    const certificates = caCertificates(198);
    const options = (count: number, delivery: NodeProxyDelivery) => clusterOptions({
      settings: demoSettings({ trustedCaPem: certificates.slice(0, count).join(''), ...(delivery === NodeProxyDelivery.INLINE ? { username: undefined, password: undefined } : {}) }),
      delivery,
      osFamily: OsFamily.UBUNTU,
    });

    test.each([NodeProxyDelivery.SECRET, NodeProxyDelivery.INLINE])('delivery %s: is refused naming settings.trustedCaPem and the limit', (delivery) => {
      expect(() => proxiedClusterObjects(options(197, delivery))).not.toThrow();
      expect(() => proxiedClusterObjects(options(198, delivery))).toThrow('settings.trustedCaPem: has 198 certificates, each written to a file of its own: '
        + "with the node proxy's 3 other files that is 201 files, more than Cluster API accepts (200 files of one KubeadmConfigSpec, the Cluster API CRDs' maxItems); "
        + "trust only the CAs that sign the proxy's certificates (at most 197)");
    });
  });

  test('inline content over the CRD limit is compressed, and the objects still validate', () => {
    const noProxy = Array.from({ length: 700 }, (_, i) => `host-${i}.corp.example`);
    const { objects } = proxiedClusterObjects(clusterOptions({
      settings: demoSettings({ noProxy, username: undefined, password: undefined }),
      delivery: NodeProxyDelivery.INLINE,
    }));
    expectValidObjects(objects);
    expect(JSON.stringify(objects)).toContain('"encoding":"gzip+base64"');
  });
});
