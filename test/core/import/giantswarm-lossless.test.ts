import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments, stringify } from 'yaml';
import { importProxy } from '../../../src/core/import/import-proxy';
import { ImportNote, ImportSource } from '../../../src/core/import/imported-proxy';

/**
 * The Giant Swarm importer loses nothing the `cluster` chart or cluster-apps-operator renders:
 * every entry of their NO_PROXY (rendered by their own code from the reference inputs,
 * test/fixtures/references/giantswarm) is in the imported NO_PROXY or named in a note, and no
 * destination they sent direct goes through the proxy with the library's list.
 */

const REFERENCE = join(__dirname, '..', '..', 'fixtures', 'references', 'giantswarm');
const VALUES = readFileSync(join(REFERENCE, 'inputs', 'values.yaml'), 'utf8');

/** The NO_PROXY the chart rendered into the containerd drop-in. */
function renderedNoProxy(): string[] {
  const rendered = readFileSync(join(REFERENCE, 'rendered', 'values.yaml'), 'utf8');
  const dropIn = /path: \/etc\/systemd\/system\/containerd\.service\.d\/http-proxy\.conf\n.*\n.*\n\s*content: (\S+)/.exec(rendered)![1];
  return /^Environment="NO_PROXY=(.*)"$/m.exec(Buffer.from(dropIn, 'base64').toString('utf8'))![1].split(',');
}

/**
 * The words of the notes on the definition (entries are named as whole words between commas, spaces
 * and colons); the notes on route changes name destinations, not entries.
 */
function namedInNotes(notes: readonly ImportNote[]): Set<string> {
  return new Set(notes.filter((note) => !note.field.startsWith('(route) ')).flatMap((note) => note.message.split(/[\s,:()]+/)));
}

/** The same values as the `cluster` chart's own (providerIntegration at the top, not under `cluster:`). */
function clusterChartValues(): string {
  const values = parse(VALUES);
  const { cluster, ...rest } = values;
  return stringify({ ...rest, ...cluster });
}

describe('Giant Swarm importer against the rendered chart', () => {
  test('every entry of the rendered NO_PROXY is imported or named in a note', () => {
    const { imported } = importProxy(ImportSource.GIANTSWARM, VALUES);
    const named = namedInNotes(imported.notes);
    const imports = new Set(imported.settings.noProxy);
    const rendered = renderedNoProxy();
    expect(rendered.filter((entry) => !imports.has(entry) && !named.has(entry))).toEqual([]);
    // Every entry is imported, in the chart's order (those the library computes too are noted as such).
    expect(imported.settings.noProxy).toEqual(rendered);
    expect(imported.sourceNoProxy).toEqual(rendered);
  });

  test('no destination the chart sent direct goes through the proxy', () => {
    const { noProxy } = importProxy(ImportSource.GIANTSWARM, VALUES);
    expect(noProxy!.changes.filter((change) => change.after === 'proxy')).toEqual([]);
  });

  test('a provider chart\'s values (under cluster:) and the cluster chart\'s own give the same definition', () => {
    const nested = importProxy(ImportSource.GIANTSWARM, VALUES).imported;
    const own = importProxy(ImportSource.GIANTSWARM, clusterChartValues()).imported;
    expect(own.settings).toEqual(nested.settings);
    expect(own.notes.map((note) => note.field)).toEqual(nested.notes.map((note) => note.field.replace(/^cluster\.providerIntegration/, 'providerIntegration')));
    expect(nested.notes.find((note) => note.field === 'cluster.providerIntegration.connectivity.proxy.noProxy.templateName')!.message)
      .toBe('awsNoProxyList renders global.connectivity.network.vpcCidr');
  });

  test('a template the importer cannot render is named in a note; an unset vpcCidr is said', () => {
    const other = importProxy(ImportSource.GIANTSWARM, VALUES.replace('templateName: awsNoProxyList', 'templateName: azureNoProxyList')).imported;
    expect(other.settings.noProxy).not.toContain('172.20.0.0/16');
    expect(other.notes.find((note) => note.field === 'cluster.providerIntegration.connectivity.proxy.noProxy.templateName')!.message)
      .toBe('azureNoProxyList is a template of the provider chart, which only Helm renders: its entries are not imported; add the ones it renders (helm template) to noProxy');
    const unset = importProxy(ImportSource.GIANTSWARM, VALUES.replace(/^ {6}vpcCidr: .*\n/m, '')).imported;
    expect(unset.notes.find((note) => note.field === 'cluster.providerIntegration.connectivity.proxy.noProxy.templateName')!.message)
      .toBe('awsNoProxyList renders global.connectivity.network.vpcCidr, which is not set: nothing to import');
  });

  test('a provider entry the library cannot read is dropped with a note naming its field', () => {
    const { imported } = importProxy(ImportSource.GIANTSWARM, VALUES.replace('- elb.amazonaws.com', '- https://elb.amazonaws.com'));
    expect(imported.settings.noProxy).not.toContain('https://elb.amazonaws.com');
    expect(imported.notes.find((note) => note.field === 'cluster.providerIntegration.connectivity.proxy.noProxy.value[0]')!.message).toMatch(/^dropped: /);
  });

  test('cluster-apps-operator\'s cluster-values: every entry of its noProxy is imported or named in a note', () => {
    const secrets = parseAllDocuments(readFileSync(join(REFERENCE, 'rendered', 'cluster-apps-operator', 'secrets.yaml'), 'utf8')).map((document) => document.toJS());
    const values = Buffer.from(secrets.find((secret) => secret.metadata.name === 'demo-cluster-values').data.values, 'base64').toString('utf8');
    const { imported, noProxy } = importProxy(ImportSource.GIANTSWARM, values, { network: { pods: ['192.168.0.0/16'], services: ['10.96.0.0/12'] } });
    const named = namedInNotes(imported.notes);
    const imports = new Set(imported.settings.noProxy);
    expect(imported.sourceNoProxy.filter((entry) => !imports.has(entry) && !named.has(entry))).toEqual([]);
    expect(imported.sourceNoProxy).toEqual(parse(values).cluster.proxy.noProxy.split(','));
    expect(noProxy!.changes.filter((change) => change.after === 'proxy')).toEqual([]);
  });
});
