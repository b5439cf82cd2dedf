import { CapiVersion } from '../../../src/core/capi/capi-version';
import { addProxyToClusterClass } from '../../../src/core/clusterclass/add-proxy-to-cluster-class';
import { addProxyToTopologyCluster } from '../../../src/core/clusterclass/topology-cluster';
import { ProxySettings } from '../../../src/core/definition/proxy-settings';
import { KubeObject } from '../../../src/core/primitives/k8s/manifest';
import { NASTY_PASSWORD, settingsProps } from '../../support/fixtures/cluster';
import { classFixture } from '../../support/fixtures/cluster-class';
import { libraryError } from '../../support/library-error';
import { expectValidObjects } from '../../support/schemas';

/**
 * Setting the library's proxy variable on a Cluster that already has it: the Cluster's own facts
 * in the variable stay (as a foreign shape's NO_PROXY entries do), the library's fields are new.
 */

type Json = Record<string, any>;

const PATH = 'cluster.spec.topology.variables[name=proxy].value';
const NETWORK = { pods: { cidrBlocks: ['192.168.0.0/16'] }, services: { cidrBlocks: ['172.20.0.0/16'] } };
/**
 * What a Cluster set by hand (or by an earlier library version) holds: the old proxy and its own
 * facts (outside the settings' `.corp.example` and `10.0.0.0/8`, which would cover them).
 */
const EXISTING = {
  http: 'http://old-proxy.corp.example:8080',
  https: 'http://old-proxy.corp.example:8080',
  noProxy: ['db.dc.internal', '192.0.2.0/24'],
  machineCidrs: ['198.51.100.0/24'],
  dnsServiceIp: '172.20.0.53',
  controlPlaneEndpoint: 'api.demo.dc.internal',
  trustedCaSecretName: 'corp-ca',
};

function classProxyFor(credentials: boolean) {
  const fixture = classFixture(CapiVersion.V1BETA2);
  const settings = new ProxySettings(settingsProps(credentials ? {} : { username: undefined, password: undefined }));
  return addProxyToClusterClass(fixture.clusterClass, fixture.templates, { settings }).classProxy;
}

function cluster(value: unknown): KubeObject {
  return {
    apiVersion: 'cluster.x-k8s.io/v1beta2',
    kind: 'Cluster',
    metadata: { name: 'demo', namespace: 'clusters' },
    spec: {
      clusterNetwork: NETWORK,
      topology: { classRef: { name: 'proxied' }, version: 'v1.31.2', variables: [{ name: 'other', value: 1 }, { name: 'proxy', value }] },
    },
  };
}

function variableOf(object: KubeObject): Json {
  return ((object as Json).spec.topology.variables as Json[]).find((variable) => variable.name === 'proxy')!.value;
}

describe('the library\'s proxy variable set again', () => {
  test('inline: the Cluster\'s NO_PROXY entries, machine CIDRs, DNS address, endpoint and CA Secret stay; the URLs are the settings\'', () => {
    const classProxy = classProxyFor(false);
    const result = addProxyToTopologyCluster(cluster(EXISTING), classProxy, { additionalNoProxy: ['git.dc.internal', 'db.dc.internal'] });
    expect(variableOf(result.cluster)).toEqual({
      http: 'http://proxy.corp.example:3128',
      https: 'http://proxy.corp.example:3128',
      controlPlaneEndpoint: 'api.demo.dc.internal',
      machineCidrs: ['198.51.100.0/24'],
      dnsServiceIp: '172.20.0.53',
      noProxy: ['db.dc.internal', '192.0.2.0/24', 'git.dc.internal'],
      trustedCaSecretName: 'corp-ca',
    });
    const noProxy = result.proxy.environment.noProxy.split(',');
    expect(noProxy).toEqual(expect.arrayContaining(['db.dc.internal', '192.0.2.0/24', '198.51.100.0/24', '172.20.0.53', 'api.demo.dc.internal', 'git.dc.internal']));
    expect((result.cluster as Json).spec.topology.variables[0]).toEqual({ name: 'other', value: 1 });
    expectValidObjects([result.cluster]);
    // Setting it again changes nothing: GitOps diffs stay quiet.
    expect(addProxyToTopologyCluster(result.cluster, classProxy, { additionalNoProxy: ['git.dc.internal'] }).cluster).toEqual(result.cluster);
  });

  test('the options take the place of what the variable held', () => {
    const result = addProxyToTopologyCluster(cluster(EXISTING), classProxyFor(false), { machineCidrs: ['10.1.0.0/24'], dnsServiceIp: '172.20.0.10' });
    expect(variableOf(result.cluster)).toMatchObject({ machineCidrs: ['10.1.0.0/24'], dnsServiceIp: '172.20.0.10' });
  });

  test('with credentials (delivery secret): the kept facts reach the node-proxy Secret, and the variable names only it', () => {
    const { trustedCaSecretName: _ca, ...withoutCaSecret } = EXISTING;
    const result = addProxyToTopologyCluster(cluster(withoutCaSecret), classProxyFor(true));
    expect(Object.keys(variableOf(result.cluster))).toEqual(['secretName']);
    expect(result.proxy.network.machineCidrs).toEqual(['198.51.100.0/24']);
    expect(result.proxy.environment.noProxy.split(',')).toEqual(expect.arrayContaining(['db.dc.internal', '192.0.2.0/24', '198.51.100.0/24', '172.20.0.53', 'api.demo.dc.internal']));
  });

  test('a CA Secret the variable named cannot stay with delivery secret: refused, naming it, never quoting the password', () => {
    const error = libraryError(() => addProxyToTopologyCluster(cluster(EXISTING), classProxyFor(true)));
    expect(error.message).toMatch(new RegExp(`^${PATH.replace(/[.[\]]/g, '\\$&')}\\.trustedCaSecretName: cannot stay when the variable names the node-proxy Secret`));
    expect(error.message).not.toContain(NASTY_PASSWORD);
    expect(error.message).not.toContain(encodeURIComponent(NASTY_PASSWORD));
  });

  test.each([
    ['a value that is no object', 'proxy.corp.example', `${PATH}: must be an object`],
    ['noProxy not a list', { noProxy: 'a.example' }, `${PATH}.noProxy: must be an array`],
    ['a noProxy entry the templates cannot read', { noProxy: ['10.0.0.1-10.0.0.9'] }, `${PATH}.noProxy[0]: is not a form the ClusterClass templates read`],
    ['a machine CIDR with host bits', { machineCidrs: ['10.0.0.1/24'] }, `${PATH}.machineCidrs[0]: `],
    ['a DNS address that is no IP', { dnsServiceIp: 'dns' }, `${PATH}.dnsServiceIp: must be an IP address`],
    ['an endpoint that is no string', { controlPlaneEndpoint: 6443 }, `${PATH}.controlPlaneEndpoint: must be a string`],
  ])('%s is refused, naming its place in the Cluster', (_what, value, message) => {
    expect(libraryError(() => addProxyToTopologyCluster(cluster(value), classProxyFor(false))).message.startsWith(message)).toBe(true);
  });
});
