import { addonResourceSet, RESOURCE_SET_KEY } from '../../../src/core/addons/cluster-resource-set';
import { ResourceSetStrategy } from '../../../src/core/addons/resource-set-strategy';
import { CapiVersion } from '../../../src/core/capi/capi-version';
import { KubeObject } from '../../../src/core/primitives/k8s/manifest';
import { anonymousProxy, errorOf, parseYamlDocuments, vsphereProxy } from '../../support/fixtures/addons';
import { expectValidObjects, schemaErrors } from '../../support/schemas';

/** A small stand-in for kapp-controller's release YAML: its namespace and Deployment. */
const KAPP_CONTROLLER_MANIFESTS: KubeObject[] = [
  { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'kapp-controller' } },
  {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'kapp-controller', namespace: 'kapp-controller' },
    spec: {
      selector: { matchLabels: { app: 'kapp-controller' } },
      template: {
        metadata: { labels: { app: 'kapp-controller' } },
        spec: { containers: [{ name: 'kapp-controller', image: 'ghcr.io/carvel-dev/kapp-controller@sha256:0000000000000000000000000000000000000000000000000000000000000000' }] },
      },
    },
  },
];

describe('addonResourceSet', () => {
  test.each([CapiVersion.V1BETA1, CapiVersion.V1BETA2] as const)('a %s ClusterResourceSet and its Secret validate; every delivered object too', (capiVersion) => {
    const proxy = vsphereProxy();
    const set = addonResourceSet(proxy, {
      clusterName: 'wl',
      namespace: 'default',
      name: 'kapp-controller',
      capiVersion,
      manifests: KAPP_CONTROLLER_MANIFESTS,
      kappControllerNamespace: 'kapp-controller',
      injectProxyEnv: {},
    });
    expect(set.objects.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual(['Secret/wl-kapp-controller', 'ClusterResourceSet/wl-kapp-controller']);
    expect(set.clusterResourceSet.apiVersion).toBe(`addons.cluster.x-k8s.io/${capiVersion}`);
    expect(set.clusterResourceSet.spec).toEqual({
      clusterSelector: { matchLabels: { 'cluster.x-k8s.io/cluster-name': 'wl' } },
      resources: [{ kind: 'Secret', name: 'wl-kapp-controller' }],
      strategy: 'Reconcile',
    });
    expect(set.secret.type).toBe('addons.cluster.x-k8s.io/resource-set');
    expectValidObjects(set.objects);

    const inner = parseYamlDocuments(set.secret.stringData[RESOURCE_SET_KEY]);
    expect(inner).toEqual(JSON.parse(JSON.stringify(set.deliveredObjects)));
    expectValidObjects(inner);
    expect(inner.map((o) => `${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`)).toEqual([
      'Namespace//kapp-controller',
      'Deployment/kapp-controller/kapp-controller',
      'Secret/kapp-controller/cluster-proxy-env',
      'Secret/kapp-controller/kapp-controller-config',
    ]);
    // kapp-controller's own config (carvel docs keys) and the injected env read the same definition
    const config = inner[3];
    const { httpProxy, httpsProxy, noProxy } = proxy.environment;
    expect(config.stringData).toEqual({ httpProxy, httpsProxy, noProxy });
    const env = inner[1].spec.template.spec.containers[0].env;
    expect(env.find((v: any) => v.name === 'NO_PROXY').value).toBe(proxy.environment.noProxy);
    expect(env.find((v: any) => v.name === 'HTTPS_PROXY').valueFrom).toEqual({ secretKeyRef: { name: 'cluster-proxy-env', key: 'HTTPS_PROXY' } });
    expect(inner[2].stringData.HTTPS_PROXY).toBe(proxy.environment.httpsProxy);
  });

  test('a system\'s names: the Secret named and keyed apart from its set, as TKG\'s kapp-controller set on a management cluster', () => {
    const set = addonResourceSet(anonymousProxy(), {
      clusterName: 'mgmt',
      namespace: 'tkg-system',
      name: 'kapp-controller',
      secretName: 'mgmt-kapp-controller-crs',
      secretKey: 'value',
      strategy: ResourceSetStrategy.APPLY_ONCE,
      clusterSelector: { 'tkg.tanzu.vmware.com/cluster-name': 'mgmt' },
      manifests: KAPP_CONTROLLER_MANIFESTS,
    });
    expect(set.objects.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual(['Secret/mgmt-kapp-controller-crs', 'ClusterResourceSet/mgmt-kapp-controller']);
    expect((set.clusterResourceSet.spec as { resources: unknown }).resources).toEqual([{ kind: 'Secret', name: 'mgmt-kapp-controller-crs' }]);
    expect(Object.keys(set.secret.stringData)).toEqual(['value']);
    expect(parseYamlDocuments(set.secret.stringData.value)).toEqual(JSON.parse(JSON.stringify(set.deliveredObjects)));
    expect(set.secret.metadata.labels).toEqual(set.clusterResourceSet.metadata.labels);
    expectValidObjects(set.objects);
    const base = { clusterName: 'mgmt', manifests: KAPP_CONTROLLER_MANIFESTS };
    expect(errorOf(() => addonResourceSet(anonymousProxy(), { ...base, secretKey: 'manifests/yaml' }))).toMatch(/^secretKey: .*must be a data key/);
    expect(errorOf(() => addonResourceSet(anonymousProxy(), { ...base, secretKey: '..data' }))).toMatch(/^secretKey: /);
    expect(errorOf(() => addonResourceSet(anonymousProxy(), { ...base, secretName: 'Mgmt_CRS' }))).toMatch(/^secretName: .*DNS-1123 subdomain/);
  });

  test('the validator enforces each version\'s required fields (v1beta2 needs resources)', () => {
    const set = addonResourceSet(anonymousProxy(), { clusterName: 'wl', manifests: KAPP_CONTROLLER_MANIFESTS, capiVersion: CapiVersion.V1BETA2 });
    const withoutResources = structuredClone(set.clusterResourceSet) as any;
    delete withoutResources.spec.resources;
    expect(schemaErrors(withoutResources).join()).toContain("must have required property 'resources'");
    const v1beta1 = { ...withoutResources, apiVersion: 'addons.cluster.x-k8s.io/v1beta1' };
    expect(schemaErrors(v1beta1)).toEqual([]);
    delete v1beta1.spec.clusterSelector;
    expect(schemaErrors(v1beta1).join()).toContain("must have required property 'clusterSelector'");
  });

  test('manifests are delivered unchanged unless injection is asked for; ApplyOnce and a custom selector', () => {
    const set = addonResourceSet(anonymousProxy(), {
      clusterName: 'wl', manifests: KAPP_CONTROLLER_MANIFESTS, strategy: ResourceSetStrategy.APPLY_ONCE, clusterSelector: { 'tkg.tanzu.vmware.com/cluster-name': 'wl' },
    });
    expect(set.deliveredObjects).toEqual(KAPP_CONTROLLER_MANIFESTS);
    expect(set.clusterResourceSet.metadata.name).toBe('wl-addons');
    expect((set.clusterResourceSet.spec as any).strategy).toBe('ApplyOnce');
    expect((set.clusterResourceSet.spec as any).clusterSelector.matchLabels).toEqual({ 'tkg.tanzu.vmware.com/cluster-name': 'wl' });
  });

  test('bad input is refused naming the field', () => {
    const proxy = anonymousProxy();
    expect(() => addonResourceSet(proxy, { clusterName: 'wl', manifests: [] })).toThrow(/^manifests: must be a non-empty array/);
    expect(() => addonResourceSet(proxy, { clusterName: 'wl', manifests: [{ kind: 'ConfigMap' } as never] })).toThrow(/^manifests\[0\]: must be a Kubernetes object/);
    expect(() => addonResourceSet(proxy, { clusterName: 'wl', manifests: KAPP_CONTROLLER_MANIFESTS, strategy: 'Once' as never })).toThrow(/^strategy:/);
    expect(() => addonResourceSet(proxy, { clusterName: 'wl', manifests: KAPP_CONTROLLER_MANIFESTS, capiVersion: 'v1alpha4' as never })).toThrow(/^capiVersion:/);
    const huge = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'big' }, data: { blob: 'x'.repeat(1024 * 1024) } };
    expect(() => addonResourceSet(proxy, { clusterName: 'wl', manifests: [huge] })).toThrow(/^manifests: render to \d+ bytes, more than a Secret holds/);
  });
});
