/**
 * Crashes and leaks the public-surface property suite found, one focused case each: where a
 * TypeError, a DataCloneError or a stack overflow came out of the library, its error naming the
 * input does; where an error quoted a name holding a password, it quotes it masked.
 */
import * as pulumi from '@pulumi/pulumi';
import { App, Chart } from 'cdk8s';
import { CLASS_PROPS, proxy, SETTINGS } from './definitions';
import { DEEP, leakedForms, nested, PASSWORD } from './hostile-values';
import { addons, CredentialSource, migration, NoProxyEngine, Products, ProxyConfigError, ProxySettings, ProxyUrl } from '../../src';
import { ProxyAwareDeployment } from '../../src/cdk8s/plus';
import { addApiObjects } from '../../src/cdk8s/product-objects';
import { attachProxyInjection } from '../../src/cdk8s/workloads/attach-proxy-injection';
import { CapiVersion } from '../../src/core/capi/capi-version';
import { LIMITS } from '../../src/core/primitives/limits';
import { ProxyInjection } from '../../src/core/workloads/proxy-injection';
import * as pulumiAdapter from '../../src/pulumi';
import { ProductResources } from '../../src/pulumi/product-resources';
import { injectProxyEnvIntoProps } from '../../src/pulumi/transform';
import { kubeadmControlPlaneManifest, podManifest } from '../cdk8s/every-construct';
import { classFixture } from '../support/fixtures/cluster-class';
import { installMocks, stopCallbacks } from '../support/pulumi-mocks';

/** The error `fn` throws: the library's, or Pulumi's reporting it. */
function errorOf(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    expect(error instanceof ProxyConfigError || error instanceof pulumi.ResourceError).toBe(true);
    return error as Error;
  }
  throw new Error('expected an error');
}

const chart = () => new Chart(new App(), 'c');
const deeper = `is nested more than ${LIMITS.nestingDepth.value} levels deep`;

describe('values nested 10,000 levels deep are refused, naming where they go too deep', () => {
  test('in the objects given to addProxyToObjects', () => {
    const error = errorOf(() => Products.addProxyToObjects([structuredClone(kubeadmControlPlaneManifest), nested(DEEP, 'array')] as never,
      proxy(), { clusterName: 'demo' }));
    expect(error.message).toMatch(new RegExp(`^objects\\[1\\](\\[0\\]){${LIMITS.nestingDepth.value - 1}}: ${deeper}`));
  });

  test('in the manifests given to addApiObjects', () => {
    const manifest = { ...structuredClone(podManifest), spec: nested(DEEP, 'object') };
    expect(errorOf(() => addApiObjects(chart(), [manifest] as never)).message).toMatch(/^manifests\[0\]\.spec(\.spec)+: is nested/);
  });

  test('in the pod spec a Pulumi transform reads', () => {
    const injection = new ProxyInjection(proxy());
    const props = { metadata: { name: 'api' }, spec: nested(DEEP, 'object', 'x', 'template') };
    expect(errorOf(() => injectProxyEnvIntoProps(injection, 'kubernetes:apps/v1:Deployment', props)).message)
      .toMatch(/^spec(\.template)+: is nested/);
  });

  test('in a pod spec\'s container name, which injection compares without converting it', () => {
    const spec = { containers: [{ name: nested(DEEP, 'array'), image: 'app:1' }] };
    expect(new ProxyInjection(proxy()).planPodSpec(spec, ['spec']).length).toBeGreaterThan(0);
  });
});

describe('ill-typed arguments get the library\'s error, not a TypeError', () => {
  test.each<[string, () => unknown, RegExp]>([
    ['a field name that is not a string', () => NoProxyEngine.normalize('http://x', Symbol('field') as never), /^field: must name the input/],
    ['no scope', () => addApiObjects(undefined as never, []), /^scope: must be a cdk8s Chart/],
    ['no manifests', () => addApiObjects(chart(), undefined as never), /^manifests: must be an array/],
    ['a manifest whose namespace is an object without a prototype',
      () => addApiObjects(chart(), [{ ...structuredClone(podManifest), metadata: { name: 'p', namespace: Object.create(null) } }] as never),
      /^manifests\[0\]\.metadata\.namespace: must be a string/],
    ['an object given to addProxyToObjects whose name is an object without a prototype',
      () => Products.addProxyToObjects([{ ...structuredClone(kubeadmControlPlaneManifest), metadata: { name: Object.create(null) } }] as never, proxy(), { clusterName: 'demo' }),
      /^objects\[0\]\.metadata\.name: must be a string/],
    ['an injection that is not one', () => attachProxyInjection(chart(), {} as never), /^injection: must be a ProxyInjection/],
    ['no props for ProxyAwareDeployment', () => new ProxyAwareDeployment(chart(), 'd', undefined as never), /^props: must be an object/],
    ['no proxy for a Helm preset', () => addons.AddonValues.helmPreset(undefined as never, 'cert-manager' as never), /^proxy: must be a ClusterProxyConfig/],
    ['a spec path that is not a list', () => new ProxyInjection(proxy()).planPodSpec({}, {} as never), /^specPath: must be the path/],
    ['an import source every object inherits', () => migration.Migration.importProxy('constructor' as never, 'a: 1'), /^from: must be one of/],
    ['null options for the Pulumi transform', () => pulumiAdapter.proxyEnvTransform(proxy(), null as never), /^options: must be an object/],
    ['no options for nodeChanges', () => migration.Migration.nodeChanges([structuredClone(kubeadmControlPlaneManifest)] as never, proxy(), undefined as never),
      /^options: must be an object/],
    ['credentials that are not strings, added to a ProxyUrl (its href then overflowed the stack)',
      () => ProxyUrl.parse('httpProxy', 'http://proxy:3128').withCredentials('httpProxy', nested(DEEP, 'array') as never), /^username: must be a string/],
    ['null options for a Helm preset (read before the options were checked)',
      () => addons.AddonValues.helmPreset(proxy(), 'cert-manager' as never, null as never), /^options: must be an object/],
    ['null options for NoProxyEngine.explain', () => NoProxyEngine.explain('a.example', 'http://a.example', null as never), /^options: must be an object/],
    ['a client id explain does not model', () => NoProxyEngine.explainVariables({}, 'http://a.example', { clients: ['lynx'] as never }),
      /^options\.clients\[0\]: must be one of "go-httpproxy"/],
    ['a resolver that is not a function', () => NoProxyEngine.explain('a.example', 'http://a.example', { resolve: 'dns' as never }),
      /^options\.resolve: must be a function/],
    ['a null among the templates of a ClusterClass',
      () => Products.addProxyToClusterClass(classFixture(CapiVersion.V1BETA2).clusterClass, [null] as never, CLASS_PROPS as never),
      /^templates\[0\]: must be a Kubernetes object/],
    ['a Proxy wrapping a ProxyUrl', () => new ProxySettings(SETTINGS).redactedUrl(new Proxy(new ProxySettings(SETTINGS).httpProxy!, {})),
      /^url: must be a ProxyUrl/],
  ])('%s', (_, call, message) => {
    expect(errorOf(call).message).toMatch(message);
  });

  test('the library\'s error itself, given a field that is not a string', () => {
    expect(new ProxyConfigError(Symbol('x') as never, 'm').message).toBe('a symbol: m');
    expect(new ProxyConfigError(nested(DEEP, 'array') as never, 'm').message).toBe('an array of 1 item: m');
  });

  test('an unknown key is named as a field path, whatever its characters', () => {
    const props = { 'storeName': 'vault', 'username': { key: 'proxy' }, 'password': { key: 'proxy' }, 'a b': 1 };
    expect(errorOf(() => CredentialSource.externalSecret(props as never)).message).toMatch(/^credentialSource\["a b"\]: is not an External Secrets setting/);
  });

  test('a ClusterClass wrapped in a Proxy is read like the object it wraps (it was cloned with structuredClone, which refuses Proxies)', () => {
    const { clusterClass, templates } = classFixture(CapiVersion.V1BETA2);
    const wrapped = { ...clusterClass, spec: new Proxy((clusterClass as unknown as { spec: object }).spec, {}) };
    expect(Products.addProxyToClusterClass(wrapped as never, templates, structuredClone(CLASS_PROPS) as never)).toEqual(
      Products.addProxyToClusterClass(clusterClass, templates, structuredClone(CLASS_PROPS) as never));
  });

  test('a ClusterClass whose variables or patches are a Set (data to the JSON check, which leaves class instances to the adapters) is refused, naming the list', () => {
    const { clusterClass, templates } = classFixture(CapiVersion.V1BETA2);
    for (const list of ['variables', 'patches']) {
      const odd = { ...clusterClass, spec: { ...(clusterClass as unknown as { spec: object }).spec, [list]: new Set([1]) } };
      expect(errorOf(() => Products.addProxyToClusterClass(odd as never, templates, structuredClone(CLASS_PROPS) as never)).message)
        .toMatch(new RegExp(`^clusterClass\\.spec\\.${list}: must be an array`));
    }
  });
});

describe('names quoted in errors are masked like any other value', () => {
  test('a ClusterClass template reference whose name holds a URL with a password', () => {
    const { clusterClass, templates } = classFixture(CapiVersion.V1BETA2);
    const spec = (clusterClass as unknown as { spec: { controlPlane: { templateRef: object } } }).spec;
    const named = { ...clusterClass, spec: { ...spec, controlPlane: { ...spec.controlPlane, templateRef: { ...spec.controlPlane.templateRef, name: `http://svc:${PASSWORD}@` } } } };
    const message = errorOf(() => Products.addProxyToClusterClass(named as never, templates, structuredClone(CLASS_PROPS) as never)).message;
    expect(message).toMatch(/^templates: hold no KubeadmControlPlaneTemplate named "http:\/\/svc:\*\*\*" \(referenced by clusterClass\.spec\.controlPlane\.templateRef\)/);
    expect(leakedForms(message)).toEqual([]);
  });

  test('an apiVersion holding a URL with a password, given to addApiObjects (cdk8s quoted it whole)', () => {
    const manifest = { ...structuredClone(podManifest), apiVersion: `http://svc:${PASSWORD}@` };
    const message = errorOf(() => addApiObjects(chart(), [manifest] as never)).message;
    expect(message).toMatch(/^manifests\[0\]\.apiVersion: must be VERSION or GROUP\/VERSION, such as v1 or apps\/v1 \(got "http:\/\/svc:\*\*\*/);
    expect(leakedForms(message)).toEqual([]);
  });
});

describe('Pulumi components without args', () => {
  beforeAll(() => installMocks());
  afterAll(stopCallbacks);

  test.each(['KyvernoProxyPolicy', 'ProxiedCluster', 'TopologyClusterProxy', 'ProxyAwareDeployment', 'InClusterForwardProxy'] as const)('%s', (name) => {
    const Component = pulumiAdapter[name] as unknown as new (n: string, args: unknown) => unknown;
    expect(errorOf(() => new Component(`no-args-${name}`, undefined)).message).toMatch(/^props: must be an object/);
  });

  test('an input under a key every object inherits (its stand-ins were looked up on the prototype)', () => {
    const args = { proxy: proxy(), osFamily: 'ubuntu', clusterName: 'demo', name: 'workers', ['__proto__']: Promise.resolve('x') };
    Object.defineProperty(args, '__proto__', { value: Promise.resolve('x'), enumerable: true });
    expect(errorOf(() => new pulumiAdapter.ProxiedKubeadmConfigTemplate('inherited-key', args as never)).message).toMatch(/^__proto__: cannot be a Pulumi Output/);
  });

  test('a product\'s resources asked for an object it does not have', () => {
    const resources = new ProductResources(Products.kyvernoProxyPolicy(proxy()), []);
    expect(errorOf(() => resources.get('nope')).message).toMatch(/^id: is not an object of this product; use one of /);
  });
});
