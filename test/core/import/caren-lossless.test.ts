import { join } from 'node:path';
import { parse } from 'yaml';
import { entriesLostOnImport } from './lossless-import';
import { importProxy } from '../../../src/core/import/import-proxy';
import { ImportSource } from '../../../src/core/import/imported-proxy';
import { environmentValue, fixtureText, NodeData, referenceCases } from '../references/node-data-differences';

/**
 * The CAREN importer on the inputs CAREN rendered (test/fixtures/references/caren): it computes
 * CAREN's NO_PROXY exactly, and every entry of it is in the library's NO_PROXY or in a note.
 */

const fixtures = join(__dirname, '..', '..', 'fixtures', 'references', 'caren');

function renderedNoProxy(input: string): string {
  const rendered = parse(fixtureText(fixtures, 'rendered', input)) as { controlPlane: NodeData };
  return environmentValue(rendered.controlPlane.files[0].content, 'NO_PROXY')!;
}

test.each(referenceCases(fixtures))('%s: the NO_PROXY CAREN renders, entry for entry, and none lost', (input) => {
  const result = importProxy(ImportSource.CAREN, fixtureText(fixtures, 'inputs', input));
  expect(result.imported.sourceNoProxy.join(',')).toBe(renderedNoProxy(input));
  expect(entriesLostOnImport(result, renderedNoProxy(input))).toEqual([]);
  expect(result.imported.notes.filter((note) => note.message.includes('no entry it writes covers it'))).toEqual([]);
});

test('the entries CAREN adds that the library leaves out are named with the entry covering each', () => {
  const { imported } = importProxy(ImportSource.CAREN, fixtureText(fixtures, 'inputs', 'nutanix.yaml'));
  expect(imported.notes.filter((note) => note.field === 'clusterConfig.proxy (the NO_PROXY CAREN renders)').map((note) => note.message)).toEqual([
    '10.96.0.0/12: not written by the library, which writes 10.0.0.0/8, covering it',
    '10.96.0.0-10.111.255.255: not written by the library, which writes 10.0.0.0/8, covering it',
    '.svc.cluster.local: not written by the library, which writes .cluster.local, covering it',
    '.svc.cluster.local.: not written by the library, which writes .cluster.local., covering it',
  ]);
});

test('the infrastructure kind selects the provider whose preset writes CAREN\'s entries for it', () => {
  const { imported, noProxy } = importProxy(ImportSource.CAREN, fixtureText(fixtures, 'inputs', 'aws.yaml'));
  expect(imported.network!.provider).toBe('aws');
  expect(imported.notes).toContainEqual({ field: 'spec.infrastructureRef.kind', message: 'AWSCluster: network provider "aws", whose preset entries include the ones CAREN adds for it' });
  expect(noProxy!.after.split(',')).toEqual(expect.arrayContaining(['169.254.169.254', '.elb.amazonaws.com']));
  // Nothing CAREN sends direct goes through the proxy with the library's list.
  expect(noProxy!.changes.filter((change) => change.after === 'proxy')).toEqual([]);
});

test('an additionalNo range is followed by the CIDRs covering it, a one-address CIDR by the address, as CAREN normalizes them', () => {
  const text = fixtureText(fixtures, 'inputs', 'docker.yaml').replace('- registry.internal', '- 10.1.0.0-10.1.1.255\n              - 172.16.0.9/32');
  expect(importProxy(ImportSource.CAREN, text).imported.sourceNoProxy.slice(-5)).toEqual([
    '10.0.0.0-10.255.255.255', '10.1.0.0-10.1.1.255', '10.1.0.0/23', '172.16.0.9/32', '172.16.0.9',
  ]);
});
