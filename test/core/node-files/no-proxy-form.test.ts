import { ClusterClassProxy } from '../../../src/core/clusterclass/cluster-class-proxy';
import { ClusterProxyConfig } from '../../../src/core/definition/cluster-proxy-config';
import { ClusterNetwork } from '../../../src/core/definition/network';
import { ProxySettings, ProxySettingsProps } from '../../../src/core/definition/proxy-settings';
import { nodeProxyBootstrap, NodeProxyBootstrap } from '../../../src/core/node-files/bootstrap';
import { CompatibilityProfileName } from '../../../src/core/node-files/compatibility-profile-name';
import { NodeProxyDelivery } from '../../../src/core/node-files/delivery';
import { KubeadmEnvironment, NodeProxyFileOptions, NoProxyForm } from '../../../src/core/node-files/options';
import { ProxyConfigError } from '../../../src/core/primitives/errors';

/**
 * `noProxyForm`: the node files write NO_PROXY expanded (the library's value), as given in a
 * system's order, or sorted, in every file and command that carries it.
 */

const SETTINGS: ProxySettingsProps = {
  httpProxy: 'http://proxy.corp.example:3128',
  httpsProxy: 'http://proxy.corp.example:3128',
  // `vcenter.corp.example` is covered by `.corp.example`: the expanded value drops it, `given` keeps it
  noProxy: ['.corp.example', 'vcenter.corp.example', '10.0.0.0/8', 'registry.internal'],
};
const NETWORK = new ClusterNetwork({ pods: ['192.168.0.0/16'], services: ['10.96.0.0/12'], controlPlaneEndpoint: 'api.demo.example' });

function proxyOf(settings: ProxySettingsProps = SETTINGS): ClusterProxyConfig {
  return new ClusterProxyConfig(new ProxySettings(settings), NETWORK, { additionalNoProxy: ['extra.internal'] });
}

function bootstrapOf(files: NodeProxyFileOptions, proxy = proxyOf(), delivery?: NodeProxyDelivery): NodeProxyBootstrap {
  return nodeProxyBootstrap(proxy, { clusterName: 'demo', files, ...(delivery ? { delivery } : {}) });
}

/** Every NO_PROXY value a bootstrap writes: in its drop-ins and env file (decoded), and its `export` commands. */
function noProxyValues(result: NodeProxyBootstrap): string[] {
  const texts = [
    ...result.files.map((file) => (file.encoding === 'base64' ? Buffer.from(file.content!, 'base64').toString() : file.content ?? '')),
    ...Object.values(result.secret?.stringData ?? {}),
    ...result.preKubeadmCommands,
  ];
  return texts.flatMap((text) => [...text.matchAll(/NO_PROXY=['"]?([^'"\n]*)/g)].map((match) => match[1]));
}

const EXPECTED_GIVEN: ReadonlyArray<[CompatibilityProfileName, string]> = [
  [CompatibilityProfileName.TKG,
    '.corp.example,vcenter.corp.example,10.0.0.0/8,registry.internal,10.96.0.0/12,192.168.0.0/16,localhost,127.0.0.1,.svc,.svc.cluster.local,extra.internal'],
  [CompatibilityProfileName.TKG_CLUSTERCLASS,
    '.corp.example,.svc,.svc.cluster.local,10.0.0.0/8,10.96.0.0/12,127.0.0.1,192.168.0.0/16,localhost,registry.internal,vcenter.corp.example,extra.internal'],
  [CompatibilityProfileName.GIANTSWARM,
    // the definition's entries first: the importer reads the chart's whole list into them, in the chart's order
    '.corp.example,vcenter.corp.example,10.0.0.0/8,registry.internal,127.0.0.1,localhost,svc,local,api.demo.example,10.96.0.0/12,192.168.0.0/16,extra.internal'],
  // CAREN writes every CIDR followed by its address range
  [CompatibilityProfileName.CAREN,
    'localhost,127.0.0.1,192.168.0.0/16,192.168.0.0-192.168.255.255,10.96.0.0/12,10.96.0.0-10.111.255.255,kubernetes,kubernetes.default,.svc,'
    + '.svc.cluster.local,.svc.cluster.local.,.corp.example,vcenter.corp.example,10.0.0.0/8,10.0.0.0-10.255.255.255,registry.internal,extra.internal'],
  [CompatibilityProfileName.EKS_ANYWHERE,
    '192.168.0.0/16,10.96.0.0/12,.corp.example,vcenter.corp.example,10.0.0.0/8,registry.internal,localhost,127.0.0.1,.svc,api.demo.example,extra.internal'],
];

describe('given: each entry once, as written, in the order of the profile\'s system', () => {
  test.each(EXPECTED_GIVEN)('%s: every drop-in and export writes the system\'s list, then the cluster\'s additional entries', (profile, expected) => {
    const values = noProxyValues(bootstrapOf({ profile, noProxyForm: NoProxyForm.GIVEN, kubeadmEnvironment: KubeadmEnvironment.EXPORTS }));
    expect(values.length).toBeGreaterThanOrEqual(2);
    expect(new Set(values)).toEqual(new Set([expected]));
  });

  test('without a profile: the installation\'s entries as written, then the cluster\'s computed and additional entries, nothing expanded', () => {
    const [value] = new Set(noProxyValues(bootstrapOf({ noProxyForm: NoProxyForm.GIVEN })));
    const entries = value.split(',');
    expect(entries.slice(0, 4)).toEqual(['.corp.example', 'vcenter.corp.example', '10.0.0.0/8', 'registry.internal']);
    expect(entries).toEqual(expect.arrayContaining(['localhost', '.svc', '192.168.0.0/16', 'api.demo.example', 'extra.internal']));
    // no twins: neither the dotted form of a name nor a CIDR's address range
    expect(entries).not.toContain('.registry.internal');
    expect(entries.some((entry) => /^\d+\.\d+\.\d+\.\d+-/.test(entry))).toBe(false);
    expect(new Set(entries).size).toBe(entries.length);
  });

  test('expanded (the default) is the cluster\'s own value, byte for byte, in every file', () => {
    const proxy = proxyOf();
    expect(new Set(noProxyValues(bootstrapOf({}, proxy)))).toEqual(new Set([proxy.environment.noProxy]));
    expect(bootstrapOf({ noProxyForm: NoProxyForm.EXPANDED }, proxy)).toEqual(bootstrapOf({}, proxy));
  });
});

test('sorted: the entries of given, sorted', () => {
  for (const [profile, given] of EXPECTED_GIVEN) {
    const [value] = new Set(noProxyValues(bootstrapOf({ profile, noProxyForm: NoProxyForm.SORTED })));
    expect(value).toBe(given.split(',').sort().join(','));
  }
});

describe('with credentials', () => {
  const withCredentials = { ...SETTINGS, username: 'svc', password: 'pa$$word' };

  test('the Secret holds the given form; its name follows the content, so changing the form rolls the machines', () => {
    const givenFiles = { profile: CompatibilityProfileName.TKG, noProxyForm: NoProxyForm.GIVEN };
    const given = bootstrapOf(givenFiles, proxyOf(withCredentials), NodeProxyDelivery.SECRET);
    const expanded = bootstrapOf({ profile: CompatibilityProfileName.TKG }, proxyOf(withCredentials), NodeProxyDelivery.SECRET);
    expect(new Set(noProxyValues(given))).toEqual(new Set([EXPECTED_GIVEN[0][1]]));
    expect(given.secret!.metadata.name).not.toBe(expanded.secret!.metadata.name);
    // deterministic: the same input names the same Secret
    expect(bootstrapOf(givenFiles, proxyOf(withCredentials), NodeProxyDelivery.SECRET).secret!.metadata.name).toBe(given.secret!.metadata.name);
  });

  test('the env file kubeadm sources keeps the URLs without credentials', () => {
    const result = bootstrapOf({ noProxyForm: NoProxyForm.GIVEN }, proxyOf(withCredentials), NodeProxyDelivery.SECRET);
    expect(result.secret!.stringData.proxyEnv).toContain("HTTP_PROXY='http://proxy.corp.example:3128'");
    expect(result.secret!.stringData.containerdProxy).toContain('svc:pa%%24%%24word@'); // percent-encoded, then systemd-escaped
  });
});

test('an unknown form is refused, naming the option', () => {
  expect(() => bootstrapOf({ noProxyForm: 'asGiven' as NoProxyForm })).toThrow(ProxyConfigError);
  expect(() => bootstrapOf({ noProxyForm: 'asGiven' as NoProxyForm })).toThrow(/^files\.noProxyForm: /);
});

test('a ClusterClass refuses given and sorted: its patches compute each Cluster\'s NO_PROXY from the Cluster\'s variables', () => {
  const settings = new ProxySettings({ httpProxy: 'http://proxy.corp.example:3128' });
  expect(() => new ClusterClassProxy({ settings, files: { noProxyForm: NoProxyForm.GIVEN } }))
    .toThrow(/^files\.noProxyForm: .*must be "expanded" in a ClusterClass/);
});

describe('urlPortAsGiven', () => {
  const withoutPorts = { ...SETTINGS, httpProxy: 'http://proxy.corp.example', httpsProxy: 'https://Proxy.Corp.Example:443' };

  test('a URL without a port is written without one; a written port stays, even the default', () => {
    const result = bootstrapOf({ urlPortAsGiven: true, kubeadmEnvironment: KubeadmEnvironment.EXPORTS }, proxyOf(withoutPorts));
    const dropIn = result.files[0].content!;
    expect(dropIn).toContain('Environment="HTTP_PROXY=http://proxy.corp.example"\n');
    expect(dropIn).toContain('Environment="HTTPS_PROXY=https://proxy.corp.example:443"\n');
    expect(result.preKubeadmCommands).toContainEqual(expect.stringMatching(/^export HTTP_PROXY='http:\/\/proxy\.corp\.example' /));
    // the NO_PROXY stays expanded unless asked otherwise
    expect(dropIn).toContain(`NO_PROXY=${proxyOf(withoutPorts).environment.noProxy}"`);
  });

  test('by default every port is written', () => {
    expect(bootstrapOf({}, proxyOf(withoutPorts)).files[0].content).toContain('Environment="HTTP_PROXY=http://proxy.corp.example:80"\n');
  });

  test('with credentials: the Secret\'s drop-ins carry them with the port as given, the env file for kubeadm without them', () => {
    const result = bootstrapOf({ urlPortAsGiven: true }, proxyOf({ ...withoutPorts, username: 'svc', password: 'p@ss' }), NodeProxyDelivery.SECRET);
    expect(result.secret!.stringData.containerdProxy).toContain('Environment="HTTP_PROXY=http://svc:p%%40ss@proxy.corp.example"\n');
    expect(result.secret!.stringData.proxyEnv).toContain("export HTTP_PROXY='http://proxy.corp.example'\n");
  });

  test('a value other than true or false is refused, naming the option', () => {
    expect(() => bootstrapOf({ urlPortAsGiven: 'yes' as unknown as boolean })).toThrow(/^files\.urlPortAsGiven: /);
  });
});
