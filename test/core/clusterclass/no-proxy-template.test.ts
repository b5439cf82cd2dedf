import * as fc from 'fast-check';
import { buildPatchEngine, runPatchEngine, TemplateCase } from './go-patch-engine';
import { ClusterClassProxy, ClusterClassProxyProps, TopologyClusterFacts } from '../../../src/core/clusterclass/cluster-class-proxy';
import { compactTemplate, noProxyTemplateHelpers, noProxyTemplateStatements } from '../../../src/core/clusterclass/no-proxy-template';
import { addProxyToTopologyCluster } from '../../../src/core/clusterclass/topology-cluster';
import { ProxySettings } from '../../../src/core/definition/proxy-settings';
import { NodeProxyDelivery } from '../../../src/core/node-files/delivery';
import { PROVIDERS, Provider } from '../../../src/core/primitives/providers';

/**
 * The NO_PROXY a ClusterClass template computes on the management cluster (evaluated by Go
 * text/template with Sprig, as Cluster API does) equals the core engine's for the same facts.
 */

const SETTINGS = { httpProxy: 'http://proxy.corp.example:3128', httpsProxy: 'http://proxy.corp.example:3128' };

/** The template that prints only the NO_PROXY (the file templates wrap the same statements). */
function noProxyOnly(classProxy: ClusterClassProxy): string {
  return compactTemplate([...noProxyTemplateHelpers(), ...noProxyTemplateStatements(classProxy.plan), '{{- $noProxy | toJson -}}']);
}

/** The variables Cluster API hands the template for a Cluster with these facts and the library's variable. */
function templateCase(classProxy: ClusterClassProxy, facts: TopologyClusterFacts): TemplateCase {
  const cluster = {
    apiVersion: 'cluster.x-k8s.io/v1beta2',
    kind: 'Cluster',
    metadata: { name: 'demo', namespace: 'clusters' },
    spec: {
      clusterNetwork: {
        pods: { cidrBlocks: facts.pods },
        services: { cidrBlocks: facts.services },
        ...(facts.serviceDomain ? { serviceDomain: facts.serviceDomain } : {}),
      },
      topology: { classRef: { name: 'proxied' }, version: 'v1.31.2' },
    },
  };
  const { variable } = addProxyToTopologyCluster(cluster, classProxy, {
    delivery: NodeProxyDelivery.INLINE,
    network: { pods: facts.pods, services: facts.services, serviceDomain: facts.serviceDomain, controlPlaneEndpoint: facts.controlPlaneEndpoint },
    machineCidrs: facts.machineCidrs,
    dnsServiceIp: facts.dnsServiceIp,
    additionalNoProxy: facts.additionalNoProxy,
  });
  const network = { pods: facts.pods, services: facts.services, ...(facts.serviceDomain ? { serviceDomain: facts.serviceDomain } : {}) };
  return { template: noProxyOnly(classProxy), variables: { builtin: { cluster: { name: 'demo', network } }, [variable.name]: variable.value } };
}

interface Sample {
  readonly name: string;
  readonly props: ClusterClassProxyProps;
  readonly facts: TopologyClusterFacts;
}

const SAMPLES: Sample[] = [
  {
    name: 'IPv4: the installation-wide 10.0.0.0/8 and .corp.example cover the services, machines and endpoint',
    props: { settings: new ProxySettings({ ...SETTINGS, noProxy: ['.corp.example', '10.0.0.0/8'] }), provider: Provider.AWS, region: 'eu-central-1' },
    facts: { pods: ['192.168.0.0/16'], services: ['10.96.0.0/12'], controlPlaneEndpoint: 'api.demo.corp.example', machineCidrs: ['10.20.0.0/24'] },
  },
  {
    name: 'IPv6 with a vCenter endpoint',
    props: { settings: new ProxySettings(SETTINGS), provider: Provider.VSPHERE, providerEndpoints: ['https://vcenter.corp.example/sdk'] },
    facts: { pods: ['fd00:10:244::/56'], services: ['fd00:10:96::/112'], controlPlaneEndpoint: 'fd00:1::10', machineCidrs: ['fd00:1::/64'] },
  },
  {
    name: 'dual-stack, IP endpoint, custom DNS ClusterIP, IPv6 extra entries',
    props: { settings: new ProxySettings({ ...SETTINGS, noProxy: ['registry.corp.example:5000', '192.0.2.0-192.0.2.20'] }), provider: Provider.AZURE },
    facts: {
      pods: ['10.244.0.0/16', 'fd00:10:244::/56'],
      services: ['10.96.0.0/16', 'fd00:10:96::/112'],
      controlPlaneEndpoint: '192.0.2.10',
      dnsServiceIp: '10.96.0.53',
      additionalNoProxy: ['fd00:99::1', 'git.example', '*.apps.example', '198.51.100.0/24'],
    },
  },
  {
    name: 'custom service domain that covers a provider entry (internal covers metadata.google.internal)',
    props: { settings: new ProxySettings(SETTINGS), provider: Provider.GCP },
    facts: { pods: ['100.64.0.0/16'], services: ['100.65.0.0/20'], serviceDomain: 'internal' },
  },
  {
    name: 'custom domain and non-canonical IPv6 CIDRs as users write them',
    props: { settings: new ProxySettings({ ...SETTINGS, noProxy: ['fd00::/8'] }), provider: Provider.OPENSTACK },
    facts: { pods: ['FD00:0010:0244:0000::/64'], services: ['fd00:1:0:0:1:0:0:0/112'], serviceDomain: 'K8s.Example.Org' },
  },
  {
    name: 'categories switched off and class-wide entries',
    props: {
      settings: new ProxySettings(SETTINGS),
      noProxyDefaults: { loopback: false, clusterIps: false, podCidrs: false },
      additionalNoProxy: ['10.96.0.0/16', '.example.org'],
    },
    facts: { pods: ['192.168.0.0/16'], services: ['10.96.0.0/12'], serviceDomain: 'example.org', additionalNoProxy: ['api.example.org'] },
  },
  {
    name: 'installation-wide entries the template parses itself, next to records (a port, a one-address CIDR)',
    props: {
      settings: new ProxySettings({
        ...SETTINGS,
        noProxy: ['2001:db8:c0::53', '10.10.10.54/32', 'fd00:c0:ffee::/48', 'metrics-gateway.platform.example.dev', 'registry.build.example.io:5000', '.Example.NET', '198.51.100.10'],
      }),
    },
    facts: {
      pods: ['192.168.0.0/16'],
      services: ['10.96.0.0/12'],
      additionalNoProxy: ['registry.build.example.io', '2001:db8:c0::53', 'fd00:c0:ffee:1::/64', 'api.example.net', '10.10.10.54', 'metrics-gateway.platform.example.dev'],
    },
  },
  {
    name: 'an installation-wide * makes NO_PROXY * alone',
    props: { settings: new ProxySettings({ ...SETTINGS, noProxy: ['*'] }) },
    facts: { pods: ['192.168.0.0/16'], services: ['10.96.0.0/12'] },
  },
];

beforeAll(() => {
  buildPatchEngine();
}, 240_000);

describe('the ClusterClass NO_PROXY template', () => {
  test('equals the core engine for representative clusters (IPv4, IPv6, dual-stack, custom domain)', () => {
    const cases = SAMPLES.map((sample) => ({ sample, classProxy: new ClusterClassProxy(sample.props) }));
    const results = runPatchEngine({ templates: cases.map(({ classProxy, sample }) => templateCase(classProxy, sample.facts)) }).templates;
    cases.forEach(({ sample, classProxy }, index) => {
      const expected = classProxy.clusterProxy(sample.facts).noProxy.render();
      expect({ name: sample.name, noProxy: results[index].value ?? results[index].error }).toEqual({ name: sample.name, noProxy: expected });
    });
    // The cases exercise what the template computes: coverage, ClusterIPs, canonical IPv6.
    expect(results[0].value).not.toContain('10.96.0.0/12');
    expect(results[0].value).toContain('10.96.0.1,10.96.0.10');
    expect(results[2].value).toContain('10.96.0.1,10.96.0.53,fd00:10:96::1,[fd00:10:96::1],fd00:10:96::a,[fd00:10:96::a]');
    expect(results[3].value).not.toContain('metadata.google.internal');
    expect(results[4].value).toContain('fd00:1::1:0:0:1,[fd00:1::1:0:0:1]');
    expect(results[6].value).toContain('registry.build.example.io:5000,.registry.build.example.io:5000');
    expect(results[6].value).toContain('registry.build.example.io,.registry.build.example.io');
    expect(results[6].value).not.toContain('api.example.net');
    expect(results[7].value).toBe('*');
  });

  test('equals the core engine for generated clusters (property, one Go process for all)', () => {
    const cases = fc.sample(clusterArbitrary(), { numRuns: 250, seed: 20261121 })
      .flatMap((sample) => {
        try {
          const classProxy = new ClusterClassProxy(sample.props);
          return [{ sample, classProxy, expected: classProxy.clusterProxy(sample.facts).noProxy.render() }];
        } catch {
          return []; // facts the core refuses (overlapping CIDRs...) are no cluster at all
        }
      });
    expect(cases.length).toBeGreaterThan(150);
    const results = runPatchEngine({ templates: cases.map(({ classProxy, sample }) => templateCase(classProxy, sample.facts)) }).templates;
    const mismatches = cases
      .map(({ sample, expected }, index) => ({
        facts: sample.facts, settings: sample.props.settings, expected, got: results[index].value ?? results[index].error,
      }))
      .filter((result) => result.got !== result.expected);
    expect(mismatches).toEqual([]);
  });

  test('refuses what it cannot read, naming the field, instead of computing another NO_PROXY', () => {
    const classProxy = new ClusterClassProxy({ settings: new ProxySettings(SETTINGS) });
    const template = noProxyOnly(classProxy);
    const run = (network: Record<string, unknown>, proxy: Record<string, unknown> = {}): string | undefined =>
      runPatchEngine({ templates: [{ template, variables: { builtin: { cluster: { network } }, proxy } }] }).templates[0].error;
    const base = { pods: ['192.168.0.0/16'], services: ['10.96.0.0/12'] };
    expect(run({ pods: ['192.168.0.1/16'], services: ['10.96.0.0/12'] })).toMatch(/cluster-proxy-constructs: pods: "192.168.0.1\/16" has host bits set/);
    expect(run({ pods: ['192.168.0.0/16'], services: ['10.96.0.0/29'] })).toMatch(/services\[0\]: "10.96.0.0\/29" is too small/);
    expect(run({ pods: ['192.168.0.0/16', 'fd00::/64'], services: ['10.96.0.0/12', 'fd01::/125'] })).toMatch(/services\[1\]: "fd01::\/125" is too small/);
    expect(run({ pods: ['192.168.0.0/16'] })).toMatch(/Cluster.spec.clusterNetwork: .* must list pods and services CIDRs/);
    expect(run({ ...base, serviceDomain: 'bad_domain!' })).toMatch(/serviceDomain: ".svc.bad_domain!" is not a host name/);
    expect(run(base, { machineCidrs: ['10.0.0.0/33'] })).toMatch(/machineCidrs: "10.0.0.0\/33" has an invalid prefix length/);
    expect(run(base, { controlPlaneEndpoint: '300.1.1.1' })).toMatch(/controlPlaneEndpoint: "300.1.1.1" is not an IPv4 address/);
    expect(run(base, { noProxy: ['fd00::1::2'] })).toMatch(/noProxy: "fd00::1::2" is not an IP address/);
    expect(run(base, { dnsServiceIp: '10.200.0.10' })).toMatch(/dnsServiceIp: "10.200.0.10" must lie inside the first service CIDR 10.96.0.0\/12/);
    expect(run(base)).toBeUndefined();
  });
});

/** Random clusters: CIDRs with zero runs (IPv6 compression), pools of names that cover each other. */
function clusterArbitrary(): fc.Arbitrary<Sample> {
  const v4 = (minPrefix: number, maxPrefix: number): fc.Arbitrary<string> => fc
    .tuple(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: minPrefix, max: maxPrefix }))
    .map(([value, prefix]) => {
      const network = prefix === 0 ? 0 : Math.floor(value / 2 ** (32 - prefix)) * 2 ** (32 - prefix);
      return `${[24, 16, 8, 0].map((shift) => Math.floor(network / 2 ** shift) % 256).join('.')}/${prefix}`;
    });
  const group = fc.oneof(fc.constant(0), fc.constant(0), fc.integer({ min: 0, max: 0xffff }));
  const v6 = (minPrefix: number, maxPrefix: number): fc.Arbitrary<string> => fc
    .tuple(fc.array(group, { minLength: 8, maxLength: 8 }), fc.integer({ min: minPrefix, max: maxPrefix }))
    .map(([groups, prefix]) => {
      let value = groups.reduce((acc, g) => acc * 65536n + BigInt(g), 0n);
      const size = 2n ** BigInt(128 - prefix);
      value -= value % size;
      const hex = value.toString(16).padStart(32, '0');
      return `${hex.match(/.{4}/g)!.join(':')}/${prefix}`; // expanded form: the template must canonicalize it
    });
  const family = fc.constantFrom('4', '6', '46');
  const domains = fc.constantFrom(undefined, 'cluster.local', 'k8s.internal', 'corp.example', 'local', 'internal', 'default', 'svc', 'example.svc');
  const installation = fc.subarray(['10.0.0.0/8', '192.168.0.0/16', '172.16.0.0/12', 'fd00::/8', '.corp.example', 'cluster.local', '.local', '10.96.0.1', 'internal', 'example.com:8443', '100.64.0.0-100.127.255.255']);
  const endpoint = fc.constantFrom(undefined, 'api.corp.example', 'api.cluster.local', '10.1.2.3', 'fd00::10', 'kubernetes.default');
  const extra = fc.subarray(['10.96.0.0/16', '.example.org', 'registry.corp.example', 'fd00:10::/32', '169.254.169.254', 'svc.internal']);
  return fc.record({
    family,
    domain: domains,
    installation,
    endpoint,
    extra,
    provider: fc.constantFrom(...PROVIDERS),
    pods4: v4(8, 24),
    services4: v4(12, 28),
    pods6: v6(48, 64),
    services6: v6(108, 124),
    machine: fc.option(v4(16, 30), { nil: undefined }),
  })
    .map((r) => {
      const pods = r.family === '4' ? [r.pods4] : r.family === '6' ? [r.pods6] : [r.pods4, r.pods6];
      const services = r.family === '4' ? [r.services4] : r.family === '6' ? [r.services6] : [r.services4, r.services6];
      return {
        name: 'generated',
        props: { settings: new ProxySettings({ ...SETTINGS, noProxy: r.installation }), provider: r.provider, ...(r.provider === Provider.AWS ? { region: 'us-east-1' } : {}) },
        facts: {
          pods,
          services,
          ...(r.domain ? { serviceDomain: r.domain } : {}),
          ...(r.endpoint ? { controlPlaneEndpoint: r.endpoint } : {}),
          ...(r.machine ? { machineCidrs: [r.machine] } : {}),
          ...(r.extra.length > 0 ? { additionalNoProxy: r.extra } : {}),
        },
      };
    });
}
