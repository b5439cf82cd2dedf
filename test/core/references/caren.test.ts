import { join } from 'node:path';
import { parse } from 'yaml';
import { Difference, fixtureText, LedgerEntry, ledgerOf, NodeData, nodeDataDifferences, referenceCases } from './node-data-differences';
import { adoptionFileOptions } from '../../../src/core/import/adoption';
import { importProxy } from '../../../src/core/import/import-proxy';
import { ImportSource } from '../../../src/core/import/imported-proxy';
import { nodeProxyBootstrap } from '../../../src/core/node-files/bootstrap';
import { CompatibilityProfileName } from '../../../src/core/node-files/compatibility-profile-name';

/**
 * The `caren` profile against CAREN's HTTP proxy mutation rendered by CAREN's own code
 * (test/fixtures/references/caren, SOURCE.md): the library imports each input Cluster and renders
 * its node files with the profile; those are compared byte for byte with the files and commands
 * CAREN adds to the control plane and to the workers. Every difference is in the ledger, which
 * must match exactly: the test fails when a difference appears or disappears.
 */

const fixtures = join(__dirname, '..', '..', 'fixtures', 'references', 'caren');

function oursFor(input: string): NodeData {
  const { config } = importProxy(ImportSource.CAREN, fixtureText(fixtures, 'inputs', input));
  const bootstrap = nodeProxyBootstrap(config!, { clusterName: 'demo', namespace: 'default', files: adoptionFileOptions(CompatibilityProfileName.CAREN) });
  return { files: bootstrap.files.map((file) => ({ ...file, content: file.content! })), preKubeadmCommands: bootstrap.preKubeadmCommands };
}

function differencesFor(input: string): Difference[] {
  const theirs = parse(fixtureText(fixtures, 'rendered', input)) as { controlPlane: NodeData; workers: NodeData };
  const ours = oursFor(input);
  return [...nodeDataDifferences(theirs.controlPlane, ours), ...nodeDataDifferences(theirs.workers, ours)];
}

/**
 * Every difference, with the cases showing it (the exact text on both sides). Adopted with CAREN's
 * commands (none), NO_PROXY and the URLs' ports as given, the node data is CAREN's, byte for byte.
 */
const LEDGER: LedgerEntry[] = [];

test('every difference from CAREN\'s rendered files and commands is in the ledger, and nothing else differs', () => {
  const cases = referenceCases(fixtures);
  expect(cases).toEqual(['aws.yaml', 'docker.yaml', 'nutanix-url-without-port.yaml', 'nutanix.yaml']);
  expect(ledgerOf(cases.map((input) => [input.replace(/\.yaml$/, ''), differencesFor(input)] as const))).toEqual(LEDGER);
});

test('the control plane and the workers get the same files from CAREN, as from the library', () => {
  for (const input of referenceCases(fixtures)) {
    const theirs = parse(fixtureText(fixtures, 'rendered', input)) as { controlPlane: NodeData; workers: NodeData };
    expect(theirs.workers).toEqual(theirs.controlPlane);
  }
});
