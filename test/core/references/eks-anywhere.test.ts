import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { Difference, fixtureText, LedgerEntry, ledgerOf, NodeData, nodeDataDifferences, NodeFile, referenceCases } from './node-data-differences';
import { importProxy } from '../../../src/core/import/import-proxy';
import { ImportSource } from '../../../src/core/import/imported-proxy';
import { nodeProxyBootstrap } from '../../../src/core/node-files/bootstrap';
import { CompatibilityProfileName } from '../../../src/core/node-files/compatibility-profile-name';

/**
 * The `eks-anywhere` profile against EKS Anywhere's proxy node data rendered by EKS Anywhere's own
 * code (test/fixtures/references/eks-anywhere, SOURCE.md): the library imports each cluster
 * configuration file (the Cluster and its datacenter config) and renders its node files with the
 * profile; those are compared byte for byte with what `pkg/clusterapi/proxy.go` adds to the control
 * plane and the workers, and with the proxy part of the provider's rendered control plane and
 * workers. Every difference is in the ledger, which must match exactly: the test fails when a
 * difference appears or disappears.
 */

const fixtures = join(__dirname, '..', '..', 'fixtures', 'references', 'eks-anywhere');

/** The proxy part of a provider template's kubeadm config: the drop-in and the commands the template adds for a proxy. */
const PROXY_FILE = '/etc/systemd/system/containerd.service.d/http-proxy.conf';
const PROXY_COMMANDS = ['sudo systemctl daemon-reload', 'sudo systemctl restart containerd'];

function proxyPart(spec: { files?: NodeFile[]; preKubeadmCommands?: string[] }): NodeData {
  return {
    files: (spec.files ?? []).filter((file) => file.path === PROXY_FILE),
    preKubeadmCommands: (spec.preKubeadmCommands ?? []).filter((command) => PROXY_COMMANDS.includes(command)),
  };
}

function oursFor(input: string): NodeData {
  const { config } = importProxy(ImportSource.EKS_ANYWHERE, fixtureText(fixtures, 'inputs', input));
  const bootstrap = nodeProxyBootstrap(config!, { clusterName: 'demo', namespace: 'default', files: { profile: CompatibilityProfileName.EKS_ANYWHERE } });
  return { files: bootstrap.files.map((file) => ({ ...file, content: file.content! })), preKubeadmCommands: bootstrap.preKubeadmCommands };
}

function providerOf(input: string): string {
  return input.startsWith('nutanix') ? 'nutanix' : 'vsphere';
}

/** The provider's rendered KubeadmControlPlane and workers' KubeadmConfigTemplate. */
function providerRender(input: string): { controlPlane: NodeData; workers: NodeData } {
  const base = input.replace(/\.yaml$/, '');
  const objects = (file: string) => parseAllDocuments(fixtureText(fixtures, 'rendered', providerOf(input), file)).map((document) => document.toJS());
  const kcp = objects(`${base}.controlplane.yaml`).find((object) => object?.kind === 'KubeadmControlPlane');
  const kct = objects(`${base}.workers.yaml`).find((object) => object?.kind === 'KubeadmConfigTemplate');
  return { controlPlane: proxyPart(kcp.spec.kubeadmConfigSpec), workers: proxyPart(kct.spec.template.spec) };
}

function differencesFor(input: string): Difference[] {
  const ours = oursFor(input);
  const clusterApi = parse(fixtureText(fixtures, 'rendered', 'clusterapi', input)) as { controlPlane: NodeData; workers: NodeData };
  const provider = providerRender(input);
  const named = (renderer: string, differences: Difference[]) => differences.map((difference) => ({ ...difference, point: `${renderer}: ${difference.point}` }));
  return [
    ...named('proxy.go', [...nodeDataDifferences(clusterApi.controlPlane, ours), ...nodeDataDifferences(clusterApi.workers, ours)]),
    ...named(providerOf(input), [...nodeDataDifferences(provider.controlPlane, ours), ...nodeDataDifferences(provider.workers, ours)]),
  ];
}

/** Every difference, with the cases showing it (the exact text on both sides). */
const LEDGER: LedgerEntry[] = [
  {
    // The service CIDR, covered by the given 10.0.0.0/8 (normalization drops covered entries)
    point: 'proxy.go: NO_PROXY entries only they write',
    theirs: '10.96.0.0/12',
    ours: '(absent)',
    cases: ['nutanix', 'vsphere-url-without-port', 'vsphere'],
  },
  {
    // The library's cluster defaults (range forms, loopback forms, cluster domain, kubernetes names,
    // ClusterIPs, the .name form of domain entries)
    point: 'proxy.go: NO_PROXY entries only the library writes',
    theirs: '(absent)',
    ours: '10.0.0.0-10.255.255.255,.registry.internal,.localhost,::1,[::1],127.0.0.0/8,127.0.0.0-127.255.255.255,127.0.0.53,127.0.0.54,127.0.1.1,.cluster.local,.cluster.local.,kubernetes,.kubernetes,kubernetes.default,.kubernetes.default,10.96.0.1,10.96.0.10,192.168.0.0-192.168.255.255',
    cases: ['nutanix', 'vsphere-url-without-port', 'vsphere'],
  },
  {
    // EKS Anywhere: CIDRs, noProxy, defaults, endpoints; the library: installation-wide entries first,
    // then its cluster defaults in category order
    point: 'proxy.go: NO_PROXY order of the common entries',
    theirs: '192.168.0.0/16,.corp.example,10.0.0.0/8,registry.internal,localhost,127.0.0.1,.svc,10.0.10.10',
    ours: '.corp.example,10.0.0.0/8,registry.internal,localhost,127.0.0.1,.svc,192.168.0.0/16,10.0.10.10',
    cases: ['nutanix', 'vsphere-url-without-port', 'vsphere'],
  },
  {
    // proxy.go writes the drop-in without a final newline (the provider templates, a YAML block, with one)
    point: 'proxy.go: file ends with',
    theirs: '""',
    ours: '"\\n"',
    cases: ['nutanix', 'vsphere-url-without-port', 'vsphere'],
  },
  {
    // proxy.go adds no commands: the library reloads systemd, restarts containerd and waits for it (marked)
    point: 'proxy.go: preKubeadmCommands[0]',
    theirs: '(absent)',
    ours: 'systemctl daemon-reload # cluster-proxy-constructs',
    cases: ['nutanix', 'vsphere-url-without-port', 'vsphere'],
  },
  {
    point: 'proxy.go: preKubeadmCommands[1]',
    theirs: '(absent)',
    ours: 'systemctl restart containerd # cluster-proxy-constructs',
    cases: ['nutanix', 'vsphere-url-without-port', 'vsphere'],
  },
  {
    point: 'proxy.go: preKubeadmCommands[2]',
    theirs: '(absent)',
    ours: 'cluster_proxy_tries=0; until timeout 5 ctr version >/dev/null 2>&1; do if [ "$cluster_proxy_tries" -ge 60 ]; then echo \'cluster-proxy-constructs: containerd did not answer within 60s\' >&2; exit 1; fi; cluster_proxy_tries=$((cluster_proxy_tries + 1)); sleep 1; done # cluster-proxy-constructs',
    cases: ['nutanix', 'vsphere-url-without-port', 'vsphere'],
  },
  {
    // The service CIDR as above, and Prism Central: the importer gives it as a provider endpoint, and the
    // library drops it as covered by the given .corp.example
    point: 'nutanix: NO_PROXY entries only they write',
    theirs: '10.96.0.0/12,prism-central.corp.example',
    ours: '(absent)',
    cases: ['nutanix'],
  },
  {
    point: 'nutanix: NO_PROXY entries only the library writes',
    theirs: '(absent)',
    ours: '10.0.0.0-10.255.255.255,.registry.internal,.localhost,::1,[::1],127.0.0.0/8,127.0.0.0-127.255.255.255,127.0.0.53,127.0.0.54,127.0.1.1,.cluster.local,.cluster.local.,kubernetes,.kubernetes,kubernetes.default,.kubernetes.default,10.96.0.1,10.96.0.10,192.168.0.0-192.168.255.255',
    cases: ['nutanix'],
  },
  {
    point: 'nutanix: NO_PROXY order of the common entries',
    theirs: '192.168.0.0/16,.corp.example,10.0.0.0/8,registry.internal,localhost,127.0.0.1,.svc,10.0.10.10',
    ours: '.corp.example,10.0.0.0/8,registry.internal,localhost,127.0.0.1,.svc,192.168.0.0/16,10.0.10.10',
    cases: ['nutanix'],
  },
  {
    // The templates run the two commands with sudo; the library without, marked, and then waits for containerd
    point: 'nutanix: preKubeadmCommands[0]',
    theirs: 'sudo systemctl daemon-reload',
    ours: 'systemctl daemon-reload # cluster-proxy-constructs',
    cases: ['nutanix'],
  },
  {
    point: 'nutanix: preKubeadmCommands[1]',
    theirs: 'sudo systemctl restart containerd',
    ours: 'systemctl restart containerd # cluster-proxy-constructs',
    cases: ['nutanix'],
  },
  {
    point: 'nutanix: preKubeadmCommands[2]',
    theirs: '(absent)',
    ours: 'cluster_proxy_tries=0; until timeout 5 ctr version >/dev/null 2>&1; do if [ "$cluster_proxy_tries" -ge 60 ]; then echo \'cluster-proxy-constructs: containerd did not answer within 60s\' >&2; exit 1; fi; cluster_proxy_tries=$((cluster_proxy_tries + 1)); sleep 1; done # cluster-proxy-constructs',
    cases: ['nutanix'],
  },
  {
    // A URL without a port: EKS Anywhere writes it as given, the library with the port written out
    point: 'proxy.go: Environment HTTP_PROXY',
    theirs: 'http://proxy.corp.example',
    ours: 'http://proxy.corp.example:80',
    cases: ['vsphere-url-without-port'],
  },
  {
    point: 'proxy.go: Environment HTTPS_PROXY',
    theirs: 'http://proxy.corp.example',
    ours: 'http://proxy.corp.example:80',
    cases: ['vsphere-url-without-port'],
  },
  {
    point: 'vsphere: Environment HTTP_PROXY',
    theirs: 'http://proxy.corp.example',
    ours: 'http://proxy.corp.example:80',
    cases: ['vsphere-url-without-port'],
  },
  {
    point: 'vsphere: Environment HTTPS_PROXY',
    theirs: 'http://proxy.corp.example',
    ours: 'http://proxy.corp.example:80',
    cases: ['vsphere-url-without-port'],
  },
  {
    // The service CIDR as above, and vCenter: given as a provider endpoint, covered by .corp.example
    point: 'vsphere: NO_PROXY entries only they write',
    theirs: '10.96.0.0/12,vcenter.corp.example',
    ours: '(absent)',
    cases: ['vsphere-url-without-port', 'vsphere'],
  },
  {
    point: 'vsphere: NO_PROXY entries only the library writes',
    theirs: '(absent)',
    ours: '10.0.0.0-10.255.255.255,.registry.internal,.localhost,::1,[::1],127.0.0.0/8,127.0.0.0-127.255.255.255,127.0.0.53,127.0.0.54,127.0.1.1,.cluster.local,.cluster.local.,kubernetes,.kubernetes,kubernetes.default,.kubernetes.default,10.96.0.1,10.96.0.10,192.168.0.0-192.168.255.255',
    cases: ['vsphere-url-without-port', 'vsphere'],
  },
  {
    point: 'vsphere: NO_PROXY order of the common entries',
    theirs: '192.168.0.0/16,.corp.example,10.0.0.0/8,registry.internal,localhost,127.0.0.1,.svc,10.0.10.10',
    ours: '.corp.example,10.0.0.0/8,registry.internal,localhost,127.0.0.1,.svc,192.168.0.0/16,10.0.10.10',
    cases: ['vsphere-url-without-port', 'vsphere'],
  },
  {
    point: 'vsphere: preKubeadmCommands[0]',
    theirs: 'sudo systemctl daemon-reload',
    ours: 'systemctl daemon-reload # cluster-proxy-constructs',
    cases: ['vsphere-url-without-port', 'vsphere'],
  },
  {
    point: 'vsphere: preKubeadmCommands[1]',
    theirs: 'sudo systemctl restart containerd',
    ours: 'systemctl restart containerd # cluster-proxy-constructs',
    cases: ['vsphere-url-without-port', 'vsphere'],
  },
  {
    point: 'vsphere: preKubeadmCommands[2]',
    theirs: '(absent)',
    ours: 'cluster_proxy_tries=0; until timeout 5 ctr version >/dev/null 2>&1; do if [ "$cluster_proxy_tries" -ge 60 ]; then echo \'cluster-proxy-constructs: containerd did not answer within 60s\' >&2; exit 1; fi; cluster_proxy_tries=$((cluster_proxy_tries + 1)); sleep 1; done # cluster-proxy-constructs',
    cases: ['vsphere-url-without-port', 'vsphere'],
  },
];

test('every difference from EKS Anywhere\'s rendered files and commands is in the ledger, and nothing else differs', () => {
  const cases = referenceCases(fixtures);
  expect(cases).toEqual(['nutanix.yaml', 'vsphere-url-without-port.yaml', 'vsphere.yaml']);
  expect(ledgerOf(cases.map((input) => [input.replace(/\.yaml$/, ''), differencesFor(input)] as const))).toEqual(LEDGER);
});

test('EKS Anywhere gives the control plane and the workers the same proxy data, as the library does', () => {
  for (const input of referenceCases(fixtures)) {
    const clusterApi = parse(fixtureText(fixtures, 'rendered', 'clusterapi', input)) as { controlPlane: NodeData; workers: NodeData };
    expect(clusterApi.workers).toEqual(clusterApi.controlPlane);
    const provider = providerRender(input);
    expect(provider.workers).toEqual(provider.controlPlane);
    expect(provider.controlPlane.files).toHaveLength(1);
  }
});
