import { join } from 'node:path';
import { parse, parseAllDocuments, stringify } from 'yaml';
import { entriesLostOnImport } from './lossless-import';
import { importProxy } from '../../../src/core/import/import-proxy';
import { ImportSource } from '../../../src/core/import/imported-proxy';
import { eksAnywhereProvider } from '../../support/fixtures/system-renders';
import { environmentValue, fixtureText, NodeData, referenceCases } from '../references/node-data-differences';

/**
 * The EKS Anywhere importer on the cluster configuration files EKS Anywhere rendered
 * (test/fixtures/references/eks-anywhere): with the datacenter config it computes the NO_PROXY of
 * the provider's templates exactly, with the Cluster alone that of proxy.go (and says what it cannot
 * see); every entry is in the library's NO_PROXY or in a note.
 */

const fixtures = join(__dirname, '..', '..', 'fixtures', 'references', 'eks-anywhere');
const input = (name: string): string => fixtureText(fixtures, 'inputs', name);

function providerNoProxy(name: string): string {
  const objects = parseAllDocuments(fixtureText(fixtures, 'rendered', eksAnywhereProvider(name), name.replace(/\.yaml$/, '.controlplane.yaml'))).map((document) => document.toJS());
  const kcp = objects.find((object) => object?.kind === 'KubeadmControlPlane');
  const dropIn = kcp.spec.kubeadmConfigSpec.files.find((file: { path: string }) => file.path.endsWith('/http-proxy.conf'));
  return environmentValue(dropIn.content, 'NO_PROXY')!;
}

function proxyGoNoProxy(name: string): string {
  const rendered = parse(fixtureText(fixtures, 'rendered', 'clusterapi', name)) as { controlPlane: NodeData };
  return environmentValue(rendered.controlPlane.files[0].content, 'NO_PROXY')!;
}

/** The Cluster document of a cluster configuration file, alone. */
function clusterOnly(name: string): string {
  return stringify(parseAllDocuments(input(name)).map((document) => document.toJS()).find((object) => object.kind === 'Cluster'));
}

test.each(referenceCases(fixtures))('%s: the NO_PROXY of the provider\'s templates, entry for entry, and none lost', (name) => {
  const result = importProxy(ImportSource.EKS_ANYWHERE, input(name));
  expect(result.imported.sourceNoProxy.join(',')).toBe(providerNoProxy(name));
  expect(entriesLostOnImport(result, providerNoProxy(name))).toEqual([]);
  expect(result.imported.notes.filter((note) => note.message.includes('no entry it writes covers it'))).toEqual([]);
});

test('the Prism Central endpoint of the NutanixDatacenterConfig is a provider endpoint of the network, and its note says why it is not written', () => {
  const { imported, noProxy } = importProxy(ImportSource.EKS_ANYWHERE, input('nutanix.yaml'));
  expect(imported.network).toEqual({
    pods: ['192.168.0.0/16'], services: ['10.96.0.0/12'], controlPlaneEndpoint: '10.0.10.10', provider: 'nutanix', providerEndpoints: ['prism-central.corp.example'],
  });
  expect(imported.notes).toEqual(expect.arrayContaining([
    {
      field: 'NutanixDatacenterConfig.spec.endpoint',
      message: 'prism-central.corp.example: a provider endpoint of the network, as EKS Anywhere adds the Prism Central endpoint to NO_PROXY',
    },
    {
      field: 'spec.proxyConfiguration (the NO_PROXY EKS Anywhere renders)',
      message: 'prism-central.corp.example: not written by the library, which writes .corp.example, covering it',
    },
  ]));
  expect(noProxy!.removed).toEqual(['10.96.0.0/12', 'prism-central.corp.example']);
});

test('the datacenter config is found before the Cluster too, and other documents (machine configs) are not read', () => {
  const documents = input('vsphere.yaml').split(/^---\n/m);
  const reordered = [...documents.slice(1), documents[0]].join('---\n');
  expect(importProxy(ImportSource.EKS_ANYWHERE, reordered).imported).toEqual(importProxy(ImportSource.EKS_ANYWHERE, input('vsphere.yaml')).imported);
});

/** Each reference provider's datacenter config, and what its note calls the endpoint EKS Anywhere adds. */
const DATACENTERS: Record<string, [kind: string, role: string]> = {
  vsphere: ['VSphereDatacenterConfig', 'the vCenter server'],
  nutanix: ['NutanixDatacenterConfig', 'the Prism Central endpoint'],
  tinkerbell: ['TinkerbellDatacenterConfig', 'the Tinkerbell IP'],
};

test.each(referenceCases(fixtures))('%s, the Cluster alone: proxy.go\'s NO_PROXY, and a note that the provider\'s endpoint is not in the file', (name) => {
  const result = importProxy(ImportSource.EKS_ANYWHERE, clusterOnly(name));
  expect(result.imported.sourceNoProxy.join(',')).toBe(proxyGoNoProxy(name));
  expect(entriesLostOnImport(result, proxyGoNoProxy(name))).toEqual([]);
  const [kind, role] = DATACENTERS[eksAnywhereProvider(name)];
  expect(result.imported.notes).toContainEqual({
    field: 'spec.datacenterRef',
    message: `${kind} demo is not in the file: EKS Anywhere also adds ${role} to NO_PROXY, which neither the definition nor the comparison has (import the cluster configuration file with its datacenter config)`,
  });
});

test('CloudStack adds the host of each management API endpoint before the control-plane endpoint', () => {
  const cluster = (kind: string) => clusterOnly('vsphere.yaml').replace('kind: VSphereDatacenterConfig', `kind: ${kind}`);
  const cloudStack = `${cluster('CloudStackDatacenterConfig')}---\nkind: CloudStackDatacenterConfig\nmetadata:\n  name: demo\nspec:\n  availabilityZones:\n`
    + '    - managementApiEndpoint: https://cloudstack-a.corp.example:8080/client/api\n    - managementApiEndpoint: https://cloudstack-b.corp.example/client/api\n';
  const { imported } = importProxy(ImportSource.EKS_ANYWHERE, cloudStack);
  expect(imported.sourceNoProxy.slice(-3)).toEqual(['cloudstack-a.corp.example', 'cloudstack-b.corp.example', '10.0.10.10']);
  expect(imported.network!.providerEndpoints).toEqual(['cloudstack-a.corp.example', 'cloudstack-b.corp.example']);
});

test('a datacenter kind the importer does not know is named in a note', () => {
  const text = clusterOnly('vsphere.yaml').replace('kind: VSphereDatacenterConfig', 'kind: FutureDatacenterConfig');
  expect(importProxy(ImportSource.EKS_ANYWHERE, text).imported.notes).toContainEqual({
    field: 'spec.datacenterRef.kind', message: 'FutureDatacenterConfig is not read: the NO_PROXY entries its provider adds, if any, are not compared',
  });
});
