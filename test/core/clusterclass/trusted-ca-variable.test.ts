import { buildPatchEngine, runPatchEngine } from './go-patch-engine';
import { CapiVersion } from '../../../src/core/capi/capi-version';
import { addProxyToKubeadmConfigSpec } from '../../../src/core/capi/kubeadm-config-spec';
import { addProxyToClusterClass } from '../../../src/core/clusterclass/add-proxy-to-cluster-class';
import { ClusterClassProxy, ClusterClassProxyProps } from '../../../src/core/clusterclass/cluster-class-proxy';
import { addProxyToTopologyCluster } from '../../../src/core/clusterclass/topology-cluster';
import { ClassVariableShape } from '../../../src/core/clusterclass/variable-shapes';
import { ProxySettings } from '../../../src/core/definition/proxy-settings';
import { nodeProxyBootstrap } from '../../../src/core/node-files/bootstrap';
import { BootstrapFormat } from '../../../src/core/node-files/bootstrap-format';
import { CompatibilityProfileName } from '../../../src/core/node-files/compatibility-profile-name';
import { NodeProxyDelivery } from '../../../src/core/node-files/delivery';
import { NodeProxyFileOptions, NodeFileEncoding } from '../../../src/core/node-files/options';
import { OsFamily } from '../../../src/core/node-files/os-family';
import { KubeObject } from '../../../src/core/primitives/k8s/manifest';
import { canonicalJson } from '../../../src/core/primitives/k8s/names';
import { CA_1, CA_2, settingsProps } from '../../support/fixtures/cluster';
import { classFixture, fixtureItems } from '../../support/fixtures/cluster-class';
import { expectValidObjects } from '../../support/schemas';

/**
 * The proxy CA from a ClusterClass variable of its own, as TKG's ClusterClass keeps it
 * (`trust.additionalTrustedCAs[] {name, data}`, `data` the base64 PEM, the proxy's entry named
 * `proxy`), next to TKG's `proxy {httpProxy, httpsProxy, noProxy}` variable. Each Cluster brings
 * its CA; its nodes get exactly what ProxiedCluster gives them with that CA in the settings.
 */

type Json = Record<string, any>;

const settingsValues = settingsProps({ username: undefined, password: undefined, noProxy: ['.corp.example'] });
const settings = new ProxySettings(settingsValues);
const network = { pods: ['192.168.0.0/16'], services: ['172.20.0.0/16'] };
const base64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');

/** The variables TKG's tkg-vsphere-default class defines (tanzu-framework providers/infrastructure-vsphere). */
const TKG_VARIABLES: Json[] = [
  {
    name: 'proxy',
    required: false,
    schema: {
      openAPIV3Schema: {
        type: 'object',
        properties: {
          httpProxy: { type: 'string' },
          httpsProxy: { type: 'string' },
          noProxy: { type: 'array', items: { type: 'string' }, default: [] },
          systemWide: { type: 'boolean', default: false },
        },
        required: ['httpProxy', 'httpsProxy'],
      },
    },
  },
  {
    name: 'trust',
    required: false,
    schema: {
      openAPIV3Schema: {
        type: 'object',
        properties: {
          additionalTrustedCAs: {
            type: 'array',
            items: { type: 'object', properties: { name: { type: 'string' }, data: { type: 'string' } }, required: ['name', 'data'] },
          },
        },
      },
    },
  },
];

/** A class as TKG defines it: its proxy and trust variables already there. */
function tkgClass(options: { ignition?: boolean } = {}): ReturnType<typeof classFixture> {
  const fixture = classFixture(CapiVersion.V1BETA2, options);
  (fixture.clusterClass as Json).spec.variables.push(...structuredClone(TKG_VARIABLES));
  return fixture;
}

/** The Cluster's variables as TKG documents them (the registry CA next to the proxy's). */
function tkgVariables(trust: Json[] | undefined): Json {
  return {
    imageRepository: 'registry.corp.example',
    proxy: { httpProxy: 'http://proxy.corp.example:3128', httpsProxy: 'http://proxy.corp.example:3128', noProxy: ['git.corp.example'] },
    ...(trust ? { trust: { additionalTrustedCAs: trust } } : {}),
  };
}

function patched(clusterClass: KubeObject, fixture: ReturnType<typeof classFixture>, variables: Json): { error?: string; specs?: Json[] } {
  const values = { builtin: { cluster: { name: 'demo', namespace: 'clusters', network } }, ...variables };
  const run = { patches: (clusterClass as Json).spec.patches, variables: values, items: fixtureItems(fixture) };
  const [result] = runPatchEngine({ clusters: [run] }).clusters;
  const specOf = (object: any): Json => (object.kind === 'KubeadmControlPlaneTemplate' ? object.spec.template.spec.kubeadmConfigSpec : object.spec.template.spec);
  return result.error ? { error: result.error } : { specs: result.items!.map(specOf) };
}

/** What ProxiedCluster gives each template for this proxy with `trustedCaPem` in the settings. */
function expectedSpecs(props: ClusterClassProxyProps, fixture: ReturnType<typeof classFixture>, trustedCaPem: string | undefined): string[] {
  const { trustedCaVariable: _variable, ...rest } = props;
  const withCa = new ProxySettings({ ...settingsValues, ...(trustedCaPem ? { trustedCaPem } : {}) });
  const classProxy = new ClusterClassProxy({ ...rest, settings: withCa });
  const proxy = classProxy.clusterProxy({ ...network, additionalNoProxy: ['git.corp.example'] });
  const bootstrap = nodeProxyBootstrap(proxy, { ...classProxy.nodeOptions('demo', 'clusters'), delivery: NodeProxyDelivery.INLINE });
  return fixtureItems(fixture).map((item) => {
    const object = item.object as Json;
    const isControlPlane = object.kind === 'KubeadmControlPlaneTemplate';
    const spec = isControlPlane ? object.spec.template.spec.kubeadmConfigSpec : object.spec.template.spec;
    const withProxy = addProxyToKubeadmConfigSpec(spec, bootstrap) as Json;
    // The class's own patch appends the image repository file to the control plane.
    return canonicalJson(isControlPlane ? { ...withProxy, files: [...withProxy.files, { path: '/etc/repo', content: 'registry.corp.example' }] } : withProxy);
  });
}

beforeAll(() => {
  buildPatchEngine();
}, 240_000);

const LAYOUTS: Record<string, NodeProxyFileOptions | undefined> = {
  'the library\'s layout': undefined,
  'TKG ClusterClass profile (appended, upper-case only)': { profile: CompatibilityProfileName.TKG_CLUSTERCLASS },
  'base64 encoding': { encoding: NodeFileEncoding.BASE64 },
};

describe.each(Object.keys(LAYOUTS))('a TKG Cluster with its proxy CA in trust.additionalTrustedCAs, %s', (layout) => {
  const files = LAYOUTS[layout];
  const props: ClusterClassProxyProps = {
    settings,
    variableShape: ClassVariableShape.TKG,
    trustedCaVariable: {},
    osFamily: OsFamily.UBUNTU,
    ...(files ? { files } : {}),
  };

  test('its nodes get the CA and its trust-store update exactly as ProxiedCluster writes a CA of the settings', () => {
    const fixture = tkgClass();
    const { clusterClass, patches } = addProxyToClusterClass(fixture.clusterClass, fixture.templates, props);
    expect(patches.map((patch) => patch.name)).toEqual(['cluster-proxy-constructs-inline', 'cluster-proxy-constructs-ca']);
    // TKG's own variables stay as the class defines them.
    expect(((clusterClass as Json).spec.variables as Json[]).filter((variable) => ['proxy', 'trust'].includes(variable.name))).toEqual(TKG_VARIABLES);
    expectValidObjects([clusterClass]);

    const trust = [{ name: 'imageRepository', data: base64(CA_2) }, { name: 'proxy', data: base64(CA_1) }];
    const got = patched(clusterClass, fixture, tkgVariables(trust));
    expect(got.error).toBeUndefined();
    expect(got.specs!.map(canonicalJson)).toEqual(expectedSpecs(props, fixture, CA_1));
    expect(JSON.stringify(got.specs)).toContain('/usr/local/share/ca-certificates/cluster-proxy-ca-1.crt');
  });

  test('without a proxy entry (or without the trust variable) the nodes get the proxy alone', () => {
    const fixture = tkgClass();
    const { clusterClass } = addProxyToClusterClass(fixture.clusterClass, fixture.templates, props);
    const expected = expectedSpecs(props, fixture, undefined);
    expect(patched(clusterClass, fixture, tkgVariables([{ name: 'imageRepository', data: base64(CA_2) }])).specs!.map(canonicalJson)).toEqual(expected);
    expect(patched(clusterClass, fixture, tkgVariables(undefined)).specs!.map(canonicalJson)).toEqual(expected);
  });
});

test('CA data that is not PEM certificates fails the Cluster\'s patches with the variable named, never reaching a node file', () => {
  const fixture = tkgClass();
  const { clusterClass } = addProxyToClusterClass(fixture.clusterClass, fixture.templates,
    { settings, variableShape: ClassVariableShape.TKG, trustedCaVariable: {}, osFamily: OsFamily.UBUNTU });
  const key = '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n';
  for (const data of [base64(`${CA_1}${key}`), 'not base64 at all', base64('hello')]) {
    expect(patched(clusterClass, fixture, tkgVariables([{ name: 'proxy', data }])).error)
      .toMatch(/cluster-proxy-constructs: trust.additionalTrustedCAs\[proxy\].data must be the base64 of PEM CERTIFICATE blocks only/);
  }
});

test('the library\'s own variable shape with a named trust variable and entry, on Flatcar (Ignition)', () => {
  const fixture = classFixture(CapiVersion.V1BETA2, { ignition: true });
  const props: ClusterClassProxyProps = { settings, bootstrapFormat: BootstrapFormat.IGNITION, trustedCaVariable: { name: 'corpTrust', entryName: 'corp-proxy' } };
  const { clusterClass, classProxy } = addProxyToClusterClass(fixture.clusterClass, fixture.templates, props);
  // The class had no such variable: it gets TKG's schema under the given name.
  expect(((clusterClass as Json).spec.variables as Json[]).at(-1)).toEqual({ ...TKG_VARIABLES[1], name: 'corpTrust' });
  expectValidObjects([clusterClass]);
  const proxyValue = { http: 'http://proxy.corp.example:3128', https: 'http://proxy.corp.example:3128', noProxy: ['git.corp.example'] };
  const got = patched(clusterClass, fixture, {
    imageRepository: 'registry.corp.example',
    proxy: proxyValue,
    corpTrust: { additionalTrustedCAs: [{ name: 'corp-proxy', data: base64(CA_1.replace(/\n/g, '\r\n')) }] },
  });
  expect(got.error).toBeUndefined();
  expect(got.specs!.map(canonicalJson)).toEqual(expectedSpecs(props, fixture, CA_1));
  expect(JSON.stringify(got.specs)).toContain('/etc/ssl/certs/cluster-proxy-ca-1.pem');
  expect(classProxy.trustedCaVariable).toEqual({ name: 'corpTrust', entryName: 'corp-proxy' });
});

test('refused: a CA in both places, no trust store to write to, names that cannot work', () => {
  const fixture = tkgClass();
  const add = (props: Partial<ClusterClassProxyProps>): unknown => addProxyToClusterClass(fixture.clusterClass, fixture.templates,
    { settings, variableShape: ClassVariableShape.TKG, trustedCaVariable: {}, osFamily: OsFamily.UBUNTU, ...props });
  expect(() => add({ settings: new ProxySettings({ ...settingsValues, trustedCaPem: CA_1 }) })).toThrow(/trustedCaVariable: must be unset when the settings carry trustedCaPem/);
  expect(() => add({ osFamily: undefined })).toThrow(/osFamily: is required with trustedCaVariable/);
  expect(() => add({ trustedCaVariable: { name: 'proxy' } })).toThrow(/trustedCaVariable.name: must differ from the proxy variable's name/);
  expect(() => add({ trustedCaVariable: { entryName: 'has space' } })).toThrow(/trustedCaVariable.entryName: must be 1-63 letters/);
  expect(() => add({ trustedCaVariable: { name: 'trust', entry: 'proxy' } as never })).toThrow(/trustedCaVariable.entry: is not an option/);
});

test('addProxyToTopologyCluster writes the CA into the Cluster\'s trust variable, keeping its other entries', () => {
  const fixture = tkgClass();
  const props: ClusterClassProxyProps = { settings, variableShape: ClassVariableShape.TKG, trustedCaVariable: {}, osFamily: OsFamily.UBUNTU };
  const { clusterClass, classProxy } = addProxyToClusterClass(fixture.clusterClass, fixture.templates, props);
  const cluster: KubeObject = {
    apiVersion: 'cluster.x-k8s.io/v1beta2',
    kind: 'Cluster',
    metadata: { name: 'demo', namespace: 'clusters' },
    spec: {
      clusterNetwork: { pods: { cidrBlocks: network.pods }, services: { cidrBlocks: network.services } },
      topology: {
        classRef: { name: 'proxied' },
        version: 'v1.31.2',
        variables: [
          { name: 'imageRepository', value: 'registry.corp.example' },
          { name: 'trust', value: { additionalTrustedCAs: [{ name: 'imageRepository', data: base64(CA_2) }, { name: 'proxy', data: 'b2xk' }] } },
        ],
      },
    },
  };
  // A CA written with CRLF line endings is normalized before encoding.
  const result = addProxyToTopologyCluster(cluster, classProxy, { additionalNoProxy: ['git.corp.example'], trustedCaPem: CA_1.replace(/\n/g, '\r\n') });
  const written = (result.cluster as Json).spec.topology.variables as Json[];
  const variables = Object.fromEntries(written.map((variable) => [variable.name, variable.value]));
  expect(variables.trust).toEqual({ additionalTrustedCAs: [{ name: 'imageRepository', data: base64(CA_2) }, { name: 'proxy', data: base64(CA_1) }] });
  expectValidObjects([result.cluster]);
  expect(patched(clusterClass, fixture, variables).specs!.map(canonicalJson)).toEqual(expectedSpecs(props, fixture, CA_1));

  const { classProxy: withoutVariable } = addProxyToClusterClass(
    fixture.clusterClass, fixture.templates, { settings, variableShape: ClassVariableShape.TKG, osFamily: OsFamily.UBUNTU });
  expect(() => addProxyToTopologyCluster(cluster, withoutVariable, { trustedCaPem: CA_1 })).toThrow(/trustedCaPem: needs a ClusterClass with trustedCaVariable/);
  expect(() => addProxyToTopologyCluster(cluster, classProxy, { trustedCaPem: 'not a certificate' })).toThrow(/trustedCaPem/);
});
