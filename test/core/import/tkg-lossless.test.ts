import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ImportResult, importProxy } from '../../../src/core/import/import-proxy';
import { ImportSource } from '../../../src/core/import/imported-proxy';


/**
 * The TKG importer loses nothing: each NO_PROXY entry of TKG's own render (the reference renders of
 * test/fixtures/references/tkg: plan-based clusters on vSphere, AWS and Azure, a ClusterClass-based
 * one on vSphere) is in the imported definition (its entries or its network) or named in a note
 * that says where it went.
 */

type Json = Record<string, any>;

const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'references', 'tkg');
const CASES = readdirSync(join(FIXTURES, 'inputs')).filter((name) => !name.endsWith('-without-proxy'));
const isClass = (testCase: string): boolean => testCase.startsWith('clusterclass-');

/** The NO_PROXY TKG rendered into the control plane's containerd drop-in. */
function renderedNoProxy(testCase: string): string[] {
  const rendered = join(FIXTURES, 'rendered', testCase);
  const files: Json[] = isClass(testCase)
    ? JSON.parse(readFileSync(join(rendered, 'kubeadmcontrolplanetemplate.json'), 'utf8')).spec.template.spec.kubeadmConfigSpec.files
    : parse(readFileSync(join(rendered, 'kubeadmcontrolplane.yaml'), 'utf8')).spec.kubeadmConfigSpec.files;
  const dropIn = files.find((file) => file.path === '/etc/systemd/system/containerd.service.d/http-proxy.conf')!;
  return /Environment="NO_PROXY=([^"]*)"/.exec(dropIn.content)![1].split(',');
}

function importCase(testCase: string): ImportResult {
  const input = isClass(testCase) ? 'cluster.yaml' : 'cluster-config.yaml';
  return importProxy(ImportSource.TKG, readFileSync(join(FIXTURES, 'inputs', testCase, input), 'utf8'));
}

/** Where an entry went: the definition's entries, its network, or the notes. */
function whereIs(entry: string, { imported }: ImportResult): string[] {
  const network = imported.network!;
  return [
    ...(imported.settings.noProxy ?? []).includes(entry) ? ['noProxy'] : [],
    ...network.pods.includes(entry) ? ['pods'] : [],
    ...network.services.includes(entry) ? ['services'] : [],
    ...(network.machineCidrs ?? []).includes(entry) ? ['machineCidrs'] : [],
    ...imported.notes.filter((note) => note.message.includes(entry)).map((note) => `note ${note.field}`),
  ];
}

describe.each(CASES)('TKG %s', (testCase) => {
  const result = importCase(testCase);

  test('the importer\'s view of TKG\'s NO_PROXY is the one TKG rendered', () => {
    expect(result.imported.sourceNoProxy).toEqual(renderedNoProxy(testCase));
  });

  test.each(renderedNoProxy(testCase))('%s is in the definition or a note', (entry) => {
    expect(whereIs(entry, result)).not.toEqual([]);
  });
});

describe('where TKG\'s additions go', () => {
  const notesOf = (result: ImportResult): Record<string, string[]> => {
    const notes: Record<string, string[]> = {};
    for (const note of result.imported.notes) {
      (notes[note.field] ??= []).push(note.message);
    }
    return notes;
  };

  test('vSphere: the CIDRs are the network, the names the library computes too (noted)', () => {
    const result = importCase('plan-vsphere');
    expect(result.imported.network).toEqual({ pods: ['192.168.0.0/16'], services: ['10.96.0.0/12'] });
    expect(result.imported.settings.noProxy).toEqual(['.corp.example', '10.0.0.0/8', 'registry.internal']);
    expect(notesOf(result).TKG_NO_PROXY).toEqual([
      "TKG adds 10.96.0.0/12, 192.168.0.0/16 (the service and pod CIDRs) and localhost, 127.0.0.1, .svc, .svc.cluster.local to every cluster's NO_PROXY: "
      + 'the CIDRs imported as the network, the names computed by the library for every cluster too (the tkg profiles write them where TKG does with noProxyForm "given")',
    ]);
  });

  test('AWS: the VPC CIDR is machineCidrs, 169.254.0.0/16 an entry', () => {
    const result = importCase('plan-aws');
    expect(result.imported.network!.machineCidrs).toEqual(['10.50.0.0/16']);
    expect(result.imported.settings.noProxy).toContain('169.254.0.0/16');
    expect(notesOf(result).INFRASTRUCTURE_PROVIDER).toEqual(['aws: TKG adds AWS_VPC_CIDR (10.50.0.0/16), 169.254.0.0/16 to NO_PROXY: the CIDR imported as machineCidrs, the others as entries']);
  });

  test('Azure: the VNet CIDR is machineCidrs, 169.254.0.0/16 and 168.63.129.16 entries', () => {
    const result = importCase('plan-azure');
    expect(result.imported.network!.machineCidrs).toEqual(['10.60.0.0/16']);
    expect(result.imported.settings.noProxy).toEqual(expect.arrayContaining(['169.254.0.0/16', '168.63.129.16']));
  });

  test('AWS without AWS_VPC_CIDR: TKG\'s default, said so; PROVIDER_TYPE read as well', () => {
    const { imported } = importProxy(ImportSource.TKG, 'TKG_HTTP_PROXY: http://p:3128\nTKG_HTTPS_PROXY: http://p:3128\nPROVIDER_TYPE: aws\n');
    expect(imported.network!.machineCidrs).toEqual(['10.0.0.0/16']);
    expect(notesOf({ imported }).PROVIDER_TYPE).toEqual(["aws: TKG adds AWS_VPC_CIDR (10.0.0.0/16, TKG's default), 169.254.0.0/16 to NO_PROXY: the CIDR imported as machineCidrs, the others as entries"]);
    expect(imported.sourceNoProxy).toEqual(['10.0.0.0/16', '169.254.0.0/16', '100.64.0.0/13', '100.96.0.0/11', 'localhost', '127.0.0.1', '.svc', '.svc.cluster.local']);
  });

  test('IPv6: ::1 after the loopback names; a versioned INFRASTRUCTURE_PROVIDER is read', () => {
    const { imported } = importProxy(ImportSource.TKG, 'TKG_HTTP_PROXY: http://p:3128\nTKG_HTTPS_PROXY: http://p:3128\nTKG_IP_FAMILY: ipv6\nINFRASTRUCTURE_PROVIDER: azure:v1.6.3\n'
      + 'CLUSTER_CIDR: fd00:100:96::/48\nSERVICE_CIDR: fd00:100:64::/108\n');
    expect(imported.sourceNoProxy).toEqual(['10.0.0.0/16', '169.254.0.0/16', '168.63.129.16', 'fd00:100:64::/108', 'fd00:100:96::/48', 'localhost', '127.0.0.1', '::1', '.svc', '.svc.cluster.local']);
  });

  test('Docker: the bridge network the CLI adds is named in a note', () => {
    const { imported } = importProxy(ImportSource.TKG, 'TKG_HTTP_PROXY: http://p:3128\nTKG_HTTPS_PROXY: http://p:3128\nINFRASTRUCTURE_PROVIDER: docker\n');
    expect(notesOf({ imported }).INFRASTRUCTURE_PROVIDER![0]).toMatch(/^docker: TKG's CLI also adds the CIDR of the Docker bridge network/);
  });

  test('ClusterClass on AWS: the class default VPC CIDR as machineCidrs, 169.254.0.0/16 an entry; without the network, the CIDR an entry', () => {
    const cluster = (clusterNetwork: Json | undefined): string => JSON.stringify({
      kind: 'Cluster',
      spec: {
        ...(clusterNetwork ? { clusterNetwork } : {}),
        topology: { class: 'tkg-aws-default-v1.0.0', variables: [{ name: 'proxy', value: { httpProxy: 'http://p:3128', httpsProxy: 'http://p:3128' } }] },
      },
    });
    const withNetwork = importProxy(ImportSource.TKG, cluster({ pods: { cidrBlocks: ['192.168.0.0/16'] }, services: { cidrBlocks: ['10.96.0.0/12'] } })).imported;
    expect(withNetwork.network!.machineCidrs).toEqual(['10.0.0.0/16']);
    expect(notesOf({ imported: withNetwork })['spec.topology.class']).toEqual([
      "aws: TKG's class adds network.vpc.cidr (10.0.0.0/16, the class's default), 169.254.0.0/16 to NO_PROXY: the CIDR imported as machineCidrs, the others as entries",
    ]);
    expect(withNetwork.sourceNoProxy).toEqual(['.svc', '.svc.cluster.local', '10.0.0.0/16', '10.96.0.0/12', '127.0.0.1', '169.254.0.0/16', '192.168.0.0/16', 'localhost']);
    const withoutNetwork = importProxy(ImportSource.TKG, cluster(undefined)).imported;
    expect(withoutNetwork.settings.noProxy).toEqual(['10.0.0.0/16', '169.254.0.0/16']);
  });

  test('ClusterClass on Azure: the fixed addresses (the class reads no VNet CIDR a Cluster can set)', () => {
    const { imported } = importProxy(ImportSource.TKG, JSON.stringify({
      kind: 'Cluster',
      spec: { topology: { class: 'tkg-azure-default-v1.0.0', variables: [{ name: 'proxy', value: { httpProxy: 'http://p:3128', httpsProxy: 'http://p:3128' } }] } },
    }));
    expect(notesOf({ imported })['spec.topology.class']).toEqual(["azure: TKG's class adds 169.254.0.0/16, 168.63.129.16 to NO_PROXY: imported as entries"]);
  });

  test('ClusterClass with only the pod CIDRs: no network to import, so the CIDRs TKG adds are entries', () => {
    const { imported } = importProxy(ImportSource.TKG, JSON.stringify({
      kind: 'Cluster',
      spec: {
        clusterNetwork: { pods: { cidrBlocks: ['192.168.0.0/16'] } },
        topology: { class: 'tkg-vsphere-default-v1.0.0', variables: [{ name: 'proxy', value: { httpProxy: 'http://p:3128', httpsProxy: 'http://p:3128' } }] },
      },
    }));
    expect(imported.network).toBeUndefined();
    expect(imported.settings.noProxy).toEqual(['192.168.0.0/16']);
    expect(notesOf({ imported })['proxy.noProxy']).toEqual([
      "TKG adds 192.168.0.0/16 (the service and pod CIDRs) and localhost, 127.0.0.1, .svc, .svc.cluster.local to every cluster's NO_PROXY: "
      + 'the CIDRs imported as entries, the names computed by the library for every cluster too (the tkg profiles write them where TKG does with noProxyForm "given")',
    ]);
  });
});
