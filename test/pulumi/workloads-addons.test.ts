/**
 * Workload and addon components under Pulumi mocks, with the password as a secret Output (as from
 * `config.requireSecret`): types, names, parents and inputs, and no credential in plain text.
 */
import * as pulumi from '@pulumi/pulumi';
import { addonResourceSet } from '../../src/core/addons/cluster-resource-set';
import { inClusterForwardProxy } from '../../src/core/addons/forward-proxy/forward-proxy';
import { giantSwarmProxySetup } from '../../src/core/addons/giantswarm/setup';
import { proxyEnvSources, ProxyEnvSourceKind } from '../../src/core/addons/proxy-env-source';
import { tkgProxyAddonSecrets } from '../../src/core/addons/tkg/tkg-proxy-addons';
import { CredentialSource } from '../../src/core/credentials/credential-source';
import { ClusterNetwork } from '../../src/core/definition/network';
import { renderKyvernoProxyPolicy } from '../../src/core/workloads/kyverno-policy';
import { renderProxyAdmissionPolicy } from '../../src/core/workloads/mutating-admission-policy';
import {
  GiantSwarmProxyApps, InClusterForwardProxy, KyvernoProxyPolicy, ProxyAddonResourceSet, ProxyAdmissionPolicy, ProxyAwareDeployment,
  ProxyDefinition, ProxyEnvSources, ProxyEnvSupport, TkgProxyAddons,
} from '../../src/pulumi';
import { vsphereProxy } from '../support/fixtures/addons';
import { plainTextLeaks, sortObjects } from '../support/fixtures/credential-leaks';
import { CORPORATE_CA, NETWORK, PASSWORD, proxyConfig } from '../support/fixtures/workloads';
import {
  childrenOf, descendantsOf, findRecorded, installMocks, isSecretMarker, kubeObjectOf, outcome, recorded, resetRecorded, secretPaths, settle,
  stopCallbacks,
} from '../support/pulumi-mocks';

const TOKEN = 'cluster-proxy-constructs:index:';

// A new program run per test: shared objects are registered once per run.
beforeEach(() => installMocks());
beforeEach(resetRecorded);
afterAll(stopCallbacks);

/** The workload fixtures' proxy, with the password as a secret Output. */
function outputProxy(overrides: object = {}): ProxyDefinition {
  return new ProxyDefinition({
    settings: {
      httpProxy: 'http://proxy.corp.example:3128',
      httpsProxy: 'http://proxy.corp.example:3129',
      username: 'svc-k8s',
      password: pulumi.secret(PASSWORD),
      noProxy: ['.corp.example'],
      ...overrides,
    },
    network: NETWORK,
  });
}

/** The objects registered under the component `type`/`name`, rebuilt, secret values unwrapped. */
function registeredUnder(type: string, name: string): any[] {
  return descendantsOf(findRecorded(`${TOKEN}${type}`, name)).filter((r) => r.custom).map(kubeObjectOf);
}

const asJson = (objects: readonly object[]) => JSON.parse(JSON.stringify(objects));

describe('workload components', () => {
  test('KyvernoProxyPolicy: the ClusterPolicy as a custom resource, typed sources and RBAC, secret Secret values', async () => {
    const policy = new KyvernoProxyPolicy('proxy', { proxy: outputProxy({ trustedCaPem: CORPORATE_CA }), excludeNamespaces: ['kyverno'] });
    await settle(policy);
    const component = findRecorded(`${TOKEN}KyvernoProxyPolicy`, 'proxy');
    expect(childrenOf(component).map((r) => `${r.type} ${r.name}`)).toEqual(expect.arrayContaining([
      'kubernetes:kyverno.io/v1:ClusterPolicy proxy-ClusterPolicy-inject-cluster-proxy',
      'kubernetes:core/v1:Namespace proxy-Namespace-cluster-proxy-system',
      'kubernetes:core/v1:Secret proxy-Secret-cluster-proxy-system-cluster-proxy-env',
      'kubernetes:core/v1:ConfigMap proxy-ConfigMap-cluster-proxy-system-cluster-proxy-ca',
    ]));
    expect(childrenOf(component).filter((r) => r.type === 'kubernetes:rbac.authorization.k8s.io/v1:ClusterRole')).toHaveLength(2);
    const expected = renderKyvernoProxyPolicy(proxyConfig({ trustedCaPem: CORPORATE_CA }), { excludeNamespaces: ['kyverno'] });
    expect(sortObjects(registeredUnder('KyvernoProxyPolicy', 'proxy'))).toEqual(sortObjects(asJson(expected)));
    expect(secretPaths(findRecorded('kubernetes:core/v1:Secret', 'proxy-Secret-cluster-proxy-system-cluster-proxy-env').wire)).toEqual(['/stringData']);
    expect(recorded.filter((r) => r.type !== 'kubernetes:core/v1:Secret').flatMap((r) => secretPaths(r.wire))).toEqual([]);
    expect(plainTextLeaks(recorded, PASSWORD)).toEqual([]);
  });

  test('ProxyAdmissionPolicy: typed MutatingAdmissionPolicy and binding, a Secret per target namespace', async () => {
    const policy = new ProxyAdmissionPolicy('map', { proxy: outputProxy(), namespaces: ['apps', 'batch'] });
    await settle(policy);
    expect(registeredUnder('ProxyAdmissionPolicy', 'map').map((o) => `${o.kind} ${o.metadata.namespace ?? ''}`)).toEqual(expect.arrayContaining([
      'MutatingAdmissionPolicy ', 'MutatingAdmissionPolicyBinding ', 'Secret apps', 'Secret batch',
    ]));
    expect(findRecorded('kubernetes:admissionregistration.k8s.io/v1:MutatingAdmissionPolicy', 'map-MutatingAdmissionPolicy-inject-cluster-proxy').parent)
      .toBe(findRecorded(`${TOKEN}ProxyAdmissionPolicy`, 'map').urn);
    expect(sortObjects(registeredUnder('ProxyAdmissionPolicy', 'map')))
      .toEqual(sortObjects(asJson(renderProxyAdmissionPolicy(proxyConfig(), { namespaces: ['apps', 'batch'] }))));
    expect(plainTextLeaks(recorded, PASSWORD)).toEqual([]);
  });

  test('ProxyAwareDeployment: a typed Deployment with the env, user env kept, Outputs in the spec kept, the Secret next to it', async () => {
    const image = pulumi.output('quay.io/jetstack/cert-manager-controller:v1.16.2');
    const deployment = new ProxyAwareDeployment('cert-manager', {
      proxy: outputProxy(),
      metadata: { name: 'cert-manager', namespace: 'kube-system' },
      spec: {
        selector: { matchLabels: { app: 'cert-manager' } },
        template: {
          metadata: { labels: { app: 'cert-manager' } },
          spec: { containers: [{ name: 'controller', image, env: [{ name: 'https_proxy', value: 'http://mine:1' }] }, { name: 'sidecar', image: 'istio/proxyv2' }] },
        },
      },
      proxyOptions: { excludeContainers: ['sidecar'] },
    });
    await settle(deployment);
    const registered = findRecorded('kubernetes:apps/v1:Deployment', 'cert-manager');
    expect(registered.parent).toBe(findRecorded(`${TOKEN}ProxyAwareDeployment`, 'cert-manager').urn);
    const [controller, sidecar] = kubeObjectOf(registered).spec.template.spec.containers;
    expect(controller.image).toBe('quay.io/jetstack/cert-manager-controller:v1.16.2');
    expect(controller.env.map((v: any) => v.name)).toEqual(['https_proxy', 'HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy']);
    expect(controller.env[0]).toEqual({ name: 'https_proxy', value: 'http://mine:1' });
    expect(controller.env[1]).toEqual({ name: 'HTTP_PROXY', valueFrom: { secretKeyRef: { name: 'cluster-proxy-env', key: 'HTTP_PROXY' } } });
    expect(sidecar.env).toBeUndefined();
    expect(kubeObjectOf(findRecorded('kubernetes:core/v1:Secret', 'cert-manager-Secret-kube-system-cluster-proxy-env')).metadata.namespace).toBe('kube-system');
    expect(plainTextLeaks(recorded, PASSWORD)).toEqual([]);
  });

  test('ProxyAwareDeployment reads container names that are Outputs when they resolve; the Secret is registered once per namespace', async () => {
    const args = (name: string) => ({
      proxy: proxyConfig(),
      metadata: { name, namespace: 'apps' },
      spec: { selector: {}, template: { spec: { containers: [{ name: pulumi.output('main'), image: 'app:1' }] } } },
    });
    const first = new ProxyAwareDeployment('first', args('first'));
    const deployment = new ProxyAwareDeployment('late', args('late'));
    await settle(deployment);
    expect(deployment.supportResources).toEqual(first.supportResources);
    expect(recorded.filter((r) => r.type === 'kubernetes:core/v1:Secret').map((r) => r.name)).toEqual(['first-Secret-apps-cluster-proxy-env']);
    const container = kubeObjectOf(findRecorded('kubernetes:apps/v1:Deployment', 'late')).spec.template.spec.containers[0];
    expect(container.env.map((v: any) => v.name)).toEqual(['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy', 'NO_PROXY', 'no_proxy']);
  });

  test('ProxyAwareDeployment refuses a namespace that is an Output (it names the Secret\'s namespace)', () => {
    expect(() => new ProxyAwareDeployment('bad', { proxy: proxyConfig(), metadata: { namespace: pulumi.output('x') }, spec: { selector: {}, template: {} } }))
      .toThrow(pulumi.ResourceError);
  });

  test('ProxyAwareDeployment args are strict, and metadata or spec parsed without a prototype still registers', async () => {
    const spec = { selector: {}, template: { spec: { containers: [{ name: 'main', image: 'app:1' }] } } };
    expect(() => new ProxyAwareDeployment('typo', { proxy: proxyConfig(), spce: spec } as never))
      .toThrow(/^spce: is not a ProxyAwareDeployment arg; did you mean spec\?$/);
    expect(() => new ProxyAwareDeployment('proxy-options', { proxy: proxyConfig(), spec, proxyOptions: { excludeContainers: ['Bad_Name'] } }))
      .toThrow(/^proxyOptions\.excludeContainers\[0\]: /);
    expect(() => new ProxyAwareDeployment('null-metadata', { proxy: proxyConfig(), spec, metadata: null as never })).toThrow(/^metadata: must be an object \(got null\)$/);
    const deployment = new ProxyAwareDeployment('parsed', {
      proxy: proxyConfig(),
      metadata: Object.assign(Object.create(null), { name: 'parsed', namespace: 'apps' }),
      spec: Object.assign(Object.create(null), spec),
    });
    await settle(deployment);
    expect(kubeObjectOf(findRecorded('kubernetes:apps/v1:Deployment', 'parsed')).metadata).toEqual({ name: 'parsed', namespace: 'apps' });
  });

  test('ProxyEnvSupport: the Secret and CA ConfigMap in each namespace', async () => {
    const support = new ProxyEnvSupport('env', { proxy: outputProxy({ trustedCaPem: CORPORATE_CA }), namespaces: ['apps', 'batch', 'apps'] });
    await settle(support);
    expect(support.namespaces).toEqual(['apps', 'batch']);
    expect(registeredUnder('ProxyEnvSupport', 'env').map((o) => `${o.kind} ${o.metadata.namespace}/${o.metadata.name}`).sort()).toEqual([
      'ConfigMap apps/cluster-proxy-ca', 'ConfigMap batch/cluster-proxy-ca', 'Secret apps/cluster-proxy-env', 'Secret batch/cluster-proxy-env',
    ]);
    expect(support.resources).toHaveLength(4);
    expect(() => new ProxyEnvSupport('none', { proxy: proxyConfig(), namespaces: [] })).toThrow(/^namespaces: must list at least one namespace/);
  });
});

describe('addon components', () => {
  const vsphereOutputProxy = () => {
    const core = vsphereProxy();
    return new ProxyDefinition({
      settings: {
        httpProxy: 'http://proxy.corp.example:3128',
        httpsProxy: 'http://proxy.corp.example:3128',
        username: 'svc-k8s',
        password: pulumi.secret(core.settings.httpProxy!.password!),
        noProxy: ['.corp.example', '10.0.0.0/8'],
      },
      network: core.network,
    });
  };
  const vspherePassword = () => vsphereProxy().settings.httpProxy!.password!;

  test('TkgProxyAddons: the four addon Secrets, typed, every value secret', async () => {
    const addons = new TkgProxyAddons('tkg', { proxy: vsphereOutputProxy(), clusterName: 'wl', namespace: 'default', vsphereCpiValues: { server: 'vcenter.lab.example' } });
    await settle(addons);
    expect(childrenOf(findRecorded(`${TOKEN}TkgProxyAddons`, 'tkg')).map((r) => r.name).sort()).toEqual([
      'tkg-Secret-default-wl-config-values', 'tkg-Secret-default-wl-kapp-controller-addon', 'tkg-Secret-default-wl-vsphere-cpi-addon',
      'tkg-Secret-default-wl-vsphere-csi-addon',
    ]);
    expect(recorded.filter((r) => r.custom).every((r) => r.type === 'kubernetes:core/v1:Secret' && isSecretMarker(r.wire.stringData))).toBe(true);
    expect(sortObjects(registeredUnder('TkgProxyAddons', 'tkg')))
      .toEqual(sortObjects(asJson(tkgProxyAddonSecrets(vsphereProxy(), { clusterName: 'wl', namespace: 'default', vsphereCpiValues: { server: 'vcenter.lab.example' } }))));
    expect(plainTextLeaks(recorded, vspherePassword())).toEqual([]);
  });

  test('ProxyAddonResourceSet: the Secret (delivered objects inside, secret) and the ClusterResourceSet', async () => {
    const manifests = [{
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'kapp-controller', namespace: 'kapp-controller' },
      spec: { selector: {}, template: { spec: { containers: [{ name: 'kapp-controller', image: 'kapp:1' }] } } },
    }];
    const options = { clusterName: 'wl', namespace: 'default', name: 'kapp-controller', manifests, kappControllerNamespace: 'kapp-controller', injectProxyEnv: {} };
    const set = new ProxyAddonResourceSet('crs', { proxy: vsphereOutputProxy(), ...options });
    await settle(set);
    expect(findRecorded('kubernetes:addons.cluster.x-k8s.io/v1beta2:ClusterResourceSet', 'crs-ClusterResourceSet-default-wl-kapp-controller').parent)
      .toBe(findRecorded(`${TOKEN}ProxyAddonResourceSet`, 'crs').urn);
    expect(sortObjects(registeredUnder('ProxyAddonResourceSet', 'crs'))).toEqual(sortObjects(asJson(addonResourceSet(vsphereProxy(), options).objects)));
    expect(plainTextLeaks(recorded, vspherePassword())).toEqual([]);
  });

  test('GiantSwarmProxyApps: values Secret and ConfigMap, the node drop-in Secret, App CRs', async () => {
    const options = {
      clusterName: 'mycluster',
      namespace: 'org-acme',
      apps: [{ name: 'mycluster-cert-manager', appName: 'cert-manager-app', catalog: 'default', version: '3.7.0', targetNamespace: 'kube-system' }],
    };
    const apps = new GiantSwarmProxyApps('gs', { proxy: vsphereOutputProxy(), ...options });
    await settle(apps);
    const names = childrenOf(findRecorded(`${TOKEN}GiantSwarmProxyApps`, 'gs')).map((r) => `${r.type} ${r.name}`);
    expect(names).toEqual(expect.arrayContaining([
      'kubernetes:core/v1:Secret gs-Secret-org-acme-mycluster-cluster-values',
      'kubernetes:core/v1:ConfigMap gs-ConfigMap-org-acme-mycluster-cluster-values',
      'kubernetes:core/v1:Secret gs-NodeProxySecret',
      'kubernetes:application.giantswarm.io/v1alpha1:App gs-App-org-acme-mycluster-cert-manager',
    ]));
    expect(sortObjects(registeredUnder('GiantSwarmProxyApps', 'gs'))).toEqual(sortObjects(asJson(giantSwarmProxySetup(vsphereProxy(), options).objects)));
    expect(plainTextLeaks(recorded, vspherePassword())).toEqual([]);
  });

  test('ProxyEnvSources: Secrets with credentials, ConfigMaps without; the envFrom entry', async () => {
    const withCredentials = new ProxyEnvSources('env', { proxy: outputProxy(), namespaces: ['a', 'b'] });
    const anonymous = new ProxyEnvSources('anon', { proxy: proxyConfig({ username: undefined, password: undefined }), namespaces: ['a'] });
    await settle(anonymous);
    await settle(withCredentials);
    expect(withCredentials.kind).toBe('Secret');
    expect(withCredentials.envFrom()).toEqual({ secretRef: { name: 'proxy-config' } });
    expect(anonymous.envFrom()).toEqual({ configMapRef: { name: 'proxy-config' } });
    expect(sortObjects(registeredUnder('ProxyEnvSources', 'env'))).toEqual(sortObjects(asJson(proxyEnvSources(proxyConfig(), { namespaces: ['a', 'b'] }))));
    expect(findRecorded('kubernetes:core/v1:ConfigMap', 'anon-ConfigMap-a-proxy-config')).toBeDefined();
    expect(() => new ProxyEnvSources('bad', { proxy: outputProxy(), namespaces: ['a'], kind: ProxyEnvSourceKind.CONFIG_MAP })).toThrow(/^kind: must be "Secret"/);
    expect(plainTextLeaks(recorded, PASSWORD)).toEqual([]);
  });

  test('InClusterForwardProxy with a BasicAuth password Output: config Secret, plain DaemonSet, derived proxy', async () => {
    const props = { network: { pods: ['fd00:10::/56'], services: ['fd00:20::/108'] }, image: 'tinyproxy:1.11' };
    const forward = new InClusterForwardProxy('egress', { ...props, basicAuth: { username: 'pods', password: pulumi.secret('s3cret-pw') } });
    await settle(forward);
    const core = inClusterForwardProxy({ ...props, network: new ClusterNetwork(props.network), basicAuth: { username: 'pods', password: 's3cret-pw' } });
    expect(forward.url).toBe(core.url);
    expect(sortObjects(registeredUnder('InClusterForwardProxy', 'egress'))).toEqual(sortObjects(asJson(core.objects)));
    const daemonSet = findRecorded('kubernetes:apps/v1:DaemonSet', 'egress-DaemonSet-kube-system-http-proxy');
    expect(secretPaths(daemonSet.wire)).toEqual([]);
    expect(plainTextLeaks(recorded, 's3cret-pw')).toEqual([]);
    // the derived proxy for workloads carries the credentials, resolved when they are
    expect(forward.proxy.hasOutputCredentials).toBe(true);
    expect({ ...(await outcome(forward.proxy.resolve())).environment }).toEqual({ ...core.proxy.environment });
  });

  test('InClusterForwardProxy with credentials from External Secrets: the operator writes the config Secret, the derived proxy takes the source', async () => {
    const props = { network: { pods: ['fd00:10::/56'], services: ['fd00:20::/108'] }, image: 'tinyproxy:1.11' };
    const source = CredentialSource.externalSecret({ storeName: 'vault', username: { key: 'infra/egress', property: 'username' }, password: { key: 'infra/egress', property: 'password' } });
    const forward = new InClusterForwardProxy('egress', { ...props, credentialSource: source });
    await settle(forward);
    const objects = registeredUnder('InClusterForwardProxy', 'egress');
    expect(objects.map((o) => `${o.kind}/${o.metadata.name}`).sort()).toEqual(['DaemonSet/http-proxy', 'ExternalSecret/http-proxy-config', 'Service/http-proxy']);
    const external = objects.find((o) => o.kind === 'ExternalSecret');
    expect(external.spec.target.template.data['tinyproxy.conf']).toContain('BasicAuth {{ .username | urlquery | replace "+" "%20" }} {{ .password | urlquery');
    expect((await outcome(forward.proxy.resolve())).settings.credentialSource).toBe(source);
  });

  test('bad addon args are ResourceErrors naming the prop', () => {
    expect(() => new TkgProxyAddons('x', { proxy: proxyConfig(), clusterName: 'Bad_Name' })).toThrow(pulumi.ResourceError);
    expect(() => new InClusterForwardProxy('y', { network: NETWORK, image: 'i', port: 80 })).toThrow(/^port: must be an integer from 1024/);
  });

  test('every addon and workload component takes metadata, checked as the API server checks it, errors naming the prop', () => {
    const bad = { labels: { team: 'not valid!' } };
    const components: Array<() => pulumi.ComponentResource> = [
      () => new KyvernoProxyPolicy('k', { proxy: proxyConfig(), metadata: bad }),
      () => new ProxyAdmissionPolicy('m', { proxy: proxyConfig(), namespaces: ['apps'], metadata: bad }),
      () => new TkgProxyAddons('t', { proxy: vsphereProxy(), clusterName: 'wl', namespace: 'default', metadata: bad }),
      () => new ProxyAddonResourceSet('r', {
        proxy: vsphereProxy(),
        clusterName: 'wl',
        namespace: 'default',
        name: 'x',
        metadata: bad,
        manifests: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', namespace: 'default' }, data: {} }],
      }),
      () => new GiantSwarmProxyApps('g', { proxy: vsphereProxy(), clusterName: 'wl', namespace: 'org-acme', metadata: bad }),
      () => new ProxyEnvSources('e', { proxy: proxyConfig(), namespaces: ['apps'], metadata: bad }),
      () => new InClusterForwardProxy('f', { network: NETWORK, image: 'tinyproxy:1.11', metadata: bad }),
    ];
    for (const component of components) {
      expect(component).toThrow(pulumi.ResourceError);
      expect(component).toThrow(/^metadata\.labels\.team: is not a valid label value/);
    }
  });
});
