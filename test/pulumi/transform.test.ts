/**
 * The proxy env transform: as a pure function on plain props, on props holding Outputs, on props in
 * the engine's wire form (what `transforms` callbacks receive), and end to end under mocks: the
 * `transforms` option on a `helm.v3.Chart` (its children), a stack transform, and the in-process
 * `transformations` option.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as k8s from '@pulumi/kubernetes';
import * as pulumi from '@pulumi/pulumi';
import { parseAllDocuments } from 'yaml';
import { ProxyInjection } from '../../src/core/workloads/proxy-injection';
import { ProxyDefinition, proxyEnvTransform, ProxyEnvTransformArgs, registerProxyEnvTransform } from '../../src/pulumi';
import { kindOfType } from '../../src/pulumi/transform';
import { CORPORATE_CA, NETWORK, PASSWORD, proxyConfig } from '../support/fixtures/workloads';
import {
  findRecorded, installMocks, isSecretMarker, kubeObjectOf, outcome, recorded, resetRecorded, settle,
  SECRET_SIG, SECRET_SIG_KEY, stopCallbacks,
} from '../support/pulumi-mocks';

const IMPORTED = path.join(__dirname, '..', 'fixtures', 'workloads', 'imported-chart.yaml');
const importedObjects = (): any[] => parseAllDocuments(fs.readFileSync(IMPORTED, 'utf8')).map((d) => d.toJS());

beforeAll(() => installMocks({
  // helm.v3.Chart renders the chart through this invoke; the mock returns the fixture chart's objects.
  'kubernetes:helm:template': () => ({ result: importedObjects() }),
}));
beforeEach(resetRecorded);
afterAll(stopCallbacks);

const deploymentProps = (containers: object[], metadata: object = { name: 'web', namespace: 'apps' }) => ({
  apiVersion: 'apps/v1', kind: 'Deployment', metadata, spec: { selector: {}, template: { metadata: {}, spec: { containers } } },
});
const args = (type: string, props: pulumi.Inputs): ProxyEnvTransformArgs => ({ type, name: 'web', props, opts: {} });
const envNames = (container: any): string[] => (container.env ?? []).map((v: any) => v.name);

describe('proxyEnvTransform on plain props', () => {
  test('type tokens map to API versions; non-pod types are left alone', () => {
    expect(kindOfType('kubernetes:apps/v1:Deployment')).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment' });
    expect(kindOfType('kubernetes:core/v1:Pod')).toEqual({ apiVersion: 'v1', kind: 'Pod' });
    expect(kindOfType('kubernetes:helm.sh/v3:Chart')).toEqual({ apiVersion: 'helm.sh/v3', kind: 'Chart' });
    expect(kindOfType('aws:s3/bucket:Bucket')).toBeUndefined();
    const transform = proxyEnvTransform(proxyConfig());
    expect(transform(args('kubernetes:core/v1:ConfigMap', { data: {} }))).toBeUndefined();
    expect(transform(args('kubernetes:apps/v1:DeploymentPatch', deploymentProps([{ name: 'a' }])))).toBeUndefined();
    expect(transform(args('aws:s3/bucket:Bucket', {}))).toBeUndefined();
  });

  test('every pod-bearing kind gets exactly what the core injection adds; opts pass through', () => {
    const config = proxyConfig({ trustedCaPem: CORPORATE_CA });
    const transform = proxyEnvTransform(config);
    const injection = new ProxyInjection(config);
    for (const manifest of importedObjects()) {
      const { apiVersion, kind, ...props } = manifest;
      const group = apiVersion.includes('/') ? apiVersion : `core/${apiVersion}`;
      const opts = { protect: true };
      const result = transform({ type: `kubernetes:${group}:${kind}`, name: 'x', props: { apiVersion, kind, ...props }, opts });
      const expected = injection.apply(manifest);
      if (JSON.stringify(expected) === JSON.stringify(manifest)) {
        expect(result).toBeUndefined();
      } else {
        expect(result!.props).toEqual(expected);
        expect(result!.opts).toBe(opts);
      }
    }
  });

  test('user env wins, excluded containers and namespaces are left alone, the input is not modified', () => {
    const props = deploymentProps([{ name: 'main', image: 'a', env: [{ name: 'NO_PROXY', value: 'mine' }] }, { name: 'istio-proxy', image: 'b' }]);
    const before = JSON.stringify(props);
    const result = proxyEnvTransform(proxyConfig(), { excludeContainers: ['istio-proxy'] })(args('kubernetes:apps/v1:Deployment', props))!;
    expect(JSON.stringify(props)).toBe(before);
    const [main, sidecar] = result.props.spec.template.spec.containers;
    expect(envNames(main)).toEqual(['NO_PROXY', 'HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy']);
    expect(sidecar.env).toBeUndefined();
    expect(proxyEnvTransform(proxyConfig(), { excludeNamespaces: ['apps'] })(args('kubernetes:apps/v1:Deployment', props))).toBeUndefined();
  });

  test('with namespaces set, a workload elsewhere fails instead of referring to a Secret that is not there', () => {
    const transform = proxyEnvTransform(proxyConfig(), { namespaces: ['apps'] });
    expect(transform(args('kubernetes:apps/v1:Deployment', deploymentProps([{ name: 'a' }])))).toBeDefined();
    expect(() => transform(args('kubernetes:apps/v1:Deployment', deploymentProps([{ name: 'a' }], { name: 'web', namespace: 'other' }))))
      .toThrow(/kubernetes:apps\/v1:Deployment "web": the proxy env refers to the proxy Secret .* add "other" to the namespaces option/);
    expect(() => transform(args('kubernetes:apps/v1:Deployment', deploymentProps([{ name: 'a' }], { name: 'web' })))).toThrow(/set metadata.namespace/);
    // without credentials and CA the env refers to nothing: no check needed
    const anonymous = proxyEnvTransform(proxyConfig({ username: undefined, password: undefined }), { namespaces: ['apps'] });
    expect(anonymous(args('kubernetes:apps/v1:Deployment', deploymentProps([{ name: 'a' }], { name: 'web', namespace: 'other' })))).toBeDefined();
    expect(() => proxyEnvTransform(proxyConfig(), { namespaces: ['Not A Namespace'] })).toThrow(/^namespaces\[0\]/);
  });
});

describe('proxyEnvTransform on Outputs, wire values and unknowns', () => {
  test('Outputs where injection reads: the field becomes an Output with the env; Outputs elsewhere are kept as they are', async () => {
    const image = pulumi.output('registry/app:1');
    const props = deploymentProps([{ name: 'main', image }]);
    const plain = proxyEnvTransform(proxyConfig())(args('kubernetes:apps/v1:Deployment', props))!;
    expect(plain.props.spec.template.spec.containers[0].image).toBe(image); // untouched, by reference
    expect(envNames(plain.props.spec.template.spec.containers[0])).toHaveLength(6);

    const late = proxyEnvTransform(proxyConfig())(args('kubernetes:apps/v1:Deployment', deploymentProps([{ name: pulumi.output('main'), image }])))!;
    expect(pulumi.Output.isInstance(late.props.spec)).toBe(true);
    const spec = await outcome(late.props.spec as pulumi.Output<any>);
    expect(spec.template.spec.containers[0]).toMatchObject({ name: 'main', image: 'registry/app:1' });
    expect(envNames(spec.template.spec.containers[0])).toHaveLength(6);
  });

  test('engine round trip: serialized props with a nested secret come back deserialized, stay secret, and serialize with the env', async () => {
    const props = deploymentProps([{ name: 'main', image: 'a', env: [{ name: 'TOKEN', value: pulumi.secret('t0ken') }] }]);
    // what callbacks.ts does with a transform: deserialize the request, call, serialize the result
    // (a protobuf Struct carries JSON: a stand-in with its one method used there)
    const wire = JSON.parse(JSON.stringify(await pulumi.runtime.serializeProperties('props', props)));
    type Struct = Parameters<typeof pulumi.runtime.deserializeProperties>[0];
    const received = pulumi.runtime.deserializeProperties({ toJavaScript: () => wire } as unknown as Struct);
    expect(isSecretMarker(received.spec)).toBe(true); // the SDK lifts the nested secret to the top-level property
    const result = proxyEnvTransform(proxyConfig())(args('kubernetes:apps/v1:Deployment', received))!;
    const sent = await pulumi.runtime.serializeProperties('props', result.props);
    expect(sent.spec[SECRET_SIG_KEY]).toBe(SECRET_SIG);
    const container = sent.spec.value.template.spec.containers[0];
    expect(envNames(container)).toEqual(['TOKEN', 'HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy', 'NO_PROXY', 'no_proxy']);
    expect(container.env[0]).toEqual({ name: 'TOKEN', value: 't0ken' });
    expect(Array.isArray(container.env)).toBe(true);
  });

  test('a preview with unknown container names makes the field unknown; unknowns elsewhere stay', () => {
    const transform = proxyEnvTransform(proxyConfig());
    const unknownName = transform(args('kubernetes:apps/v1:Deployment', deploymentProps([{ name: pulumi.unknown, image: 'a' }])))!;
    expect(pulumi.isUnknown(unknownName.props.spec)).toBe(true);
    const unknownImage = transform(args('kubernetes:apps/v1:Deployment', deploymentProps([{ name: 'main', image: pulumi.unknown }])))!;
    const container = unknownImage.props.spec.template.spec.containers[0];
    expect(pulumi.isUnknown(container.image)).toBe(true);
    expect(envNames(container)).toHaveLength(6);
  });

  test('literalCredentials with credentials is refused: the env would carry them outside a Secret', () => {
    const definition = new ProxyDefinition({
      settings: { httpProxy: 'http://proxy.corp.example:3128', username: 'svc-k8s', password: pulumi.secret(PASSWORD) }, network: NETWORK,
    });
    expect(() => proxyEnvTransform(definition, { literalCredentials: true })).toThrow(/^literalCredentials: is not supported by the Pulumi components/);
    expect(() => proxyEnvTransform(proxyConfig(), { literalCredentials: true })).toThrow(/^literalCredentials: /);
    expect(proxyEnvTransform(proxyConfig({ username: undefined, password: undefined }), { literalCredentials: true })).toBeInstanceOf(Function);
  });
});

describe('transforms in a program (the harness plays the engine: transforms get the props in wire form)', () => {
  test('the `transforms` option of a helm.v3.Chart reaches every child: the chart\'s workloads get the env', async () => {
    const chart = new k8s.helm.v3.Chart('monitoring', { chart: 'monitoring', fetchOpts: { repo: 'https://charts.example' } }, {
      transforms: [proxyEnvTransform(proxyConfig(), { namespaces: ['monitoring'] })],
    });
    await outcome(chart.ready);
    await settle();
    const statefulSet = findRecorded('kubernetes:apps/v1:StatefulSet', 'monitoring/alertmanager');
    expect(kubeObjectOf(statefulSet)).toEqual(new ProxyInjection(proxyConfig()).apply(importedObjects()[1]));
    expect(statefulSet.parent).toBe(findRecorded('kubernetes:helm.sh/v3:Chart', 'monitoring').urn);
    // opted out by annotation; not pod-bearing
    expect(kubeObjectOf(findRecorded('kubernetes:batch/v1:CronJob', 'monitoring/backup'))).toEqual(importedObjects()[2]);
    expect(kubeObjectOf(findRecorded('kubernetes:core/v1:Namespace', 'monitoring'))).toEqual(importedObjects()[0]);
  });

  test('the in-process `transformations` option works too (the transform returns synchronously)', async () => {
    const chart = new k8s.helm.v3.Chart('legacy', { chart: 'monitoring', fetchOpts: { repo: 'https://charts.example' } }, {
      transformations: [proxyEnvTransform(proxyConfig()) as pulumi.ResourceTransformation],
    });
    await outcome(chart.ready);
    await settle();
    const statefulSet = kubeObjectOf(recorded.find((r) => r.type === 'kubernetes:apps/v1:StatefulSet' && r.parent === findRecorded('kubernetes:helm.sh/v3:Chart', 'legacy').urn)!);
    expect(envNames(statefulSet.spec.template.spec.initContainers[0])).toHaveLength(6);
  });

  test('importing the package registers nothing; registerProxyEnvTransform registers one stack transform', async () => {
    await jest.isolateModulesAsync(async () => {
      const isolated = await import('@pulumi/pulumi');
      const spy = jest.spyOn(isolated.runtime, 'registerResourceTransform').mockImplementation(() => undefined);
      const adapter = await import('../../src/pulumi');
      expect(spy).not.toHaveBeenCalled();
      // the isolated module registry has its own core classes
      const core = await import('../../src');
      const config = new core.ClusterProxyConfig(new core.ProxySettings({ httpProxy: 'http://proxy:3128' }), new core.ClusterNetwork({ pods: ['10.0.0.0/16'], services: ['10.1.0.0/16'] }));
      const transform = adapter.registerProxyEnvTransform(config);
      expect(spy).toHaveBeenCalledTimes(1);
      expect(spy.mock.calls[0][0]).toBe(transform);
    });
  });

  // Last in this file: a stack transform stays registered for every later resource.
  test('registerProxyEnvTransform: later resources of the whole stack get the env, secrets in them stay secret', async () => {
    registerProxyEnvTransform(proxyConfig(), { excludeNamespaces: ['kube-system'] });
    const web = new k8s.apps.v1.Deployment('web', deploymentProps([{ name: 'main', image: 'a', env: [{ name: 'TOKEN', value: pulumi.secret('t0ken') }] }]) as k8s.apps.v1.DeploymentArgs);
    const system = new k8s.apps.v1.Deployment('system', deploymentProps([{ name: 'main', image: 'a' }], { name: 'system', namespace: 'kube-system' }) as k8s.apps.v1.DeploymentArgs);
    const config = new k8s.core.v1.ConfigMap('settings', { metadata: { namespace: 'apps' }, data: { a: 'b' } });
    await settle(web);
    await settle(system);
    await settle(config);
    const registeredWeb = findRecorded('kubernetes:apps/v1:Deployment', 'web');
    expect(envNames(kubeObjectOf(registeredWeb).spec.template.spec.containers[0]))
      .toEqual(['TOKEN', 'HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy', 'NO_PROXY', 'no_proxy']);
    expect(isSecretMarker(registeredWeb.wire.spec)).toBe(true);
    expect(envNames(kubeObjectOf(findRecorded('kubernetes:apps/v1:Deployment', 'system')).spec.template.spec.containers[0])).toEqual([]);
    expect(findRecorded('kubernetes:core/v1:ConfigMap', 'settings').wire.data).toEqual({ a: 'b' });
  });
});
