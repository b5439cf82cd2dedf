import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { Difference, fixtureText, LedgerEntry, ledgerOf, NodeData, nodeDataDifferences, NodeFile, referenceCases } from './node-data-differences';
import { adoptionFileOptions } from '../../../src/core/import/adoption';
import { importProxy } from '../../../src/core/import/import-proxy';
import { ImportSource } from '../../../src/core/import/imported-proxy';
import { nodeProxyBootstrap } from '../../../src/core/node-files/bootstrap';
import { CompatibilityProfileName } from '../../../src/core/node-files/compatibility-profile-name';
import { eksAnywhereProvider } from '../../support/fixtures/system-renders';

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
  const bootstrap = nodeProxyBootstrap(config!, { clusterName: 'demo', namespace: 'default', files: adoptionFileOptions(CompatibilityProfileName.EKS_ANYWHERE) });
  return { files: bootstrap.files.map((file) => ({ ...file, content: file.content! })), preKubeadmCommands: bootstrap.preKubeadmCommands };
}

/** The provider's rendered KubeadmControlPlane and workers' KubeadmConfigTemplate. */
function providerRender(input: string): { controlPlane: NodeData; workers: NodeData } {
  const base = input.replace(/\.yaml$/, '');
  const objects = (file: string) => parseAllDocuments(fixtureText(fixtures, 'rendered', eksAnywhereProvider(input), file)).map((document) => document.toJS());
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
    ...named(eksAnywhereProvider(input), [...nodeDataDifferences(provider.controlPlane, ours), ...nodeDataDifferences(provider.workers, ours)]),
  ];
}

/**
 * Every difference, with the cases showing it (the exact text on both sides). Adopted with EKS
 * Anywhere's commands, NO_PROXY and the URLs' ports as given, the node data is the provider
 * templates' (vSphere, Nutanix, Tinkerbell) byte for byte. proxy.go, the path of the Snow provider
 * only, writes no provider endpoint, no final newline and no commands.
 */
const LEDGER: LedgerEntry[] = [
  {
    point: 'proxy.go: NO_PROXY entries only the library writes',
    theirs: '(absent)',
    ours: 'prism-central.corp.example',
    cases: ['nutanix'],
  },
  {
    point: 'proxy.go: file ends with',
    theirs: '""',
    ours: '"\\n"',
    cases: ['nutanix', 'tinkerbell', 'vsphere-url-without-port', 'vsphere'],
  },
  {
    point: 'proxy.go: preKubeadmCommands[0]',
    theirs: '(absent)',
    ours: 'sudo systemctl daemon-reload',
    cases: ['nutanix', 'tinkerbell', 'vsphere-url-without-port', 'vsphere'],
  },
  {
    point: 'proxy.go: preKubeadmCommands[1]',
    theirs: '(absent)',
    ours: 'sudo systemctl restart containerd',
    cases: ['nutanix', 'tinkerbell', 'vsphere-url-without-port', 'vsphere'],
  },
  {
    point: 'proxy.go: NO_PROXY entries only the library writes',
    theirs: '(absent)',
    ours: '10.0.10.20',
    cases: ['tinkerbell'],
  },
  {
    point: 'proxy.go: NO_PROXY entries only the library writes',
    theirs: '(absent)',
    ours: 'vcenter.corp.example',
    cases: ['vsphere-url-without-port', 'vsphere'],
  },
];

test('every difference from EKS Anywhere\'s rendered files and commands is in the ledger, and nothing else differs', () => {
  const cases = referenceCases(fixtures);
  expect(cases).toEqual(['nutanix.yaml', 'tinkerbell.yaml', 'vsphere-url-without-port.yaml', 'vsphere.yaml']);
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
